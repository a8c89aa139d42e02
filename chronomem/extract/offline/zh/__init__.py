"""Chinese: the offline extractor's rules for Chinese, each with the example it reads."""

from __future__ import annotations

__all__: list[str] = []
