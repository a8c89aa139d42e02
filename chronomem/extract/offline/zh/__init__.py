"""Chinese: the offline extractor's :class:`~.._language.Language` record for Chinese, filled from this
folder (its rules with the examples they read, subjects, clauses, modality cues, actions)."""

from __future__ import annotations

from typing import Final

from .._language import Language
from . import _clauses, _cues, _events, _rules, _subjects

__all__ = ["CHINESE"]

CHINESE: Final = Language(
    code="zh",
    rules=_rules.ZH_RULES,
    clause_break=_clauses.CLAUSE_BREAK,
    cues=_cues.ZH_CUES,
    reports=_cues.ZH_REPORTS,
    hearsay=_cues.ZH_HEARSAY,
    subject=_subjects.subject_of,
    relatives=_subjects.relatives_in,
    owned=_subjects.owned_in,
    named=_subjects.named_in,
    script=_clauses.SCRIPT,
    action=_events.action,
    may_name_action=_events.may_name_action,
    filler=_clauses.FILLER,
    aliases=_rules.ZH_ALIASES,
    follow=_rules.ZH_FOLLOW,
    fold=_clauses.joined,
)
