"""English families of Duckling's newer time corpus, each with variants of our own, against Duckling's reference
(Tuesday 2013-02-12 04:30 at UTC-02:00): ``text | start | grain``, start in that wall clock.

The rows are general rules stated by example (clock notations, zones, dates, compositions, counted weekdays,
period edges, fractions, loose words); a later corpus will hold other variants of the same families.
"""

from __future__ import annotations

import pytest

from ._agreement import Row, ours, rows

CLOCKS = """
15h00 | 2013-02-12 15:00 | minute
15h | 2013-02-12 15:00 | minute
at 9h30 | 2013-02-12 09:30 | minute
7h45 | 2013-02-12 07:45 | minute
20h15 | 2013-02-12 20:15 | minute
9h30 - 11h | 2013-02-12 09:30 | minute
9h30 - 11h00 | 2013-02-12 09:30 | minute
15h30-18h | 2013-02-12 15:30 | minute
from 9:30 untill 11:00 on thursday | 2013-02-14 09:30 | minute
ten thirty | 2013-02-12 10:30 | minute
twelve oh three | 2013-02-12 12:03 | minute
eleven fifteen | 2013-02-12 11:15 | minute
seven forty-five | 2013-02-12 07:45 | minute
nine oh five | 2013-02-12 09:05 | minute
twelve zero three | 2013-02-12 12:03 | minute
twelve-oh-three | 2013-02-12 12:03 | minute
ten-thirty | 2013-02-12 10:30 | minute
7p | 2013-02-12 19:00 | hour
at 3p | 2013-02-12 15:00 | hour
at 3p. | 2013-02-12 15:00 | hour
11p | 2013-02-12 23:00 | hour
at 7a | 2013-02-12 07:00 | hour
mid day | 2013-02-12 12:00 | hour
mid-day | 2013-02-12 12:00 | hour
3h18 | 2013-02-13 03:18 | minute
15h15 | 2013-02-12 15:15 | minute
at 15h | 2013-02-12 15:00 | minute
15 minutes past 15h | 2013-02-12 15:15 | minute
for a quarter past 3pm | 2013-02-12 15:15 | minute
9:01:10 AM | 2013-02-12 09:01:10 | second
at 19h30 on Fri, Sep 20 | 2013-09-20 19:30 | minute
Fri, Jul 18, 2014 19h | 2014-07-18 19:00 | minute
this morning @ 10 | 2013-02-12 10:00 | hour
Saturday morning at 9 | 2013-02-16 09:00 | hour
"""

ZONED = """
4pm CET | 2013-02-12 13:00 | minute
4 pm cet | 2013-02-12 13:00 | minute
10am EST | 2013-02-12 13:00 | minute
Thursday 8:00 PST | 2013-02-14 14:00 | minute
Thu at 8 am pst | 2013-02-14 14:00 | minute
Thursday 8:00 GMT | 2013-02-14 06:00 | minute
Thursday 8h00 GMT | 2013-02-14 06:00 | minute
Thursday 8h pst | 2013-02-14 14:00 | minute
Thu at 8 GMT | 2013-02-14 06:00 | minute
Thursday 9 am BST | 2013-02-14 06:00 | minute
Thursday 9 am (BST) | 2013-02-14 06:00 | minute
Thursday at 9:30pm ist | 2013-02-14 14:00 | minute
9:30 - 11:00 CST | 2013-02-12 13:30 | minute
9h30 - 11h00 CST | 2013-02-12 13:30 | minute
15:00 GMT - 18:00 GMT | 2013-02-12 13:00 | minute
3-4pm PST | 2013-02-12 21:00 | minute
tomorrow at 6pm UTC | 2013-02-13 16:00 | minute
noon JST | 2013-02-12 01:00 | minute
15:00 UTC+2 | 2013-02-12 11:00 | minute
8am GMT-5 | 2013-02-12 11:00 | minute
"""

DATES = """
2-15 | 2013-02-15 | day
2 - 15 | 2013-02-15 | day
2 / 15 | 2013-02-15 | day
12-25 | 2013-12-25 | day
10-31-74 | 1974-10-31 | day
31-Oct-74 | 1974-10-31 | day
31/Oct/1974 | 1974-10-31 | day
31st Oct 1974 | 1974-10-31 | day
5-Jan-2020 | 2020-01-05 | day
14th April 15 | 2015-04-14 | day
On 24th | 2013-02-24 | day
on 5th | 2013-03-05 | day
20th of next month | 2013-03-20 | day
20 of next month | 2013-03-20 | day
20th of the next month | 2013-03-20 | day
20th day of next month | 2013-03-20 | day
20th of the current month | 2013-02-20 | day
20 of this month | 2013-02-20 | day
20th of the previous month | 2013-01-20 | day
3rd of last month | 2013-01-03 | day
2018Q4 | 2018-10-01 | quarter
18q4 | 2018-10-01 | quarter
2019q2 | 2019-04-01 | quarter
Q1-2019 | 2019-01-01 | quarter
sun. | 2013-02-17 | day
sat | 2013-02-16 | day
mon. | 2013-02-18 | day
on sat | 2013-02-16 | day
next sun | 2013-02-17 | day
tue. | 2013-02-19 | day
Thu 15th | 2013-08-15 | day
Friday the 1st | 2013-03-01 | day
the ides of march | 2013-03-15 | day
ides of May 2014 | 2014-05-15 | day
the ides of june | 2013-06-13 | day
the nones of june | 2013-06-05 | day
the kalends of april | 2013-04-01 | day
"""

COMPOSED = """
4/25 at 16h | 2013-04-25 16:00 | minute
4/25 at 4:00pm | 2013-04-25 16:00 | minute
12/3 at 9h30 | 2013-12-03 09:30 | minute
9 tomorrow | 2013-02-13 09:00 | hour
9 tomorrow morning | 2013-02-13 09:00 | hour
9 tomorrow evening | 2013-02-13 21:00 | hour
3 tomorrow | 2013-02-13 15:00 | hour
in 7 days at 5pm | 2013-02-19 17:00 | hour
in 4 years at 5pm | 2017-02-01 17:00 | hour
at 7 in 3 years | 2016-02-01 07:00 | hour
March in 1 year | 2014-03-01 | month
January in 2 years | 2016-01-01 | month
Christmas in 2 years | 2015-12-25 | day
easter in 3 years | 2016-03-27 | day
summer in 2 years | 2015-06-01 | season
march 5 in 2 years | 2015-03-05 | day
the 15th in 2 months | 2013-04-15 | day
the 5th in 10 months | 2014-01-05 | day
in 2 days at 9am | 2013-02-14 09:00 | hour
a week from now at 10:30 | 2013-02-19 10:30 | minute
15 minutes past 3pm | 2013-02-12 15:15 | minute
20 minutes past 3pm | 2013-02-12 15:20 | minute
30 minutes past 3 pm | 2013-02-12 15:30 | minute
15 minutes past noon | 2013-02-12 12:15 | minute
10 minutes to 5pm | 2013-02-12 16:50 | minute
15 minutes from 1pm | 2013-02-12 13:15 | minute
2 hours after 5pm | 2013-02-12 19:00 | hour
between 9h30 and 11h00 on thursday | 2013-02-14 09:30 | minute
between 9:30 and 11:00 on thursday | 2013-02-14 09:30 | minute
from 9:30 - 11:00 on Thursday | 2013-02-14 09:30 | minute
Thursday from 9:30 to 11:00 | 2013-02-14 09:30 | minute
9:30 till 11:00 on Thursday | 2013-02-14 09:30 | minute
later than 9:30 but before 11:00 on Thursday | 2013-02-14 09:30 | minute
later than 3:30pm but before 6pm | 2013-02-12 15:30 | minute
4pm for 30 mins | 2013-02-12 16:00 | minute
from 4pm for thirty minutes | 2013-02-12 16:00 | minute
for 30' starting from 4pm | 2013-02-12 16:00 | minute
for thirty minutes from 4pm | 2013-02-12 16:00 | minute
for 30 mins starting at 4pm | 2013-02-12 16:00 | minute
4pm for 30' | 2013-02-12 16:00 | minute
for 45' from 10am | 2013-02-12 10:00 | minute
for 2 hours starting from 9am | 2013-02-12 09:00 | hour
for 3 days starting on monday | 2013-02-18 | day
18th Dec for 10 days | 2013-12-18 | day
for 10 days from 18th Dec | 2013-12-18 | day
9am for 2 hours | 2013-02-12 09:00 | hour
tomorrow at 8 for an hour | 2013-02-13 08:00 | hour
from 3 to 4 in the PM | 2013-02-12 15:00 | hour
between 2 and 4 on friday | 2013-02-15 14:00 | hour
from 10 to 12 tomorrow | 2013-02-13 10:00 | hour
from 11 to 1 on monday | 2013-02-18 11:00 | hour
tomorrow in between 1-2:30 ish | 2013-02-13 13:00 | minute
tomorrow in between 1-2:30ish | 2013-02-13 13:00 | minute
in between 3 and 5 on friday | 2013-02-15 15:00 | hour
friday between 9-11 or so | 2013-02-15 09:00 | hour
between 2 and 4 ish | 2013-02-12 14:00 | hour
half an hour after 2pm | 2013-02-12 14:30 | minute
the day after the 15th | 2013-02-16 | day
the day before Christmas | 2013-12-24 | day
EOD tomorrow | 2013-02-13 17:00 | hour
end of the day on friday | 2013-02-15 17:00 | hour
"""

COUNTED = """
3 fridays from now | 2013-03-01 | day
three fridays from now | 2013-03-01 | day
2 sundays from now | 2013-02-24 | day
4 tuesdays from now | 2013-03-12 | day
2 thursdays back | 2013-01-31 | day
2 thursdays ago | 2013-01-31 | day
3 mondays ago | 2013-01-28 | day
2 saturdays later | 2013-02-23 | day
third last week of 2018 | 2018-12-10 | week
the 3rd last week of 2018 | 2018-12-10 | week
2nd last week of October 2018 | 2018-10-15 | week
the second last week of October 2018 | 2018-10-15 | week
last week of 2018 | 2018-12-24 | week
first week of 2019 | 2019-01-07 | week
fifth last day of May | 2013-05-27 | day
the 5th last day of May | 2013-05-27 | day
second last day of March | 2013-03-30 | day
third last friday of June | 2013-06-14 | day
second last day of the month | 2013-02-27 | day
second last weekend of March | 2013-03-22 18:00 | hour
the closest Monday to Oct 5th | 2013-10-07 | day
the second closest Mon to October fifth | 2013-09-30 | day
the closest friday to today | 2013-02-15 | day
second to last friday of june | 2013-06-21 | day
the last week of next month | 2013-03-25 | week
the closest xmas to today | 2012-12-25 | day
the 3rd closest xmas to today | 2011-12-25 | day
third tuesday after christmas 2014 | 2015-01-13 | day
the first monday after easter | 2013-04-01 | day
2nd friday before thanksgiving | 2013-11-15 | day
the third tuesday before christmas | 2013-12-10 | day
first sunday after new year | 2014-01-05 | day
the second saturday after March 5 | 2013-03-16 | day
second monday before the 15th | 2013-02-04 | day
"""

EDGES = """
end of current week | 2013-02-15 | day
end of this week | 2013-02-15 | day
at the end of coming week | 2013-02-15 | day
end of next week | 2013-02-22 | day
end of last week | 2013-02-08 | day
end of the following week | 2013-02-22 | day
end of around next week | 2013-02-22 | day
beginning of coming week | 2013-02-11 | day
beginning of current week | 2013-02-11 | day
beginning of next week | 2013-02-18 | day
at the beginning of previous week | 2013-02-04 | day
middle of next month | 2013-03-11 | day
EOM | 2013-02-21 | day
the EOM | 2013-02-21 | day
at the EOM | 2013-02-21 | day
end of month | 2013-02-21 | day
BOM | 2013-02-01 | day
at the beginning of month | 2013-02-01 | day
EOY | 2013-09-01 | month
BOY | 2013-01-01 | month
the beginning of the year | 2013-01-01 | month
end of year | 2013-09-01 | month
end of next year | 2014-09-01 | month
EOW | 2013-02-15 | day
EOD | 2013-02-12 17:00 | hour
end of day | 2013-02-12 17:00 | hour
the end of the day | 2013-02-12 17:00 | hour
by end of day | 2013-02-12 04:30:00 | second
by the end of the day | 2013-02-12 04:30:00 | second
by EOD | 2013-02-12 04:30:00 | second
by EOM | 2013-02-12 04:30:00 | second
by the EOM | 2013-02-12 04:30:00 | second
by end of the month | 2013-02-12 04:30:00 | second
by the end of next month | 2013-02-12 04:30:00 | second
by EOY | 2013-02-12 04:30:00 | second
by the end of the week | 2013-02-12 04:30:00 | second
by close of business | 2013-02-12 04:30:00 | second
rest of the week | 2013-02-12 | day
the rest of the month | 2013-02-12 | day
rest of the year | 2013-02-12 | day
the rest of the day | 2013-02-12 04:00 | hour
the rest of today | 2013-02-12 04:00 | hour
all week | 2013-02-11 | day
the whole month | 2013-02-01 | day
"""

FRACTIONS = """
in 3/4 hour | 2013-02-12 05:15:00 | second
in 3/4h | 2013-02-12 05:15:00 | second
in 1/4 h | 2013-02-12 04:45:00 | second
in 1/2 hour | 2013-02-12 05:00:00 | second
in 2 and an half hours | 2013-02-12 07:00:00 | second
in 2 and a half hours | 2013-02-12 07:00:00 | second
in one and a half hours | 2013-02-12 06:00:00 | second
in 1.5 days | 2013-02-13 16:30 | minute
a day from right now | 2013-02-13 04:30:00 | second
a week from right now | 2013-02-19 04:30:00 | second
in a couple hours | 2013-02-12 06:30 | minute
in a pair of minutes | 2013-02-12 04:32:00 | second
in 1' | 2013-02-12 04:31:00 | second
in 15' | 2013-02-12 04:45:00 | second
in 1" | 2013-02-12 04:30:01 | second
in an hour and a half | 2013-02-12 06:00:00 | second
in a quarter hour | 2013-02-12 04:45:00 | second
"""

LOOSE = """
next season | 2013-03-01 | season
this season | 2012-12-01 | season
last season | 2012-09-01 | season
current summer | 2013-06-01 | season
ASAP | 2013-02-12 04:30:00 | second
asap | 2013-02-12 04:30:00 | second
as soon as possible | 2013-02-12 04:30:00 | second
at this time | 2013-02-12 04:30:00 | second
at this moment | 2013-02-12 04:30:00 | second
we are closed at this time | 2013-02-12 04:30:00 | second
tomorrow afternoonish | 2013-02-13 12:00 | hour
tomorrow morningish | 2013-02-13 04:00 | hour
yesterday eveningish | 2013-02-11 18:00 | hour
March after next | 2014-03-01 | month
last week's sunday | 2013-02-10 | day
next week's friday | 2013-02-22 | day
past seasons | 2012-09-01 | season
late last night | 2013-02-11 22:00 | hour
late tonite | 2013-02-12 22:00 | hour
morning of xmas | 2013-12-25 04:00 | hour
evening of next friday | 2013-02-15 18:00 | hour
through 2:00pm | open | minute
monday early in the morning | 2013-02-18 04:00 | hour
tomorrow early in the morning | 2013-02-13 04:00 | hour
early in the morning on friday | 2013-02-15 04:00 | hour
monday in the early hours of the morning | 2013-02-18 00:00 | hour
saturday in the small hours | 2013-02-16 00:00 | hour
in the early hours of sunday | 2013-02-17 00:00 | hour
friday in the wee hours | 2013-02-15 00:00 | hour
after school | 2013-02-12 15:00 | hour
after school tomorrow | 2013-02-13 15:00 | hour
after school on monday | 2013-02-18 15:00 | hour
after work | 2013-02-12 17:00 | hour
after work on friday | 2013-02-15 17:00 | hour
before work | open | hour
before school | open | hour
"""

HOLIDAYS = """
easter mon | 2013-04-01 | day
easter monday | 2013-04-01 | day
Easter Mon 2014 | 2014-04-21 | day
easter sun | 2013-03-31 | day
good friday | 2013-03-29 | day
good fri 2014 | 2014-04-18 | day
last chinese new years | 2013-02-10 | day
last chinese new year's | 2013-02-10 | day
last lunar new year | 2013-02-10 | day
next chinese new year | 2014-01-31 | day
last mid-autumn festival | 2012-09-30 | day
last dragon boat festival | 2012-06-23 | day
"""

FAMILIES = {
    "clocks": CLOCKS,
    "zoned": ZONED,
    "dates": DATES,
    "composed": COMPOSED,
    "counted": COUNTED,
    "edges": EDGES,
    "fractions": FRACTIONS,
    "loose": LOOSE,
    "holidays": HOLIDAYS,
}

_SEASON = "seasons are meteorological, whole months (conventions); Duckling uses solstices and equinoxes"
_COMING = "'coming week' is the current week (conventions, as Duckling's older corpus; its newer one: next week)"
_DAYTIME = "on a named day an hour with no am/pm is daytime, 1-6 afternoon (conventions: 明天三点 is 15:00)"
_LATENT = "a bare number or part of the day is not a time in chat text (Duckling reads it only in latent mode)"

#: Duckling's reading where we differ on purpose, with the reason (strict xfails: agreeing later shows up)
DISAGREE = {
    "next season | 2013-03-20 | day": _SEASON,
    "this season | 2012-12-21 | day": _SEASON,
    "last season | 2012-09-23 | day": _SEASON,
    "late last night | 2013-02-11 21:00 | hour": "late night is 22:00-02:00, as 半夜/深夜 (conventions)",
    "by 2:00pm | 2013-02-12 04:30:00 | second": (
        "'by' a clock time or a day is open before it ('by 2pm', as 'until'); only 'by the end of' a period "
        "runs from now"
    ),
    "anytime after 2014 | 2014-01-01 | year": "'after 2014' starts when 2014 ends; 'since 2014' at its start",
    "one year After christmas | 2013-12-25 | day": "a holiday is its next occurrence; a year after it is 2014",
    "the 24 | 2013-02-24 | day": _LATENT,
    "7 | 2013-02-12 07:00 | hour": _LATENT,
    "7a | 2013-02-12 07:00 | hour": "a one-letter 'a' needs a clock cue ('at 7a'): '4a' is Duckling's own negative",
    "in 15 | 2013-02-12 04:45:00 | second": _LATENT,
    "morning | 2013-02-12 04:00 | hour": _LATENT,
    "beginning of coming week | 2013-02-18 | day": _COMING,
    "end of coming week | 2013-02-22 | day": _COMING,
    "coming week | 2013-02-18 | week": _COMING,
    "next wednesday | 2013-02-20 | day": (
        "'next Wednesday' is the nearest Wednesday after today (conventions; Duckling's newer corpus: next week's)"
    ),
    "monday in the early hours of the morning | 2013-02-18 04:00 | hour": (
        "'the early hours' are the hours after midnight (00-06, as 凌晨 and the dictionaries); 'early in the "
        "morning' is the early morning, 04-09"
    ),
    "tomorrow in between 1-2:30 ish | 2013-02-13 01:00 | minute": _DAYTIME,
    "at this time | 2013-02-12 | day": (
        "'at this time' is now, as 'at the moment' and 'at present' (grain second); Duckling reads it as today"
    ),
    "3 in the morning | 2013-02-13 03:00 | hour": (
        "a clock with a part of the day but no day is the reference day's (早上七点 said at 15:00 is 07:00 today)"
    ),
}

#: Duckling-style phrases we do not read yet (none left), one ``text | start | grain`` a line
GAPS = """
"""


def _xfails() -> list[object]:
    out: list[object] = []
    for line, reason in DISAGREE.items():
        (r,) = rows("en", line)
        out.append(pytest.param(r, id=f"differs:{r.text}", marks=pytest.mark.xfail(strict=True, reason=reason)))
    for r in rows("en", GAPS):
        mark = pytest.mark.xfail(strict=True, reason="not recognised yet")
        out.append(pytest.param(r, id=f"gap:{r.text}", marks=mark))
    return out


@pytest.mark.parametrize("row", _xfails())
def test_listed_difference(row: Row) -> None:
    assert ours(row) == (row.start, row.grain)


#: texts of no time: the families must not read these
NOT_TIMES = [
    "three twenty",
    "4a",
    "4a.",
    "A4 A5",
    "it took 2h",
    "10p each",
    "he is ten",
    "I sat on the bench",
    "the sun is out",
    "we won 3-5",
    "2-3 people",
    "from 2 to 4 people",
    "between 10 and 20 dollars",
    "in between 10 and 20 dollars",
    "I paid for 5' of cable",
    "I'm on EST",
    "the IST office",
    "I'm at work",
    "school is out",
    "after working hours",
]


def _rows() -> list[object]:
    return [pytest.param(r, id=f"{name}:{r.text}") for name, table in FAMILIES.items() for r in rows("en", table)]


@pytest.mark.parametrize("row", _rows())
def test_family(row: Row) -> None:
    assert ours(row) == (row.start, row.grain)


@pytest.mark.parametrize("text", NOT_TIMES)
def test_not_a_time(text: str) -> None:
    from chronomem.temporal import parse

    from ._agreement import DUCKLING_REF

    assert parse(text, DUCKLING_REF) == []
