from __future__ import annotations

import re
from pathlib import Path

from click.testing import CliRunner

import chronomem
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


def test_demo_twice_on_one_file_tells_the_same_story_and_leaves_other_namespaces(tmp_path: Path) -> None:
    db = tmp_path / "f.db"
    with chronomem.open(db, namespace="bob", embedder=None) as mem:
        mem.assert_fact("Bob", "lives_in", "Rome")
    runner = CliRunner()
    first = runner.invoke(cli, ["demo", "--db", str(db)])
    second = runner.invoke(cli, ["demo", "--db", str(db)])
    assert first.exit_code == second.exit_code == 0, second.output
    note, *rest = second.output.splitlines()
    assert "erased the previous demo" in note and "erased" not in first.output

    def story(lines: list[str]) -> list[str]:  # system times differ from run to run
        return [re.sub(r"believed until .*", "believed until …", line) for line in lines]

    assert story(rest) == story(first.output.splitlines())
    with chronomem.open(db, namespace="demo-alice", embedder=None) as mem:
        assert len(mem.audit("Alice", "works_at")) == 2  # one run's rows, not two runs' piled up
    with chronomem.open(db, namespace="bob", embedder=None) as mem:
        assert mem.value("Bob", "lives_in").object == "rome"
