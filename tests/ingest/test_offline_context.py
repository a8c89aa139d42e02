"""chronomem.ingest.OfflineExtractor reading a message against the ones before it: short answers, corrections."""

from __future__ import annotations

from datetime import timedelta

import pytest
from test_offline_support import AT_EN, AT_ZH, BERLIN, asserted, episode, extract, local

from chronomem.ingest import Action


def _asked(question: str, *, zh: bool = False) -> tuple:  # type: ignore[type-arg]
    at = (AT_ZH if zh else AT_EN) - timedelta(minutes=1)
    return (episode(question, speaker="Assistant", role="assistant", at=at),)


@pytest.mark.parametrize(
    ("question", "answer", "expected"),
    [
        ("Where do you live now?", "Bristol, for now.", ("me", "lives_in", "Bristol")),
        ("So where are you based these days?", "Still in Leipzig", ("me", "lives_in", "Leipzig")),
        ("What do you do for work?", "Yep, nurse at St Anne's", ("me", "works_at", "St Anne's")),
        ("What do you do for work?", "Yep, nurse at St Anne's", ("me", "job_title", "nurse")),
        ("Who do you work for?", "Wayne Enterprises.", ("me", "works_at", "Wayne Enterprises")),
        ("Where are you from originally?", "Galway!", ("me", "from", "Galway")),
    ],
)
def test_a_short_answer_is_read_against_the_question(question: str, answer: str, expected: tuple) -> None:  # type: ignore[type-arg]
    assert expected in asserted(answer, recent=_asked(question))


@pytest.mark.parametrize(
    ("question", "answer", "expected"),
    [
        ("你现在住哪儿？", "绍兴，刚搬过来", ("me", "lives_in", "绍兴")),
        ("你在哪家公司上班呀？", "还在滴滴", ("me", "works_at", "滴滴")),
        ("你是做什么工作的？", "心理咨询师", ("me", "job_title", "心理咨询师")),
    ],
)
def test_a_short_chinese_answer_is_read_against_the_question(question: str, answer: str, expected: tuple) -> None:  # type: ignore[type-arg]
    assert expected in asserted(answer, recent=_asked(question, zh=True))


def test_an_answer_to_no_question_asserts_nothing() -> None:
    assert asserted("Bristol, for now.", recent=_asked("Nice weather today.")) == set()


def test_a_correction_reasserts_the_portion_it_corrects() -> None:
    before = episode("My number is 555-0101.", at=AT_EN - timedelta(hours=2))
    got = extract("Sorry, I mistyped: my number is 555-0199.", recent=(before,)).claims
    (c,) = [c for c in got if c.predicate == "phone"]
    assert (c.value, c.action) == ("555-0199", Action.CORRECT)
    assert local(c.valid_from, BERLIN) == "2024-03-06 08:00"


def test_a_correction_without_a_predicate_takes_the_corrected_one() -> None:
    before = episode("我住在无锡", at=AT_ZH - timedelta(hours=1))
    got = extract("我说错了，是常州", recent=(before,)).claims
    assert [(c.predicate, c.object and c.object.name, c.action) for c in got] == [("lives_in", "常州", Action.CORRECT)]


def test_i_meant_corrects_the_last_claim() -> None:
    before = episode("I work at Hooli.", at=AT_EN - timedelta(minutes=5))
    got = extract("sorry, I meant Pied Piper", recent=(before,)).claims
    assert [(c.predicate, c.object and c.object.name, c.action) for c in got] == [
        ("works_at", "Pied Piper", Action.CORRECT)
    ]


def test_an_ordinary_actually_is_no_correction() -> None:
    before = episode("I live in Graz.", at=AT_EN - timedelta(days=30))
    (c,) = extract("Actually I moved to Linz last week.", recent=(before,)).claims
    assert c.action is Action.ASSERT


def test_he_is_the_relative_named_in_the_question_before() -> None:
    asked = (episode("How's your brother doing these days?", speaker="Kai", at=AT_EN - timedelta(minutes=1)),)
    got = asserted("He just moved to Austin!", recent=asked, participants=("Dana", "Kai"))
    assert got == {("Dana's brother", "lives_in", "Austin")}


def test_he_with_no_one_to_refer_to_asserts_nothing_about_the_speaker() -> None:
    assert asserted("He just moved to Austin!") == set()


def test_you_with_no_known_addressee_asserts_nothing() -> None:
    assert asserted("You live in Oslo.", participants=()) == set()


def test_a_fact_spread_over_two_messages() -> None:
    recent = (
        episode("I got a new job!", at=AT_EN - timedelta(minutes=2)),
        episode("Congrats!! Where?", speaker="Assistant", role="assistant", at=AT_EN - timedelta(minutes=1)),
    )
    assert ("me", "works_at", "Stripe") in asserted("At Stripe, started Monday.", recent=recent)


def test_calling_a_friend_by_part_of_her_name_is_an_alias() -> None:
    before = (episode("我最近搬家了", speaker="陳嘉欣", at=AT_ZH - timedelta(minutes=3)),)
    got = extract("嘉欣，你搬到哪里了？", speaker="李娜", recent=before, participants=("李娜", "陳嘉欣")).aliases
    assert ("陳嘉欣", "嘉欣") in {(a.entity.name, a.alias) for a in got}


@pytest.mark.parametrize(
    ("before", "now", "predicate", "value"),
    [
        ("My number is 555-0134.", "Actually, it's 555-0199, not 0134.", "phone", "555-0199"),
        ("我住在苏州", "不好意思，我说错了，是杭州不是苏州", "lives_in", "杭州"),
        ("我在美团上班", "更正一下：应该是滴滴", "works_at", "滴滴"),
    ],
)
def test_a_correction_names_the_new_value_and_not_the_old(before: str, now: str, predicate: str, value: str) -> None:
    zh = any("\u4e00" <= ch <= "\u9fff" for ch in now)
    earlier = (episode(before, at=(AT_ZH if zh else AT_EN) - timedelta(hours=3)),)
    got = [c for c in extract(now, recent=earlier).claims if c.predicate == predicate]
    assert [(c.object.name if c.object else c.value, c.action) for c in got] == [(value, Action.CORRECT)]


@pytest.mark.parametrize(
    ("question", "answer", "predicate"),
    [
        ("Are you still at Netflix?", "Nope, I left last month.", "works_at"),
        ("Do you still live in Leeds?", "Not anymore!", "lives_in"),
        ("你还在京东上班吗？", "早就不在了", "works_at"),
    ],
)
def test_no_to_a_still_question_retracts_the_slot(question: str, answer: str, predicate: str) -> None:
    zh = any("\u4e00" <= ch <= "\u9fff" for ch in answer)
    got = extract(answer, recent=_asked(question, zh=zh)).claims
    assert [(c.predicate, c.action) for c in got] == [(predicate, Action.RETRACT)]


def test_a_friend_chat_about_a_third_person() -> None:
    people = ("Jess", "Sam")
    said = [("Jess", "Did you hear Marco quit his job at Orbis?"), ("Sam", "No way! Where's he working now?")]
    recent = tuple(episode(t, speaker=s, at=AT_EN - timedelta(minutes=5 - i)) for i, (s, t) in enumerate(said))
    got = asserted("He joined Vantage last week. His wife Elena is thrilled.", speaker="Jess", recent=recent,
                   participants=people)  # fmt: skip
    assert {("Marco", "works_at", "Vantage"), ("Marco", "partner", "Elena")} <= got
    recent += (episode("His wife Elena is thrilled.", speaker="Jess", at=AT_EN - timedelta(minutes=1)),)
    assert asserted("He moved to Boulder in March.", speaker="Jess", recent=recent, participants=people) == {
        ("Marco", "lives_in", "Boulder")
    }


def test_an_answer_is_its_first_clause_and_a_dated_move_follows_it() -> None:
    got = extract("London for now, but we're moving to Lisbon in September.", recent=_asked("Where are you based?"))
    assert [(c.object and c.object.name, local(c.valid_from, BERLIN)) for c in got.claims] == [
        ("London", None),
        ("Lisbon", "2024-09-01 00:00"),
    ]


def test_a_correction_finds_the_value_it_calls_wrong() -> None:
    recent = (
        episode("We're moving to Lisbon in September.", at=AT_EN - timedelta(minutes=9)),
        episode("My husband Tom is a chef.", at=AT_EN - timedelta(minutes=5)),
    )
    got = extract("Sorry, I meant Porto, not Lisbon.", recent=recent).claims
    assert [(c.predicate, c.object and c.object.name, c.action, local(c.valid_from, BERLIN)) for c in got] == [
        ("lives_in", "Porto", Action.CORRECT, "2024-09-01 00:00")
    ]


def test_where_is_it_after_news_of_a_new_place() -> None:
    recent = (
        episode("hey! so i finally got my own place", at=AT_EN - timedelta(minutes=2)),
        episode("Congrats!! Where is it?", speaker="Assistant", role="assistant", at=AT_EN - timedelta(minutes=1)),
    )
    assert asserted("In Leith, right by the water. Moved in on Saturday.", recent=recent) == {
        ("me", "lives_in", "Leith")
    }


@pytest.mark.parametrize(
    ("text", "predicate", "value"),
    [
        ("Wait, I mistyped the phone. It's 555-0199, not 0188.", "phone", "555-0199"),
        ("不好意思，手机号我说错了，是13900001112，最后两位弄反了。", "phone", "13900001112"),
        ("Oops, I said that wrong. I'm a line cook there, not a sous-chef.", "job_title", "line cook"),
    ],
)
def test_a_correction_with_no_messages_before_names_its_slot(text: str, predicate: str, value: str) -> None:
    got = [c for c in extract(text).claims if c.predicate == predicate and c.action is Action.CORRECT]
    assert [(c.value, c.valid_from) for c in got] == [(value, None)]


@pytest.mark.parametrize(
    ("before", "now", "right", "wrong"),
    [
        ("I'm working on Project Alpha.", "Sorry, I meant Project Apollo, not Project Alpha.", "Project Apollo",
         "Project Alpha"),
        ("I'm working on Project Alpha.", "Not Project Alpha but Project Apollo, sorry.", "Project Apollo",
         "Project Alpha"),
        ("I love hiking.", "I meant climbing, not hiking.", "climbing", "hiking"),
        ("我负责Alpha项目。", "我是说Apollo项目，不是Alpha项目。", "Apollo项目", "Alpha项目"),
        ("我负责Alpha项目。", "不是Alpha项目，是Apollo项目。", "Apollo项目", "Alpha项目"),
        ("我喜欢爬山。", "不是爬山，是游泳。", "游泳", "爬山"),
    ],
)  # fmt: skip
def test_i_meant_x_not_y_corrects_the_many_valued_slot_that_held_y(before: str, now: str, right: str,
                                                                     wrong: str) -> None:  # fmt: skip
    zh = any("\u4e00" <= ch <= "\u9fff" for ch in now)
    said = (AT_ZH if zh else AT_EN) - timedelta(hours=3)
    got = extract(now, recent=(episode(before, at=said),)).claims
    assert [(c.object.name if c.object else c.value, c.action) for c in got] == [
        (right, Action.CORRECT),
        (wrong, Action.RETRACT),
    ]
    assert {c.valid_from for c in got} == {round(said.timestamp() * 1_000_000)}  # over the portion Y was said for


@pytest.mark.parametrize(
    ("before", "now", "predicate", "right"),
    [
        ("I live in Leeds.", "Oops, not Leeds but York.", "lives_in", "York"),
        ("I work at Hooli.", "I meant Pied Piper, not Hooli.", "works_at", "Pied Piper"),
        ("我住在苏州。", "我是说杭州，不是苏州。", "lives_in", "杭州"),
        ("我在美团上班。", "不是美团，是滴滴。", "works_at", "滴滴"),
    ],
)
def test_i_meant_x_not_y_corrects_the_single_valued_slot_that_held_y(
    before: str, now: str, predicate: str, right: str
) -> None:
    zh = any("\u4e00" <= ch <= "\u9fff" for ch in now)
    got = extract(now, recent=(episode(before, at=(AT_ZH if zh else AT_EN) - timedelta(hours=3)),)).claims
    assert [(c.predicate, c.object and c.object.name, c.action) for c in got] == [(predicate, right, Action.CORRECT)]


@pytest.mark.parametrize(
    ("before", "now"),
    [
        ("I live in Leeds.", "I'm not sure but I think so."),
        ("I love hiking.", "Not hiking today but maybe tomorrow?"),
        ("I love really spicy food.", "Not really, I love hiking now."),
        ("我在美团上班。", "我是说真的，美团很好。"),
    ],
)
def test_not_y_is_no_correction_unless_it_names_what_the_speaker_said(before: str, now: str) -> None:
    zh = any("\u4e00" <= ch <= "\u9fff" for ch in now)
    got = extract(now, recent=(episode(before, at=(AT_ZH if zh else AT_EN) - timedelta(hours=3)),)).claims
    assert all(c.action is not Action.CORRECT for c in got)


def test_a_chinese_short_answer_ends_at_its_full_stop() -> None:
    # a Chinese full stop needs no space after it: the answer is the sentence before it, not the whole message
    got = asserted("蔚来。我负责电池那块的项目。", recent=_asked("你现在在哪家公司上班？", zh=True))
    assert ("me", "works_at", "蔚来") in got
