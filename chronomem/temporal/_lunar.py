"""Days of the Chinese lunisolar calendar the ``holidays`` package does not list: 七夕 (the 7th day of the 7th
month). Month starts are found from the lunar festivals the package does list and from new moons computed with
Meeus's algorithm (Astronomical Algorithms, ch. 49; a few minutes of error), on Beijing's calendar day."""

from __future__ import annotations

import math
from datetime import UTC, date, datetime, timedelta, timezone

__all__ = ["chushu", "new_moons_before", "seventh_month_start"]

_BEIJING = timezone(timedelta(hours=8))
_J2000 = datetime(2000, 1, 1, 12, tzinfo=UTC)  # JDE 2451545.0
_SYNODIC = 29.530588861


def _new_moon_jde(k: int) -> float:
    """Julian ephemeris day of new moon number ``k`` (k=0: 2000-01-06)."""
    t = k / 1236.85
    jde = 2451550.09766 + _SYNODIC * k + 0.00015437 * t**2 - 0.00000015 * t**3 + 0.00000000073 * t**4
    r = math.radians
    m = r(2.5534 + 29.1053567 * k - 0.0000014 * t**2 - 0.00000011 * t**3)
    mp = r(201.5643 + 385.81693528 * k + 0.0107582 * t**2 + 0.00001238 * t**3 - 0.000000058 * t**4)
    f = r(160.7108 + 390.67050284 * k - 0.0016118 * t**2 - 0.00000227 * t**3 + 0.000000011 * t**4)
    om = r(124.7746 - 1.56375588 * k + 0.0020672 * t**2 + 0.00000215 * t**3)
    e = 1 - 0.002516 * t - 0.0000074 * t**2
    jde += (
        -0.40720 * math.sin(mp)
        + 0.17241 * e * math.sin(m)
        + 0.01608 * math.sin(2 * mp)
        + 0.01039 * math.sin(2 * f)
        + 0.00739 * e * math.sin(mp - m)
        - 0.00514 * e * math.sin(mp + m)
        + 0.00208 * e * e * math.sin(2 * m)
        - 0.00111 * math.sin(mp - 2 * f)
        - 0.00057 * math.sin(mp + 2 * f)
        + 0.00056 * e * math.sin(2 * mp + m)
        - 0.00042 * math.sin(3 * mp)
        + 0.00042 * e * math.sin(m + 2 * f)
        + 0.00038 * e * math.sin(m - 2 * f)
        - 0.00024 * e * math.sin(2 * mp - m)
        - 0.00017 * math.sin(om)
    )
    return jde


def _beijing_day(jde: float) -> date:
    return (_J2000 + timedelta(days=jde - 2451545.0)).astimezone(_BEIJING).date()


def new_moons_before(d: date, n: int = 2) -> list[date]:
    """The Beijing dates of the ``n`` new moons before ``d`` (latest first)."""
    k = math.floor(((d - date(2000, 1, 6)).days) / _SYNODIC) + 1
    days = [_beijing_day(_new_moon_jde(j)) for j in range(k - n - 1, k + 2)]
    return sorted((x for x in days if x < d), reverse=True)[:n]


def _sun_longitude(jd: float) -> float:
    """Apparent ecliptic longitude of the sun in degrees (Meeus ch. 25, low accuracy: 0.01 degree)."""
    t = (jd - 2451545.0) / 36525
    m = math.radians(357.52911 + 35999.05029 * t - 0.0001537 * t * t)
    c = (
        (1.914602 - 0.004817 * t - 0.000014 * t * t) * math.sin(m)
        + (0.019993 - 0.000101 * t) * math.sin(2 * m)
        + 0.000289 * math.sin(3 * m)
    )
    omega = math.radians(125.04 - 1934.136 * t)
    return (280.46646 + 36000.76983 * t + 0.0003032 * t * t + c - 0.00569 - 0.00478 * math.sin(omega)) % 360


def chushu(year: int) -> date:
    """The Beijing date of 处暑, the principal solar term of the 7th month (sun at longitude 150 degrees)."""
    jd = 2451545.0 + (datetime(year, 8, 23, 12, tzinfo=UTC) - _J2000).total_seconds() / 86400
    for _ in range(4):
        jd += ((150 - _sun_longitude(jd) + 180) % 360 - 180) / 360 * 365.2422
    return _beijing_day(jd)


def seventh_month_start(eighth_month_start: date) -> date:
    """The first day of the 7th lunar month: the lunation before the 8th month, unless that one starts after
    处暑 and so holds no principal solar term (it is then the leap 7th month, 闰七月)."""
    last, before = new_moons_before(eighth_month_start)
    return last if last <= chushu(eighth_month_start.year) else before
