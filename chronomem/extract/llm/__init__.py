"""The model extractor: the prompt and schema a model is asked with (:mod:`._prompt`) and the reader that
turns its answer into claims (:mod:`._reader`)."""

from __future__ import annotations

from ._reader import LLMExtractor

__all__ = ["LLMExtractor"]
