"""Chinese offsets, spans, vague phrases, durations and recurrences: 三天前, 过去三天, 前几天, 最近, 三个小时,
每天."""

from __future__ import annotations

import re
from datetime import datetime, timedelta

from ._calendar import shift
from ._numerals import ZH_DIGITS
from ._pieces import Ctx, Piece
from ._rules import Grammar
from ._values import Grain, Shape
from ._zh_words import (
    AMT,
    UNIT,
    amount,
    unit_grain,
)

__all__ = ["RELATIVE"]

RELATIVE = Grammar("zh.relative")
_UNIT_CHARS = "秒分时钟天日周期拜月年"


def _shifted(c: Ctx, unit: Grain, n: float) -> datetime:
    return shift(c.now, unit, n)


@RELATIVE.rule(
    "zh.relative.offset",
    re.compile(
        rf"(?:再过|过了|再)?{AMT}{UNIT}\s*"
        r"(?P<dir>以前|之前|前|以后|之后|过后|后|以内|之内|内)"
    ),
    gate="前后内",
    priority=800,
)
def _relative(m: re.Match[str], c: Ctx) -> Piece | None:
    amt, unit = amount(m), unit_grain(m)
    if amt is None or unit is None:
        return None
    n, vague = amt
    d = m["dir"]
    if d in ("内", "以内", "之内"):
        return c.window(*m.span(), c.now, _shifted(c, unit, n), Grain.SECOND, Shape.INTERVAL)
    sign = -1 if "前" in d else 1
    return c.relative(*m.span(), n, unit, sign, vague)


@RELATIVE.rule(
    "zh.relative.span",
    re.compile(rf"(?P<w>过去|未来|接下来|今后|最近|近|前|上|下|后)(?:的)?{AMT}{UNIT}(?!前|后|以)"),
    gate="去来下后近前上",
    priority=790,
)
def _span(m: re.Match[str], c: Ctx) -> Piece | None:
    amt, unit = amount(m), Grain.MONTH if m["u"] == "月" else unit_grain(m)  # "前两月" is "前两个月"
    if amt is None or unit is None or amt[0] != int(amt[0]) or amt[0] < 1 or amt[1]:
        return None
    sign = -1 if m["w"] in ("过去", "前", "上", "最近", "近", "这") else 1
    return c.span_back(*m.span(), int(amt[0]), unit, sign)


@RELATIVE.rule(
    "zh.relative.few_days",
    re.compile(r"前几天|前两天|前些天|这两天|几天前|过几天|过两天|过些天|改天|再过几天"),
    gate="天",
    priority=780,
)
def _fuzzy_days(m: re.Match[str], c: Ctx) -> Piece | None:
    w = m.group(0)
    n = 2 if "两" in w else 3
    sign = 1 if w[0] in "过改再" else -1
    return c.relative(*m.span(), n, Grain.DAY, sign, vague=True)


@RELATIVE.rule(
    "zh.relative.vague",
    re.compile(
        r"最近几天|过去几天|近几天|最近这几天|"
        r"现在|此刻|此时|目前|当前|眼下|当下|刚才|刚刚|方才|最近|近来|近期|近日|这几天|这些天|这阵子|"
        r"这段时间|不久前|前不久|前阵子|前段时间|"
        r"过一会儿|一会儿|待会儿|等会儿|稍后|马上|立刻"
    ),
    gate="现此目当眼刚方近阵段久会稍马立这过",
    priority=770,
)
def _recent(m: re.Match[str], c: Ctx) -> Piece | None:
    w = m.group(0)
    if w in ("现在", "此刻", "此时", "目前", "当前", "眼下", "刚才", "刚刚", "方才", "当下"):
        lo = c.now.replace(microsecond=0)
        unc = (lo - timedelta(hours=1), lo) if w in ("刚才", "刚刚", "方才") else None
        return c.window(*m.span(), lo, lo + timedelta(seconds=1), Grain.SECOND, Shape.INSTANT, unc)
    if w in ("一会儿", "待会儿", "等会儿", "过一会儿", "稍后", "回头", "马上", "立刻", "一会"):
        lo = c.now.replace(microsecond=0, second=0)
        return c.window(
            *m.span(), lo, lo + timedelta(minutes=1), Grain.MINUTE, Shape.INSTANT, (lo, lo + timedelta(hours=1))
        )
    if w in ("不久前", "前不久", "前阵子", "前段时间", "之前不久"):
        return c.relative(*m.span(), 14, Grain.DAY, -1, vague=True)
    lo = c.today - timedelta(days=7)
    return c.window(*m.span(), lo, c.now, Grain.DAY, Shape.INTERVAL, (c.today - timedelta(days=30), c.now))


@RELATIVE.rule(
    "zh.relative.every",
    re.compile(r"每(?:个)?(?P<u>天|日|晚|早|星期|礼拜|月|年|小时|周(?![一二三四五六日天1-7末]))"),
    gate="每",
    priority=700,
)
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
        f.kind, f.shape, f.ranged = "final", Shape.RECURRING, True
        return f
    return p


@RELATIVE.rule(
    "zh.relative.duration",
    re.compile(rf"(?<![\d{ZH_DIGITS}]月)(?<![\d{ZH_DIGITS}]){AMT}{UNIT}"),
    gate=_UNIT_CHARS,
    priority=690,
)
def _duration(m: re.Match[str], c: Ctx) -> Piece | None:
    amt, unit = amount(m), unit_grain(m)
    if amt is None or unit is None or amt[0] <= 0:
        return None
    return c.window(*m.span(), c.now, _shifted(c, unit, amt[0]), unit, Shape.DURATION)


@RELATIVE.rule(
    "zh.relative.after",
    re.compile(rf"(?:再过|过)\s*{AMT}{UNIT}(?![前后内])"),
    gate="过",
    priority=610,
)
def _relative_after(m: re.Match[str], c: Ctx) -> Piece | None:
    amt, unit = amount(m), unit_grain(m)
    if amt is None or unit is None:
        return None
    return c.relative(*m.span(), amt[0], unit, 1, amt[1])
