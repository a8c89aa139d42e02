"""Event-anchored phrases: a time the text ties to an event it names but does not date.

"since I caught a cold", "two days after the wedding", "the day before my trip", "自从搬家以后", "结婚前",
"毕业两年后" become ``anchored`` mentions: no start or end, and an :class:`~._model.Anchor` with the event's
words, the relation and the offset, for ingestion to bind to an event the memory knows. Nothing is resolved
here. An anchor never hides a time expression: when the words after "after"/"以后" are themselves a time
("after lunch", "三天后"), the time is kept and no anchor is made.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ._en_words import NUMW, UNIT, amount, unit_grain
from ._model import Anchor, Grain, Mention, Shape
from ._zh_words import UNITS, N, num

__all__ = ["with_anchors"]

#: a cheap first look: no anchor without one of these
_CUE = re.compile(r"since|after|before|until|till|自从|[前后]|以来", re.I)

# -- English -------------------------------------------------------------------------------------------------
_WORDS = r"[^\s,.;:!?()]+(?:[ \t]+[^\s,.;:!?()]+){0,7}"
#: an event: a noun phrase with a determiner or a clause with a subject ("the wedding", "I caught a cold")
_EVENT = rf"(?P<ev>(?:(?:the|my|our|his|her|their|your)\s+|(?:I|we|you|he|she|they)\s+){_WORDS})"
_EN = [
    re.compile(rf"(?<![\w-])(?:ever\s+)?(?P<rel>since)\s+{_EVENT}", re.I),
    re.compile(rf"(?<![\w-])(?P<n>{NUMW})\s+(?P<u>{UNIT})\s+(?P<rel>after|before|since)\s+{_EVENT}", re.I),
    re.compile(rf"(?<![\w-])the\s+(?P<u>day|night|week|month|year)\s+(?P<rel>after|before)\s+{_EVENT}", re.I),
    re.compile(rf"(?<![\w-])(?P<rel>after|before|until|till)\s+{_EVENT}", re.I),
]
#: where an English event's words stop: a conjunction or a new clause
_EN_STOP = re.compile(
    r"\s+(?:and|but|so|then|because|when|while|where|which|if|or|I|we|you|he|she|they|it|i)\b.*$", re.I
)
_EN_REL = {"since": "since", "after": "after", "before": "before", "until": "until", "till": "until"}

# -- Chinese -------------------------------------------------------------------------------------------------
_EV_CH = (
    r"[^\W\d_a-zA-Z我你他她它们在从就也都的了又再才将会要想说"
    + "零〇一二两三四五六七八九十百千几半天周月年日点号分秒时饭餐到"
    + r"]"
)
_LEFT = r"(?:^|(?<=[\s，。,.!?！？；;：:我你他她它们在从等到就也都]))"
_ZH_UNIT = r"(?P<u>小时|分钟|天|周|星期|个月|年)"
_ZH_AMT = rf"(?P<n>{N}|半|两)个?{_ZH_UNIT}"
_ZH = [
    re.compile(r"自从(?P<ev>[^，。,.!?！？；;：:\s]{1,12}?)(?P<rel>以后|之后|以来|开始)"),
    re.compile(r"自从(?P<ev>[^，。,.!?！？；;：:\s]{1,12})"),
    re.compile(rf"{_LEFT}(?P<ev>{_EV_CH}{{2,6}}?)了?{_ZH_AMT}(?P<rel>以后|之后|以前|之前|前|后)"),
    re.compile(rf"{_LEFT}(?P<ev>{_EV_CH}{{2,6}}?)了?(?P<rel>以后|之后|以前|之前|前|后){_ZH_AMT}"),
    re.compile(
        rf"{_LEFT}(?P<ev>{_EV_CH}{{2,6}}?)了?(?P<rel>以后|之后|以前|之前|前|后)(?![天年面边来往方头者台排门途夕])"
    ),
]
#: words before 以前/之后 that are not events ("很久以前", "不久之后", "然后", "最后")
_ZH_NOT_EVENTS = ("很久", "不久", "好久", "许久", "多久", "最近", "目前", "现在", "当时", "那时", "这时", "此")
#: characters that make a word with 前 / 后 ("提前" in advance, "目前" now, "今后" from now on): no event ends so
_ZH_NOT_LAST = set("然最随背落之以午前后提目面眼当向往跟空今此")
_ZH_STOP = re.compile(r"[我你他她就都再也便才一直].*$")


_Candidate = tuple[int, int, int, int, str, float | None, Grain | None]


def _en(norm: str) -> Iterator[_Candidate]:
    """English candidates: (start, end, event start, event end, relation, amount, unit); an English phrase ends
    with its event."""
    for pattern in _EN:
        for m in pattern.finditer(norm):
            ev_end = m.start("ev") + len(_EN_STOP.sub("", m["ev"]))
            amt: float | None = None
            unit: Grain | None = None
            if m.groupdict().get("u"):
                unit = unit_grain(m["u"]) if m.groupdict().get("n") else Grain(m["u"].lower().replace("night", "day"))
                found = amount(m["n"]) if m.groupdict().get("n") else (1.0, False)
                if found is None:
                    continue
                amt = found[0]
            yield m.start(), ev_end, m.start("ev"), ev_end, _EN_REL[m["rel"].lower()], amt, unit


def _zh(norm: str) -> Iterator[_Candidate]:
    """Chinese candidates, as :func:`_en`."""
    for i, pattern in enumerate(_ZH):
        for m in pattern.finditer(norm):
            ev = m["ev"]
            if i == 1:  # "自从搬家我就...": the event stops where the rest of the sentence starts
                if re.search("以后|之后|以来|开始", ev):
                    continue  # the first pattern reads it
                ev = ev[:1] + _ZH_STOP.sub("", ev[1:])
            if ev.startswith(_ZH_NOT_EVENTS) or ev in _ZH_NOT_EVENTS or ev[-1] in _ZH_NOT_LAST:
                continue
            rel = m.groupdict().get("rel") or ""
            relation = "since" if i < 2 or rel == "以来" else "before" if "前" in rel else "after"
            amt: float | None = None
            unit: Grain | None = None
            if m.groupdict().get("u"):
                n = 0.5 if m["n"] == "半" else 2 if m["n"] == "两" else num(m["n"])
                if n is None:
                    continue
                amt, unit = float(n), UNITS[m["u"].removeprefix("个")]
            ev_end = m.start("ev") + len(ev)
            yield m.start(), ev_end if i == 1 else m.end(), m.start("ev"), ev_end, relation, amt, unit


def with_anchors(text: str, norm: str, found: list[Mention]) -> list[Mention]:
    """``found`` (the time mentions of ``text``) with the event-anchored mentions added, in text order."""
    if _CUE.search(norm) is None:
        return found
    taken = [m.span for m in found]
    anchored: list[Mention] = []
    for start, end, ev_start, ev_end, relation, amt, unit in sorted(
        [*_en(norm), *_zh(norm)], key=lambda c: (c[0], -(c[1] - c[0]))
    ):
        cut = _before_times(ev_start, ev_end, taken)
        cut = ev_start + len(text[ev_start:cut].rstrip())
        if cut - ev_start < 2:
            continue  # the event is a time ("after lunch", "the day after tomorrow")
        if cut < ev_end:
            end = cut
        if _overlaps((start, end), [a.span for a in anchored]) or any(
            s < start < e or s <= ev_start < e or (start <= s < ev_start < e) for s, e in taken
        ):
            continue  # a time crosses the phrase
        anchor = Anchor(text[ev_start:cut], (ev_start, cut), relation, amt, unit)
        mention = Mention(text[start:end], (start, end), None, None, unit or Grain.DAY, Shape.ANCHORED, anchor=anchor)
        anchored.append(mention)
    if not anchored:
        return found
    inside = [m for m in found if not any(a.span[0] <= m.span[0] and m.span[1] <= a.span[1] for a in anchored)]
    return sorted([*inside, *anchored], key=lambda m: m.span)


def _before_times(ev_start: int, ev_end: int, taken: list[tuple[int, int]]) -> int:
    """The event's end, cut before the first time mention inside it ("since I caught a cold last week")."""
    for s, _ in sorted(taken):
        if ev_start < s < ev_end:
            ev_end = s
            break
    return ev_end


def _overlaps(span: tuple[int, int], spans: list[tuple[int, int]]) -> bool:
    return any(span[0] < e and s < span[1] for s, e in spans)
