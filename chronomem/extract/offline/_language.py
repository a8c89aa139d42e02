"""What the offline extractor knows of one language, in one record: how a subject is read, how a sentence is
split into clauses, the cues of its modality, its rules and word lists. Each language's folder (``en/``,
``zh/``) fills one :class:`Language`; the reading machinery takes the record and never names a language, and
:mod:`._registry` maps a language code to its record.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from ..._vocabulary import Relation
from ._modality import Cues
from ._pronouns import Subject, Who
from ._rules import Rules

__all__ = ["Language"]


@dataclass(frozen=True, slots=True, eq=False)
class Language:
    """One language's knowledge for the offline extractor.

    ``subject`` reads the subject at the start of a clause (``None`` when it was dropped); ``relatives`` every
    relative of the speaker a sentence names; ``owned`` the relatives a text names by role with a possessive
    (where the match starts, the relation, whether the speaker owns it) and ``named`` the people it names as
    the subject of a verb (with the role word before them), which seed the third persons of the next message.
    ``clause_break`` matches where one clause ends and the next begins; ``cues`` are the modality cue tables.
    ``rules`` read the facts of a clause; ``follow`` (if any) read a clause without a subject as continuing the
    predicate of the claim before it. ``aliases`` are the patterns of a name given to the speaker or to the
    last third person, looked for only when the sentence holds one of ``alias_words`` (all, when empty).
    ``script`` finds this language's words inside a clause of another; ``fold`` rewrites a sentence before it
    is read, keeping its length (spans still index it); ``role_word`` writes the role word of an unnamed pet or
    child as its name uses it ("a Cat" is "Alice's cat"). ``action`` reads the action of a clause no rule read
    (the action, whether it is denied, whether it is planned) and ``may_name_action`` says cheaply whether it
    may find one. ``filler`` is the small talk before a short answer. ``reports`` matches a verb of thinking,
    believing, hearing or saying right after a clause's subject and ``hearsay`` the words that report without
    a reporter at a clause's start, each marking hearing by a group ``heard`` (:mod:`._reported`).
    """

    code: str
    rules: Rules
    clause_break: re.Pattern[str]
    cues: Cues
    subject: Callable[[str, Who], Subject | None]
    relatives: Callable[[str, Who], list[Subject]]
    owned: Callable[[str], list[tuple[int, Relation, bool]]]
    named: Callable[[str], list[tuple[str, str | None]]]
    script: re.Pattern[str]
    action: Callable[[str], tuple[str, bool, bool] | None]
    may_name_action: Callable[[str], bool]
    filler: re.Pattern[str]
    aliases: tuple[tuple[re.Pattern[str], str], ...] = ()
    alias_words: tuple[str, ...] = ()
    follow: Rules | None = None
    fold: Callable[[str], str] = lambda text: text
    role_word: Callable[[str], str] = lambda word: word
    reports: re.Pattern[str] | None = None
    hearsay: re.Pattern[str] | None = None
