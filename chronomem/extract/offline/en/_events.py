"""English actions: the action of a clause of the speaker that no rule read ("I caught a cold",
"we're meeting Bob"), whether it is denied and whether it is planned."""

from __future__ import annotations

import re
from typing import Final

from ...._vocabulary import words
from .._events import ACTION_END as _END

__all__ = ["action", "may_name_action"]

#: Where a second clause starts inside an English action ("went to the support group | and it was so powerful",
#: "met Tom | and he told me"): a conjunction before a new subject or a verb of being; the event ends there.
_EN_SECOND_CLAUSE: Final = re.compile(
    r"\s*(?:,\s*|\s+)(?:and|but|so|because|since|which|who|where|though|although|while)\s+"
    r"(?:it|that|this|they|he|she|there|everyone|everybody|we|i|you|was|were|is|are)\b.*$",
    re.IGNORECASE,
)
_EN_LEAD: Final = re.compile(
    r"^(?:(?:so|and|but|then|also|well|oh|ok|okay|anyway|actually|luckily|sadly|finally)\b[\s,]*)*"
    r"(?P<subj>I|we|We)(?=[\s'’])",
)
_EN_AUX: Final = re.compile(
    r"^(?:'m|’m|am|was|were|'re|’re|are|'ll|’ll|will|shall|did|do|does|didn't|didn’t|don't|don’t|won't|won’t|"
    r"can't|can’t|couldn't|couldn’t|wasn't|wasn’t|weren't|weren’t|'m not|am not|not|never|just|also|finally|"
    r"already|still|actually|really|then|going to|gonna|planning to|plan to|about to|have to|has to|had to|"
    r"need to|got to|could|should|must|might|may|can)\b\s*",
    re.IGNORECASE,
)
_EN_PERFECT: Final = re.compile(
    r"^(?:'ve|’ve|have|had|'d|’d|haven't|haven’t|hadn't|hadn’t)\s+(?=\w+(?:ed|en|ne|wn|t)\b)", re.I
)
_EN_NEGATION: Final = re.compile(r"n't|n’t|\bnot\b|\bnever\b", re.IGNORECASE)
_EN_PLAN: Final = re.compile(r"'ll|’ll|\bwill\b|\bshall\b|going to|gonna|plan|about to|have to|need to|got to", re.I)
_EN_BE: Final = re.compile(r"'m|’m|\bam\b|\bwas\b|\bwere\b|'re|’re|\bare\b|wasn|weren", re.IGNORECASE)
_EN_STATE: Final = frozenset(
    words(
        "be been being feel felt feeling think thought know knew like liked love loved hate hated want wanted wish "
        "hope hoped guess believe mean meant remember forgot forget need wonder suppose seem seemed so very too here "
        "there it that this"
    )
)


def action(text: str) -> tuple[str, bool, bool] | None:
    lead = _EN_LEAD.match(text)
    if lead is None:
        return None
    rest, aux = text[lead.end() :].lstrip(), ""
    while (m := _EN_AUX.match(rest) or _EN_PERFECT.match(rest)) is not None and m.end() > 0:
        aux, rest = aux + " " + m.group(0), rest[m.end() :]
    rest = _END.sub("", _EN_SECOND_CLAUSE.sub("", rest))
    head = rest.split(" ", 1)[0].lower() if rest else ""
    if not head.isalpha() or head in _EN_STATE:
        return None
    if _EN_BE.search(aux) and not _EN_PLAN.search(aux) and not head.endswith("ing"):
        return None  # "I'm tired today", "I was fired": a state or a passive, not something done
    return rest, bool(_EN_NEGATION.search(aux)), bool(_EN_PLAN.search(aux) or _EN_BE.search(aux))


def may_name_action(text: str) -> bool:
    """Whether :func:`action` may find an action in ``text`` at all: an English one needs its "I" or "we"."""
    return "I" in text or "we" in text or "We" in text
