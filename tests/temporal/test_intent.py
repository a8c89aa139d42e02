"""Query-time intent: the window a question restricts to."""

from __future__ import annotations

import pytest

from chronomem.temporal import Grain, query_intent

from ._table import REF, local


@pytest.mark.parametrize(
    ("question", "start", "end", "grain", "strict"),
    [
        ("我上周说的那个项目", "2024-06-03 00:00", "2024-06-10 00:00", "week", True),
        ("what did I plan for next weekend", "2024-06-21 18:00", "2024-06-24 00:00", "hour", True),
        ("what did I say last week about the budget", "2024-06-03 00:00", "2024-06-10 00:00", "week", True),
        ("昨天下午聊了什么", "2024-06-11 12:00", "2024-06-11 18:00", "hour", True),
        ("三月到五月我都去了哪里", "2024-03-01 00:00", "2024-06-01 00:00", "month", True),
        ("最近有什么新消息", "2024-05-13 00:00", "2024-06-12 15:00", "day", False),
        ("what happened since March", "2024-03-01 00:00", "-", "month", True),
        ("what is due before Friday", "-", "2024-06-14 00:00", "day", True),
    ],
)
def test_window(question: str, start: str, end: str, grain: str, strict: bool) -> None:
    intent = query_intent(question, REF)
    assert intent is not None
    assert (local(intent.start_dt), local(intent.end_dt)) == (start, end)
    assert intent.grain is Grain(grain)
    assert intent.strict is strict


def test_no_time_no_intent() -> None:
    assert query_intent("what is my favourite colour", REF) is None
    assert query_intent("for two hours", REF) is None


def test_several_mentions_join_into_one_window() -> None:
    intent = query_intent("昨天和前天的会议", REF)
    assert intent is not None and intent.start_dt is not None and intent.end_dt is not None
    assert (local(intent.start_dt), local(intent.end_dt)) == ("2024-06-10 00:00", "2024-06-12 00:00")
    assert len(intent.mentions) == 2
    assert intent.start is not None
    assert intent.contains(intent.start) and not intent.contains(intent.end or 0)


@pytest.mark.parametrize(
    ("question", "start", "end", "grain"),
    [
        # a mention inside another refines it: the innermost is the window, not their hull
        ("What was Maya's diet in mid-January 2024?", "2024-01-11 00:00", "2024-01-21 00:00", "day"),
        ("2024年6月的上周三", "2024-06-05 00:00", "2024-06-06 00:00", "day"),
        # a frequency dated by the question does not stretch the window to its next occurrence
        ("2024年3月，刘桂芳每天吃几次降压药？", "2024-03-01 00:00", "2024-04-01 00:00", "month"),
    ],
)
def test_nested_and_recurring_mentions(question: str, start: str, end: str, grain: str) -> None:
    intent = query_intent(question, REF)
    assert intent is not None and intent.start_dt is not None and intent.end_dt is not None
    assert (local(intent.start_dt), local(intent.end_dt), intent.grain) == (start, end, Grain(grain))
    assert intent.strict


def test_a_recurring_time_alone_is_its_next_occurrence() -> None:
    intent = query_intent("what do I do every Monday", REF)
    assert intent is not None and intent.start_dt is not None
    assert local(intent.start_dt) == "2024-06-17 00:00" and not intent.strict
