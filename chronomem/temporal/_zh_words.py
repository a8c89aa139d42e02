"""Chinese vocabulary: the normalising map, numerals and amounts, and the word tables the Chinese rules share.

Text arrives normalised (Traditional -> Simplified for the characters that matter, full-width digits
-> ASCII), one character for one, so spans still index the original text.
"""

from __future__ import annotations

import re

from ._numerals import ZH_DIGITS, zh_number
from ._values import Grain

__all__ = [
    "AMT",
    "DAYS",
    "DAY_POD",
    "PART",
    "POD",
    "REL",
    "SEASON",
    "UNIT",
    "UNITS",
    "WD",
    "YEARS",
    "N",
    "amount",
    "normalise",
    "num",
    "unit_grain",
    "year_number",
]

_TRAD = "當週個點號後鐘時禮兩這從開來於幾間頭現聖誕勞動國慶兒婦陽曆農節臘學級將剛約數萬億歲離遲臺嗎過還單閏氣專進們"
_SIMP = "当周个点号后钟时礼两这从开来于几间头现圣诞劳动国庆儿妇阳历农节腊学级将刚约数万亿岁离迟台吗过还单闰气专进们"
_FULL = "０１２３４５６７８９：／－．～"
_HALF = "0123456789:/-.~"
_MAP = str.maketrans(_TRAD + _FULL, _SIMP + _HALF)


def normalise(text: str) -> str:
    """Traditional characters used in time phrases -> Simplified; full-width digits -> ASCII (length kept)."""
    return text.translate(_MAP)


N = rf"(?:\d{{1,4}}|[{ZH_DIGITS}]{{1,5}})"
WD = {
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
REL = {"上上": -2, "上": -1, "下下": 2, "下": 1, "这": 0, "本": 0, "今": 0, "当": 0, "": 0}
UNITS = {
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
POD = {
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
DAYS = {
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
DAY_POD = {
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
YEARS = {
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
PART = {
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
SEASON = {"春": 0, "夏": 1, "秋": 2, "冬": 3}


def num(text: str | None) -> int | None:
    """A number written in Chinese or Arabic numerals ("十五", "15"), else ``None``."""
    return None if text is None else zh_number(text)


def year_number(text: str) -> int | None:
    """A year; two digits are 2000-2050 or 1951-1999 ("24年" is 2024)."""
    y = num(text)
    if y is None:
        return None
    if len(text) == 2:
        y += 2000 if y <= 50 else 1900
    return y


def amount(m: re.Match[str]) -> tuple[float, bool] | None:
    """The amount of an :data:`AMT` + :data:`UNIT` match and whether it is vague ("几天", "三个多月")."""
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
        n = num(raw)
    if n is None or n > 500:
        return None
    if m.groupdict().get("half"):
        n += 0.5
    if m.groupdict().get("u") == "刻钟":
        n *= 15
    return n, vague


def unit_grain(m: re.Match[str]) -> Grain | None:
    """The unit of a :data:`UNIT` match, or ``None`` when it is not one ("三月前" names a month)."""
    u = m["u"]
    if u == "刻钟":
        return Grain.MINUTE
    if u == "月" and not m["ge"]:
        return None  # "三月前" is "before March", not "three months ago"
    return UNITS[u]


#: Regex fragments of offsets and durations: a unit (with 个, 多, 半 around it) and an amount.
UNIT = (
    r"(?P<more0>多)?(?P<ge>个)?(?P<more1>多)?(?P<half>半)?"
    r"(?P<u>秒钟|秒|分钟|刻钟|小时|钟头|个钟|天|日|周|星期|礼拜|月|年)(?P<more>多)?"
)
AMT = rf"(?P<n>十几|几十|一两|两三|三四|三五|{N}|半|几|数|若干)"
