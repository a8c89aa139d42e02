"""English families of issue #14, each with variants of our own, against Duckling's reference (Tuesday
2013-02-12 04:30 at UTC-02:00): ``text | start | grain``, start in that wall clock.

The rows are general rules stated by example (clock notations, zones, dates, compositions, counted weekdays,
period edges, fractions, loose words); a later corpus will hold other variants of the same families.
"""

from __future__ import annotations

import pytest

from ._agreement import Row, ours, rows

CLOCKS = """
15h00 | 2013-02-12 15:00 | minute
15h | 2013-02-12 15:00 | hour
at 9h30 | 2013-02-12 09:30 | minute
7h45 | 2013-02-12 07:45 | minute
20h15 | 2013-02-12 20:15 | minute
9h30 - 11h | 2013-02-12 09:30 | minute
9h30 - 11h00 | 2013-02-12 09:30 | minute
ten thirty | 2013-02-12 10:30 | minute
twelve oh three | 2013-02-12 12:03 | minute
eleven fifteen | 2013-02-12 11:15 | minute
seven forty-five | 2013-02-12 07:45 | minute
nine oh five | 2013-02-12 09:05 | minute
7p | 2013-02-12 19:00 | hour
at 3p | 2013-02-12 15:00 | hour
at 3p. | 2013-02-12 15:00 | hour
11p | 2013-02-12 23:00 | hour
at 7a | 2013-02-12 07:00 | hour
mid day | 2013-02-12 12:00 | hour
mid-day | 2013-02-12 12:00 | hour
"""

DATES = """
2-15 | 2013-02-15 | day
2 - 15 | 2013-02-15 | day
2 / 15 | 2013-02-15 | day
12-25 | 2013-12-25 | day
10-31-74 | 1974-10-31 | day
31-Oct-74 | 1974-10-31 | day
31/Oct/1974 | 1974-10-31 | day
31st Oct 1974 | 1974-10-31 | day
5-Jan-2020 | 2020-01-05 | day
14th April 15 | 2015-04-14 | day
On 24th | 2013-02-24 | day
on 5th | 2013-03-05 | day
20th of next month | 2013-03-20 | day
20 of next month | 2013-03-20 | day
20th of the next month | 2013-03-20 | day
20th day of next month | 2013-03-20 | day
20th of the current month | 2013-02-20 | day
20 of this month | 2013-02-20 | day
20th of the previous month | 2013-01-20 | day
3rd of last month | 2013-01-03 | day
2018Q4 | 2018-10-01 | quarter
18q4 | 2018-10-01 | quarter
2019q2 | 2019-04-01 | quarter
sun. | 2013-02-17 | day
sat | 2013-02-16 | day
mon. | 2013-02-18 | day
on sat | 2013-02-16 | day
next sun | 2013-02-17 | day
tue. | 2013-02-19 | day
Thu 15th | 2013-08-15 | day
Friday the 1st | 2013-03-01 | day
"""

FAMILIES = {"clocks": CLOCKS, "dates": DATES}

#: texts of no time: the families must not read these
NOT_TIMES = [
    "three twenty",
    "4a",
    "4a.",
    "A4 A5",
    "it took 2h",
    "10p each",
    "he is ten",
    "I sat on the bench",
    "the sun is out",
    "we won 3-5",
    "2-3 people",
]


def _rows() -> list[object]:
    return [pytest.param(r, id=f"{name}:{r.text}") for name, table in FAMILIES.items() for r in rows("en", table)]


@pytest.mark.parametrize("row", _rows())
def test_family(row: Row) -> None:
    assert ours(row) == (row.start, row.grain)


@pytest.mark.parametrize("text", NOT_TIMES)
def test_not_a_time(text: str) -> None:
    from chronomem.temporal import parse

    from ._agreement import DUCKLING_REF

    assert parse(text, DUCKLING_REF) == []
