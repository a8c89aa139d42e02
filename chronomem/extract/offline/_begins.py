"""A start said apart from what starts: "I accepted a job at Arden Clinic, I start on May 6", "拿到了星辰科技的
offer，下周一入职". The job (or the school) is named in one clause and its first day in another, with a word of
starting ("start", "begin", "first day", "入职", "上班", "开学": each language's ``begins`` cue) beside a time
still ahead. What one starts holds from that day, not from the day it was said; the start is no event of its
own. A day that already dates another value of the message is that value's. A start already past ("I started
on Monday") is read by the rules with the clause that names it.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Final

from ..._claims import Action, Claim, ExtractionContext
from ..._time import to_us
from ..._values import Modality
from ...temporal import Mention, parse
from ._read import MAX_SENTENCE
from ._registry import languages

__all__ = ["started_later"]

#: The slots one starts on a first day.
BEGUN: Final = frozenset({"works_at", "job_title", "studies_at"})
#: How far from its word of starting a time may be and still be its day ("start on the 15th", "15号入职").
_NEAR: Final = 24


def started_later(claims: list[Claim], content: str, context: ExtractionContext) -> list[Claim]:
    """``claims`` with the speaker's untimed job or school dated from the first day the message names ahead."""
    waiting = [c for c in claims if _untimed_start(c)]
    if not waiting or len(content) > MAX_SENTENCE:  # a document's days are not a job's first day
        return claims
    cues = [m for lang in languages() if lang.cues.begins is not None for m in lang.cues.begins.finditer(content)]
    if not cues:
        return claims
    now = to_us(context.reference)
    day = _first_day(parse(content, context.reference, context.tz), [m.span() for m in cues], now)
    if day is None or day.start is None:
        return claims
    start = day.start
    if any(c.valid_from == start and c.predicate != "event" for c in claims):
        return claims  # the day starts what a clause says with it ("from next month I'm the director; still lead now")
    dated = {id(c): replace(c, valid_from=start, time_text=day.text) for c in waiting}
    # the start read as an action of its own ("start", "开始上班") is the same start
    return [dated.get(id(c), c) for c in claims if not _same_start(c, start)]


def _untimed_start(c: Claim) -> bool:
    return (
        c.subject.speaker
        and c.predicate in BEGUN
        and c.action is Action.ASSERT
        and c.modality in (Modality.ASSERTED, Modality.PLANNED)
        and c.valid_from is None
        and c.valid_to is None
    )


def _first_day(said: list[Mention], cues: list[tuple[int, int]], now: int) -> Mention | None:
    for m in said:
        if m.start is None or m.start <= now:
            continue
        if any(m.span[0] - _NEAR <= b and a <= m.span[1] + _NEAR for a, b in cues):
            return m
    return None


def _same_start(c: Claim, start: int) -> bool:
    return c.predicate == "event" and c.subject.speaker and c.valid_from == start
