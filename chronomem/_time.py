"""The one place where datetimes become integers and back.

Inside chronomem every instant is an ``int``: microseconds since the Unix epoch, UTC.
At the API, instants are *aware* datetimes; a naive datetime is refused, never guessed.
``None`` as an interval end means "open" (+infinity).
"""

from __future__ import annotations

import time
from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from .errors import InvalidValue, NaiveDatetime

__all__ = ["EPOCH", "MAX_US", "MIN_US", "from_us", "now_us", "parse_instant", "to_us", "zone"]

EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
#: Smallest and largest representable instants (years 1 and 9999), in microseconds.
MIN_US = -62135596800_000000
MAX_US = 253402300799_999999


def to_us(dt: datetime, *, name: str = "datetime") -> int:
    """Aware datetime -> UTC microseconds. Raises :class:`NaiveDatetime` for a naive one.

    >>> to_us(datetime(1970, 1, 1, 0, 0, 1, tzinfo=UTC))
    1000000
    """
    if not isinstance(dt, datetime):
        raise InvalidValue(f"{name} must be a datetime, got {type(dt).__name__}")
    if dt.tzinfo is None or dt.tzinfo.utcoffset(dt) is None:
        raise NaiveDatetime(
            f"{name}={dt.isoformat()} has no time zone; pass an aware datetime, "
            "e.g. datetime(2024, 6, 1, tzinfo=ZoneInfo('Asia/Shanghai')) or datetime.now(UTC)"
        )
    delta = dt - EPOCH
    us = (delta.days * 86_400 + delta.seconds) * 1_000_000 + delta.microseconds
    if not MIN_US <= us <= MAX_US:  # datetime(1, 1, 1, tzinfo=UTC+14) is in year 0 in UTC: no datetime reads it back
        raise InvalidValue(f"{name}={dt.isoformat()} is outside years 1..9999 in UTC; it could not be read back")
    return us


def from_us(us: int) -> datetime:
    """UTC microseconds -> aware UTC datetime."""
    return EPOCH + timedelta(microseconds=us)


def now_us() -> int:
    """The wall clock in UTC microseconds. Only the store and the CLI call this; parsers never do.
    (``time.time_ns``: a tenth of the cost of ``to_us(datetime.now(UTC))`` on the hot read path.)"""
    return time.time_ns() // 1000


def parse_instant(text: str, *, name: str = "time") -> int:
    """ISO 8601 text with an offset (``2024-06-12T15:00:00+08:00`` or ``...Z``) -> UTC microseconds."""
    try:
        dt = datetime.fromisoformat(text.strip())
    except ValueError as exc:
        raise InvalidValue(f"{name}={text!r} is not ISO 8601; use e.g. 2024-06-12T15:00:00+08:00") from exc
    return to_us(dt, name=name)


def zone(name: str) -> ZoneInfo:
    """IANA zone by name, with a clear error for a typo."""
    if not isinstance(name, str):
        raise InvalidValue(f"a time zone is an IANA name such as 'Asia/Shanghai', got {type(name).__name__}")
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError, OSError) as exc:  # a tzdata folder ("Europe") is an OSError
        raise InvalidValue(f"unknown time zone {name!r}; use an IANA name such as 'Asia/Shanghai' or 'UTC'") from exc
