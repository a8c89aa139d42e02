"""Choosing an extractor by name: what ``Memory.add(..., extractor="llm")`` and ``chronomem ingest
--extractor`` take. An unknown name is an error that lists the known ones; nothing falls back silently."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..errors import ConfigError

if TYPE_CHECKING:
    from ..contracts import LLM, Extractor

__all__ = ["EXTRACTORS", "choose_extractor"]

#: The extractors chronomem ships, by name.
EXTRACTORS = ("offline", "llm")


def choose_extractor(choice: str | Extractor, llm: LLM | None = None) -> Extractor:
    """``choice`` itself when it is an extractor; else the one it names (``"llm"`` needs ``llm``)."""
    if not isinstance(choice, str):
        return choice
    if choice == "offline":
        from ..extract import OfflineExtractor

        return OfflineExtractor()
    if choice == "llm":
        if llm is None:
            raise ConfigError("the 'llm' extractor needs a model: chronomem.open(..., llm=OpenAIChatLLM(...))")
        from ..extract import LLMExtractor

        return LLMExtractor(llm)
    raise ConfigError(f"unknown extractor {choice!r}; use one of {list(EXTRACTORS)} or pass an Extractor")
