"""Public holidays of China and the US (and a few widely named days), as a date for a given year.

Lunar festivals (春节, 端午, 中秋, 重阳) and 清明 come from the ``holidays`` package (offline tables), 七夕 from its
8th month and computed new moons (:mod:`._lunar`); fixed and
"n-th weekday" days are computed here.
"""

from __future__ import annotations

from datetime import date, timedelta
from functools import lru_cache

from ._pieces import Ctx, Piece

__all__ = ["EN_NAMES", "ZH_NAMES", "holiday_date", "holiday_piece", "upcoming"]

# key -> (month, day) fixed, or (month, weekday, n) n-th weekday (n=-1: last), or a lunar/computed key
_FIXED = {
    "new_year": (1, 1),
    "new_years_eve": (12, 31),
    "labor_cn": (5, 1),
    "national_day": (10, 1),
    "christmas": (12, 25),
    "christmas_eve": (12, 24),
    "valentines": (2, 14),
    "halloween": (10, 31),
    "womens_day": (3, 8),
    "childrens_day": (6, 1),
    "teachers_day": (9, 10),
    "independence": (7, 4),
    "veterans": (11, 11),
    "juneteenth": (6, 19),
    "april_fools": (4, 1),
}
_NTH = {
    "mlk": (1, 0, 3),
    "presidents": (2, 0, 3),
    "memorial": (5, 0, -1),
    "labor_us": (9, 0, 1),
    "columbus": (10, 0, 2),
    "thanksgiving": (11, 3, 4),
    "mothers": (5, 6, 2),
    "fathers": (6, 6, 3),
}
#: days counted from Easter Sunday (computed), named in English in full or short ("easter mon", "good fri")
_FROM_EASTER = {"easter": 0, "easter_monday": 1, "good_friday": -2}
_CN_LIB = {
    "spring_festival": "Spring Festival",
    "dragon_boat": "Dragon Boat",
    "mid_autumn": "Mid-Autumn",
    "qingming": "Tomb-Sweeping",
}

#: Chinese names (Simplified; Traditional is mapped before matching) -> key. Longest names first.
ZH_NAMES = {
    "元旦节": "new_year",
    "元旦": "new_year",
    "春节": "spring_festival",
    "农历新年": "spring_festival",
    "大年初一": "spring_festival",
    "正月初一": "spring_festival",
    "正月十五": "lantern",
    "除夕": "chuxi",
    "大年三十": "chuxi",
    "元宵节": "lantern",
    "元宵": "lantern",
    "清明节": "qingming",
    "清明": "qingming",
    "五一劳动节": "labor_cn",
    "劳动节": "labor_cn",
    "五一": "labor_cn",
    "端午节": "dragon_boat",
    "端午": "dragon_boat",
    "七夕节": "qixi",
    "七夕": "qixi",
    "重阳节": "double_ninth",
    "重阳": "double_ninth",
    "中秋节": "mid_autumn",
    "中秋": "mid_autumn",
    "国庆节": "national_day",
    "国庆": "national_day",
    "圣诞节": "christmas",
    "圣诞": "christmas",
    "平安夜": "christmas_eve",
    "情人节": "valentines",
    "万圣节": "halloween",
    "感恩节": "thanksgiving",
    "三八妇女节": "womens_day",
    "妇女节": "womens_day",
    "六一儿童节": "childrens_day",
    "儿童节": "childrens_day",
    "教师节": "teachers_day",
    "母亲节": "mothers",
    "父亲节": "fathers",
    "复活节": "easter",
    "愚人节": "april_fools",
    "跨年夜": "new_years_eve",
}
#: English names (lower case, regex fragments) -> key.
EN_NAMES = {
    r"new\s*year'?s?\s*eve": "new_years_eve",
    r"new\s*year'?s?(?:\s*day)?": "new_year",
    r"christmas\s*eve": "christmas_eve",
    r"(?:christmas|xmas)(?:\s*day)?": "christmas",
    r"(?:chinese|lunar)\s*new\s*year'?s?|spring\s*festival": "spring_festival",
    r"lantern\s*festival": "lantern",
    r"dragon\s*boat\s*festival": "dragon_boat",
    r"mid[-\s]*autumn(?:\s*festival)?|moon\s*festival": "mid_autumn",
    r"qingming(?:\s*festival)?": "qingming",
    r"qixi(?:\s*festival)?|double\s*seventh(?:\s*festival)?": "qixi",
    r"double\s*ninth(?:\s*festival)?|chongyang(?:\s*festival)?": "double_ninth",
    r"valentine'?s?(?:\s*day)?": "valentines",
    r"halloween": "halloween",
    r"thanksgiving(?:\s*day)?": "thanksgiving",
    r"black\s*friday": "black_friday",
    r"(?:mlk|martin\s*luther\s*king(?:\s*jr\.?)?)(?:\s*day)?": "mlk",
    r"presidents?'?\s*day": "presidents",
    r"memorial\s*day": "memorial",
    r"labou?r\s*day": "labor_us",
    r"columbus\s*day": "columbus",
    r"veterans'?\s*day": "veterans",
    r"juneteenth": "juneteenth",
    r"independence\s*day|(?:the\s*)?(?:4th|fourth)\s*of\s*july": "independence",
    r"mother'?s'?\s*day": "mothers",
    r"father'?s'?\s*day": "fathers",
    r"easter\s*mon(?:day)?": "easter_monday",
    r"good\s*fri(?:day)?": "good_friday",
    r"easter(?:\s*sun(?:day)?)?": "easter",
    r"april\s*fools'?(?:\s*day)?": "april_fools",
    r"(?:international\s*)?women'?s\s*day": "womens_day",
}


@lru_cache(maxsize=64)
def _china(year: int) -> dict[str, date]:
    import holidays  # lazy: only needed when a lunar festival is named

    found: dict[str, date] = {}
    for day, name in sorted(holidays.country_holidays("CN", years=year, language="en_US").items()):
        for key, label in _CN_LIB.items():
            if label in name and "observed" not in name and key not in found:
                found[key] = day
    return found


def _easter(year: int) -> date:
    """Anonymous Gregorian computus."""
    a, b, c = year % 19, year // 100, year % 100
    d, e = divmod(b, 4)
    g = (8 * b + 13) // 25
    h = (19 * a + b - d - g + 15) % 30
    i, k = divmod(c, 4)
    ell = (32 + 2 * e + 2 * i - h - k) % 7
    m = (a + 11 * h + 22 * ell) // 451
    month, day = divmod(h + ell - 7 * m + 114, 31)
    return date(year, month, day + 1)


def _nth(year: int, month: int, weekday: int, n: int) -> date:
    if n > 0:
        first = date(year, month, 1)
        return first + timedelta(days=(weekday - first.weekday()) % 7 + 7 * (n - 1))
    last = (date(year + month // 12, month % 12 + 1, 1)) - timedelta(days=1)
    return last - timedelta(days=(last.weekday() - weekday) % 7)


def holiday_date(key: str, year: int) -> date | None:
    """The date of holiday ``key`` in ``year``, or None when unknown for that year."""
    if key in _FIXED:
        return date(year, *_FIXED[key])
    if key in _NTH:
        return _nth(year, *_NTH[key])
    if key == "black_friday":
        return _nth(year, 11, 3, 4) + timedelta(days=1)
    if key in _FROM_EASTER:
        return _easter(year) + timedelta(days=_FROM_EASTER[key])
    if key in ("qixi", "double_ninth"):
        return _lunar_day(key, year)
    base = "spring_festival" if key in ("chuxi", "lantern") else key
    try:
        found = _china(year).get(base)
    except (NotImplementedError, KeyError, ValueError):
        return None
    if found is None:
        return None
    return found + timedelta(days={"chuxi": -1, "lantern": 14}.get(key, 0))


def _lunar_day(key: str, year: int) -> date | None:
    """七夕 (7th month, 7th day) and 重阳 (9th month, 9th day) from the lunisolar tables and new moons."""
    from holidays.calendars.chinese import _ChineseLunisolar  # lazy: only when one is named

    try:
        lunisolar = _ChineseLunisolar()
        if key == "double_ninth":
            return lunisolar.double_ninth_date(year)[0]
        mid_autumn = lunisolar.mid_autumn_date(year)[0]
    except (KeyError, ValueError, NotImplementedError):
        return None
    if mid_autumn is None:
        return None
    from ._lunar import seventh_month_start

    return seventh_month_start(mid_autumn - timedelta(days=14)) + timedelta(days=6)


def holiday_piece(ctx: Ctx, s: int, e: int, key: str, year: int) -> Piece | None:
    d = holiday_date(key, year)
    if d is None:
        return None
    p = ctx.ymd(s, e, d.year, d.month, d.day)
    if p is not None:
        p.holiday, p.anchorable = key, False
    return p


def upcoming(ctx: Ctx, s: int, e: int, key: str, direction: int = 0) -> Piece | None:
    """The holiday's next occurrence on/after today (direction 0), strictly after (+1) or before (-1)."""
    today = ctx.today.date()
    for year in (
        range(ctx.now.year + 1, ctx.now.year - 3, -1) if direction < 0 else range(ctx.now.year - 1, ctx.now.year + 3)
    ):
        d = holiday_date(key, year)
        if d is None:
            continue
        if (direction < 0 and d < today) or (direction == 0 and d >= today) or (direction > 0 and d > today):
            return holiday_piece(ctx, s, e, key, year)
    return None
