"""Extraction: every :class:`~chronomem.contracts.Extractor`, from an episode to the claims it makes.

* :class:`OfflineExtractor` (:mod:`.offline`): rules, one home per language (``offline/en``, ``offline/zh``),
  with the language-independent reading beside them;
* :class:`LLMExtractor` (:mod:`.llm`): a model asked with a prompt and a JSON schema, its answer read back;
* :class:`StructuredExtractor` (:mod:`.structured`): claims a caller already has.

Every extractor maps onto the predicate records of :mod:`chronomem._vocabulary`.
"""

from __future__ import annotations

from .llm import LLMExtractor
from .offline import OfflineExtractor
from .structured import StructuredExtractor

__all__ = ["LLMExtractor", "OfflineExtractor", "StructuredExtractor"]
