"""Numbers written in words: Chinese numerals (三, 十五, 二十三, 两, 二零二四) and English number words."""

from __future__ import annotations

__all__ = ["EN_NUMBER", "ZH_DIGITS", "en_number", "zh_number"]

_ZH_DIGIT = {
    "零": 0,
    "〇": 0,
    "一": 1,
    "二": 2,
    "两": 2,
    "三": 3,
    "四": 4,
    "五": 5,
    "六": 6,
    "七": 7,
    "八": 8,
    "九": 9,
}
_ZH_UNIT = {"十": 10, "百": 100, "千": 1000}
#: Characters that may form a Chinese numeral, for regular expressions.
ZH_DIGITS = "零〇一二两三四五六七八九十百千"


def zh_number(text: str) -> int | None:
    """``"十五"`` -> 15, ``"二十三"`` -> 23, ``"两"`` -> 2, ``"二零二四"`` -> 2024, ``"12"`` -> 12; else None.

    >>> zh_number("三十一")
    31
    """
    if not text:
        return None
    if text.isascii():
        return int(text) if text.isdigit() else None
    if all(ch in _ZH_DIGIT for ch in text) and len(text) > 1:
        # digit-by-digit reading, as in years: 二零二四
        return int("".join(str(_ZH_DIGIT[ch]) for ch in text))
    total, current = 0, 0
    for ch in text:
        if ch in _ZH_DIGIT:
            current = _ZH_DIGIT[ch]
        elif ch in _ZH_UNIT:
            total += (current or 1) * _ZH_UNIT[ch]
            current = 0
        else:
            return None
    return total + current


EN_NUMBER: dict[str, int] = {
    "a": 1,
    "an": 1,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
    "thirteen": 13,
    "fourteen": 14,
    "fifteen": 15,
    "sixteen": 16,
    "seventeen": 17,
    "eighteen": 18,
    "nineteen": 19,
    "twenty": 20,
    "thirty": 30,
    "forty": 40,
    "fifty": 50,
    "sixty": 60,
    "couple": 2,
    "a couple": 2,
    "a couple of": 2,
    "couple of": 2,
    "a pair of": 2,
    "few": 3,
    "a few": 3,
    "several": 3,
    "some": 3,
}
_EN_ORD = {
    "first": 1,
    "second": 2,
    "third": 3,
    "fourth": 4,
    "fifth": 5,
    "sixth": 6,
    "seventh": 7,
    "eighth": 8,
    "ninth": 9,
    "tenth": 10,
    "eleventh": 11,
    "twelfth": 12,
    "thirteenth": 13,
    "fourteenth": 14,
    "fifteenth": 15,
    "sixteenth": 16,
    "seventeenth": 17,
    "eighteenth": 18,
    "nineteenth": 19,
    "twentieth": 20,
    "thirtieth": 30,
    "last": -1,
}


def en_number(text: str) -> int | None:
    """``"3"`` -> 3, ``"three"`` -> 3, ``"twenty-first"`` -> 21, ``"a few"`` -> 3; else None."""
    t = " ".join(text.lower().replace("-", " ").split())
    if not t:
        return None
    if t.isdigit():
        return int(t)
    for suffix in ("st", "nd", "rd", "th"):
        if t.endswith(suffix) and t[: -len(suffix)].isdigit():
            return int(t[: -len(suffix)])
    if t in EN_NUMBER:
        return EN_NUMBER[t]
    if t in _EN_ORD:
        return _EN_ORD[t]
    parts = t.split(" ")
    if len(parts) == 2 and parts[0] in ("twenty", "thirty", "forty", "fifty"):
        tens = EN_NUMBER[parts[0]]
        unit = EN_NUMBER.get(parts[1], _EN_ORD.get(parts[1]))
        if unit is not None and 0 < unit < 10:
            return tens + unit
    return None
