"""English expressions against the reference Wed 2024-06-12 15:00 +08:00 (conventions: chronomem.temporal)."""

from __future__ import annotations

import pytest

from chronomem.temporal import parse

from ._table import REF, Case, check, load, local, only

DAYS = load("""
today | 2024-06-12 | day | instant
tomorrow | 2024-06-13 | day
yesterday | 2024-06-11 | day
the day before yesterday | 2024-06-10 | day
the day after tomorrow | 2024-06-14 | day
day after tomorrow | 2024-06-14 | day
tonight | 2024-06-12 18:00 | hour | interval
this morning | 2024-06-12 04:00 | hour
this afternoon | 2024-06-12 12:00 | hour
this evening | 2024-06-12 18:00 | hour
last night | 2024-06-11 18:00 | hour
tomorrow morning | 2024-06-13 04:00 | hour
tomorrow afternoon | 2024-06-13 12:00 | hour
tomorrow evening | 2024-06-13 18:00 | hour
tomorrow night | 2024-06-13 18:00 | hour
yesterday morning | 2024-06-11 04:00 | hour
yesterday afternoon | 2024-06-11 12:00 | hour
in the afternoon | 2024-06-12 12:00 | hour
in the morning | 2024-06-12 04:00 | hour
now | 15:00 | second
right now | 15:00 | second
""")

WEEKDAYS = load("""
monday | 2024-06-17 | day
Tuesday | 2024-06-18 | day
wednesday | 2024-06-19 | day
thursday | 2024-06-13 | day
Friday | 2024-06-14 | day
saturday | 2024-06-15 | day
sunday | 2024-06-16 | day
on Friday | 2024-06-14 | day
Fri | 2024-06-14 | day
last monday | 2024-06-10 | day
last Tuesday | 2024-06-11 | day
last wednesday | 2024-06-05 | day
last friday | 2024-06-07 | day
last sunday | 2024-06-09 | day
next monday | 2024-06-17 | day
next tuesday | 2024-06-18 | day
next wednesday | 2024-06-19 | day
next thursday | 2024-06-13 | day
next friday | 2024-06-14 | day
this friday | 2024-06-14 | day
this monday | 2024-06-17 | day
this wednesday | 2024-06-12 | day
friday of next week | 2024-06-21 | day
wednesday next week | 2024-06-19 | day
monday of this week | 2024-06-10 | day
monday of last week | 2024-06-03 | day
friday after next | 2024-06-21 | day
Friday, June 14 | 2024-06-14 | day
monday morning | 2024-06-17 04:00 | hour
friday night | 2024-06-14 18:00 | hour
this weekend | 2024-06-14 18:00 | hour | interval
the weekend | 2024-06-14 18:00 | hour
last weekend | 2024-06-07 18:00 | hour
this past weekend | 2024-06-07 18:00 | hour
next weekend | 2024-06-21 18:00 | hour
this week | 2024-06-10 | week
last week | 2024-06-03 | week
next week | 2024-06-17 | week
the week after next | 2024-06-24 | week
the following week | 2024-06-17 | week
past week | 2024-06-03 | week
""")

PERIODS = load("""
this month | 2024-06-01 | month
last month | 2024-05-01 | month
next month | 2024-07-01 | month
the month after next | 2024-08-01 | month
this year | 2024-01-01 | year
last year | 2023-01-01 | year
next year | 2025-01-01 | year
the year before last | 2022-01-01 | year
this quarter | 2024-04-01 | quarter
next quarter | 2024-07-01 | quarter
last quarter | 2024-01-01 | quarter
Q3 | 2024-07-01 | quarter
Q1 2023 | 2023-01-01 | quarter
the third quarter | 2024-07-01 | quarter
4th quarter 2018 | 2018-10-01 | quarter
this summer | 2024-06-01 | season
last summer | 2023-06-01 | season
next summer | 2025-06-01 | season
this winter | 2024-12-01 | season
last winter | 2023-12-01 | season
next spring | 2025-03-01 | season
in the fall | 2024-09-01 | season
summer 2023 | 2023-06-01 | season
in winter | 2024-12-01 | season
in 2019 | 2019-01-01 | year
1954 | 1954-01-01 | year
the 90s | 1990-01-01 | decade
the 1990s | 1990-01-01 | decade
the nineties | 1990-01-01 | decade
the 2010s | 2010-01-01 | decade
this decade | 2020-01-01 | decade
""")

RELATIVE = load("""
3 days ago | 2024-06-09 15:00 | hour | instant
three days ago | 2024-06-09 15:00 | hour
a week ago | 2024-06-05 | day
one week ago | 2024-06-05 | day
two weeks ago | 2024-05-29 | day
a fortnight ago | 2024-05-29 15:00 | hour
a month ago | 2024-05-12 | day
3 months ago | 2024-03-12 | day
a year ago | 2023-06-01 | month
two years ago | 2022-06-01 | month
ten years ago | 2014-06-01 | month
5 minutes ago | 2024-06-12 14:55 | second
an hour ago | 2024-06-12 14:00 | minute
2 hours ago | 2024-06-12 13:00 | minute
30 seconds ago | 14:59 | second
in 5 minutes | 2024-06-12 15:05 | second
in an hour | 2024-06-12 16:00 | minute
in 2 hours | 2024-06-12 17:00 | minute
in 3 days | 2024-06-15 15:00 | hour
in a week | 2024-06-19 | day
in two weeks | 2024-06-26 | day
in a month | 2024-07-12 | day
in 6 months | 2024-12-12 | day
in a year | 2025-06-01 | month
3 days later | 2024-06-15 15:00 | hour
2 weeks from now | 2024-06-26 | day
3 years from today | 2027-06-12 | day
a few days ago | 2024-06-09 15:00 | hour
a couple of days ago | 2024-06-10 15:00 | hour
several weeks ago | 2024-05-22 | day
half an hour ago | 2024-06-12 14:30 | second
in half an hour | 2024-06-12 15:30 | second
in 2.5 hours | 2024-06-12 17:30 | second
last 2 days | 2024-06-10 | day | interval
past 3 weeks | 2024-05-20 | week | interval
next 3 days | 2024-06-13 | day | interval
next 2 weeks | 2024-06-17 | week | interval
last 3 months | 2024-03-01 | month | interval
the past two years | 2022-01-01 | year | interval
within 2 weeks | 2024-06-12 15:00 | second | interval
""")

ABSOLUTE = load("""
March | 2025-03-01 | month
in March | 2025-03-01 | month
in May | 2025-05-01 | month
last March | 2024-03-01 | month
next March | 2025-03-01 | month
in December | 2024-12-01 | month
January 2023 | 2023-01-01 | month
March 2025 | 2025-03-01 | month
Oct 2014 | 2014-10-01 | month
March 3 | 2025-03-03 | day
March 3rd | 2025-03-03 | day
3 March | 2025-03-03 | day
the 3rd of March | 2025-03-03 | day
March 3, 2015 | 2015-03-03 | day
March 3rd, 2015 | 2015-03-03 | day
Mar 3 | 2025-03-03 | day
Dec 25 | 2024-12-25 | day
December 25th, 2023 | 2023-12-25 | day
25 December 2023 | 2023-12-25 | day
June 1st | 2025-06-01 | day
the first of July | 2024-07-01 | day
July fourth | 2024-07-04 | day
on the 15th | 2024-06-15 | day
the 20th | 2024-06-20 | day
2024-03-05 | 2024-03-05 | day
3/5/2024 | 2024-03-05 | day
12/25 | 2024-12-25 | day
6/1/24 | 2024-06-01 | day
2024-06-12T09:00:00Z | 2024-06-12 17:00 | second
2024-06-12 18:30 | 2024-06-12 18:30 | minute
""")

CLOCK = load("""
at 3pm | 15:00 | hour | instant
3pm | 15:00 | hour
3 pm | 15:00 | hour
3PM | 15:00 | hour
3:30pm | 15:30 | minute
3:30 p.m. | 15:30 | minute
10am | 2024-06-13 10:00 | hour
10:30 am | 2024-06-13 10:30 | minute
at 10:30 | 2024-06-12 22:30 | minute
15:00 | 15:00 | minute
08:30 | 2024-06-13 08:30 | minute
15:23:24 | 15:23 | second
noon | 2024-06-13 12:00 | hour
at noon | 2024-06-13 12:00 | hour
midnight | 2024-06-13 00:00 | hour
half past three | 15:30 | minute
quarter past 10 | 2024-06-12 22:15 | minute
a quarter to 5 | 16:45 | minute
at 3 o'clock | 15:00 | hour
8 tonight | 20:00 | hour
at 8 in the evening | 20:00 | hour
tomorrow at 5pm | 2024-06-13 17:00 | hour
at 5pm tomorrow | 2024-06-13 17:00 | hour
5pm tomorrow | 2024-06-13 17:00 | hour
tomorrow at 9 | 2024-06-13 09:00 | hour
friday at 3pm | 2024-06-14 15:00 | hour
on Friday at 10:30am | 2024-06-14 10:30 | minute
next monday at 9am | 2024-06-17 09:00 | hour
tonight at 8 | 20:00 | hour
this morning at 9 | 09:00 | hour
yesterday at 4pm | 2024-06-11 16:00 | hour
March 3 at 10am | 2024-03-03 10:00 | hour
tomorrow afternoon at 5 | 2024-06-13 17:00 | hour
at 7:30 PM on Fri, Sep 20 | 2024-09-20 19:30 | minute
""")

RANGES = load("""
3-4pm | 15:00 | hour | interval
from 3 to 5pm | 15:00 | hour | interval
9am-5pm | 09:00 | hour | interval
tomorrow 3-4pm | 2024-06-13 15:00 | hour | interval
between 2pm and 4pm | 2024-06-12 14:00 | hour | interval
from 9:30 to 11:00 | 2024-06-13 09:30 | minute | interval
from Monday to Wednesday | 2024-06-17 | day | interval
from May to July | 2024-05-01 | month | interval
July 13-15 | 2024-07-13 | day | interval
from 13 to 15 July | 2024-07-13 | day | interval
from June 1 to June 5 | 2024-06-01 | day | interval
until Friday | - | day | open_before
before Friday | - | day | open_before
by 2pm | - | hour | open_before
after Friday | 2024-06-15 | day | open_after
after 2pm | 2024-06-13 14:00 | hour | open_after
since March | 2024-03-01 | month | open_after
since last week | 2024-06-03 | week | open_after
since yesterday | 2024-06-11 | day | open_after
since 2020 | 2020-01-01 | year | open_after
from next week on | 2024-06-17 | week | open_after
starting next month | 2024-07-01 | month | open_after
""")

VAGUE = load("""
recently | 2024-06-05 | day | interval
lately | 2024-06-05 | day
the other day | 2024-06-09 | day
a while ago | 2024-05-29 | day
early March | 2024-03-01 | day | interval
mid-March | 2024-03-11 | day
late March | 2024-03-21 | day
the end of the month | 2024-06-21 | day
the beginning of next month | 2024-07-01 | day
end of the year | 2024-09-01 | month
early next week | 2024-06-17 | day
around 3pm | 15:00 | hour
about two weeks ago | 2024-05-29 | day
""")

HOLIDAYS = load("""
christmas | 2024-12-25 | day
Christmas Eve | 2024-12-24 | day
thanksgiving | 2024-11-28 | day
last christmas | 2023-12-25 | day
new year's eve | 2024-12-31 | day
New Year's Day | 2025-01-01 | day
halloween | 2024-10-31 | day
independence day | 2024-07-04 | day
labor day | 2024-09-02 | day
memorial day | 2025-05-26 | day
easter | 2025-04-20 | day
mother's day 2024 | 2024-05-12 | day
valentine's day | 2025-02-14 | day
MLK day | 2025-01-20 | day
chinese new year | 2025-01-29 | day
black friday | 2024-11-29 | day
""")

OTHER = load("""
every monday | 2024-06-17 | day | recurring
on Mondays | 2024-06-17 | day | recurring
every day | 2024-06-12 | day | recurring
every morning | 2024-06-13 04:00 | hour | recurring
daily | 2024-06-12 | day | recurring
weekly | 2024-06-10 | week | recurring
every day at 9am | 2024-06-13 09:00 | hour | recurring
for 3 hours | 15:00 | hour | duration
for two weeks | 15:00 | week | duration
""")

COMPOSED = load("""
a week from Monday | 2024-06-24 | day
two days after tomorrow | 2024-06-15 | day
2 days before yesterday | 2024-06-09 | day
3 days after christmas | 2024-12-28 | day
a day before christmas | 2024-12-24 | day
the next day | 2024-06-13 | day
the day before | 2024-06-11 | day
the following day | 2024-06-13 | day
early tomorrow | 2024-06-13 04:00 | hour
late tonight | 2024-06-12 22:00 | hour
first Monday of March | 2024-03-04 | day
last Monday of March | 2024-03-25 | day
the third tuesday of september 2014 | 2014-09-16 | day
the last day of the month | 2024-06-30 | day
first day of next month | 2024-07-01 | day
3rd of next month | 2024-07-03 | day
weeks ago | 2024-05-22 | day
next Tuesday at 3 | 2024-06-18 15:00 | hour
last Friday night | 2024-06-07 18:00 | hour
this coming Monday | 2024-06-17 | day
a week from today | 2024-06-19 | day
four days from now | 2024-06-16 15:00 | hour
Sept 5th | 2024-09-05 | day
5th Sept | 2024-09-05 | day
Sep. 5 | 2024-09-05 | day
summer of 2019 | 2019-06-01 | season
in the spring of 2020 | 2020-03-01 | season
beginning of 2023 | 2023-01-01 | month
next few days | 2024-06-13 | day | interval
the past few days | 2024-06-09 | day | interval
in a couple of hours | 2024-06-12 17:00 | minute
a few hours ago | 2024-06-12 12:00 | minute
four twenty-three a m | 2024-06-13 04:23 | minute
nine fifty nine a m | 2024-06-13 09:59 | minute
seven oh five | 2024-06-12 19:05 | minute
a quarter to noon | 2024-06-13 11:45 | minute
14april 2015 | 2015-04-14 | day
2/2013 | 2013-02-01 | month
at 1030 | 2024-06-12 22:30 | minute
at 1930 | 19:30 | minute
in 1930 | 1930-01-01 | year
last weekend of October | 2024-10-25 18:00 | hour | interval
first week of october 2014 | 2014-10-06 | week
last week of september 2014 | 2014-09-22 | week
the week of october 6th | 2024-09-30 | week
tonight at 11 | 23:00 | hour
August 27th - 29th | 2024-08-27 | day | interval
23rd to 26th Oct | 2024-10-23 | day | interval
1-8 september | 2024-09-01 | day | interval
third day of october | 2024-10-03 | day
last day of october 2015 | 2015-10-31 | day
thanksgiving 2016 | 2016-11-24 | day
Tuesday the 19th | 2024-11-19 | day
10/31/74 | 1974-10-31 | day
Fri, Jul 18 | 2025-07-18 | day
7 days hence | 2024-06-19 15:00 | hour
15 past 3pm | 15:15 | minute
twenty after 3pm | 15:20 | minute
tomorrow from 10am to 2pm | 2024-06-13 10:00 | hour | interval
after lunch | 14:00 | hour | open_after
before dinner | - | hour | open_before
at breakfast | 07:00 | hour
this coming weekend | 2024-06-14 18:00 | hour | interval
this upcoming weekend | 2024-06-14 18:00 | hour | interval
the upcoming week | 2024-06-17 | week
in the next hour | 16:00 | hour
the past hour | 14:00 | hour
H1 2024 | 2024-01-01 | month | interval
the first half of 2024 | 2024-01-01 | month | interval
the second half of the year | 2024-07-01 | month | interval
3 or 4 days ago | 2024-06-09 15:00 | hour
a day or two ago | 2024-06-11 15:00 | hour
on the first | 2024-07-01 | day
at night | 18:00 | hour | interval
tonight at midnight | 2024-06-13 00:00 | hour
this afternoon at 4 | 16:00 | hour
noon yesterday | 2024-06-11 12:00 | hour
in the first week of July | 2024-07-01 | week
within the next 3 days | 2024-06-12 15:00 | second | interval
over the next two weeks | 2024-06-17 | week | interval
since the beginning of the year | 2024-01-01 | month | open_after
mid next month | 2024-07-11 | day | interval
early next year | 2025-01-01 | month | interval
""")

ALL = DAYS + WEEKDAYS + PERIODS + RELATIVE + ABSOLUTE + CLOCK + RANGES + VAGUE + HOLIDAYS + OTHER + COMPOSED


@pytest.mark.parametrize("case", ALL, ids=str)
def test_resolves(case: Case) -> None:
    check(case)


@pytest.mark.parametrize(
    ("text", "mention"),
    [
        ("I met her last Tuesday.", "last Tuesday"),
        ("Two weeks ago we shipped v2.", "Two weeks ago"),
        ("Let's meet tomorrow at 5pm.", "tomorrow at 5pm"),
        ("I've been sick since March.", "since March"),
        ("In 2019 we moved to Berlin.", "2019"),
        ("Dinner on 2024-07-01 at 19:30?", "2024-07-01 at 19:30"),
    ],
)
def test_finds_in_sentences(text: str, mention: str) -> None:
    found = [m.text for m in parse(text, REF)]
    assert mention in found, found


@pytest.mark.parametrize(
    "text",
    [
        "I have 3 kids",
        "May I ask you something?",
        "I sat down",
        "the sun is out",
        "we will march on",
        "Sounds good to me.",
        "the first time I saw it",
        "the second thing",
        "H1 is the main heading",
        "I paid 2000 dollars",
        "Thanks, that helps a lot!",
        "ok",
        "",
    ],
)
def test_no_time_expression(text: str) -> None:
    assert parse(text, REF) == []


@pytest.mark.parametrize(
    ("text", "start"),
    [
        ("I met her on Tuesday", "2024-06-11 00:00"),
        ("I called him Friday night", "2024-06-07 18:00"),
        ("We will meet on Tuesday", "2024-06-18 00:00"),
        ("Let's talk on Monday", "2024-06-17 00:00"),
        ("Tuesday", "2024-06-18 00:00"),
    ],
)
def test_bare_weekday_follows_the_tense(text: str, start: str) -> None:
    assert local(only(text).start_dt) == start


def test_vague_has_uncertainty() -> None:
    m = only("a few days ago")
    assert m.uncertainty_dt is not None
    assert only("around 3pm").uncertainty_dt is not None
    assert only("3 days ago").uncertainty_dt is None


@pytest.mark.parametrize(
    ("text", "start"),
    [
        ("I moved here in March", "2024-03-01 00:00"),  # past tense: the reference's year
        ("we'll move in March", "2025-03-01 00:00"),  # otherwise the next March
        ("I called her at 9am", "2024-06-12 09:00"),  # past tense: the reference day
        ("the call is at 9am", "2024-06-13 09:00"),  # otherwise the next 9am
        ("the call is at 9", "2024-06-12 21:00"),  # no am/pm: the next of 9:00 and 21:00
    ],
)
def test_partial_dates_and_clocks_follow_the_tense(text: str, start: str) -> None:
    assert local(only(text).start_dt) == start
