"""Agreement with Duckling's public corpora: same start (in the reference's wall clock) and same grain.

Run ``python -m tests.temporal._agreement`` for the figures per language; ``test_reference_corpora`` checks
every row, with the rows where we differ on purpose listed in ``DISAGREE``.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta, timezone

from chronomem.temporal import Mention, parse

from ._duckling_en import EN
from ._duckling_zh import ZH

#: Duckling's test context: Tuesday 2013-02-12 04:30:00 at UTC-02:00.
DUCKLING_REF = datetime(2013, 2, 12, 4, 30, tzinfo=timezone(timedelta(hours=-2)))


@dataclass(frozen=True)
class Row:
    lang: str
    text: str
    start: str
    grain: str

    def __str__(self) -> str:
        return f"{self.lang}:{self.text}"


def rows(lang: str, table: str) -> list[Row]:
    out = []
    for line in table.strip().splitlines():
        text, start, grain = (part.strip() for part in line.split(" | "))
        out.append(Row(lang, text, start, grain))
    return out


ALL = rows("en", EN) + rows("zh", ZH)


def pick(found: list[Mention]) -> Mention | None:
    """The mention covering most of the text (a corpus row is one expression)."""
    return max(found, key=lambda m: (m.span[1] - m.span[0], -m.span[0]), default=None)


def shown(row: Row, m: Mention | None) -> tuple[str, str]:
    """``(start, grain)`` of our reading, the start written as precisely as the row's."""
    if m is None:
        return "-", "-"
    if m.start_dt is None:
        return "open", m.grain.value
    fmt = {10: "%Y-%m-%d", 16: "%Y-%m-%d %H:%M", 19: "%Y-%m-%d %H:%M:%S"}[len(row.start)]
    local = m.start_dt.astimezone(DUCKLING_REF.tzinfo)
    text = local.strftime(fmt)
    if len(row.start) == 10 and local.strftime("%H:%M:%S") != "00:00:00":
        text += local.strftime(" %H:%M:%S")  # a date expected, a time found
    return text, m.grain.value


def ours(row: Row) -> tuple[str, str]:
    return shown(row, pick(parse(row.text, DUCKLING_REF)))


def agrees(row: Row) -> bool:
    return ours(row) == (row.start, row.grain)


def report() -> dict[str, tuple[int, int]]:
    """``lang -> (agreeing rows, rows)``."""
    out: dict[str, tuple[int, int]] = {}
    for row in ALL:
        ok, n = out.get(row.lang, (0, 0))
        out[row.lang] = (ok + agrees(row), n + 1)
    return out


if __name__ == "__main__":  # pragma: no cover
    import sys

    for row in ALL:
        if "-v" in sys.argv and not agrees(row):
            print(f"{row.lang} {row.text!r}: expected {row.start} {row.grain}, got {' '.join(ours(row))}")
    from .test_reference_corpora import DISAGREE

    for lang, (ok, n) in report().items():
        meant = sum(1 for key in DISAGREE if key.startswith(f"{lang}:"))
        print(
            f"{lang}: {ok}/{n} = {100 * ok / n:.1f}%; without the {meant} intentional disagreements "
            f"{ok}/{n - meant} = {100 * ok / (n - meant):.1f}%"
        )
