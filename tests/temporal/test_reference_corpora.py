"""Every row of the converted Duckling/rustling corpora resolves to the same start and grain as there.

Rows where we differ on purpose are in ``DISAGREE`` with the reason; rows we do not recognise yet are in
``GAPS``. Both are strict xfails, so a change that starts agreeing on one shows up.
Figures: ``python -m tests.temporal._agreement``.
"""

from __future__ import annotations

import pytest

from chronomem.temporal import parse

from ._agreement import ALL, DUCKLING_REF, Row, ours

_NEXT_WEEK = "下周三 is the Wednesday of next calendar week (Duckling: the next Wednesday, here tomorrow)"
_THIS_WEEK = "这周一 is the current calendar week's Monday, as 上周/下周 name calendar weeks (Duckling: next Monday)"
_AFTER = (
    "三天后 is the day three days on (a relative offset); Duckling reads it as 'the next three days', "
    "which we keep for 后三天 / 下三天"
)
_DIGITS = "a bare digit string is not a time in chat text (prices, counts, rooms); 15:15 is"
_SEASON = "seasons are meteorological, whole months (夏天 = Jun-Aug); Duckling uses solstices and equinoxes"

DISAGREE: dict[str, str] = {
    **{f"zh:{t}": _NEXT_WEEK for t in ("下周三", "下礼拜三", "下週三", "下星期三", "下個星期日至星期三")},
    **{f"zh:{t}": _THIS_WEEK for t in ("这周一", "这礼拜一", "這週一")},
    **{
        f"zh:{t}": _AFTER
        for t in (
            "三秒後",
            "三秒之後",
            "三分鐘後",
            "三分鐘之後",
            "三小時之後",
            "三個鐘之後",
            "三小時後",
            "三個鐘後",
            "三天後",
            "三天之後",
            "三日後",
            "三星期後",
            "三星期之後",
            "三個禮拜後",
            "三個禮拜之後",
            "三個月後",
            "三個月之後",
            "三年後",
            "三年之後",
        )
    },
    **{f"zh:{t}": _DIGITS for t in ("15.15", "1415", "545")},
    **{
        f"en:{t}": "an hour without am/pm on a named day takes the daytime reading (明天三点 is 15:00)"
        for t in ("tomorrow at 150ish", "tomorrow in between 1-2:30 ish")
    },
    **{
        f"en:{t}": _SEASON
        for t in (
            "this Summer",
            "this winter",
            "current summer",
            "this season",
            "current seasons",
            "last season",
            "past seasons",
            "previous seasons",
            "next season",
        )
    },
    "en:late last night": "late night is 22:00-02:00, as 半夜/深夜 (the documented parts of the day)",
    "en:after lunch": "after a meal is open after it ends (lunch 12:00-14:00), as 饭后; Duckling: 13:00-17:00",
}

#: rows not recognised yet (none left)
GAPS: dict[str, str] = {}


def _param(row: Row) -> object:
    reason = DISAGREE.get(str(row)) or GAPS.get(str(row))
    if reason is None:
        return row
    return pytest.param(row, marks=pytest.mark.xfail(strict=True, reason=reason))


@pytest.mark.parametrize("row", [_param(r) for r in ALL], ids=str)
def test_agrees_with_the_reference(row: Row) -> None:
    assert ours(row) == (row.start, row.grain)


def test_listed_rows_exist() -> None:
    names = {str(r) for r in ALL}
    assert set(DISAGREE) <= names and set(GAPS) <= names
    assert not set(DISAGREE) & set(GAPS)


#: Duckling's negative corpus: texts with no time in them.
NEGATIVE = [
    "laughing out loud",
    "1 adult",
    "we are separated",
    "25",
    "this is the one",
    "in 61",
    "this one",
    "this past one",
    "at single",
    "at a couple of",
    "at pairs",
    "at a few",
    "at dozens",
    "single o'clock",
    "dozens o'clock",
    "Rat 6",
    "rat 6",
    "3 30",
    "three twenty",
    "at 650.650.6500",
    "at 650-650-6500",
    "two sixty a m",
]


@pytest.mark.parametrize("text", NEGATIVE)
def test_negative_examples_have_no_time(text: str) -> None:
    assert parse(text, DUCKLING_REF) == []
