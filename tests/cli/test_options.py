"""Options every command shares: times must name an instant, errors are one line without a traceback."""

from __future__ import annotations

from datetime import UTC, datetime

import click
from click.testing import CliRunner

from chronomem.cli._options import as_of_option, echo_figures, json_option, reported, valid_at_option
from chronomem.errors import NotFound


@click.command()
@as_of_option
@valid_at_option
@json_option
def show(as_of: datetime | None, valid_at: datetime | None, as_json: bool) -> None:
    with reported():
        if as_of is not None and as_of.year == 1999:
            raise NotFound("nothing as of 1999; try a later --as-of")
    echo_figures({"as_of": None if as_of is None else as_of.isoformat(), "valid_at": str(valid_at)}, as_json)


def test_times_with_an_offset_become_utc() -> None:
    result = CliRunner().invoke(show, ["--as-of", "2024-06-12T15:00:00+08:00", "--valid-at", "2024-01-01T00:00:00Z"])
    assert result.exit_code == 0, result.output
    assert "2024-06-12T07:00:00+00:00" in result.output
    assert str(datetime(2024, 1, 1, tzinfo=UTC)) in result.output


def test_a_time_without_an_offset_is_refused_with_advice() -> None:
    result = CliRunner().invoke(show, ["--as-of", "2024-06-12T15:00:00"])
    assert result.exit_code == 2
    assert "'--as-of'" in result.output and "has no offset; add one, e.g. 2024-06-12T15:00:00+08:00" in result.output


def test_library_errors_are_one_line_without_a_traceback() -> None:
    result = CliRunner().invoke(show, ["--as-of", "1999-01-01T00:00:00Z"])
    assert result.exit_code == 1
    assert result.output.strip() == "Error: nothing as of 1999; try a later --as-of"
    assert "Traceback" not in result.output


def test_json_prints_one_object() -> None:
    result = CliRunner().invoke(show, ["--json"])
    assert result.output.strip() == '{"as_of": null, "valid_at": "None"}'
