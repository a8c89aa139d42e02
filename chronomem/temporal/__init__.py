"""Temporal understanding: time expressions in Chinese and English, and reasoning over intervals.

>>> from datetime import datetime, timedelta, timezone
>>> from chronomem.temporal import parse
>>> ref = datetime(2024, 6, 12, 15, 0, tzinfo=timezone(timedelta(hours=8)))   # a Wednesday
>>> [(m.text, m.start_dt.isoformat(), m.grain.value) for m in parse("下周五下午三点开会", ref)]
[('下周五下午三点', '2024-06-21T07:00:00+00:00', 'hour')]

Conventions
-----------
Reference and zone
    Every expression is resolved against an explicit, aware ``reference`` (the message time) in the speaker's
    zone ``tz`` (IANA name or tzinfo; default: the reference's own UTC offset). The machine clock is never
    read.
    Results are half-open UTC intervals ``[start, end)``; ``None`` marks an open side.
Names (as in the core :class:`chronomem.Interval`)
    Instants are int UTC microseconds named plainly: ``Mention.start``, ``.end``, ``.uncertainty``,
    ``Interval.start``, ``TimeIntent.start``; the same instants as aware UTC datetimes end in ``_dt``
    (``start_dt``, ``end_dt``, ``uncertainty_dt``). ``Mention.shape`` (a :class:`Shape`) says how a mention
    spans time; it is not :class:`chronomem.Kind`, the kind of a fact.
Grains
    ``second, minute, hour, day, week, month, quarter, season, year, decade``; a part of the day ("下午",
    "tonight") has grain ``hour``. A resolved expression is the calendar cell of its grain: "昨天" is
    [yesterday 00:00, today 00:00) at grain day.
Shapes
    ``instant`` one cell at its grain ("yesterday", "3pm", "March"); ``interval`` an explicit stretch
    ("3-4pm", "从周一到周三", "this weekend", "tomorrow afternoon", "the last 3 days"); ``open_after`` /
    ``open_before`` ("since March", "从下周开始" / "until Friday", "周五之前"); ``duration`` ("for three
    hours": start = reference, end = start + length); ``recurring`` ("every Monday", "每天早上8点": the next
    occurrence); ``anchored`` (see Event anchors).
Weeks
    Weeks start on Monday. 上周三 / 下周三 / 这周三 are the Wednesday of the previous / next / current
    calendar week; a bare 周三 / 星期三 is the next Wednesday after today (as in Duckling), or the
    last one before today in a past-tense sentence (了 and no future marker). "last week", "next week" are
    calendar weeks; "this week", "coming week" the current one. A weekend is Friday 18:00 to Monday 00:00,
    grain hour (as in Duckling; "this coming weekend" is this week's).
English weekdays (as in Duckling)
    "Tuesday" and "next Tuesday" are the nearest Tuesday after today; "last Tuesday" the nearest before today;
    "this Tuesday" the nearest on or after today; "Tuesday of next week" / "Tuesday next week" the calendar
    week's; "Friday after next" is a week after "next Friday". In a past-tense English sentence ("I met
    her on Tuesday") a bare weekday is the nearest one before today.
Past or future for partial dates (as in Duckling)
    A month, a month and day, a day of the month or a season without a year ("in March", "3月5号", "the 15th",
    "十五号") is its next occurrence: the reference's year (and month) unless that cell is wholly before today,
    then the next year (month): "the 1st" said on Feb 12 is March 1st, "三月" said in June is next March. A
    past-tense sentence keeps the reference's year ("I moved here in March"). A weekday pins the year: "Fri,
    Jul 18" is the next year in which Jul 18 is a Friday, and pins the month of a day of the month: "Thu 15th" is
    the first 15th from today that is a Thursday. With last/next ("last March", "next March") the
    nearest such month before/after the current one. Named holidays without a year are the next occurrence
    (today included); "last Christmas", "last Chinese New Year" the previous one. Easter is computed; Good
    Friday and Easter Monday ("easter mon") are counted from it. "the ides of March" is the 15th (of March,
    May, July, October; else the 13th), "the nones" the 7th (5th), "the kalends" the 1st. "the third Tuesday
    after Christmas 2014", "2nd friday before Easter": the n-th such weekday strictly after (before) the date.
Relative offsets (as in Duckling's corpora, which differ by language)
    English "two weeks ago", "in 3 months", "in 7 days": the reference moved by the amount, truncated to one
    grain finer than the unit, which is the grain ("three months ago" is the day 2012-11-12 said on 2013-02-12,
    "two years ago" the month 2011-02, "in 7 days" the hour, "in 2 hours" the minute; a fractional amount two
    grains finer: "in 2.5 hours" is to the second; a fortnight is 14 days). Chinese "三天前", "三个月前",
    "一年后": the calendar cell of the unit holding the moved reference, grain the unit ("三个月前" said on
    2024-06-12 is the month 2024-03; "两周前" the week starting Monday; "半年前" one grain finer, months).
    "3 years from today" / "去年的今天" name a day (grain day). A date with no year before an offset ahead in
    years or months ("March in 1 year", "Christmas in 2 years", "the 15th in 2 months") is that date as said
    then: its next occurrence on or after the moved reference, at the date's grain.
    "the last 3 days" / "过去三天" / "前两天" are the 3 whole units before the current one (today excluded);
    "next 3 days" / "未来三天" / "后三天" the 3 after it; "within 2 weeks" / "两周内" is
    [reference, reference + 2 weeks), grain second.
Parts of the day (local wall clock)
    凌晨/"the early hours"/"the small hours" 00-06, morning/早上/早晨 04-12, early morning/"early in the morning"/
    清晨/一早 04-09, 上午 08-12, 中午/noon/lunch 12-14, 下午/afternoon 12-18, 傍晚/dusk 17-19, 晚上/evening/tonight
    18-24, 半夜/深夜 22-02, "last night" 18:00 yesterday to 06:00 today; meals: breakfast 07-09, lunch 12-14,
    dinner 18-21; school 08-15 and work 09-17, only after "after"/"before" ("after school" is open after 15:00,
    as "after lunch" after 14:00; "at work" is a place).
Clock times
    A 12-hour reading takes am/pm from the text ("3pm", "下午三点", "晚上八点"; 晚上十二点 is midnight). A clock
    time with no day and no part of the day is its next occurrence whose hour has not ended (as in Duckling):
    with no am/pm, the first of today's am and pm readings, so "三点" said at 15:00 is 15:00, "八点" 20:00,
    "3:30" said at 04:30 is 15:30; "at 3am" said at 04:30 is tomorrow's; once both are gone, tomorrow's
    daytime reading. A clock range with no day is today's, or tomorrow's once it is over. On a named day
    ("明天三点", "tomorrow at 5") an hour with no hint is read as daytime: 1-6 afternoon, 7-12 morning/noon.
    Written with a leading zero ("08:30") or past 12 it is a 24-hour time, as is the "h" notation ("15h00",
    "9h30", "16h"; a bare "9h" only after a clock cue, "at 9h", "9h30 - 11h", since "2h" is two hours). In a
    past-tense sentence a clock time stays on the reference day. Spoken clocks are read with am/pm, "oh" or a
    cue ("seven thirty p.m.", "twelve oh three", "at three twenty"), and bare on the quarter and half hours
    ("ten thirty", "eleven fifteen"); a bare "three twenty" is a pair of numbers. A one-letter "p" is pm
    ("7p"); "a" needs a clock cue ("at 7a", "from 9a to 11a": "4a" is a paper size). A clock on a named day or
    offset: "9 tomorrow", "in 7 days at 5pm" (the day the offset lands on), "at 7 in 3 years"; an amount from
    a clock: "15 minutes past 3pm", "15 minutes from 1pm" (to the finer grain); a clock for a length: "4pm for
    30 mins", "18th Dec for 10 days", "for 30' starting from 4pm" is the stretch from it, grain the length's
    unit. Two bare hours after "from"/"(in) between" are a clock range read as daytime ("from 10 to 12
    tomorrow", "between 2 and 4 on friday", "from 3 to 4 in the PM"; "tomorrow in between 1-2:30 ish" is
    13:00-14:30 with the vagueness of "ish", ±30 minutes).
Time zones
    A zone named after a clock time wins over the speaker's ("4pm CET", "Thursday 8:00 PST", "9:30 - 11:00 CST"
    for both ends, "15:00 UTC+2"): the time is read on that zone's wall clock, with fixed offsets (CST is US
    Central, IST India, BST British Summer Time, as in Duckling), and has grain minute at most. A zone after
    no time is not a mention.
Vague phrases
    "几天前"/"前几天"/"a few days ago" resolve to 3 days back (两天 "a couple": 2) with an ``uncertainty``
    range (2-9 units back); "最近"/"recently" is the last 7 days with uncertainty of 30 days; "around 3pm"/
    "三点左右" keeps 15:00 with ±30 minutes; "early/mid/late March" and 月初/月中/月底 (月头/月尾) are the days
    1-10, 11-20 and 21-end; 年初/年中/年底 (年头/年尾) months 1-3, 5-8, 9-12.
Edges of periods
    "beginning / middle / end of" a week are Monday-Wednesday, Wednesday-Thursday, Friday-Sunday; of a month and a
    year as "early/mid/late" above; the end of a day ("EOD", "end of the day", "close of business") is 17:00 to
    midnight, a part of the day that a named day takes ("EOD tomorrow"); "EOM", "BOY", "EOW", "EOQ" the same edges
    of the current period (BOM, BOY only upper-case: "boy" is a word). "by the end of next month", "by EOD", "by
    close of business" run from the reference to the end of that period (grain second); "by 2pm", "by Friday" stay
    open before the time, as "until". "rest of the week/month/year" is [today, end of the period), grain day ("rest
    of the day": from this hour); "all week", "the whole month" the current period as a stretch of its days.
    Ordinals from the end: "fifth last day of May", "third last week of 2018", "second to last Friday of June" (the
    weeks of a month or year are those starting in it; the last one also ends in it). "the closest Monday to Oct
    5th", "the second closest xmas to today": the n-th nearest such day (ties: the earlier). "the day after the
    15th", "the week before Christmas": one unit from the date.
Counted weekdays
    "3 fridays from now" is the third Friday after today, "2 thursdays back / ago" the second before today.
Numeric dates
    Month first: "2/15", "2-15", "2 / 15", "10-31-74"; a dash between two numbers with no year is a date only
    when the second is past 12 ("3-5" is a range or a score). "31-Oct-74", "31/Oct/1974", "14th April 15": a
    two-digit year is 1951-2050. "2018Q4" and "18q4" are quarters.
Loose words
    "now", "at the moment", "at present", "at this time" are the reference (grain second; Duckling: "at this
    time" is today). "ASAP" / "as soon as possible" is open after the reference (grain second); "tomorrow
    afternoonish" is tomorrow afternoon; "mid day" noon. Lower-case "sun", "sat", "mon" are English words; they
    are weekdays when they are the whole message ("sat", "mon.") or follow a day cue and end the phrase ("on
    sat", "next sun").
Event anchors
    A time tied to an event the text names but does not date ("since I caught a cold", "two days after the
    wedding", "the day before my trip", "until the baby arrives", "自从搬家以后", "结婚前", "毕业两年后",
    "搬家前一天") is an ``anchored`` mention: start and end ``None``, grain the offset's unit (else day), and
    :attr:`Mention.anchor` an :class:`Anchor` with the event's words and span, the relation (``since``,
    ``after``, ``before``, ``until``) and the offset (``amount``, ``unit``). Nothing is resolved: ingestion
    binds the event. A time expression is never hidden behind an anchor ("after lunch", "since March",
    "三天后", "很久以前" stay what they were); a time inside the event words ends them ("since I caught a cold
    last week": the anchor and "last week"). :func:`query_intent` ignores unbound anchors.
Seasons
    Meteorological, northern hemisphere: spring Mar-May, summer Jun-Aug, autumn Sep-Nov, winter Dec-Feb
    (a winter belongs to the year of its December); Duckling's astronomical seasons are not followed.
    "this / next / last season" are the current, next and previous of these.
Chinese festivals
    春节, 元宵, 清明, 端午, 中秋, 重阳 from the ``holidays`` package's lunisolar tables; 七夕 (7th day of the 7th
    lunar month) from the 8th month's start and computed new moons and 处暑 (leap 7th months included).
Reference corpora
    ``tests/temporal/_duckling_en.py`` / ``_duckling_zh.py`` restate Duckling's and rustling's public examples;
    ``tests/temporal/test_reference_corpora.py`` lists where we differ on purpose and why.
Text
    Simplified and Traditional Chinese (mapped character for character, so spans index the original text),
    Chinese numerals (三个月前, 十五号, 两点半, 二零二四年), full-width digits.
Rules
    Each grammar rule is a named record (:class:`~chronomem.temporal._rules.Rule`: name, pattern, gate,
    priority, production) registered by a decorator, one grammar per language and dimension (``_en_clock``,
    ``_en_dates``, ``_en_relative``, ``_en_periods``, ``_en_edges``, ``_en_zones``, ``_zh_dates``, ``_zh_clock``,
    ``_zh_relative``, and
    ``_numeric`` for the formats both languages share); on equal length the higher priority wins. Neighbouring
    pieces are joined by named combination rules over typed pieces (``_joins``: day+clock, day+part_of_day,
    year+date, the two ends of a range, ...), tried in priority order.

Interval reasoning: :func:`relation` (Allen's 13 relations, over any :class:`Span`, the core
:class:`chronomem.Interval` included), :func:`possible_relations` (for vague intervals),
:func:`conflicts`, :func:`timeline`, :func:`gap`, :func:`causal_candidates`.
Query intent: :func:`query_intent`.
"""

from __future__ import annotations

from ._allen import (
    Relation,
    Span,
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
from ._parse import parse
from ._values import Anchor, Grain, Interval, Mention, Shape

__all__ = [
    "Anchor",
    "Grain",
    "Interval",
    "Mention",
    "Relation",
    "Shape",
    "Span",
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
