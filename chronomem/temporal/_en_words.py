"""English vocabulary: month, weekday, unit, number and part-of-day words, as regex fragments, lookup
tables and the word sets that gate the English rules."""

from __future__ import annotations

from ._numerals import en_number
from ._pieces import Mer
from ._rules import DIGIT
from ._values import Grain

__all__ = [
    "DIG",
    "HOLW",
    "HOURS",
    "HOURW",
    "MON",
    "MONTHS",
    "MONTHW",
    "NUMW",
    "ORD",
    "ORDW",
    "POD",
    "PODS",
    "PODW",
    "REL",
    "SEASONS",
    "SEASONW",
    "UNIT",
    "UNITS",
    "UNITW",
    "WDAYS",
    "WDW",
    "WD_ABBR",
    "WD_FULL",
    "B",
    "E",
    "amount",
    "meridiem",
    "month_number",
    "pod_name",
    "unit_grain",
    "weekday_index",
    "weeks_factor",
]

#: Word boundaries for English rules: a letter may not come just before or just after.
B, E = r"(?<![A-Za-z])", r"(?![A-Za-z])"
MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

MON = (
    r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|"
    r"oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?"
)

WDAYS = {"mon": 0, "tue": 1, "wed": 2, "thu": 3, "fri": 4, "sat": 5, "sun": 6}

WD_FULL = r"(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)"

WD_ABBR = r"(?:Mon|Tues?|Wed|Thu(?:rs?)?|Fri|Sat|Sun)\.?"

NUMW = (
    r"(?:(?:\d+|an?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\s+and\s+an?\s+half|"
    r"\d+/\d+|a\s+pair\s+of|\d+(?:\.\d+)?|an?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|"
    r"twenty|"
    r"thirty|forty|fifty|sixty|a\s+few|few|a\s+couple(?:\s+of)?|couple(?:\s+of)?|several|half\s+an?|"
    r"a\s+half)"
)

UNIT = r"(?:seconds?|secs?|minutes?|mins?|hours?|hrs?|days?|weeks?|fortnights?|months?|years?|yrs?|decades?)"

UNITS = {
    "sec": Grain.SECOND,
    "min": Grain.MINUTE,
    "hou": Grain.HOUR,
    "hrs": Grain.HOUR,
    "hr": Grain.HOUR,
    "day": Grain.DAY,
    "wee": Grain.WEEK,
    "for": Grain.WEEK,
    "mon": Grain.MONTH,
    "yea": Grain.YEAR,
    "yrs": Grain.YEAR,
    "yr": Grain.YEAR,
    "dec": Grain.DECADE,
}

ORD = (
    r"(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|thirteenth|"
    r"fourteenth|fifteenth|sixteenth|seventeenth|eighteenth|nineteenth|twentieth|twenty[-\s]\w+|"
    r"thirtieth|"
    r"thirty[-\s]first)"
)

HOURW = r"(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)"

POD = {
    "morning": "morning",
    "early morning": "early_morning",
    "afternoon": "afternoon",
    "evening": "evening",
    "night": "night",
    "lunch": "noon",
    "lunchtime": "noon",
    "noon": "noon",
    "midday": "noon",
    "late night": "late_night",
    "overnight": "late_night",
    "daytime": "day",
    "dawn": "early_morning",
    "dusk": "dusk",
    "sunset": "dusk",
    "sunrise": "early_morning",
    "breakfast": "breakfast",
    "brunch": "brunch",
    "dinner": "dinner",
    "supper": "dinner",
    "school": "school",
    "work": "work",
}

REL = {
    "last": -1,
    "past": -1,
    "previous": -1,
    "this": 0,
    "current": 0,
    "coming": 0,  # Duckling: "coming week" is this week
    "next": 1,
    "the following": 1,
    "the previous": -1,
    "this past": -1,
    "this coming": 1,
    "following": 1,
    "upcoming": 1,
    "this upcoming": 1,
}


def month_number(text: str) -> int:
    return MONTHS.index(text[:3].lower()) + 1


def unit_grain(text: str) -> Grain:
    t = text.lower()
    return Grain.WEEK if t.startswith("fortnight") else UNITS.get(t[:3], UNITS.get(t[:2], Grain.DAY))


def amount(text: str) -> tuple[float, bool] | None:
    """ "3" -> (3.0, precise), "a few" -> (3.0, vague), "3/4" -> 0.75, "2 and an half" -> 2.5, "a pair of" -> 2."""
    t = " ".join(text.lower().split())
    if t.startswith("half") or t == "a half":
        return 0.5, False
    if t == "a pair of":
        return 2.0, False
    if "/" in t:
        num, _, den = t.partition("/")
        return (int(num) / int(den), False) if int(den) else None
    if t.endswith(" half"):
        whole = amount(t.split(" and ")[0])
        return None if whole is None else (whole[0] + 0.5, False)
    try:
        return float(t), False
    except ValueError:
        pass
    n = en_number(t)
    if n is None:
        return None
    return float(n), t in ("a few", "few", "several", "a couple", "a couple of", "couple", "couple of")


def weeks_factor(text: str) -> float:
    return 2.0 if text.lower().startswith("fortnight") else 1.0


def pod_name(text: str | None) -> str | None:
    return None if text is None else POD[" ".join(text.lower().split())]


def meridiem(text: str | None) -> Mer:
    if text is None:
        return None
    return "am" if text.strip().lower().startswith("a") else "pm"


def weekday_index(text: str) -> int:
    return WDAYS[text.lower()[:3]]


SEASONS = {"spring": 0, "summer": 1, "fall": 2, "autumn": 2, "winter": 3}

PODW = r"(?:early\s+morning|morning|afternoon|evening|night|lunchtime|lunch|dawn|dusk|sunrise|sunset)"

DIG = {DIGIT}

HOURS = {"one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"}

UNITW = {
    f"{u}{s}"
    for u in (
        "second",
        "sec",
        "minute",
        "min",
        "hour",
        "hr",
        "day",
        "week",
        "fortnight",
        "month",
        "year",
        "yr",
        "decade",
    )
    for s in ("", "s")
} | {"h"}

MONTHW = {
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
    "sept",
    *MONTHS,
}

WDW = {
    f"{d}{s}" for d in ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday") for s in ("", "s")
} | {"mon", "tue", "tues", "wed", "thu", "thur", "thurs", "fri", "sat", "sun"}

PODS = {
    "morning",
    "afternoon",
    "evening",
    "night",
    "lunch",
    "lunchtime",
    "daytime",
    "dawn",
    "dusk",
    "sunrise",
    "sunset",
}

ORDW = {
    "first",
    "second",
    "third",
    "fourth",
    "fifth",
    "sixth",
    "seventh",
    "eighth",
    "ninth",
    "tenth",
    "eleventh",
    "twelfth",
    "thirteenth",
    "fourteenth",
    "fifteenth",
    "sixteenth",
    "seventeenth",
    "eighteenth",
    "nineteenth",
    "twentieth",
    "thirtieth",
    "twenty",
    "thirty",
}

SEASONW = {"spring", "summer", "fall", "autumn", "winter"}

HOLW = {
    "labor",
    "labour",
    "new",
    "year",
    "years",
    "christmas",
    "xmas",
    "eve",
    "chinese",
    "lunar",
    "spring",
    "festival",
    "lantern",
    "dragon",
    "mid",
    "autumn",
    "moon",
    "qingming",
    "qixi",
    "double",
    "chongyang",
    "valentine",
    "valentines",
    "halloween",
    "thanksgiving",
    "black",
    "mlk",
    "martin",
    "presidents",
    "president",
    "memorial",
    "columbus",
    "veterans",
    "juneteenth",
    "independence",
    "july",
    "mother",
    "mothers",
    "father",
    "fathers",
    "easter",
    "good",
    "april",
    "women",
    "womens",
    "fourth",
}
