"""Modality and action cues: is a sentence a question, a hypothetical, reported speech or a correction; is a
clause a plan, a denial, a retraction or a past state (modality is kept, never flattened: a plan or a denial
is stored as one, not as a fact).

Sentence cues scope over the whole sentence ("If I get the job, I'll move to Seattle": both halves are
hypothetical); clause cues over one clause ("I live in Paris but I'm thinking of moving to Ghent": only the
second is a plan). Each language's folder gives its cues as one :class:`Cues` record of precompiled patterns;
the functions are pure.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

__all__ = ["ClauseCues", "Cues", "SentenceMood", "clause_cues", "is_hypothetical", "is_question", "sentence_mood"]


@dataclass(frozen=True, slots=True)
class SentenceMood:
    """What the whole sentence does: asks, imagines, reports someone else's words, or corrects the speaker."""

    question: bool = False
    hypothetical: bool = False
    reported: bool = False
    correction: bool = False


@dataclass(frozen=True, slots=True)
class ClauseCues:
    """What one clause's words say before its object: a plan or intention, a denial, an ending ("anymore",
    "不再"), a past state ("used to", "以前"), or a denial that it ever held ("after all")."""

    planned: bool = False
    negated: bool = False
    ended: bool = False
    past: bool = False
    never_was: bool = False


@dataclass(frozen=True, slots=True, eq=False)
class Cues:
    """One language's modality cue tables. ``question``, ``hypothetical``, ``reported`` and ``correction``
    scope over a sentence; ``planned``, ``negation`` and ``past`` are looked for before a clause's object,
    ``ended`` and ``never_was`` in the whole clause. With ``ending_denies`` an ending also denies ("not
    anymore"); with ``past_anywhere`` a past cue may follow the object ("when I was a kid"). When
    ``still_after_length`` is set, a length of time followed by it still holds and one not followed by it
    is over ("住了五年了" / "在北京住了五年，…"). ``begins`` matches the words of a start said apart from what starts
    ("I start on the 3rd", "下周一入职"; :mod:`._begins`)."""

    question: re.Pattern[str]
    hypothetical: re.Pattern[str]
    reported: re.Pattern[str]
    correction: re.Pattern[str]
    planned: re.Pattern[str]
    negation: re.Pattern[str]
    ended: re.Pattern[str]
    never_was: re.Pattern[str]
    past: re.Pattern[str]
    ending_denies: bool = False
    past_anywhere: bool = False
    still_after_length: str | None = None
    begins: re.Pattern[str] | None = None


def is_hypothetical(clause: str, cues: Cues) -> bool:
    """Whether ``clause`` opens a world that is not this one ("if …", "in case …", "I'd …", "要是…")."""
    return cues.hypothetical.search(clause) is not None


def is_question(clause: str, cues: Cues) -> bool:
    """Whether ``clause`` asks (a question mark, an English auxiliary or wh-word before a subject, 吗, 要不要)."""
    return cues.question.search(clause) is not None


def sentence_mood(sentence: str, cues: Cues) -> SentenceMood:
    """The cues that scope over the whole ``sentence``."""
    return SentenceMood(
        question=cues.question.search(sentence) is not None,
        hypothetical=cues.hypothetical.search(sentence) is not None,
        reported=cues.reported.search(sentence) is not None,
        correction=cues.correction.search(sentence) is not None,
    )


def clause_cues(before: str, clause: str, cues: Cues) -> ClauseCues:
    """The cues of one clause: ``before`` is its text up to the object (where plans and denials sit),
    ``clause`` the whole clause (where "anymore" and "after all" may follow the object)."""
    negated = cues.negation.search(before) is not None
    ended = cues.ended.search(clause) is not None
    return ClauseCues(
        planned=cues.planned.search(before) is not None,
        negated=negated or (cues.ending_denies and ended),
        ended=ended,
        past=cues.past.search(clause if cues.past_anywhere else before) is not None,
        never_was=negated and cues.never_was.search(clause) is not None,
    )
