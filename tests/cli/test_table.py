"""Terminal tables: columns line up when cells hold Chinese (two columns a character), long cells are cut."""

from __future__ import annotations

import click
from click.testing import CliRunner

from chronomem.cli._table import MAX_CELL, echo_table, width


def _table(rows: list[dict[str, object]]) -> list[str]:
    @click.command()
    def show() -> None:
        echo_table(rows, ["name", "city"], empty="(none)")

    return CliRunner().invoke(show).output.splitlines()


def test_columns_line_up_with_wide_characters() -> None:
    lines = _table(
        [{"name": "王伟", "city": "上海"}, {"name": "Alice", "city": None}, {"name": "x" * 200, "city": "Rome"}]
    )
    assert [line.split()[0] for line in lines[:3]] == ["name", "王伟", "Alice"]
    starts = [width(line[: line.index(city)]) for line, city in zip(lines[1::2], ("上海", "Rome"), strict=True)]
    assert starts[0] == starts[1] == width(lines[0][: lines[0].index("city")])
    assert lines[3].split()[0].endswith("…") and width(lines[3].split()[0]) == MAX_CELL


def test_no_rows_says_so() -> None:
    assert _table([]) == ["(none)"]
