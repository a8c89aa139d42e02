"""Commits survive SIGKILL.

A child process commits corrections and reports each one after ``correct()`` returns. It is killed
with SIGKILL at a random point, 20 times, on the same file. After each kill the file is reopened:
every reported commit must be there, the file must pass SQLite's integrity check, and no slot may
have overlapping rows at any system time.
"""

from __future__ import annotations

import importlib.util
import itertools
import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from types import ModuleType

import pytest

from chronomem import Fact, Memory
from chronomem.errors import NotFound

HERE = Path(__file__).parent
ROOT = HERE.parent.parent
KILLS = 20


def _load_workers() -> ModuleType:
    spec = importlib.util.spec_from_file_location("chronomem_stress_workers", HERE / "_workers.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


W = _load_workers()


def _run_and_kill(db: Path, seed: int, rng: random.Random) -> list[dict[str, object]]:
    """Start a committing child, wait for its first commit, kill it a random while later."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen(
        [sys.executable, str(HERE / "_workers.py"), "durable", str(db), str(seed)],
        stdout=subprocess.PIPE,
        env=env,
        text=True,
    )
    assert proc.stdout is not None
    first = proc.stdout.readline()  # the child is up and has committed once
    assert first, f"child exited early with {proc.wait()}"
    time.sleep(rng.uniform(0.0, 0.4))
    os.kill(proc.pid, signal.SIGKILL)
    rest, _ = proc.communicate(timeout=30)
    assert proc.returncode == -signal.SIGKILL
    # A line cut by the kill was never fully reported; only whole lines count as reported commits. (A blank
    # line, seen once in CI under load, reports nothing either.)
    lines = [first, *rest.splitlines(keepends=True)]
    return [json.loads(line) for line in lines if line.endswith("\n") and line.strip()]


def _overlapping(rows: list[Fact]) -> bool:
    for t in {f.recorded.start for f in rows}:
        believed = sorted((f for f in rows if f.recorded.contains(t)), key=lambda f: f.valid.start)
        if any(a.valid.overlaps(b.valid) for a, b in itertools.pairwise(believed)):
            return True
    return False


@pytest.mark.slow
def test_reported_commits_survive_sigkill(tmp_path: Path) -> None:
    db = tmp_path / "m.db"
    rng = random.Random(2)
    reported: list[dict[str, object]] = []
    for kill in range(KILLS):
        reported += _run_and_kill(db, kill, rng)
        conn = sqlite3.connect(db)
        assert conn.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        conn.close()
        mem = W.open_memory(str(db))
        stored = {(f.recorded.start, f.subject, f.value) for s in W.SUBJECTS for f in _audit(mem, s)}
        missing = [r for r in reported if (r["tx"], r["subject"], r["value"]) not in stored]
        assert missing == [], f"after kill {kill + 1}: {len(missing)} reported commits are gone"
        assert mem.engine.overlaps("ns") == []
        assert not any(_overlapping(_audit(mem, s)) for s in W.SUBJECTS)
        mem.close()
    assert len(reported) > KILLS  # every child committed at least once, most many times
    print(f"{len(reported)} commits reported over {KILLS} kills")


def _audit(mem: Memory, subject: str) -> list[Fact]:
    try:
        return mem.audit(subject, W.PREDICATE)
    except NotFound:
        return []
