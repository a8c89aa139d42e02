"""The slot rule on SQLite, on small memories a new user would write (messages in, the offline extractor's facts):
a question about the value of a person's slot ranks the fact in force and the message that said it first, in
English and Chinese, and ``context()`` tells it; ``valid_at`` in the past ranks the value in force then; what
the rule leaves alone (a question about when it happened, a later word the store did not read, ``history``)."""

from __future__ import annotations

import doctest
from collections.abc import Iterator
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

import chronomem
from chronomem import Memory
from chronomem._values import Fact
from chronomem.retrieve import PRESETS, Hit, Hits, SlotSettings, _slots

T0 = datetime(2025, 3, 3, 18, tzinfo=UTC)
_STEP = timedelta(days=9)

# Sam lives in Leeds and works at a bank; after the summer he lives in Bristol and works at a robotics firm.
EN = [
    ("Sam", "Hey! I'm Sam, I live in Leeds with my wife Priti."),
    ("Bot", "Hi Sam! What keeps you busy?"),
    ("Sam", "I work at Halden Bank as a tester. Long days."),
    ("Bot", "Do you get out much at weekends?"),
    ("Sam", "We walk the dog along the canal most Sundays."),
    ("Sam", "Update: we moved to Bristol over the summer."),
    ("Bot", "How are you finding Bristol?"),
    ("Sam", "Hilly! And I joined Corvel Labs, a small robotics firm."),
    ("Bot", "A robotics firm sounds fun. How is Priti?"),
    ("Sam", "She's great, she's training for a half marathon."),
]
# 李娜 lives in 杭州 and works at 网易; a month before the sixth message she moved to 成都, now works at 腾讯.
ZH = [
    ("李娜", "你好，我叫李娜，我住在杭州。"),
    ("助手", "你好李娜！平时忙什么呢？"),
    ("李娜", "我在网易上班，做产品经理。"),
    ("助手", "周末一般做什么？"),
    ("李娜", "我周末喜欢去西湖边跑步。"),
    ("李娜", "告诉你个消息，我上个月搬到成都了。"),
    ("助手", "成都生活怎么样？"),
    ("李娜", "挺舒服的。我现在在腾讯工作了。"),
    ("助手", "恭喜！新工作顺利吗？"),
    ("李娜", "还不错，我妹妹下个月来看我。"),
]


def _write(mem: Memory, messages: list[tuple[str, str]]) -> None:
    for i, (speaker, content) in enumerate(messages):
        role = "assistant" if speaker in ("Bot", "助手") else "user"
        mem.add(
            {
                "id": f"m{i}",
                "content": content,
                "role": role,
                "speaker": speaker,
                "occurred_at": T0 + _STEP * i,
                "session": "s1",
            }
        )


@pytest.fixture
def en(tmp_path: Path) -> Iterator[Memory]:
    with chronomem.open(str(tmp_path / "en.db"), namespace="u") as mem:
        _write(mem, EN)
        yield mem


@pytest.fixture
def zh(tmp_path: Path) -> Iterator[Memory]:
    with chronomem.open(str(tmp_path / "zh.db"), namespace="u") as mem:
        _write(mem, ZH)
        yield mem


def _said(hit: Hit) -> tuple[str, ...]:
    """A fact hit as (subject, predicate, object), an episode or entity hit as its id."""
    item = hit.item
    if isinstance(item, Fact):
        return (item.subject, item.predicate, item.object or "")
    return (hit.id,)


def _slotted(hits: Hits) -> list[tuple[str, ...]]:
    return [_said(h) for h in hits if "slot" in h.scores]


@pytest.mark.parametrize(
    ("question", "fact", "episode"),
    [
        ("Where does Sam live now?", ("sam", "lives_in", "bristol"), "m5"),
        ("Where does Sam work?", ("sam", "works_at", "corvel-labs"), "m7"),
        ("Which company is Sam working for these days?", ("sam", "works_at", "corvel-labs"), "m7"),
        ("Who is Sam's wife?", ("sam", "partner", "priti"), "m0"),
    ],
)
def test_an_english_question_about_now_ranks_the_fact_in_force_and_its_message_first(
    en: Memory, question: str, fact: tuple[str, ...], episode: str
) -> None:
    hits = en.search(question, k=12)
    assert [_said(h) for h in hits[:2]] == [fact, (episode,)]
    assert hits[0].scores["slot"] > 0 and hits[0].cites == (episode,)


@pytest.mark.parametrize(
    ("question", "fact", "episode"),
    [
        ("李娜现在住在哪里？", ("李娜", "lives_in", "成都"), "m5"),
        ("李娜在哪里工作？", ("李娜", "works_at", "腾讯"), "m7"),
        ("李娜现在在哪家公司上班？", ("李娜", "works_at", "腾讯"), "m7"),
    ],
)
def test_a_chinese_question_about_now_ranks_the_fact_in_force_and_its_message_first(
    zh: Memory, question: str, fact: tuple[str, ...], episode: str
) -> None:
    hits = zh.search(question, k=15)
    assert [_said(h) for h in hits[:2]] == [fact, (episode,)]


def test_an_episodes_only_search_ranks_the_message_first(en: Memory) -> None:
    hits = en.search("Where does Sam live now?", k=5, kinds=["episode"])
    assert hits[0].id == "m5"


@pytest.mark.parametrize(
    ("fixture", "question", "told"),
    [("en", "Where does Sam live now?", "Bristol"), ("zh", "李娜现在住在哪里？", "成都")],
)
def test_the_context_tells_the_value_in_force_and_quotes_its_message(
    request: pytest.FixtureRequest, fixture: str, question: str, told: str
) -> None:
    mem: Memory = request.getfixturevalue(fixture)
    ctx = mem.context(question, budget_tokens=200)
    assert told in ctx.text
    assert "m5" in ctx.text  # the message that said it is cited


def test_valid_at_in_the_past_ranks_the_value_in_force_then_and_keeps_what_was_said_after_it_below(
    en: Memory,
) -> None:
    before_the_move = T0 + _STEP * 3
    hits = en.search("Where does Sam live?", k=12, valid_at=before_the_move)
    said = [_said(h) for h in hits]
    assert said[:2] == [("sam", "lives_in", "leeds"), ("m0",)]
    assert ("sam", "lives_in", "bristol") not in said  # a fact row that does not hold yet never comes back
    # the message said after valid_at is not dropped (its words may tell of the time asked about), but the
    # value in force then and its message rank above it
    assert ("m5",) in said and said.index(("m5",)) > said.index(("m0",))


def test_a_question_about_when_or_how_it_happened_moves_nothing(en: Memory, zh: Memory) -> None:
    assert _slotted(en.search("When did Sam move to Bristol?", k=12)) == []
    assert _slotted(en.search("How did Sam end up living in Bristol?", k=12)) == []
    assert _slotted(zh.search("李娜是什么时候搬到成都的？", k=12)) == []


def test_a_question_about_an_earlier_state_or_the_history_preset_moves_nothing(en: Memory) -> None:
    assert _slotted(en.search("Where did Sam live originally?", k=12)) == []
    assert _slotted(en.search("Where does Sam live now?", k=12, preset="history")) == []
    off = replace(PRESETS["default"], name="off", slots=SlotSettings(lift=False))
    assert _slotted(en.search("Where does Sam live now?", k=12, preset=off)) == []


def test_a_later_word_on_the_slot_the_store_read_no_value_from_moves_nothing(en: Memory) -> None:
    # a message with no extraction: the store still says Bristol, but Sam spoke of moving after saying it
    en.add_episode("We're moving again next week, the lease ran out.", occurred_at=T0 + _STEP * 10, speaker="Sam")
    assert _slotted(en.search("Where does Sam live now?", k=12)) == []
    # what someone else says later is not the subject's word on it
    assert _slotted(en.search("Where does Sam work?", k=12))[0] == ("sam", "works_at", "corvel-labs")


def test_a_question_naming_no_known_subject_moves_nothing(en: Memory) -> None:
    assert _slotted(en.search("Where does Morgan live now?", k=12)) == []


def test_doctests() -> None:
    assert doctest.testmod(_slots).failed == 0
