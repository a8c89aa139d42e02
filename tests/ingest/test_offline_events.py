"""The offline extractor's events and plans (issue #11): a clause of the speaker with a time and an action,
read by no §6.1 rule, is an ``event`` claim over the time it names. The sentences are this file's own."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_offline_support import BERLIN, SHANGHAI, extract, local

import chronomem
from chronomem.extract.offline._events import EVENT
from chronomem.ingest import Claim


def events(text: str) -> list[Claim]:
    return [c for c in extract(text).claims if c.predicate == EVENT]


def seen(text: str) -> list[tuple[str | None, str, str, str | None, str | None]]:
    tz = SHANGHAI if any("\u4e00" <= ch <= "\u9fff" for ch in text) else BERLIN
    return [
        (None if c.value is None else str(c.value), str(c.kind), str(c.modality), local(c.valid_from, tz),
         local(c.valid_to, tz))
        for c in events(text)
    ]  # fmt: skip


# The support module's messages are said on Wednesday 2024-03-06 at 10:00 local time.
def test_english_past_and_negated_events_hold_over_the_day_named() -> None:
    assert seen("I went to the dentist yesterday and then I didn't go to the gym.") == [
        ("went to the dentist", "event", "asserted", "2024-03-05 00:00", "2024-03-06 00:00")
    ]
    assert seen("Yesterday, I fixed the bike.") == [
        ("fixed the bike", "event", "asserted", "2024-03-05 00:00", "2024-03-06 00:00")
    ]
    assert seen("I didn't sleep last night.")[0][:3] == ("sleep", "event", "negated")


def test_english_plans_are_planned_over_the_time_named() -> None:
    assert seen("I'm meeting Priya on Friday at 3pm.") == [
        ("meeting Priya", "plan", "planned", "2024-03-08 15:00", "2024-03-08 16:00")
    ]
    assert seen("I'll visit the museum tomorrow.") == [
        ("visit the museum", "plan", "planned", "2024-03-07 00:00", "2024-03-08 00:00")
    ]


def test_chinese_events_and_plans_with_a_dropped_subject() -> None:
    assert seen("我昨天去爬山了。") == [("去爬山", "event", "asserted", "2024-03-05 00:00", "2024-03-06 00:00")]
    assert seen("前天没去上课。") == [("去上课", "event", "negated", "2024-03-04 00:00", "2024-03-05 00:00")]
    assert seen("后天下午三点我要去面试。") == [("去面试", "plan", "planned", "2024-03-08 15:00", "2024-03-08 16:00")]


def test_a_hypothetical_event_is_kept_as_such() -> None:
    assert [(c.value, str(c.kind), str(c.modality)) for c in events("If it rains, I might stay home tomorrow.")] == [
        ("stay home", "plan", "hypothetical")
    ]


@pytest.mark.parametrize(
    "text",
    [
        "Did you go to the gym yesterday?",
        "Good morning!",
        "Today is hot.",
        "I'm so tired today.",
        "I think about it every day.",
        "I go swimming every Monday.",
        "She went to Rome yesterday.",
        "My sister says I went home early yesterday.",
        "你昨天去健身房了吗？",
        "早上好！",
        "今天很热。",
        "今天天气不错。",
        "我每天都去跑步。",
    ],
)
def test_no_event_from_a_question_a_greeting_a_state_or_a_vague_time(text: str) -> None:
    assert events(text) == []


@pytest.mark.parametrize(
    "text", ["I moved to Lisbon last month.", "上个月我搬到了杭州。", "I started at Initech on Monday."]
)
def test_a_clause_read_by_a_profile_rule_gives_no_event(text: str) -> None:
    claims = extract(text).claims
    assert claims and all(c.predicate != EVENT for c in claims)


def test_the_assistant_says_no_events() -> None:
    from chronomem.ingest import Role

    assert extract("I booked the table for tomorrow at 7pm.", role=Role.ASSISTANT).claims == ()


def test_two_dated_events_are_stored_in_order(tmp_path: Path) -> None:
    """The two days of a cold and a missed day of work, read at a time inside each (they are over now)."""
    from datetime import UTC, datetime

    mem = chronomem.open(tmp_path / "m.db", namespace="events")
    try:
        mem.add({"id": "m1", "speaker": "Dana", "role": "user", "content": "I twisted my ankle yesterday, so I "
                 "didn't go running today.", "occurred_at": "2024-05-08T19:00:00+02:00", "tz": "Europe/Berlin",
                 "session": "s"})  # fmt: skip
        rows = sorted(mem.history("Dana", EVENT), key=lambda f: f.valid.start)
        assert [(r.value, r.kind, r.modality) for r in rows] == [
            ("twisted my ankle", "event", "asserted"),
            ("go running", "event", "negated"),
        ]
        assert [r.valid.start_dt for r in rows] == [
            datetime(2024, 5, 6, 22, tzinfo=UTC),
            datetime(2024, 5, 7, 22, tzinfo=UTC),
        ]
        at = mem.facts("Dana", valid_at=datetime(2024, 5, 7, 12, tzinfo=UTC))
        assert [f.value for f in at if f.kind == "event"] == ["twisted my ankle"]
    finally:
        mem.close()


def test_two_events_on_the_same_day_are_both_kept(tmp_path: Path) -> None:
    mem = chronomem.open(tmp_path / "m.db", namespace="events")
    try:
        for n, text in enumerate(["Yesterday I painted the fence.", "I baked bread yesterday."]):
            mem.add({"id": f"m{n}", "speaker": "Dana", "role": "user", "content": text,
                     "occurred_at": "2024-05-08T19:00:00+02:00", "tz": "Europe/Berlin", "session": "s"})  # fmt: skip
        current = [f.value for f in mem.history("Dana", EVENT) if f.recorded.end is None]
        assert sorted(current) == ["baked bread", "painted the fence"]
    finally:
        mem.close()


@pytest.mark.parametrize(
    ("clause", "lang", "may"),
    [
        ("Yesterday I fixed the bike", "en", True),
        ("we met Sam on Friday", "en", True),
        ("the party was lovely yesterday", "en", False),
        ("明天上午十点要去看牙医", "zh", True),
        ("昨天天气很好", "zh", False),
    ],
)
def test_only_a_clause_with_a_subject_or_a_verb_is_searched_for_times(clause: str, lang: str, may: bool) -> None:
    from chronomem.extract.offline._registry import language_for

    assert language_for(lang).may_name_action(clause) is may
    if not may:
        assert events(clause) == []


def test_an_event_ends_where_a_second_clause_begins() -> None:
    (claim,) = events("I went to a support group yesterday and it was so powerful.")
    assert claim.value == "went to a support group"
