"""Public surface, value types, argument checking, time zones."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone
from zoneinfo import ZoneInfo

import pytest

import chronomem.temporal as temporal
from chronomem.errors import InvalidValue, NaiveDatetime
from chronomem.temporal import Grain, Mention, Shape, parse

from ._table import REF, local, only


def test_exported_members_are_sorted_and_present() -> None:
    assert temporal.__all__ == sorted(temporal.__all__)
    for name in temporal.__all__:
        assert getattr(temporal, name) is not None


def test_naive_reference_is_refused() -> None:
    with pytest.raises(NaiveDatetime, match="no time zone"):
        parse("昨天", datetime(2024, 6, 12, 15, 0))


def test_unknown_zone_is_refused() -> None:
    with pytest.raises(InvalidValue, match="unknown time zone"):
        parse("昨天", REF, "Mars/Olympus")


def test_bad_text_type_is_refused() -> None:
    with pytest.raises(InvalidValue, match="must be a str"):
        parse(b"yesterday", REF)  # type: ignore[arg-type]


def test_zone_changes_the_local_day() -> None:
    ref = datetime(2024, 6, 12, 1, 0, tzinfo=UTC)  # 09:00 in Shanghai, 21:00 the day before in New York
    sh = only("today", ref, "Asia/Shanghai")
    ny = parse("today", ref, ZoneInfo("America/New_York"))[0]
    assert sh.start_dt == datetime(2024, 6, 11, 16, 0, tzinfo=UTC)
    assert ny.start_dt == datetime(2024, 6, 11, 4, 0, tzinfo=UTC)


def test_default_zone_is_the_reference_offset() -> None:
    ref = datetime(2024, 6, 12, 15, 0, tzinfo=timezone(timedelta(hours=-5)))
    assert only("tomorrow", ref).start_dt == datetime(2024, 6, 13, 5, 0, tzinfo=UTC)


def test_dst_gap_day_has_23_hours() -> None:
    ref = datetime(2024, 3, 9, 12, 0, tzinfo=ZoneInfo("America/New_York"))
    m = parse("tomorrow", ref, "America/New_York")[0]
    assert m.start_dt is not None and m.end_dt is not None
    assert m.end_dt - m.start_dt == timedelta(hours=23)


def test_mention_json_shape() -> None:
    m = only("下周五下午")
    assert m.to_json() == {
        "text": "下周五下午",
        "start": "2024-06-21T04:00:00Z",
        "end": "2024-06-21T10:00:00Z",
        "grain": "hour",
        "shape": "interval",
        "uncertainty": None,
    }
    assert only("几天前").to_json()["uncertainty"] == {
        "start": "2024-06-02T16:00:00Z",
        "end": "2024-06-10T16:00:00Z",
    }
    assert only("since March").to_json()["end"] is None


def test_mention_is_frozen_with_aware_properties() -> None:
    m = only("昨天")
    assert isinstance(m, Mention)
    assert m.start_dt is not None and m.start_dt.tzinfo is not None
    with pytest.raises(AttributeError):
        m.text = "x"  # type: ignore[misc]
    assert Grain.DAY.rank < Grain.WEEK.rank
    assert m.shape is Shape.INSTANT


def test_several_mentions_in_order() -> None:
    found = parse("昨天开了会，明天下午三点再开，last Friday too", REF)
    assert [m.text for m in found] == ["昨天", "明天下午三点", "last Friday"]
    assert [local(m.start_dt) for m in found] == ["2024-06-11 00:00", "2024-06-13 15:00", "2024-06-07 00:00"]


def test_overlong_text_is_refused() -> None:
    with pytest.raises(InvalidValue, match="split it"):
        parse("x" * 100_001, REF)
