"""The single-valued slot invariant holds with 8 writer threads and 4 writer processes.

The same workload also runs through ``BrokenEngine`` (the protection removed: slots read outside the
write lock) and must produce overlaps there, so the checks below demonstrably can fail.
"""

from __future__ import annotations

import importlib.util
import itertools
import json
import os
import subprocess
import sys
import threading
import time
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from chronomem import Fact, Memory

HERE = Path(__file__).parent
ROOT = HERE.parent.parent
THREADS, PROCESSES, WRITES = 8, 4, 30


def _load_workers() -> ModuleType:
    spec = importlib.util.spec_from_file_location("chronomem_stress_workers", HERE / "_workers.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


W = _load_workers()


def _prepare(path: Path) -> None:
    mem = W.open_memory(str(path))
    for subject in W.SUBJECTS:
        mem.assert_fact(subject, W.PREDICATE, value="initial", valid_from=W.day(0))
    mem.close()


def _run_workload(path: Path, *, broken: bool) -> list[dict[str, Any]]:
    """8 threads (each with its own engine) and 4 processes write the same 3 slots at once."""
    start_at = time.time() + 2.0  # processes need a moment to import
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    args = ["--broken"] if broken else []
    cmd = [sys.executable, str(HERE / "_workers.py"), "hammer", str(path), str(WRITES), str(start_at)]
    procs = [
        subprocess.Popen([*cmd, str(100 + p), *args], stdout=subprocess.PIPE, env=env, text=True)
        for p in range(PROCESSES)
    ]
    ops: list[dict[str, Any]] = []
    errors: list[BaseException] = []
    lock = threading.Lock()

    def emit(op: dict[str, Any]) -> None:
        with lock:
            ops.append(op)

    def thread_main(i: int) -> None:
        try:
            mem = W.open_memory(str(path), broken=broken)
            try:
                W.hammer(mem, f"t{i}", i, WRITES, start_at, emit)
            finally:
                mem.close()
        except BaseException as exc:  # noqa: BLE001 - re-raised in the main thread below
            errors.append(exc)

    threads = [threading.Thread(target=thread_main, args=(i,)) for i in range(THREADS)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    for proc in procs:
        out, _ = proc.communicate(timeout=120)
        assert proc.returncode == 0, f"writer process failed with {proc.returncode}"
        ops += [json.loads(line) for line in out.splitlines()]
    if errors:
        raise errors[0]
    assert len(ops) == (THREADS + PROCESSES) * WRITES
    return ops


def _overlaps_at_every_system_time(rows: list[Fact]) -> list[tuple[int, int, int]]:
    """(system time, row, row) for every pair of rows believed at the same time whose valid times overlap."""
    found = []
    for t in sorted({f.recorded.start for f in rows}):
        believed = sorted((f for f in rows if f.recorded.contains(t)), key=lambda f: f.valid.start)
        for a, b in itertools.pairwise(believed):
            if a.valid.overlaps(b.valid):
                found.append((t, a.row_id, b.row_id))
    return found


def _story(mem: Memory, subject: str) -> list[tuple[object, int, int | None]]:
    return [(f.value, f.valid.start, f.valid.end) for f in mem.history(subject, W.PREDICATE)]


@pytest.mark.slow
def test_invariant_holds_under_concurrent_writers(tmp_path: Path) -> None:
    db = tmp_path / "m.db"
    _prepare(db)
    ops = _run_workload(db, broken=False)

    # System time is unique across threads and processes and increases in each writer's call order.
    txs = [op["tx"] for op in ops]
    assert len(set(txs)) == len(txs)
    for writer in {op["writer"] for op in ops}:
        mine = [op["tx"] for op in ops if op["writer"] == writer]
        assert mine == sorted(mine)

    mem = W.open_memory(str(db))
    assert mem.engine.overlaps("ns") == []
    for subject in W.SUBJECTS:
        assert _overlaps_at_every_system_time(mem.audit(subject, W.PREDICATE)) == []

    # Serialisable: replaying the commits one by one in system-time order gives the same slots.
    replay = W.open_memory(str(tmp_path / "replay.db"))
    for subject in W.SUBJECTS:
        replay.assert_fact(subject, W.PREDICATE, value="initial", valid_from=W.day(0))
    for op in sorted(ops, key=lambda o: o["tx"]):
        W.apply_op(replay, op)
    for subject in W.SUBJECTS:
        assert _story(mem, subject) == _story(replay, subject)
    mem.close()
    replay.close()


@pytest.mark.slow
def test_without_the_protection_the_same_checks_fail(tmp_path: Path) -> None:
    # Later writes may cut the overlapping rows again, so the overlaps need not survive to the end of the
    # workload; the audit (every system time) sees them while they were believed.
    db = tmp_path / "m.db"
    _prepare(db)
    _run_workload(db, broken=True)
    mem = W.open_memory(str(db))
    assert any(_overlaps_at_every_system_time(mem.audit(s, W.PREDICATE)) for s in W.SUBJECTS)
    mem.close()


def test_without_the_protection_two_writers_that_read_before_either_writes_leave_an_overlap(tmp_path: Path) -> None:
    db = tmp_path / "m.db"
    _prepare(db)
    W.RENDEZVOUS = threading.Barrier(2, timeout=30)
    try:
        writers = [W.open_memory(str(db), broken=True) for _ in range(2)]
        threads = [
            threading.Thread(
                target=m.assert_fact, args=("s0", W.PREDICATE), kwargs={"value": f"w{i}", "valid_from": W.day(1)}
            )
            for i, m in enumerate(writers)
        ]
        for t in threads:
            t.start()
        for t in threads:
            t.join(timeout=60)
    finally:
        W.RENDEZVOUS = None
    for m in writers:
        m.close()
    mem = W.open_memory(str(db))
    assert mem.engine.overlaps("ns") != []
    assert _overlaps_at_every_system_time(mem.audit("s0", W.PREDICATE)) != []
    mem.close()
