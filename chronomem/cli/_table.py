"""Readable tables on a terminal, with click only: columns padded to their widest cell (a Chinese character
counts two columns), long cells cut with an ellipsis, the header in bold where the terminal shows it."""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping, Sequence

import click

__all__ = ["echo_table", "width"]

MAX_CELL = 60


def width(text: str) -> int:
    """Terminal columns ``text`` takes: wide and full-width characters count two."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def _cut(text: str, limit: int) -> str:
    text = " ".join(text.split())
    if width(text) <= limit:
        return text
    out, used = [], 0
    for c in text:
        used += width(c)
        if used > limit - 1:
            break
        out.append(c)
    return "".join(out) + "…"


def echo_table(rows: Sequence[Mapping[str, object]], columns: Sequence[str], *, empty: str = "(nothing)") -> None:
    """One line per row under a header of ``columns`` (the rows' keys); ``empty`` when there are no rows."""
    if not rows:
        click.echo(empty)
        return
    cells = [[_cut("" if r.get(c) is None else str(r.get(c)), MAX_CELL) for c in columns] for r in rows]
    widths = [max([width(c)] + [width(line[i]) for line in cells]) for i, c in enumerate(columns)]

    def line(values: Sequence[str]) -> str:
        return "  ".join(v + " " * (w - width(v)) for v, w in zip(values, widths, strict=True)).rstrip()

    click.echo(click.style(line(columns), bold=True))
    for values in cells:
        click.echo(line(values))
