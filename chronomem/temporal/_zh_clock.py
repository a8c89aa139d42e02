"""Chinese clock times and parts of the day: 三点半, 差五分三点, 下午, 晚上."""

from __future__ import annotations

import re

from ._pieces import Ctx, Piece
from ._rules import Grammar
from ._zh_words import (
    POD,
    N,
    num,
)

__all__ = ["CLOCK"]

CLOCK = Grammar("zh.clock")


@CLOCK.rule(
    "zh.clock.dian",
    re.compile(
        rf"(?P<h>{N})\s*(?:点|时)(?P<zhong>钟)?(?:\s*(?:(?P<half>半)|(?P<q>[一三])刻|(?P<mm>{N})\s*分?)"
        rf"(?:\s*(?P<ss>{N})\s*秒)?)?"
    ),
    gate="点时",
    priority=760,
)
def _clock(m: re.Match[str], c: Ctx) -> Piece | None:
    h = num(m["h"])
    if h is None:
        return None
    mm: int | None = None
    if m["half"]:
        mm = 30
    elif m["q"]:
        mm = 15 if m["q"] == "一" else 45
    elif m["mm"]:
        mm = num(m["mm"])
    ss = num(m["ss"])
    if m["h"] == "一" and mm is None and not m["zhong"]:
        before = m.string[max(0, m.start() - 2) : m.start()]
        if not before or before[-1] not in "晨上午下晚夜天日号在到至点早":
            return None  # "一点" is usually "a little"
    return c.clock(*m.span(), h, mm, ss)


@CLOCK.rule(
    "zh.clock.part_of_day",
    re.compile(
        "|".join(sorted(set(POD) - {"一早", "晚", "早"}, key=lambda w: (-len(w), w)))
        + "|(?<=[天日一二三四五六号末])[晚早]|(?<=[天日])一早"
        + rf"|[晚早](?=\s*{N}\s*[点时:])"
    ),
    gate="晨早午晚夜昏白",
    priority=750,
)
def _pod(m: re.Match[str], c: Ctx) -> Piece | None:
    return c.pod_piece(*m.span(), POD[m.group(0)])


@CLOCK.rule(
    "zh.clock.cha",
    re.compile(
        rf"差\s*(?P<a>{N})\s*分钟?\s*(?P<h>{N})\s*点|"
        rf"(?P<h2>{N})\s*点\s*差\s*(?P<a2>{N})\s*分钟?"
    ),
    gate="差",
    priority=620,
)
def _to_hour(m: re.Match[str], c: Ctx) -> Piece | None:
    h, a = num(m["h"] or m["h2"]), num(m["a"] or m["a2"])
    if h is None or a is None or not 0 < a < 60:
        return None
    return c.clock(*m.span(), (h - 1) % 24, 60 - a)
