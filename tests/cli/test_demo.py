from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from chronomem.cli import cli
from chronomem.cli._demo import run_demo


def test_demo_answers_before_and_after_the_correction(tmp_path: Path) -> None:
    lines: list[str] = []
    answers = run_demo(tmp_path / "d.db", echo=lines.append)
    assert answers == {
        "works_at_before_correction": "acme",
        "works_at_after_correction": "globex",
        "lives_in_april": "berlin",
        "lives_in_now": "paris",
    }
    assert any("Globex" in line for line in lines)


def test_demo_command_runs_on_a_temporary_file() -> None:
    result = CliRunner().invoke(cli, ["demo"])
    assert result.exit_code == 0, result.output
    assert "as it believes now" in result.output and "Globex" in result.output
