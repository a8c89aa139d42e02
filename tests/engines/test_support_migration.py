"""Migration 0011 (the support model, issue #9) on a memory written by the release before it.

The previous release (commit :data:`BEFORE`, taken from this repository's history) writes a memory in a
subprocess; this one opens it (``open`` migrates), and must read the same rows, cite the same episodes, and
undo episodes by the support rule from then on: on SQLite, plain PostgreSQL and the Citus cluster.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tarfile
from io import BytesIO
from pathlib import Path

import pytest

import chronomem
from chronomem.testing import at

ROOT = Path(__file__).parent.parent.parent
#: The last commit before migration 0011.
BEFORE = "0c69254"

WRITE = """
import sys
import chronomem
from chronomem.testing import at
assert not hasattr(chronomem, "Snapshot"), f"not the previous release: {chronomem.__file__}"
with chronomem.open(sys.argv[1], namespace="old", embedder=None) as mem:
    e1 = mem.add_episode("I live in Berlin", occurred_at=at(10), id="e1")
    e2 = mem.add_episode("I moved to Paris", occurred_at=at(20), id="e2")
    e3 = mem.add_episode("Still in Paris", occurred_at=at(25), id="e3")
    mem.assert_fact("alice", "lives_in", "Berlin", episode=e1)
    mem.assert_fact("alice", "lives_in", "Paris", episode=e2)
    mem.assert_fact("alice", "lives_in", "Paris", valid_from=at(20), episode=e3)
    mem.assert_fact("alice", "age", value=30, valid_from=at(0))
"""


@pytest.fixture(
    params=[
        "sqlite",
        pytest.param("postgresql", marks=pytest.mark.integration),
        pytest.param("citus", marks=pytest.mark.integration),
    ]
)
def url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return str(tmp_path / "memory.db")
    return str(request.getfixturevalue("pg_url" if request.param == "postgresql" else "citus_url"))


def _previous_release(into: Path) -> Path:
    try:
        archive = subprocess.run(
            ["git", "-C", str(ROOT), "archive", BEFORE, "chronomem"], capture_output=True, check=True
        ).stdout
    except (OSError, subprocess.CalledProcessError) as exc:  # pragma: no cover - a checkout without history
        pytest.fail(f"this test needs the repository's history (git archive {BEFORE}): {exc}")
    with tarfile.open(fileobj=BytesIO(archive)) as tar:
        tar.extractall(into, filter="data")
    return into


def test_a_memory_from_before_0011_reads_the_same_and_undoes_by_the_rule(url: str, tmp_path: Path) -> None:
    old = _previous_release(tmp_path / "previous")
    env = {**os.environ, "PYTHONPATH": str(old)}  # and not from the repository: ``-c`` puts the cwd first
    subprocess.run([sys.executable, "-c", WRITE, url], check=True, env=env, cwd=tmp_path)
    with chronomem.open(url, namespace="old", embedder=None) as mem:
        assert "0011_support_model" in mem.engine.schema_version()
        story = [(f.object, f.valid.start, f.valid.end, f.episodes) for f in mem.history("alice", "lives_in")]
        assert story == [("berlin", 10, 20, ("e1",)), ("paris", 20, None, ("e2", "e3"))]
        assert mem.value("alice", "age").value == 30
        mem.retract_episode("e2")  # e3 said Paris from 20 too: nothing changes but the support
        story = [(f.object, f.valid.start, f.valid.end, f.episodes) for f in mem.history("alice", "lives_in")]
        assert story == [("berlin", 10, 20, ("e1",)), ("paris", 20, None, ("e3",))]
        # Nobody says Paris any more. What e1 said is known from the rows believed at migration (Berlin until
        # 20): the statements before 0011 were not kept, so undo starts from what was believed then.
        mem.retract_episode("e3")
        story = [(f.object, f.valid.start, f.valid.end, f.episodes) for f in mem.history("alice", "lives_in")]
        assert story == [("berlin", 10, 20, ("e1",))]
        mem.erase(episode="e1")  # the application's own write stays through all of it
        assert mem.history("alice", "lives_in") == [] and mem.value("alice", "age").value == 30
        assert mem.value("alice", "lives_in", as_of=at(mem.engine.committed("old"))) is None
