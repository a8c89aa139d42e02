from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

import pytest
from hypothesis import given
from hypothesis import strategies as st

from chronomem._time import from_us, parse_instant, to_us, zone
from chronomem.errors import InvalidValue, NaiveDatetime


def test_naive_datetime_is_refused_with_a_hint() -> None:
    with pytest.raises(NaiveDatetime, match="no time zone"):
        to_us(datetime(2024, 1, 1))


def test_offsets_are_honoured() -> None:
    cst = timezone(timedelta(hours=8))
    assert to_us(datetime(2024, 1, 1, 8, tzinfo=cst)) == to_us(datetime(2024, 1, 1, tzinfo=UTC))


@given(st.datetimes(timezones=st.just(UTC)))
def test_round_trip(dt: datetime) -> None:
    assert from_us(to_us(dt)) == dt


def test_parse_instant_and_zone_errors() -> None:
    assert parse_instant("1970-01-01T00:00:01Z") == 1_000_000
    with pytest.raises(NaiveDatetime):
        parse_instant("2024-01-01T00:00:00")
    with pytest.raises(InvalidValue, match="ISO 8601"):
        parse_instant("yesterday")
    with pytest.raises(InvalidValue, match="IANA"):
        zone("Mars/Olympus")
