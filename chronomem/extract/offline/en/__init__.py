"""English: the offline extractor's rules for English, each with the example it reads."""

from __future__ import annotations

__all__: list[str] = []
