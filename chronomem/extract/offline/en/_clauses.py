"""How an English message is split into clauses, and an all-lower-case sentence cased for reading; the small
talk before a short answer."""

from __future__ import annotations

import re
from typing import Final

__all__ = ["CLAUSE_BREAK", "FILLER", "SCRIPT", "cased"]

#: Where one clause ends and the next begins (never right after a first "Me": "Me and my wife moved" is one
#: subject): a comma, a conjunction or a verb of saying before a new subject,
#: a question, a condition or a name. A break starts where white space starts and takes all of it at once
#: (possessive ``*+``/``++``), and at most four fillers lead the next subject ("so anyway I"): on a long run of
#: spaces or of "and and and" every try is then short, where backtracking made splitting quadratic or worse.
CLAUSE_BREAK: Final = re.compile(
    r"(?<!^[Mm]e)(?<!\s)\s*+(?:[,;:]|(?<=\s)(?:and|but|so|because|though|although|while|whereas|since|says|said|thinks|"
    r"told me|tells me|mentioned|heard)(?:\s++that)?\b|(?<=\s)[-–—]+)\s++"
    r"(?=(?:any|do|did|does|have|has|can|could|should|would|will|is|are)\b|"
    r"(?:what|how|where|why|when|which|who)\s+(?:do|does|did|is|are|was|were|can|could|should|would|will)\b|"
    r"[A-Z][a-z]+(?:'s|’s|\s+is)\s|(?:if|in case|unless|as long as)\b|"
    r"(?:(?:so|and|but|now|then|also|actually|still|lately|recently|honestly|"
    r"really|luckily|sadly|anyway)\s+){0,4}(?:I\b|I'm|I've|I'd|I’m|we\b|We\b|my\b|My\b|our\b|he\b|she\b|He\b|She\b|you\b))"
)

#: Two English words in a row: a clause of another language holding English words is also read in English.
SCRIPT: Final = re.compile(r"[A-Za-z]{2,}\s+[A-Za-z]{2,}")

#: The small talk before a short answer ("yeah, still in Paris").
FILLER: Final = re.compile(
    r"^(?:(?:yes|yep|yeah|yup|sure|well|um|uh|oh|ah|still|now|currently|just|right now|at the moment|actually|"
    r"it's|it is|that's|i think|mostly|in|at|a|an)[,!.]?\s+)+",
    re.I,
)


def cased(text: str) -> str:
    """``text`` as read: an all-lower-case sentence with "I" and the word after a preposition capitalised."""
    return _cased(text) if not _UPPER.search(text) else text


_UPPER = re.compile(r"[A-Z]")
_NAME_AFTER = re.compile(
    r"\b(?:in|to|at|from|for|with|joined|called|named|near|is|marry|married|dating)\s+"
    r"(?!(?:a|an|the|my|our|his|her|your|their|home|work|bed|town|school|college|church|hospital|it|this|that|"
    r"there|here|me|you|him|them|us|be|do|go|get|see|love|like|live|work|move|now|last|next|this|a|some|any|"
    r"every|all|not|so|really|just|still|also)\b)([a-z])"
)


def _cased(text: str) -> str:
    """An all-lower-case English sentence ("i live in boston now") with "I" and the word after a preposition
    capitalised, so that name patterns find the name (same length: spans still index the text)."""
    text = re.sub(r"\bi\b(?=\s|'|’)", "I", text)
    return _NAME_AFTER.sub(lambda m: m.group(0)[:-1] + m.group(1).upper(), text)
