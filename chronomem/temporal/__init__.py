"""Temporal understanding: time expressions in Chinese and English, and reasoning over intervals.

>>> from datetime import datetime, timedelta, timezone
>>> from chronomem.temporal import parse
>>> ref = datetime(2024, 6, 12, 15, 0, tzinfo=timezone(timedelta(hours=8)))   # a Wednesday
>>> [(m.text, m.start.isoformat(), m.grain.value) for m in parse("下周五下午三点开会", ref)]
[('下周五下午三点', '2024-06-21T07:00:00+00:00', 'hour')]

Conventions
-----------
Reference and zone
    Every expression is resolved against an explicit, aware ``reference`` (the message time) in the speaker's
    zone ``tz`` (IANA name or tzinfo; default: the reference's own UTC offset). The machine clock is never
    read.
    Results are half-open UTC intervals ``[start, end)``; ``None`` marks an open side.
Grains
    ``second, minute, hour, day, week, month, quarter, season, year, decade``; a part of the day ("下午",
    "tonight") has grain ``hour``. A resolved expression is the calendar cell of its grain: "昨天" is
    [yesterday 00:00, today 00:00) at grain day.
Kinds
    ``instant`` one cell at its grain ("yesterday", "3pm", "March"); ``interval`` an explicit stretch
    ("3-4pm", "从周一到周三", "this weekend", "tomorrow afternoon", "the last 3 days"); ``open_after`` /
    ``open_before`` ("since March", "从下周开始" / "until Friday", "周五之前"); ``duration`` ("for three
    hours": start = reference, end = start + length); ``recurring`` ("every Monday", "每天早上8点": the next
    occurrence).
Weeks
    Weeks start on Monday. 上周三 / 下周三 / 这周三 are the Wednesday of the previous / next / current
    calendar week; a bare 周三 is this week's Wednesday. "last week", "next week" are calendar weeks; a
    weekend is Saturday 00:00 to Monday 00:00 ("this coming weekend" is this week's).
English weekdays (as in Duckling)
    "Tuesday" and "next Tuesday" are the nearest Tuesday after today; "last Tuesday" the nearest before today;
    "this Tuesday" the nearest on or after today; "Tuesday of next week" / "Tuesday next week" the calendar
    week's; "Friday after next" is a week after "next Friday". In a past-tense English sentence ("I met
    her on Tuesday") a bare weekday is the nearest one before today.
Past or future for partial dates
    A month, a month and day, or a day of the month without a year ("in March", "3月5号", "the 15th",
    "十五号")
    is taken in the reference's year (and month): a calendar reading, not "nearest future". With
    last/next ("last March", "next March") the nearest such month before/after the current one. Named holidays
    without a year are the next occurrence (today included); "last Christmas" the previous one.
Relative offsets
    "三天前", "two weeks ago", "in 3 months", "一年后": the start is the reference moved by the amount (at
    midnight for units of a day or more, to the minute for hours, to the second below); the grain is the
    unit ("三个月前": 2024-03-12, grain month; a fractional amount takes the next finer grain: "半年前" is
    months) and the interval is one grain long. "3 years from today" / "去年的今天" name a day (grain day).
    "the last 3 days" / "过去三天" are the 3 whole units before the current one (today excluded);
    "next 3 days" / "未来三天" the 3 after it; "within 2 weeks" / "两周内" is
    [reference, reference + 2 weeks).
Parts of the day (local wall clock)
    凌晨 00-06, 早上/早晨/清晨/morning (early) 06-09, morning 06-12, 上午 08-12, 中午/noon/lunch 12-14,
    下午/afternoon 12-18, 傍晚/dusk 17-19, 晚上/evening/tonight 18-24, 半夜/深夜 22-02, "last night" 18:00
    yesterday to 06:00 today; meals: breakfast 07-09, lunch 12-14, dinner 18-21.
Clock times
    A 12-hour reading takes am/pm from the text ("3pm", "下午三点", "晚上八点"; 晚上十二点 is midnight); an
    hour with no hint is read as daytime: 1-6 afternoon, 7-12 morning/noon ("三点" is 15:00, "八点" 08:00).
    Written with a leading zero ("08:30") or past 12 it is a 24-hour time. A clock time with no day is on the
    reference day.
Vague phrases
    "几天前"/"前几天"/"a few days ago" resolve to 3 days back (两天 "a couple": 2) with an ``uncertainty``
    range (2-9 units back); "最近"/"recently" is the last 7 days with uncertainty of 30 days; "around 3pm"/
    "三点左右" keeps 15:00 with ±30 minutes; "early/mid/late March" and 月初/月中/月底 are the days 1-10,
    11-20 and 21-end; 年初/年中/年底 months 1-3, 5-8, 10-12.
Seasons
    Meteorological, northern hemisphere: spring Mar-May, summer Jun-Aug, autumn Sep-Nov, winter Dec-Feb
    (a winter belongs to the year of its December).
Text
    Simplified and Traditional Chinese (mapped character for character, so spans index the original text),
    Chinese numerals (三个月前, 十五号, 两点半, 二零二四年), full-width digits.

Interval reasoning: :func:`relation` (Allen's 13 relations), :func:`possible_relations` (for vague intervals),
:func:`conflicts`, :func:`timeline`, :func:`gap`, :func:`causal_candidates`.
Query intent: :func:`query_intent`.
"""

from __future__ import annotations

from ._allen import (
    Relation,
    causal_candidates,
    conflicts,
    converse,
    gap,
    overlaps,
    possible_relations,
    relation,
    timeline,
)
from ._intent import TimeIntent, query_intent
from ._model import Grain, Interval, Kind, Mention
from ._parse import parse

__all__ = [
    "Grain",
    "Interval",
    "Kind",
    "Mention",
    "Relation",
    "TimeIntent",
    "causal_candidates",
    "conflicts",
    "converse",
    "gap",
    "overlaps",
    "parse",
    "possible_relations",
    "query_intent",
    "relation",
    "timeline",
]
