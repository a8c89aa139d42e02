"""A SQLite file that cannot be written opens read-only: reads work, writes say why they are refused, and nothing
is created beside the file.

The file is made read-only for a child process: as root (whom file modes do not stop) by a read-only bind mount
in a private mount namespace (``unshare -m``), otherwise by file modes.
"""

from __future__ import annotations

import json
import os
import shutil
import stat
import subprocess
import sys
import textwrap
from datetime import UTC, datetime
from pathlib import Path

import pytest

import chronomem

_CHILD = textwrap.dedent(
    """
    import json, sys
    from datetime import UTC, datetime
    import chronomem
    from chronomem.errors import ChronomemError

    path = sys.argv[1]
    out = {}
    mem = chronomem.open(path, namespace="alice", embedder=None)
    out["read_only"] = mem.engine.read_only
    fact = mem.value("Alice", "lives_in")
    out["value"] = fact and (fact.object or fact.value)
    out["hits"] = len(mem.search("Where does Alice live?", k=5))
    try:
        mem.add({"content": "I moved to Rome.", "occurred_at": datetime(2024, 9, 1, tzinfo=UTC), "speaker": "Alice"})
        out["write"] = "accepted"
    except ChronomemError as exc:
        out["write"] = f"{type(exc).__name__}: {exc}"
    mem.close()
    try:
        chronomem.open(path, namespace="bob", embedder=None).close()
        out["new_namespace"] = "accepted"
    except ChronomemError as exc:
        out["new_namespace"] = f"{type(exc).__name__}: {exc}"
    print(json.dumps(out))
    """
)


def _run_read_only(folder: Path, db: Path) -> subprocess.CompletedProcess[str]:
    child = [sys.executable, "-c", _CHILD, str(db)]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    if os.geteuid() == 0:
        unshare = shutil.which("unshare")
        if unshare is None:
            pytest.skip("as root a read-only file needs a read-only mount, and unshare is not installed")
        script = 'mount --bind -o ro "$1" "$1" && shift && exec "$@"'
        cmd = [unshare, "-m", "sh", "-c", script, "sh", str(folder), *child]
        probe = subprocess.run([unshare, "-m", "true"], capture_output=True, check=False)
        if probe.returncode != 0:
            pytest.skip(f"cannot make a private mount namespace here: {probe.stderr.decode().strip()}")
        return subprocess.run(cmd, capture_output=True, text=True, env=env, check=False, timeout=300)
    db.chmod(stat.S_IRUSR)
    folder.chmod(stat.S_IRUSR | stat.S_IXUSR)
    try:
        return subprocess.run(child, capture_output=True, text=True, env=env, check=False, timeout=300)
    finally:
        folder.chmod(stat.S_IRWXU)
        db.chmod(stat.S_IRUSR | stat.S_IWUSR)


def test_a_read_only_file_is_read_and_never_written(tmp_path: Path) -> None:
    folder = tmp_path / "ro"
    folder.mkdir()
    db = folder / "m.db"
    mem = chronomem.open(db, namespace="alice", embedder=None)
    mem.add({"content": "I live in Oslo.", "occurred_at": datetime(2024, 3, 4, tzinfo=UTC), "speaker": "Alice"})
    fact = mem.value("Alice", "lives_in")
    assert fact is not None and fact.object == "oslo"
    mem.close()
    before = sorted(p.name for p in folder.iterdir())
    size = db.stat().st_size

    done = _run_read_only(folder, db)

    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout.strip().splitlines()[-1])
    assert out["read_only"] is True
    assert out["value"] == "oslo" and out["hits"] >= 1
    assert out["write"].startswith("StorageError") and "read-only" in out["write"], out["write"]
    assert out["new_namespace"].startswith("StorageError") and "read-only" in out["new_namespace"]
    assert sorted(p.name for p in folder.iterdir()) == before
    assert db.stat().st_size == size
    again = chronomem.open(db, namespace="alice", embedder=None)  # writable again: nothing was lost
    try:
        assert again.engine.read_only is False  # type: ignore[attr-defined]
        assert again.value("Alice", "lives_in") == fact
    finally:
        again.close()


def test_a_writable_file_is_not_read_only(tmp_path: Path) -> None:
    from chronomem.engines._sqlite import read_only

    db = tmp_path / "m.db"
    assert read_only(str(db)) is False  # not there yet: it is created
    chronomem.open(db, embedder=None).close()
    assert read_only(str(db)) is False
