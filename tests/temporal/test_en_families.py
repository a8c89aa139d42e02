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

FAMILIES = {"clocks": CLOCKS}

#: texts of no time: the families must not read these
NOT_TIMES = ["three twenty", "4a", "4a.", "A4 A5", "it took 2h", "10p each", "he is ten"]


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
