"""The rule-based extractor: language-independent reading here (clauses, subjects, modality, time, claims,
merging, context), each language's rules and word lists in its own folder (``en/``, ``zh/``)."""

from __future__ import annotations

from ._extractor import OfflineExtractor

__all__ = ["OfflineExtractor"]
