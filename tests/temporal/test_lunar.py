"""七夕 and 重阳 against the dates printed in Chinese calendars (the 7th day of the 7th lunar month, the 9th of the
9th), including 2006, whose 7th month has a leap month after it (闰七月)."""

from __future__ import annotations

from datetime import date

import pytest

from chronomem.temporal._holidays import holiday_date

QIXI = {
    2006: date(2006, 7, 31),
    2015: date(2015, 8, 20),
    2016: date(2016, 8, 9),
    2017: date(2017, 8, 28),
    2018: date(2018, 8, 17),
    2019: date(2019, 8, 7),
    2020: date(2020, 8, 25),
    2021: date(2021, 8, 14),
    2022: date(2022, 8, 4),
    2023: date(2023, 8, 22),
    2024: date(2024, 8, 10),
    2025: date(2025, 8, 29),
    2026: date(2026, 8, 19),
}
DOUBLE_NINTH = {2022: date(2022, 10, 4), 2023: date(2023, 10, 23), 2024: date(2024, 10, 11), 2025: date(2025, 10, 29)}


@pytest.mark.parametrize("year", sorted(QIXI))
def test_qixi(year: int) -> None:
    assert holiday_date("qixi", year) == QIXI[year]


@pytest.mark.parametrize("year", sorted(DOUBLE_NINTH))
def test_double_ninth(year: int) -> None:
    assert holiday_date("double_ninth", year) == DOUBLE_NINTH[year]
