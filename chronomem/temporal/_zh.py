"""Chinese grammar: each rule is a regular expression and a handler that builds a :class:`Piece`.

Text arrives normalised (Traditional -> Simplified for the characters that matter, full-width digits
-> ASCII), one character for one, so spans still index the original text.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import datetime, timedelta

from ._calendar import add_months, shift
from ._holidays import ZH_NAMES, upcoming
from ._model import Grain, Kind
from ._numerals import ZH_DIGITS, zh_number
from ._pieces import Ctx, Piece

__all__ = ["RULES", "normalise"]

Handler = Callable[[re.Match[str], Ctx], Piece | None]

_TRAD = "當週個點號後鐘時禮兩這從開來於幾間頭現聖誕勞動國慶兒婦陽曆農節臘學級將剛約數萬億歲離遲臺嗎過還單閏氣專進們"
_SIMP = "当周个点号后钟时礼两这从开来于几间头现圣诞劳动国庆儿妇阳历农节腊学级将刚约数万亿岁离迟台吗过还单闰气专进们"
_FULL = "０１２３４５６７８９：／－．～"
_HALF = "0123456789:/-.~"
_MAP = str.maketrans(_TRAD + _FULL, _SIMP + _HALF)


def normalise(text: str) -> str:
    """Traditional characters used in time phrases -> Simplified; full-width digits -> ASCII (length kept)."""
    return text.translate(_MAP)


N = rf"(?:\d{{1,4}}|[{ZH_DIGITS}]{{1,5}})"
_WD = {
    "一": 0,
    "二": 1,
    "三": 2,
    "四": 3,
    "五": 4,
    "六": 5,
    "日": 6,
    "天": 6,
    "1": 0,
    "2": 1,
    "3": 2,
    "4": 3,
    "5": 4,
    "6": 5,
    "7": 6,
}
_REL = {"上上": -2, "上": -1, "下下": 2, "下": 1, "这": 0, "本": 0, "今": 0, "当": 0, "": 0}
_UNITS = {
    "秒钟": Grain.SECOND,
    "秒": Grain.SECOND,
    "分钟": Grain.MINUTE,
    "分": Grain.MINUTE,
    "小时": Grain.HOUR,
    "钟头": Grain.HOUR,
    "个钟": Grain.HOUR,
    "天": Grain.DAY,
    "日": Grain.DAY,
    "周": Grain.WEEK,
    "星期": Grain.WEEK,
    "礼拜": Grain.WEEK,
    "月": Grain.MONTH,
    "年": Grain.YEAR,
}
_POD = {
    "凌晨": "small_hours",
    "早上": "morning",
    "早晨": "morning",
    "清晨": "early_morning",
    "上午": "forenoon",
    "中午": "noon",
    "午间": "noon",
    "下午": "afternoon",
    "午后": "afternoon",
    "傍晚": "dusk",
    "黄昏": "dusk",
    "晚上": "night",
    "晚间": "night",
    "夜里": "night",
    "夜间": "night",
    "夜晚": "night",
    "半夜": "late_night",
    "深夜": "late_night",
    "午夜": "late_night",
    "白天": "day",
    "一早": "early_morning",
    "晚": "night",
    "早": "morning",
}
_DAYS = {
    "第二天": 1,
    "第三天": 2,
    "前一天": -1,
    "今天": 0,
    "今日": 0,
    "今儿": 0,
    "明天": 1,
    "明日": 1,
    "明儿": 1,
    "后天": 2,
    "大后天": 3,
    "昨天": -1,
    "昨日": -1,
    "昨儿": -1,
    "前天": -2,
    "大前天": -3,
    "当天": 0,
    "次日": 1,
    "翌日": 1,
}
_DAY_POD = {
    "今早": (0, "morning"),
    "今晨": (0, "early_morning"),
    "明早": (1, "morning"),
    "明晨": (1, "early_morning"),
    "昨早": (-1, "morning"),
    "今晚": (0, "night"),
    "今夜": (0, "night"),
    "明晚": (1, "night"),
    "明夜": (1, "night"),
    "昨晚": (-1, "night"),
    "昨夜": (-1, "night"),
    "前晚": (-2, "night"),
}
_YEARS = {
    "去": -1,
    "今": 0,
    "明": 1,
    "前": -2,
    "后": 2,
    "大前": -3,
    "大后": 3,
    "本": 0,
    "上": -1,
    "上一": -1,
    "下": 1,
    "下一": 1,
    "当": 0,
    "这一": 0,
}
_PART = {
    "初": "early",
    "头": "early",
    "上旬": "early",
    "中": "mid",
    "中旬": "mid",
    "底": "late",
    "末": "late",
    "下旬": "late",
    "尾": "late",
}
_SEASON = {"春": 0, "夏": 1, "秋": 2, "冬": 3}


def _num(text: str | None) -> int | None:
    return None if text is None else zh_number(text)


def _year(text: str) -> int | None:
    y = _num(text)
    if y is None:
        return None
    if len(text) == 2:
        y += 2000 if y <= 50 else 1900
    return y


def _full_date(m: re.Match[str], c: Ctx) -> Piece | None:
    y = _year(m["y"])
    mo, d = _num(m["m"]), _num(m["d"])
    if y is None or (mo is not None and not 1 <= mo <= 12):
        return None
    p = c.ymd(*m.span(), y, mo, d)
    return c.month_part(*m.span(), p, _PART[m["part"]]) if m["part"] and p is not None else p


def _month_day(m: re.Match[str], c: Ctx) -> Piece | None:
    mo, d = _num(m["m"]), _num(m.groupdict().get("d"))
    if mo is None or not 1 <= mo <= 12 or (d is not None and not 1 <= d <= 31):
        return None
    return c.ymd(*m.span(), None, mo, d)


def _day_only(m: re.Match[str], c: Ctx) -> Piece | None:
    d = _num(m["d"])
    return c.ymd(*m.span(), None, None, d) if d is not None and 1 <= d <= 31 else None


def _rel_day(m: re.Match[str], c: Ctx) -> Piece | None:
    if m.group(0) in _DAY_POD:
        off, pod = _DAY_POD[m.group(0)]
        return c.pod_piece(*m.span(), pod, off)
    return c.day(*m.span(), _DAYS[m.group(0)])


def _week(m: re.Match[str], c: Ctx) -> Piece | None:
    rel, d = m["rel"], m["d"]
    if rel is None and d is None:
        return None
    off = _REL[(rel or "").replace("个", "").replace("一", "")]
    if d == "末":
        return c.weekend(*m.span(), off)
    if d is None:
        return c.period(*m.span(), Grain.WEEK, off)
    if rel is None:  # a bare 周三 is the next one after today (before it in a past-tense sentence)
        return c.weekday(*m.span(), _WD[d], None, "last" if c.past else "next")
    return c.weekday(*m.span(), _WD[d], off)


def _month_rel(m: re.Match[str], c: Ctx) -> Piece | None:
    off = _REL[(m["rel"] or "").replace("个", "")]
    p = c.period(*m.span(), Grain.MONTH, off)
    return c.month_part(*m.span(), p, _PART[m["part"]]) if m["part"] else p


def _year_rel(m: re.Match[str], c: Ctx) -> Piece | None:
    off = _YEARS[m["rel"] or "今"]
    y = c.now.year + off
    p = Piece(*m.span(), "year", datetime(y, 1, 1), datetime(y + 1, 1, 1), Grain.YEAR, year=y)
    return c.month_part(*m.span(), p, _PART[m["part"]]) if m["part"] else p


def _amount(m: re.Match[str]) -> tuple[float, bool] | None:
    raw = m["n"]
    more = any(m.groupdict().get(k) for k in ("more", "more0", "more1"))
    vague = more or raw in ("十几", "几", "数", "若干", "一两", "两三", "三四", "三五", "几十")
    n: float | None = {
        "十几": 15,
        "半": 0.5,
        "几": 3,
        "数": 3,
        "若干": 3,
        "一两": 2,
        "两三": 3,
        "三四": 3,
        "三五": 4,
        "几十": 30,
    }.get(raw)
    if n is None:
        n = _num(raw)
    if n is None or n > 500:
        return None
    if m.groupdict().get("half"):
        n += 0.5
    if m.groupdict().get("u") == "刻钟":
        n *= 15
    return n, vague


def _unit(m: re.Match[str]) -> Grain | None:
    u = m["u"]
    if u == "刻钟":
        return Grain.MINUTE
    if u == "月" and not m["ge"]:
        return None  # "三月前" is "before March", not "three months ago"
    return _UNITS[u]


def _relative(m: re.Match[str], c: Ctx) -> Piece | None:
    amt, unit = _amount(m), _unit(m)
    if amt is None or unit is None:
        return None
    n, vague = amt
    d = m["dir"]
    if d in ("内", "以内", "之内"):
        return c.window(*m.span(), c.now, _shifted(c, unit, n), Grain.SECOND, Kind.INTERVAL)
    sign = -1 if "前" in d else 1
    return c.relative(*m.span(), n, unit, sign, vague)


def _relative_after(m: re.Match[str], c: Ctx) -> Piece | None:
    amt, unit = _amount(m), _unit(m)
    if amt is None or unit is None:
        return None
    return c.relative(*m.span(), amt[0], unit, 1, amt[1])


def _same_day(m: re.Match[str], c: Ctx) -> Piece | None:
    unit = Grain.YEAR if m["w"].endswith("年") else Grain.MONTH
    return c.cell(*m.span(), shift(c.today, unit, -1 if m["w"][0] in "去上" else 1), Grain.DAY)


def _bare_range(m: re.Match[str], c: Ctx) -> Piece | None:
    """ "5到8月", "3到5号": the unit written once, on the right."""
    a, b = _num(m["a"]), _num(m["b"])
    if a is None or b is None:
        return None
    if m["u"] == "月":
        lo = c.ymd(*m.span(), None, a, None)
        hi = c.ymd(*m.span(), c.now.year + (b < a), b, None)  # "十二至一月": into the next year
    else:
        lo, hi = c.ymd(*m.span(), None, None, a), c.ymd(*m.span(), None, None, b)
    if lo is None or hi is None or lo.lo is None or hi.hi is None or hi.hi <= lo.lo:
        return None
    p = c.window(*m.span(), lo.lo, hi.hi, lo.grain, Kind.INTERVAL)
    p.ranged = True
    return p


def _to_hour(m: re.Match[str], c: Ctx) -> Piece | None:
    h, a = _num(m["h"] or m["h2"]), _num(m["a"] or m["a2"])
    if h is None or a is None or not 0 < a < 60:
        return None
    return c.clock(*m.span(), (h - 1) % 24, 60 - a)


def _month_part(m: re.Match[str], c: Ctx) -> Piece | None:
    base = _month_day(m, c)
    return None if base is None else c.month_part(*m.span(), base, _PART[m["part"]])


def _half_year(m: re.Match[str], c: Ctx) -> Piece | None:
    y = c.now.year + (_YEARS[m["rel"].rstrip("年")] if m["rel"] else 0)
    lo = datetime(y, 1 if m["h"] == "上" else 7, 1)
    return c.window(*m.span(), lo, add_months(lo, 6), Grain.MONTH, Kind.INTERVAL)


def _quarter(m: re.Match[str], c: Ctx) -> Piece | None:
    if m["n"]:
        y = int(m["y"]) if m["y"] else c.now.year + (_YEARS[m["rel"].rstrip("年")] if m["rel"] else 0)
        q = _WD[m["n"]] if not m["n"].isdigit() else int(m["n"]) - 1
        lo = datetime(y, 3 * q + 1, 1)
        return c.window(*m.span(), lo, add_months(lo, 3), Grain.QUARTER, Kind.INSTANT)
    return c.period(*m.span(), Grain.QUARTER, _REL[m["r"].replace("个", "")])


def _nth_in_month(m: re.Match[str], c: Ctx) -> Piece | None:
    mp = m["mp"]
    if m["m"]:
        base = c.ymd(*m.span(), int(m["y"]) if m["y"] else None, _num(m["m"]), None)
    else:
        base = c.period(*m.span(), Grain.MONTH, {"上个月": -1, "下个月": 1}.get(mp, 0))
    if base is None or base.lo is None or base.hi is None:
        return None
    if m["first"]:
        return c.ymd(*m.span(), base.lo.year, base.lo.month, 1)
    last = base.hi - timedelta(days=1)
    if m["last"]:
        return c.ymd(*m.span(), last.year, last.month, last.day)
    wd = _WD[m["d"]]
    if m["lastw"]:
        d = last - timedelta(days=(last.weekday() - wd) % 7)
    else:
        first = base.lo + timedelta(days=(wd - base.lo.weekday()) % 7)
        d = first + timedelta(days=7 * (_WD[m["n"]] if not m["n"].isdigit() else int(m["n"]) - 1))
        if d >= base.hi:
            return None
    return c.ymd(*m.span(), d.year, d.month, d.day)


def _shifted(c: Ctx, unit: Grain, n: float) -> datetime:
    from ._calendar import shift

    return shift(c.now, unit, n)


def _span(m: re.Match[str], c: Ctx) -> Piece | None:
    amt, unit = _amount(m), Grain.MONTH if m["u"] == "月" else _unit(m)  # "前两月" is "前两个月"
    if amt is None or unit is None or amt[0] != int(amt[0]) or amt[0] < 1 or amt[1]:
        return None
    sign = -1 if m["w"] in ("过去", "前", "上", "最近", "近", "这") else 1
    return c.span_back(*m.span(), int(amt[0]), unit, sign)


def _fuzzy_days(m: re.Match[str], c: Ctx) -> Piece | None:
    w = m.group(0)
    n = 2 if "两" in w else 3
    sign = 1 if w[0] in "过改再" else -1
    return c.relative(*m.span(), n, Grain.DAY, sign, vague=True)


def _recent(m: re.Match[str], c: Ctx) -> Piece | None:
    w = m.group(0)
    if w in ("现在", "此刻", "此时", "目前", "当前", "眼下", "刚才", "刚刚", "方才", "当下"):
        lo = c.now.replace(microsecond=0)
        unc = (lo - timedelta(hours=1), lo) if w in ("刚才", "刚刚", "方才") else None
        return c.window(*m.span(), lo, lo + timedelta(seconds=1), Grain.SECOND, Kind.INSTANT, unc)
    if w in ("一会儿", "待会儿", "等会儿", "过一会儿", "稍后", "回头", "马上", "立刻", "一会"):
        lo = c.now.replace(microsecond=0, second=0)
        return c.window(
            *m.span(), lo, lo + timedelta(minutes=1), Grain.MINUTE, Kind.INSTANT, (lo, lo + timedelta(hours=1))
        )
    if w in ("不久前", "前不久", "前阵子", "前段时间", "之前不久"):
        return c.relative(*m.span(), 14, Grain.DAY, -1, vague=True)
    lo = c.today - timedelta(days=7)
    return c.window(*m.span(), lo, c.now, Grain.DAY, Kind.INTERVAL, (c.today - timedelta(days=30), c.now))


def _clock(m: re.Match[str], c: Ctx) -> Piece | None:
    h = _num(m["h"])
    if h is None:
        return None
    mm: int | None = None
    if m["half"]:
        mm = 30
    elif m["q"]:
        mm = 15 if m["q"] == "一" else 45
    elif m["mm"]:
        mm = _num(m["mm"])
    ss = _num(m["ss"])
    if m["h"] == "一" and mm is None and not m["zhong"]:
        before = m.string[max(0, m.start() - 2) : m.start()]
        if not before or before[-1] not in "晨上午下晚夜天日号在到至点早":
            return None  # "一点" is usually "a little"
    return c.clock(*m.span(), h, mm, ss)


def _pod(m: re.Match[str], c: Ctx) -> Piece | None:
    return c.pod_piece(*m.span(), _POD[m.group(0)])


def _season(m: re.Match[str], c: Ctx) -> Piece | None:
    off = _YEARS[m["rel"].rstrip("年")] if m["rel"] else 0
    y = c.now.year + off if m["rel"] else None
    return c.season(*m.span(), y, _SEASON[m["s"]])


def _decade(m: re.Match[str], c: Ctx) -> Piece | None:
    y = _num(m["y"])
    if y is None:
        return None
    if len(m["y"]) == 2:
        y += 1900 if y * 1 > (c.now.year % 100) else 2000
    y -= y % 10
    return c.window(*m.span(), datetime(y, 1, 1), datetime(y + 10, 1, 1), Grain.DECADE, Kind.INSTANT)


def _holiday(m: re.Match[str], c: Ctx) -> Piece | None:
    return upcoming(c, *m.span(), ZH_NAMES[m.group(0)])


def _every(m: re.Match[str], c: Ctx) -> Piece | None:
    u = m["u"]
    g = {
        "天": Grain.DAY,
        "日": Grain.DAY,
        "晚": Grain.DAY,
        "早": Grain.DAY,
        "周": Grain.WEEK,
        "星期": Grain.WEEK,
        "礼拜": Grain.WEEK,
        "月": Grain.MONTH,
        "年": Grain.YEAR,
        "小时": Grain.HOUR,
    }[u]
    p = Piece(*m.span(), "every", every=g)
    if u in ("晚", "早"):
        f = c.pod_piece(*m.span(), "night" if u == "晚" else "early_morning", 0)
        if f.hi is not None and f.hi <= c.now:
            f = c.pod_piece(*m.span(), f.pod or "night", 1)
        f.kind, f.mkind, f.ranged = "final", Kind.RECURRING, True
        return f
    return p


def _duration(m: re.Match[str], c: Ctx) -> Piece | None:
    amt, unit = _amount(m), _unit(m)
    if amt is None or unit is None or amt[0] <= 0:
        return None
    return c.window(*m.span(), c.now, _shifted(c, unit, amt[0]), unit, Kind.DURATION)


_U = (
    r"(?P<more0>多)?(?P<ge>个)?(?P<more1>多)?(?P<half>半)?"
    r"(?P<u>秒钟|秒|分钟|刻钟|小时|钟头|个钟|天|日|周|星期|礼拜|月|年)(?P<more>多)?"
)
_AMT = rf"(?P<n>十几|几十|一两|两三|三四|三五|{N}|半|几|数|若干)"
_HOLIDAYS = "|".join(sorted(ZH_NAMES, key=len, reverse=True))

_RULES: list[tuple[re.Pattern[str], Handler]] = [
    (
        re.compile(
            rf"(?P<y>\d{{4}}|\d{{2}}(?=年(?:\s*\d{{1,2}}月|(?![前后内多间里来代以之]|\d)))|[零〇一二三四五六七八九]{{2,4}})\s*年"
            rf"(?:\s*(?P<m>{N})\s*月份?(?:\s*(?P<d>{N})(?:\s*[日号]|(?![\d{ZH_DIGITS}年月]|\s*[个天点时分])))?"
            rf"|(?P<part>初|头|底|末|尾))?"
        ),
        _full_date,
    ),
    (re.compile(rf"(?P<m>{N})\s*月\s*(?P<d>{N})(?:\s*[日号])?(?![\d{ZH_DIGITS}年]|[个天])"), _month_day),
    (re.compile(rf"(?<![\d{ZH_DIGITS}])(?P<m>{N})\s*月份?(?![个\d])"), _month_day),
    (
        re.compile(
            rf"(?<![\d{ZH_DIGITS}]月)(?<![\d{ZH_DIGITS}])(?P<d>{N})\s*[号日]"
            r"(?![楼线房床位车口门码机厅室院子本期])"
        ),
        _day_only,
    ),
    (re.compile("|".join(sorted([*_DAYS, *_DAY_POD], key=len, reverse=True))), _rel_day),
    (
        re.compile(
            r"(?P<rel>上上|下下|上个|下个|这个|上一个|下一个|上一|下一|这一|上|下|这|本|今)?\s*(?:周|星期|礼拜|週)"
            r"(?P<d>[一二三四五六日天1-7]|末)?"
        ),
        _week,
    ),
    (
        re.compile(r"(?P<rel>上上|下下|上|下|这|本|当)个?月(?:的)?(?P<part>初|中旬|上旬|下旬|中|底|末|头|尾)?"),
        _month_rel,
    ),
    (
        re.compile(r"(?<![上下这本当岁年\d])月(?P<part>初|中旬|上旬|下旬|底|末|头|尾|中(?![国心午秋]))"),
        lambda m, c: c.month_part(*m.span(), c.period(*m.span(), Grain.MONTH, 0), _PART[m["part"]]),
    ),
    (
        re.compile(
            r"(?P<rel>大前|大后|去|今|明|前|后|本|上一|下一|当|这一|上|下)年(?:年)?(?:的)?(?P<part>初|中(?![秋午])|底|末|头|尾)?"
        ),
        _year_rel,
    ),
    (
        re.compile(r"(?<![\d年去今明前后本上下当])年(?P<part>初|底|末|中|头|尾)(?![国心午])"),
        lambda m, c: c.month_part(*m.span(), c.period(*m.span(), Grain.YEAR, 0), _PART[m["part"]]),
    ),
    (
        re.compile(
            rf"(?:再过|过了|再)?{_AMT}{_U}\s*"
            r"(?P<dir>以前|之前|前|以后|之后|过后|后|以内|之内|内)"
        ),
        _relative,
    ),
    (re.compile(rf"(?P<w>过去|未来|接下来|今后|最近|近|前|上|下|后)(?:的)?{_AMT}{_U}(?!前|后|以)"), _span),
    (re.compile(r"前几天|前两天|前些天|这两天|几天前|过几天|过两天|过些天|改天|再过几天"), _fuzzy_days),
    (
        re.compile(
            r"最近几天|过去几天|近几天|最近这几天|"
            r"现在|此刻|此时|目前|当前|眼下|当下|刚才|刚刚|方才|最近|近来|近期|近日|这几天|这些天|这阵子|"
            r"这段时间|不久前|前不久|前阵子|前段时间|"
            r"过一会儿|一会儿|待会儿|等会儿|稍后|马上|立刻"
        ),
        _recent,
    ),
    (
        re.compile(
            rf"(?P<h>{N})\s*(?:点|时)(?P<zhong>钟)?(?:\s*(?:(?P<half>半)|(?P<q>[一三])刻|(?P<mm>{N})\s*分?)"
            rf"(?:\s*(?P<ss>{N})\s*秒)?)?"
        ),
        _clock,
    ),
    (
        re.compile(
            "|".join(sorted(set(_POD) - {"一早", "晚", "早"}, key=lambda w: (-len(w), w)))
            + "|(?<=[天日一二三四五六号末])[晚早]|(?<=[天日])一早"
            + rf"|[晚早](?=\s*{N}\s*[点时:])"
        ),
        _pod,
    ),
    (re.compile(r"(?P<rel>今年|去年|明年|前年)?的?(?P<s>[春夏秋冬])(?:天|季)"), _season),
    (re.compile(r"(?P<rel>今|去|明)(?P<s>[春夏秋冬])(?![天季节])"), _season),
    (re.compile(r"(?P<y>\d{4}|\d{2}|[一二三四五六七八九]十|[零〇一二三四五六七八九]{2})\s*年代"), _decade),
    (re.compile(_HOLIDAYS), _holiday),
    (re.compile(r"每(?:个)?(?P<u>天|日|晚|早|星期|礼拜|月|年|小时|周(?![一二三四五六日天1-7末]))"), _every),
    (re.compile(rf"(?<![\d{ZH_DIGITS}]月)(?<![\d{ZH_DIGITS}]){_AMT}{_U}"), _duration),
    (re.compile(rf"(?P<m>{N})\s*月份?(?:的)?(?P<part>初|中旬|上旬|下旬|中|底|末|头|尾)"), _month_part),
    (re.compile(r"(?P<rel>今年|去年|明年|前年)?的?(?P<h>上|下)半年"), _half_year),
    (
        re.compile(
            r"(?:(?P<rel>今年|去年|明年)的?|(?P<y>\d{4})\s*年的?)?"
            r"(?:第(?P<n>[一二三四1-4])|(?P<r>这个|本|上个|下个|上|下))季度"
        ),
        _quarter,
    ),
    (
        re.compile(
            rf"(?P<mp>这个月|本月|当月|上个月|下个月|(?:(?P<y>\d{{4}})年)?(?P<m>{N})月)的?(?:(?P<first>第一天)|"
            rf"(?P<last>最后一天)|(?:第(?P<n>[一二三四五1-5])个|(?P<lastw>最后一个))(?:周|星期|礼拜)(?P<d>[一二三四五六日天]))"
        ),
        _nth_in_month,
    ),
    (re.compile(r"(?P<w>去年|明年|上个月|下个月)的?(?:今天|这个时候|此时)"), _same_day),
    (re.compile(rf"(?:从\s*)?(?<![\d{ZH_DIGITS}])(?P<a>{N})\s*[到至~-]\s*(?P<b>{N})\s*(?P<u>月|号|日)"), _bare_range),
    (
        re.compile(
            rf"差\s*(?P<a>{N})\s*分钟?\s*(?P<h>{N})\s*点|"
            rf"(?P<h2>{N})\s*点\s*差\s*(?P<a2>{N})\s*分钟?"
        ),
        _to_hour,
    ),
    (re.compile(rf"(?:再过|过)\s*{_AMT}{_U}(?![前后内])"), lambda m, c: _relative_after(m, c)),
]

_UNIT_CHARS = "秒分时钟天日周期拜月年"
_EXTRA_GATES = ["月", "半", "季", "月", "年月", "月号日", "差"]
# A rule runs only when the text holds one of its gate characters (most chat messages hold none).
_GATES = [
    "年",
    "月",
    "月",
    "号日",
    "今明后昨前当次翌第",
    "周星礼",
    "月",
    "月",
    "年",
    "年",
    "前后内",
    "去来下后近前上",
    "天",
    "现此目当眼刚方近阵段久会稍马立这过",
    "点时",
    "晨早午晚夜昏白",
    "春夏秋冬",
    "春夏秋冬",
    "代",
    "".join({name[-1] for name in ZH_NAMES}),
    "每",
    _UNIT_CHARS,
    *_EXTRA_GATES,
    "过",
]
RULES: list[tuple[re.Pattern[str], Handler, frozenset[str]]] = [
    (pattern, handler, frozenset(gate)) for (pattern, handler), gate in zip(_RULES, _GATES, strict=True)
]
