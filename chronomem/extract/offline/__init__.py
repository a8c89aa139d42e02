"""The rule-based extractor: language-independent reading here (sentences, modality, time, claims, merging,
context), each language in its own folder (``en/``, ``zh/``) filling one :class:`._language.Language` record
(subjects, clause splitting, modality cues, actions, its rules with their examples)."""

from __future__ import annotations

from ._extractor import OfflineExtractor

__all__ = ["OfflineExtractor"]
