"""Passages: a long text as a bounded number of bounded, slightly overlapping pieces, for an embedder.

A passage ends at the best break in the second half of its window: a blank line, then the end of a code
block, a line break, the end of a sentence, a comma, a space, and only then anywhere. The next one starts a
little before the last ended (``overlap``), just after a break in that stretch, so a sentence cut in two is
also read whole. A text longer than ``limit`` passages can cover is sampled: ``limit`` passages spread evenly
from its start to its end. Each window is searched on its own, so the work is bounded by
``limit * size`` whatever the text's length.
"""

from __future__ import annotations

from typing import Final

from ..errors import InvalidValue

__all__ = ["passages"]

#: Where a passage may end, best first: after a blank line, a code block's closing fence, a line, a sentence...
_ENDS: Final = ("\n\n", "\n```\n", "\n", "。", "！", "？", ". ", "! ", "? ", "; ", "；", "，", ", ", " ")


def passages(text: str, *, size: int, overlap: int, limit: int) -> list[str]:
    """``text`` whole when it has at most ``size`` characters, else at most ``limit`` passages of at most
    ``size`` characters (stripped, none empty), in order.

    >>> passages("One. Two. Three.", size=10, overlap=2, limit=8)
    ['One. Two.', 'Three.']
    >>> len(passages("word " * 100_000, size=100, overlap=10, limit=4))
    4
    """
    if not 0 <= overlap < size // 2 or limit < 1:
        raise InvalidValue(f"passages need 0 <= overlap < size / 2 and limit >= 1; got {size=}, {overlap=}, {limit=}")
    if len(text) <= size:
        return [text]
    step = size - overlap
    spans: list[tuple[int, int]] = []
    if len(text) <= limit * step:
        start = 0
        while start < len(text):
            end = _end(text, start, size)
            spans.append((start, end))
            if end >= len(text):
                break
            start = _start(text, max(start + 1, end - overlap), end)
    else:
        stride = (len(text) - size) / (limit - 1) if limit > 1 else 0
        for i in range(limit):
            at = round(i * stride)
            start = _start(text, at, at + overlap) if i else 0
            spans.append((start, _end(text, start, size)))
    out = [text[a:b].strip() for a, b in spans]
    return [p for p in out if p]


def _end(text: str, start: int, size: int) -> int:
    """Where the passage from ``start`` ends: after the best break in the second half of its window."""
    limit = start + size
    if limit >= len(text):
        return len(text)
    half = start + size // 2
    for mark in _ENDS:
        at = text.rfind(mark, half, limit)
        if at >= 0:
            return at + len(mark)
    return limit


def _start(text: str, lo: int, hi: int) -> int:
    """Where a passage starts in ``[lo, hi)``: just after the best break there, else at ``lo``."""
    for mark in _ENDS:
        at = text.find(mark, lo, hi)
        if at >= 0:
            return at + len(mark)
    return lo
