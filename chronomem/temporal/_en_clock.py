"""English clock times and parts of the day: "3pm", "half past three", "at 1430", "3-4pm", "this morning",
"after lunch".

Each rule is a regular expression (case-insensitive unless noted) and a production building a :class:`Piece`.
"""

from __future__ import annotations

import re
from datetime import timedelta

from ._en_words import DIG, HOURS, HOURW, MON, POD, PODS, PODW, WD_FULL, B, E, meridiem, pod_name
from ._en_zones import ZONE
from ._numerals import en_number
from ._pieces import Ctx, Piece
from ._placement import place_clock
from ._rules import Grammar
from ._values import Grain, Shape

__all__ = ["CLOCK"]

CLOCK = Grammar("en.clock")
_DIGW = r"(?:one|two|three|four|five|six|seven|eight|nine)"


@CLOCK.rule(
    "en.clock.hour_oclock",
    re.compile(
        rf"{B}(?:at\s+|@\s*)?(?P<h>\d{{1,2}}|{HOURW})(?:ish)?\s*(?:o'?\s?clock(?:\s*(?P<mer>(?:[ap]\.\s?m\.|"
        rf"[ap]\s?m)))?|"
        rf"(?P<mer2>(?:[ap]\.\s?m\.|[ap]\s?m))(?![a-z]))",
        re.I,
    ),
    gate=DIG | HOURS,
    priority=600,
)
@CLOCK.rule(
    "en.clock.at_hour",
    re.compile(
        rf"{B}(?:at|@|by|around|about)\s+(?P<h>\d{{1,2}}|{HOURW})(?:\s*(?P<mer>(?:[ap]\.\s?m\.|"
        rf"[ap]\s?m)))?"
        rf"(?=\s*(?:$|[,.;!?)]|\s*\(?{ZONE}|\s(?:on|tomorrow|today|tonight|this|next|in|and|to|until|till|for|-)"
        rf"\b))",
        re.I,
    ),
    gate=DIG | HOURS,
    priority=590,
)
@CLOCK.rule(
    "en.clock.hour_before_part_of_day",
    re.compile(
        rf"{B}(?P<h>\d{{1,2}}|{HOURW})(?=\s+(?:tonight|this\s+evening|this\s+morning|tomorrow{E}|today{E}|"
        rf"in\s+the\s+(?:morning|evening|afternoon)))",
        re.I,
    ),
    gate=DIG | HOURS,
    priority=580,
)
@CLOCK.rule(
    "en.clock.hour_in_the_ampm",
    re.compile(rf"{B}(?P<h>\d{{1,2}}|{HOURW})\s+in\s+the\s+(?P<mer>[ap]\.\s?m\.|[ap]\s?m){E}", re.I),
    gate=DIG | HOURS,
    priority=100,
)
def _clock_word(m: re.Match[str], c: Ctx) -> Piece | None:
    h = en_number(m["h"])
    if h is None:
        return None
    mer = meridiem(m.groupdict().get("mer") or m.groupdict().get("mer2"))
    if mer is not None and not 1 <= h <= 12:
        return None
    return c.clock(m.start("h"), m.end(), h, None, None, mer)


@CLOCK.rule(
    "en.clock.range",
    re.compile(
        r"(?<![\d:])(?P<h1>\d{1,2})(?::(?P<m1>\d{2}))?\s*(?P<mer1>(?:[ap]\.\s?m\.|[ap]\s?m))?\s*(?:-|"
        r"–|to|until|till)\s*"
        r"(?P<h2>\d{1,2})(?::(?P<m2>\d{2}))?\s*(?P<mer2>(?:[ap]\.\s?m\.|[ap]\s?m))(?![a-z])"
        r"",
        re.I,
    ),
    gate=DIG,
    priority=570,
)
def _clock_range(m: re.Match[str], c: Ctx) -> Piece | None:
    mer2 = meridiem(m["mer2"])
    mer1 = meridiem(m["mer1"])
    h1, h2 = int(m["h1"]), int(m["h2"])
    if not (1 <= h1 <= 12 and 1 <= h2 <= 12):
        return None
    if mer1 is None:
        mer1 = mer2 if h1 <= h2 or h1 == 12 else ("am" if mer2 == "pm" else "pm")
    a = c.clock(m.start(), m.end("h1"), h1, int(m["m1"]) if m["m1"] else None, None, mer1)
    b = c.clock(m.start("h2"), m.end(), h2, int(m["m2"]) if m["m2"] else None, None, mer2)
    if a is None or b is None:
        return None

    lo = place_clock(c.today, a, None, False)
    step = timedelta(hours=1) if m["m2"] is None else timedelta(minutes=1)
    hi = place_clock(c.today, b, None, False) + step
    if hi <= lo:
        return None
    return Piece(
        *m.span(),
        "date",
        lo,
        hi,
        Grain.HOUR if m["m1"] is None else Grain.MINUTE,
        Shape.INTERVAL,
        holiday="clock_range",
        ranged=True,
    )


@CLOCK.rule(
    "en.clock.bare_range",
    re.compile(
        r"(?<![A-Za-z])(?:(?:in\s+)?between|from)\s+(?P<h1>\d{1,2})(?::(?P<m1>\d{2}))?\s*(?:and|to|till|until|-|–)\s*"
        r"(?P<h2>\d{1,2})(?::(?P<m2>\d{2}))?(?:\s+in\s+the\s+(?P<mer>[ap]\.?\s?m\.?))?"
        r"(?=\s*(?:$|[,.;!?)]|(?:on|tomorrow|today|tonight|this|next|in\s+the|o'?clock|ish|or\s+so)\b))",
        re.I,
    ),
    gate={"between", "from"},
    priority=565,
)
def _bare_range(m: re.Match[str], c: Ctx) -> Piece | None:
    """ "from 10 to 12 tomorrow", "between 2 and 4 on friday", "from 3 to 4 in the PM", "in between 1-2:30 ish":
    two bare hours after "from"/"(in) between" are a clock range, read as daytime (1-6 afternoon) unless "in the
    am/pm" says; an "ish" after it is left to the vague suffixes."""
    mer = meridiem(m["mer"])
    h1, h2 = int(m["h1"]), int(m["h2"])
    if not (1 <= h1 <= 12 and 1 <= h2 <= 12):
        return None
    a = c.clock(m.start(), m.end("h1"), h1, int(m["m1"]) if m["m1"] else None, None, mer)
    b = c.clock(m.start("h2"), m.end(), h2, int(m["m2"]) if m["m2"] else None, None, mer)
    if a is None or b is None:
        return None
    lo = place_clock(c.today, a, None, False)
    step = timedelta(hours=1) if m["m2"] is None else timedelta(minutes=1)
    hi = place_clock(c.today, b, None, False) + step
    if hi <= lo:
        return None
    grain = Grain.HOUR if m["m1"] is None and m["m2"] is None else Grain.MINUTE
    return Piece(*m.span(), "date", lo, hi, grain, Shape.INTERVAL, holiday="clock_range", ranged=True)


@CLOCK.rule(
    "en.clock.dotted",
    re.compile(
        r"(?<![\d.:])(?P<h>\d{1,2})[.h](?P<mm>\d{2})\s*(?P<mer>(?:[ap]\.\s?m\.|[ap]\s?m))(?![a-z])|"
        r"(?<=at )(?P<h2>\d{1,2})\.(?P<mm2>\d{2})(?![\d.])",
        re.I,
    ),
    gate=DIG,
    priority=560,
)
def _dotted_clock(m: re.Match[str], c: Ctx) -> Piece | None:
    h, mm = (m["h"], m["mm"]) if m["h"] else (m["h2"], m["mm2"])
    mer = meridiem(m["mer"])
    if mer is not None and not 1 <= int(h) <= 12:
        return None
    return c.clock(*m.span(), int(h), int(mm), None, mer, h24=h.startswith("0") and len(h) == 2)


@CLOCK.rule(
    "en.clock.words",
    re.compile(
        rf"{B}(?P<h>{HOURW})[\s-]+(?P<mm>(?:twenty|thirty|forty|fifty)(?:[\s-]{_DIGW})?|"
        rf"ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|"
        rf"(?:o'?|oh|ou|zero)[\s-]?{_DIGW})(?:\s*(?P<mer>(?:[ap]\.\s?m\.|[ap]\s?m)))?(?![\w-])(?!\s+(?:minutes|mins|people|"
        rf"years|days|"
        rf"hours|times|percent|dollars))",
        re.I,
    ),
    gate=HOURS,
    priority=550,
)
def _word_clock(m: re.Match[str], c: Ctx) -> Piece | None:
    h = en_number(m["h"])
    w = " ".join(m["mm"].lower().replace("-", " ").replace("'", " ").split())
    oh = w.startswith(("oh ", "o ", "ou ", "zero "))
    w = w.split(" ", 1)[1] if oh else w  # "twelve oh three", "twelve zero three": 12:03
    mm = en_number(w)
    if h is None or mm is None:
        return None
    cued = re.search(r"(?:\bat|@|\bby|\baround|\babout)\s*$", _before(m), re.I) is not None
    if not (m["mer"] or oh or cued or mm in (15, 30, 45)):
        # a bare "three twenty" is a number pair, not 3:20 (Duckling's negative corpus); quarter and half hours
        # ("ten thirty", "eleven fifteen") and "oh" minutes ("twelve oh three") are how clocks are spoken
        return None
    return c.clock(*m.span(), h, mm, None, meridiem(m["mer"]))


@CLOCK.rule(
    "en.clock.past_to",
    re.compile(
        rf"{B}(?<![:\d])(?P<mm>half|(?:a\s+)?quarter|\d{{1,2}}|twenty|ten|five|twenty[-\s]five)"
        rf"(?P<mins>\s+min(?:ute)?s?)?\s+(?P<dir>past|after|to|till|before)\s+(?P<h>\d{{1,2}}(?P<hh>h)?|{HOURW}|noon|midnight)"
        rf"(?:\s*(?P<mer>(?:[ap]\.\s?m\.|[ap]\s?m)))?{E}",
        re.I,
    ),
    gate={"half", "quarter", "past", "after", "to", "till", "before"},
    priority=530,
)
def _past_to(m: re.Match[str], c: Ctx) -> Piece | None:
    h = {"noon": 12, "midnight": 24}.get(m["h"].lower(), en_number(m["h"].rstrip("hH")))
    w = m["mm"].lower()
    if m["mins"] and not (m["mer"] or m["hh"] or m["h"].lower() in ("noon", "midnight")):
        return None  # "15 minutes after 3" is an offset from an hour that needs its am/pm ("3pm") or a name
    mm = 30 if w == "half" else 15 if "quarter" in w else en_number(w)
    if h is None or mm is None:
        return None
    if m["dir"].lower() in ("to", "till", "before"):
        if re.search(r"\b(?:from|between)\s+$", _before(m), re.I) and not m["mins"]:
            return None  # "from 10 to 12" is a range, not 11:50
        h, mm = (h - 1) % 24, 60 - mm
    named = m["h"].lower() in ("noon", "midnight") or bool(m["hh"])  # "a quarter to noon" is 11:45, not 23:45
    return c.clock(*m.span(), h, mm, None, meridiem(m["mer"]), h24=named)


@CLOCK.rule(
    "en.clock.noon",
    re.compile(rf"{B}(?:at\s+)?(?:the\s+)?(?:noon|mid[\s-]?day|midnight){E}", re.I),
    gate={"noon", "midday", "mid", "midnight"},
    priority=520,
)
def _noon(m: re.Match[str], c: Ctx) -> Piece | None:
    hour = 24 if m.group(0).lower().endswith("midnight") else 12
    return c.clock(*m.span(), hour, None, None, None, h24=True)


@CLOCK.rule(
    "en.clock.this_morning",
    re.compile(
        rf"{B}(?:this\s+(?P<p>morning|afternoon|evening)|last\s+night|last\s+evening)"
        rf"{E}",
        re.I,
    ),
    gate={"morning", "afternoon", "evening", "night"},
    priority=490,
)
def _this_pod(m: re.Match[str], c: Ctx) -> Piece | None:
    w = m.group(0).lower()
    if w.startswith("last"):
        return c.pod_piece(*m.span(), "last_night" if "night" in w else "evening", -1)
    return c.pod_piece(*m.span(), POD[m["p"].lower()], 0)


@CLOCK.rule(
    "en.clock.part_of_day",
    re.compile(
        rf"{B}(?:in\s+the\s+|at\s+|during\s+the\s+|(?:on\s+)?the\s+(?=(?:morning|afternoon|evening|"
        rf"night)\s+"
        rf"of\b))(?P<p>{PODW}|daytime){E}",
        re.I,
    ),
    gate=PODS,
    priority=480,
)
@CLOCK.rule(
    "en.clock.meal",
    re.compile(
        rf"(?:(?<=at )|(?<=after )|(?<=before )|(?<=for )|(?<=during )|(?<=by ))"
        rf"(?P<p>breakfast|brunch|lunch|lunchtime|dinner|supper){E}",
        re.I,
    ),
    gate={"breakfast", "brunch", "lunch", "lunchtime", "dinner", "supper"},
    priority=180,
)
@CLOCK.rule(
    "en.clock.school_work",
    re.compile(r"(?:(?<=after )|(?<=before ))(?P<p>school|work)(?![\w'-])", re.I),
    gate={"school", "work"},
    priority=175,
)
@CLOCK.rule(
    "en.clock.part_of_day_of",
    re.compile(
        rf"{B}(?P<p>morning|afternoon|evening|night)(?=\s+of\s+(?:the\s+|this\s+|next\s+)?(?:\d|{MON}|{WD_FULL}|"
        rf"x-?mas|christmas|new\s+year|thanksgiving|halloween|easter))",
        re.I,
    ),
    gate={"morning", "afternoon", "evening", "night"},
    priority=90,
)
def _pod(m: re.Match[str], c: Ctx) -> Piece | None:
    return c.pod_piece(*m.span(), pod_name(m["p"]) or "morning")


# school (08-15) and work (09-17) are parts of the day only as what "after" and "before" name ("at work" is a place)


@CLOCK.rule(
    "en.clock.early_late",
    re.compile(
        rf"{B}(?:early|late)\s+(?:tonight|tonite|today|tomorrow(?:\s+morning)?|this\s+morning|last\s+night)"
        rf"{E}",
        re.I,
    ),
    gate={"early", "late"},
    priority=230,
)
def _early_late(m: re.Match[str], c: Ctx) -> Piece | None:
    w = " ".join(m.group(0).lower().split())
    off = 1 if "tomorrow" in w else -1 if "last" in w else 0
    return c.pod_piece(*m.span(), "early_morning" if w.startswith("early") else "late_night", off)


@CLOCK.rule(
    "en.clock.early_hours",
    re.compile(
        rf"{B}(?:(?P<early>early\s+in\s+the\s+morning)|(?:(?:in|during)\s+)?the\s+(?:early|small|wee)\s+hours"
        rf"(?:\s+of\s+the\s+(?:morning|night))?){E}",
        re.I,
    ),
    gate={"early", "small", "wee"},
    priority=485,
)
def _early_hours(m: re.Match[str], c: Ctx) -> Piece | None:
    """ "early in the morning" is the early morning (04-09); "the early hours (of the morning)", "the small
    hours" the hours after midnight (00-06, as 凌晨), as dictionaries define them."""
    return c.pod_piece(*m.span(), "early_morning" if m["early"] else "small_hours")


@CLOCK.rule(
    "en.clock.military",
    re.compile(
        r"(?:(?<=at )|(?<=around )|(?<=by )|(?<=about )|(?<=approximately ))(?P<h>[01]?\d|2[0-3])"
        r"\s?(?P<mm>[0-5]\d)(?![\d:.-])"
    ),
    gate=DIG,
    priority=170,
)
def _military(m: re.Match[str], c: Ctx) -> Piece | None:
    return c.clock(*m.span(), int(m["h"]), int(m["mm"]), None, None)


@CLOCK.rule(
    "en.clock.half_hour",
    re.compile(rf"{B}half\s+(?P<h>\d{{1,2}}|{HOURW})(?!\s*(?:an?|hours?|past|of|the)\b){E}", re.I),
    gate={"half"},
    priority=120,
)
def _half_hour(m: re.Match[str], c: Ctx) -> Piece | None:
    """British "half three": half past three."""
    h = en_number(m["h"])
    return None if h is None else c.clock(*m.span(), h, 30)


@CLOCK.rule(
    "en.clock.hmm_ampm",
    re.compile(r"(?<![\d:.])(?P<h>1[0-2]|[1-9])(?P<mm>[0-5]\d)\s*(?P<mer>[ap]\.\s?m\.|[ap]\s?m)(?![a-z])", re.I),
    gate=DIG,
    priority=110,
)
def _hmm_ampm(m: re.Match[str], c: Ctx) -> Piece | None:
    return c.clock(*m.span(), int(m["h"]), int(m["mm"]), None, meridiem(m["mer"]))


@CLOCK.rule(
    "en.clock.h_notation",
    re.compile(r"(?<![\w.:/])(?P<h>[01]?\d|2[0-3])h(?P<mm>[0-5]\d)?(?![\w:])", re.I),
    gate=DIG,
    priority=125,
)
def _h_notation(m: re.Match[str], c: Ctx) -> Piece | None:
    """ "15h00", "9h30", "16h": a 24-hour clock, grain minute (as in Duckling); a bare "9h" only after a clock
    cue ("at 9h", "9h30 - 11h"), before a zone ("8h GMT") or past 12 ("15h"), since "2h" is also two hours."""
    h = int(m["h"])
    if m["mm"] is None and h <= 12 and not re.match(rf"\s*\(?{ZONE}", m.string[m.end() :], re.I):
        before = _before(m)
        if re.search(r"(?:\bat|@|\bfrom|\bbetween|\band|\bto|\btill|\buntil|[-–])\s*$", before, re.I) is None:
            return None
    return c.clock(*m.span(), h, int(m["mm"] or 0), None, None, h24=True)  # "15h" is 15h00, to the minute


@CLOCK.rule(
    "en.clock.hour_ap",
    re.compile(r"(?<![\w.:$£€])(?P<h>1[0-2]|0?[1-9])(?P<mer>[ap])\.?(?![\w'])", re.I),
    gate=DIG,
    priority=115,
)
def _hour_ap(m: re.Match[str], c: Ctx) -> Piece | None:
    """ "7p", "at 3p.", "from 9a to 11a": a one-letter meridiem; "a" only after a clock cue ("4a" is a paper
    size or a flat number)."""
    if m["mer"].lower() == "a":
        before = _before(m)
        if re.search(r"(?:\bat|@|\bfrom|\bto|\btill|\buntil|[-–])\s*$", before, re.I) is None:
            return None
    elif re.match(r"\s+(?:coins?|each|off|per|stamps?)\b", m.string[m.end() :], re.I):
        return None  # "10p each": pence
    return c.clock(m.start(), m.end(), int(m["h"]), None, None, meridiem(m["mer"]))


#: How far before a match its cue word is looked for ("at", "from", "between" and the space after it).
_CUE_REACH = 24


def _before(m: re.Match[str]) -> str:
    """The few characters before ``m``, where a cue that ends just before it is (searching all the text before
    every match took quadratic time)."""
    return m.string[max(0, m.start() - _CUE_REACH) : m.start()]
