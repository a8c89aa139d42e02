"""The correction rule: its cues, its pure reordering, and a real memory where a reply corrects a message."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import chronomem
from chronomem import Memory
from chronomem._values import Episode
from chronomem.retrieve import PRESETS, CorrectionSettings, LatestSettings, Scored, TopicSettings
from chronomem.retrieve._corrections import corrections_first, is_correction, may_revise
from chronomem.retrieve._topics import sharing

T0 = datetime(2024, 3, 26, 19, 0, tzinfo=UTC)


@pytest.mark.parametrize(
    ("text", "cue"),
    [
        ("Ah, you're right. Actually I did the loop on Thursday, not Wednesday.", True),
        ("Could we do this Friday instead?", True),
        ("I changed my mind, we're going to Lisbon.", True),
        ("The meeting was rescheduled to Monday.", True),
        ("不对不对，富春那边订满了，你爸改订了冶春的包间。", True),
        ("休假我改主意了，不去青岛了。", True),
        ("给您换成了束河古镇的木棉小院。", True),
        ("We did the loop on Wednesday.", False),
        ("Do not forget the helmets.", False),  # "not" without the comma of a contrast
        ("丽江订的是古城边的听雨轩客栈。", False),
        ("OK 我们改成周四吧", True),  # each script's cues are looked for in a mixed text
        ("不是 Wednesday, actually Thursday", True),
        ("Lisbon 的酒店订好了", False),
        ("我们去了 Lisbon, not Porto", True),
    ],
)
def test_a_correction_is_told_by_its_cue(text: str, cue: bool) -> None:
    assert is_correction(text) is cue


def _related(words: dict[str, set[str]], together: bool = True) -> Callable[[str, str], bool]:
    same = sharing(words, 0.5)
    return lambda a, b: together and same(a, b)


def test_a_later_correction_sharing_a_rare_word_takes_the_place_of_what_it_corrects() -> None:
    s = {"old": Scored(1.0), "mid": Scored(0.6), "new": Scored(0.1)}
    words = {"old": {"loop", "wednesday", "tom"}, "mid": {"ride", "tom"}, "new": {"wednesday", "tom"}}
    corrections_first(s, ["old", "mid"], {"new"}, {"old": 1, "mid": 2, "new": 3}, 10, _related(words))
    assert sorted(s, key=lambda k: -s[k].score) == ["new", "old", "mid"]
    assert s["new"].parts["correction"] == pytest.approx(10.0)


@pytest.mark.parametrize(
    ("times", "reference", "words_new", "together"),
    [
        ({"old": 3, "new": 1}, 10, {"wednesday"}, True),  # said before: it cannot correct
        ({"old": 1, "new": 5}, 4, {"wednesday"}, True),  # said after the question's time
        ({"old": 1, "new": 3}, 10, {"tom"}, True),  # shares only a word every episode has
        ({"old": 1, "new": 3}, 10, {"wednesday"}, False),  # another conversation
    ],
)
def test_no_correction_moves_without_every_mark(
    times: dict[str, int], reference: int, words_new: set[str], together: bool
) -> None:
    s = {"old": Scored(1.0), "new": Scored(0.1), "x": Scored(0.5)}
    words = {"old": {"wednesday", "tom"}, "new": words_new | {"tom"}, "x": {"tom"}}
    corrections_first(s, ["old"], {"new"}, {**times, "x": 0}, reference, _related(words, together))
    assert (s["old"].score, s["new"].score) == (1.0, 0.1)


@given(st.lists(st.floats(0.01, 1.0), min_size=2, max_size=8), st.data())
def test_the_rule_only_moves_scores_that_were_there(scores: list[float], data: st.DataObject) -> None:
    keys = [f"e{i}" for i in range(len(scores))]
    s = {k: Scored(v) for k, v in zip(keys, scores, strict=True)}
    corrections = data.draw(st.sets(st.sampled_from(keys)))
    words = {k: {"topic"} for k in keys} | {"z": {"a"}, "y": {"b"}, "w": {"c"}}
    times = {k: i for i, k in enumerate(keys)}
    before = sorted(v.score for v in s.values())
    corrections_first(s, keys, corrections, times, len(keys), _related(words))
    after = [v.score for v in s.values()]
    assert max(after) <= max(before)  # nothing rises above the best score there was
    assert len(after) == len(before)


@pytest.fixture
def corrected(tmp_path: Path) -> Iterator[Memory]:
    """A ride said to be on Wednesday, corrected two messages later in the same session."""
    with chronomem.open(str(tmp_path / "c.db"), namespace="t", embedder=None) as m:
        said = [
            ("wrong", "Tom", "Yeah, the Swinsty and Fewston reservoir loop on Wednesday last week. 52 miles, solo."),
            ("q", "Priya", "Wednesday? Weren't you at Dave's leaving do that night?"),
            ("fix", "Tom", "Ah, you're right. Actually I did it on Thursday, not Wednesday."),
            ("other", "Priya", "The cafe by the water does great cake, by the way."),
        ]
        for i, (eid, who, text) in enumerate(said):
            m.add_episode(text, occurred_at=T0 + timedelta(seconds=30 * i), id=eid, speaker=who, session="s4")
        yield m


def test_the_correction_outranks_the_message_it_corrects(corrected: Memory) -> None:
    question = "On what day did Tom ride the Swinsty and Fewston reservoir loop?"
    asked = T0 + timedelta(days=1)
    off = replace(PRESETS["default"], corrections=CorrectionSettings(share=0.0))
    plain = [h.id for h in corrected.search(question, kinds=["episode"], valid_at=asked, preset=off)]
    assert plain.index("wrong") < plain.index("fix")  # the words match the wrong message best
    hits = corrected.search(question, kinds=["episode"], valid_at=asked)
    ids = [h.id for h in hits]
    assert ids[:2] == ["fix", "wrong"]  # nothing dropped: the corrected message comes just after
    assert hits[0].scores["correction"] > 1


def test_a_question_about_the_past_keeps_what_was_said_first(corrected: Memory) -> None:
    asked = T0 + timedelta(days=1)
    question = "On what day did Tom originally say he rode the Swinsty and Fewston reservoir loop?"
    ids = [h.id for h in corrected.search(question, kinds=["episode"], valid_at=asked)]
    assert ids.index("wrong") < ids.index("fix")


def test_a_speaker_who_changes_their_mind_in_a_later_session_outranks_what_they_said(tmp_path: Path) -> None:
    said = [
        ("plan", "Tom", "s1", 0, "After the launch I'll take three days off and go to Porto."),
        ("ok", "Priya", "s1", 0, "Sounds good, enjoy the break."),
        ("change", "Tom", "s2", 5, "About my days off: I changed my mind, not Porto, it's Seville next month."),
        ("aside", "Priya", "s2", 5, "Actually you should take more days off, spring is lovely."),
    ]
    with chronomem.open(str(tmp_path / "x.db"), namespace="t", embedder=None) as m:
        for i, (eid, who, session, day, text) in enumerate(said):
            at = T0 + timedelta(days=day, seconds=30 * i)
            m.add_episode(text, occurred_at=at, id=eid, speaker=who, session=session)
        question, asked = "Where will Tom go for his days off after the launch?", T0 + timedelta(days=9)
        # the topic rule groups no two (a ratio above 1), so only the correction rule can move them
        rule = replace(
            PRESETS["default"],
            name="corrections only",
            topics=TopicSettings(ratio=1.01),
            latest=LatestSettings(boost=0.0),
        )
        off = replace(rule, corrections=CorrectionSettings(share=0.0))
        plain = [h.id for h in m.search(question, kinds=["episode"], valid_at=asked, preset=off)]
        assert plain.index("plan") < plain.index("change")
        hits = m.search(question, kinds=["episode"], valid_at=asked, preset=rule)
        ids = [h.id for h in hits]
        assert ids.index("change") == ids.index("plan") - 1  # just above what it revises
        assert "correction" not in next(h for h in hits if h.id == "aside").scores  # another speaker, session


def test_who_may_revise_whom() -> None:
    def ep(eid: str, speaker: str | None, session: str | None, minutes: int) -> Episode:
        return Episode(eid, "n", "x", minutes * 60_000_000, 0, speaker=speaker, session=session)

    old = ep("a", "Tom", "s1", 0)
    assert may_revise(old, ep("b", "Priya", "s1", 1))  # in the same session, anyone
    assert may_revise(old, ep("c", "Tom", "s2", 9000))  # in a later one, the speaker
    assert not may_revise(old, ep("d", "Priya", "s2", 9000))
    assert may_revise(ep("e", None, None, 0), ep("f", None, None, 59))  # no sessions: within the hour
    assert not may_revise(ep("e", None, None, 0), ep("g", None, None, 61))
