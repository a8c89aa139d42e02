"""Chinese named days and calendar dates: 明天, 下周三, 3月5号, 2024年, 下个月初, 国庆节, 第三季度."""

from __future__ import annotations

import re
from datetime import datetime, timedelta

from ._calendar import add_months, shift
from ._holidays import ZH_NAMES, upcoming
from ._numerals import ZH_DIGITS
from ._pieces import Ctx, Piece
from ._rules import Grammar
from ._values import Grain, Shape
from ._zh_words import (
    DAY_POD,
    DAYS,
    PART,
    REL,
    SEASON,
    WD,
    YEARS,
    N,
    num,
    year_number,
)

__all__ = ["DATES"]

DATES = Grammar("zh.dates")
_HOLIDAYS = "|".join(sorted(ZH_NAMES, key=len, reverse=True))


@DATES.rule(
    "zh.dates.year_month_day",
    re.compile(
        rf"(?P<y>\d{{4}}|\d{{2}}(?=年(?:\s*\d{{1,2}}月|(?![前后内多间里来代以之]|\d)))|[零〇一二三四五六七八九]{{2,4}})\s*年"
        rf"(?:\s*(?P<m>{N})\s*月份?(?:\s*(?P<d>{N})(?:\s*[日号]|(?![\d{ZH_DIGITS}年月]|\s*[个天点时分])))?"
        rf"|(?P<part>初|头|底|末|尾))?"
    ),
    gate="年",
    priority=900,
)
def _full_date(m: re.Match[str], c: Ctx) -> Piece | None:
    y = year_number(m["y"])
    mo, d = num(m["m"]), num(m["d"])
    if y is None or (mo is not None and not 1 <= mo <= 12):
        return None
    p = c.ymd(*m.span(), y, mo, d)
    return c.month_part(*m.span(), p, PART[m["part"]]) if m["part"] and p is not None else p


@DATES.rule(
    "zh.dates.month_day",
    re.compile(rf"(?P<m>{N})\s*月\s*(?P<d>{N})(?:\s*[日号])?(?![\d{ZH_DIGITS}年]|[个天])"),
    gate="月",
    priority=890,
)
@DATES.rule(
    "zh.dates.month",
    re.compile(rf"(?<![\d{ZH_DIGITS}])(?P<m>{N})\s*月份?(?![个\d])"),
    gate="月",
    priority=880,
)
def _month_day(m: re.Match[str], c: Ctx) -> Piece | None:
    mo, d = num(m["m"]), num(m.groupdict().get("d"))
    if mo is None or not 1 <= mo <= 12 or (d is not None and not 1 <= d <= 31):
        return None
    return c.ymd(*m.span(), None, mo, d)


@DATES.rule(
    "zh.dates.day",
    re.compile(
        rf"(?<![\d{ZH_DIGITS}]月)(?<![\d{ZH_DIGITS}])(?P<d>{N})\s*[号日]"
        r"(?![楼线房床位车口门码机厅室院子本期])"
    ),
    gate="号日",
    priority=870,
)
def _day_only(m: re.Match[str], c: Ctx) -> Piece | None:
    d = num(m["d"])
    return c.ymd(*m.span(), None, None, d) if d is not None and 1 <= d <= 31 else None


@DATES.rule(
    "zh.dates.relative_day",
    re.compile("|".join(sorted([*DAYS, *DAY_POD], key=len, reverse=True))),
    gate="今明后昨前当次翌第",
    priority=860,
)
def _rel_day(m: re.Match[str], c: Ctx) -> Piece | None:
    if m.group(0) in DAY_POD:
        off, pod = DAY_POD[m.group(0)]
        return c.pod_piece(*m.span(), pod, off)
    return c.day(*m.span(), DAYS[m.group(0)])


@DATES.rule(
    "zh.dates.week",
    re.compile(
        r"(?P<rel>上上|下下|上个|下个|这个|上一个|下一个|上一|下一|这一|上|下|这|本|今)?\s*(?:周|星期|礼拜|週)"
        r"(?P<d>[一二三四五六日天1-7]|末)?"
    ),
    gate="周星礼",
    priority=850,
)
def _week(m: re.Match[str], c: Ctx) -> Piece | None:
    rel, d = m["rel"], m["d"]
    if rel is None and d is None:
        return None
    off = REL[(rel or "").replace("个", "").replace("一", "")]
    if d == "末":
        return c.weekend(*m.span(), off)
    if d is None:
        return c.period(*m.span(), Grain.WEEK, off)
    if rel is None:  # a bare 周三 is the next one after today (before it in a past-tense sentence)
        return c.weekday(*m.span(), WD[d], None, "last" if c.past else "next")
    return c.weekday(*m.span(), WD[d], off)


@DATES.rule(
    "zh.dates.relative_month",
    re.compile(r"(?P<rel>上上|下下|上|下|这|本|当)个?月(?:的)?(?P<part>初|中旬|上旬|下旬|中|底|末|头|尾)?"),
    gate="月",
    priority=840,
)
def _month_rel(m: re.Match[str], c: Ctx) -> Piece | None:
    off = REL[(m["rel"] or "").replace("个", "")]
    p = c.period(*m.span(), Grain.MONTH, off)
    return c.month_part(*m.span(), p, PART[m["part"]]) if m["part"] else p


@DATES.rule(
    "zh.dates.month_part",
    re.compile(r"(?<![上下这本当岁年\d])月(?P<part>初|中旬|上旬|下旬|底|末|头|尾|中(?![国心午秋]))"),
    gate="月",
    priority=830,
)
def _this_month_part(m: re.Match[str], c: Ctx) -> Piece | None:
    return c.month_part(*m.span(), c.period(*m.span(), Grain.MONTH, 0), PART[m["part"]])


@DATES.rule(
    "zh.dates.relative_year",
    re.compile(
        r"(?P<rel>大前|大后|去|今|明|前|后|本|上一|下一|当|这一|上|下)年(?:年)?(?:的)?(?P<part>初|中(?![秋午])|底|末|头|尾)?"
    ),
    gate="年",
    priority=820,
)
def _year_rel(m: re.Match[str], c: Ctx) -> Piece | None:
    off = YEARS[m["rel"] or "今"]
    y = c.now.year + off
    p = Piece(*m.span(), "year", datetime(y, 1, 1), datetime(y + 1, 1, 1), Grain.YEAR, year=y)
    return c.month_part(*m.span(), p, PART[m["part"]]) if m["part"] else p


@DATES.rule(
    "zh.dates.year_part",
    re.compile(r"(?<![\d年去今明前后本上下当])年(?P<part>初|底|末|中|头|尾)(?![国心午])"),
    gate="年",
    priority=810,
)
def _this_year_part(m: re.Match[str], c: Ctx) -> Piece | None:
    return c.month_part(*m.span(), c.period(*m.span(), Grain.YEAR, 0), PART[m["part"]])


@DATES.rule(
    "zh.dates.season",
    re.compile(r"(?P<rel>今年|去年|明年|前年)?的?(?P<s>[春夏秋冬])(?:天|季)"),
    gate="春夏秋冬",
    priority=740,
)
@DATES.rule(
    "zh.dates.season_short",
    re.compile(r"(?P<rel>今|去|明)(?P<s>[春夏秋冬])(?![天季节])"),
    gate="春夏秋冬",
    priority=730,
)
def _season(m: re.Match[str], c: Ctx) -> Piece | None:
    off = YEARS[m["rel"].rstrip("年")] if m["rel"] else 0
    y = c.now.year + off if m["rel"] else None
    return c.season(*m.span(), y, SEASON[m["s"]])


@DATES.rule(
    "zh.dates.decade",
    re.compile(r"(?P<y>\d{4}|\d{2}|[一二三四五六七八九]十|[零〇一二三四五六七八九]{2})\s*年代"),
    gate="代",
    priority=720,
)
def _decade(m: re.Match[str], c: Ctx) -> Piece | None:
    y = num(m["y"])
    if y is None:
        return None
    if len(m["y"]) == 2:
        y += 1900 if y * 1 > (c.now.year % 100) else 2000
    y -= y % 10
    return c.window(*m.span(), datetime(y, 1, 1), datetime(y + 10, 1, 1), Grain.DECADE, Shape.INSTANT)


@DATES.rule(
    "zh.dates.holiday",
    re.compile(_HOLIDAYS),
    gate="".join({name[-1] for name in ZH_NAMES}),
    priority=710,
)
def _holiday(m: re.Match[str], c: Ctx) -> Piece | None:
    return upcoming(c, *m.span(), ZH_NAMES[m.group(0)])


@DATES.rule(
    "zh.dates.month_n_part",
    re.compile(rf"(?P<m>{N})\s*月份?(?:的)?(?P<part>初|中旬|上旬|下旬|中|底|末|头|尾)"),
    gate="月",
    priority=680,
)
def _month_part(m: re.Match[str], c: Ctx) -> Piece | None:
    base = _month_day(m, c)
    return None if base is None else c.month_part(*m.span(), base, PART[m["part"]])


@DATES.rule(
    "zh.dates.half_year",
    re.compile(r"(?P<rel>今年|去年|明年|前年)?的?(?P<h>上|下)半年"),
    gate="半",
    priority=670,
)
def _half_year(m: re.Match[str], c: Ctx) -> Piece | None:
    y = c.now.year + (YEARS[m["rel"].rstrip("年")] if m["rel"] else 0)
    lo = datetime(y, 1 if m["h"] == "上" else 7, 1)
    return c.window(*m.span(), lo, add_months(lo, 6), Grain.MONTH, Shape.INTERVAL)


@DATES.rule(
    "zh.dates.quarter",
    re.compile(
        r"(?:(?P<rel>今年|去年|明年)的?|(?P<y>\d{4})\s*年的?)?"
        r"(?:第(?P<n>[一二三四1-4])|(?P<r>这个|本|上个|下个|上|下))季度"
    ),
    gate="季",
    priority=660,
)
def _quarter(m: re.Match[str], c: Ctx) -> Piece | None:
    if m["n"]:
        y = int(m["y"]) if m["y"] else c.now.year + (YEARS[m["rel"].rstrip("年")] if m["rel"] else 0)
        q = WD[m["n"]] if not m["n"].isdigit() else int(m["n"]) - 1
        lo = datetime(y, 3 * q + 1, 1)
        return c.window(*m.span(), lo, add_months(lo, 3), Grain.QUARTER, Shape.INSTANT)
    return c.period(*m.span(), Grain.QUARTER, REL[m["r"].replace("个", "")])


@DATES.rule(
    "zh.dates.nth_in_month",
    re.compile(
        rf"(?P<mp>这个月|本月|当月|上个月|下个月|(?:(?P<y>\d{{4}})年)?(?P<m>{N})月)的?(?:(?P<first>第一天)|"
        rf"(?P<last>最后一天)|(?:第(?P<n>[一二三四五1-5])个|(?P<lastw>最后一个))(?:周|星期|礼拜)(?P<d>[一二三四五六日天]))"
    ),
    gate="月",
    priority=650,
)
def _nth_in_month(m: re.Match[str], c: Ctx) -> Piece | None:
    mp = m["mp"]
    if m["m"]:
        base = c.ymd(*m.span(), int(m["y"]) if m["y"] else None, num(m["m"]), None)
    else:
        base = c.period(*m.span(), Grain.MONTH, {"上个月": -1, "下个月": 1}.get(mp, 0))
    if base is None or base.lo is None or base.hi is None:
        return None
    if m["first"]:
        return c.ymd(*m.span(), base.lo.year, base.lo.month, 1)
    last = base.hi - timedelta(days=1)
    if m["last"]:
        return c.ymd(*m.span(), last.year, last.month, last.day)
    wd = WD[m["d"]]
    if m["lastw"]:
        d = last - timedelta(days=(last.weekday() - wd) % 7)
    else:
        first = base.lo + timedelta(days=(wd - base.lo.weekday()) % 7)
        d = first + timedelta(days=7 * (WD[m["n"]] if not m["n"].isdigit() else int(m["n"]) - 1))
        if d >= base.hi:
            return None
    return c.ymd(*m.span(), d.year, d.month, d.day)


@DATES.rule(
    "zh.dates.same_day",
    re.compile(r"(?P<w>去年|明年|上个月|下个月)的?(?:今天|这个时候|此时)"),
    gate="年月",
    priority=640,
)
def _same_day(m: re.Match[str], c: Ctx) -> Piece | None:
    unit = Grain.YEAR if m["w"].endswith("年") else Grain.MONTH
    return c.cell(*m.span(), shift(c.today, unit, -1 if m["w"][0] in "去上" else 1), Grain.DAY)


@DATES.rule(
    "zh.dates.day_range",
    re.compile(rf"(?:从\s*)?(?<![\d{ZH_DIGITS}])(?P<a>{N})\s*[到至~-]\s*(?P<b>{N})\s*(?P<u>月|号|日)"),
    gate="月号日",
    priority=630,
)
def _bare_range(m: re.Match[str], c: Ctx) -> Piece | None:
    """ "5到8月", "3到5号": the unit written once, on the right."""
    a, b = num(m["a"]), num(m["b"])
    if a is None or b is None:
        return None
    if m["u"] == "月":
        lo = c.ymd(*m.span(), None, a, None)
        hi = c.ymd(*m.span(), c.now.year + (b < a), b, None)  # "十二至一月": into the next year
    else:
        lo, hi = c.ymd(*m.span(), None, None, a), c.ymd(*m.span(), None, None, b)
    if lo is None or hi is None or lo.lo is None or hi.hi is None or hi.hi <= lo.lo:
        return None
    p = c.window(*m.span(), lo.lo, hi.hi, lo.grain, Shape.INTERVAL)
    p.ranged = True
    return p
