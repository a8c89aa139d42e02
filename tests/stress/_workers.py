"""Writers for the stress tests, usable as threads (import this file) or as processes (run it).

``python _workers.py hammer DB N START_AT SEED [--broken]`` writes ``N`` random operations on the
shared slots and prints one JSON line per committed write: ``{"tx": …, "op": …}``.
``python _workers.py durable DB SEED`` commits corrections forever, printing one line per commit;
the parent kills it with SIGKILL.

``BrokenEngine`` is the SQLite engine with the protection removed: it plans each write from rows
read *outside* the write lock (an unlocked snapshot), so concurrent writers can cut stale rows. The
concurrency test runs the same workload through it to show that the invariant check can fail.
"""

from __future__ import annotations

import json
import random
import sys
import threading
import time
from collections.abc import Callable, Sequence
from datetime import UTC, datetime, timedelta
from typing import Any, TypeVar

import chronomem
from chronomem import Fact, Interval, Memory, WriteResult
from chronomem._bitemporal import Plan
from chronomem.engines._sqlite import SqliteEngine, _SqliteTxn

T = TypeVar("T")
RENDEZVOUS: threading.Barrier | None = None  # when set, broken writers wait here after reading a slot
T0 = datetime(2024, 1, 1, tzinfo=UTC)
SUBJECTS = ("s0", "s1", "s2")
PREDICATE = "status"
Op = dict[str, Any]


def day(n: int) -> datetime:
    return T0 + timedelta(days=n)


class _UnlockedTxn(_SqliteTxn):
    def current(self, slot: str, portion: Interval | None = None) -> list[Fact]:
        # The bug under test: the slot is read without holding the write lock, and a little time
        # passes before the plan is written, so another writer can commit in between.
        rows = super().current(slot, portion)
        if RENDEZVOUS is not None:
            RENDEZVOUS.wait()  # every party has read the slot before any writes it: the race, made certain
        else:
            time.sleep(0.002)
        return rows

    def _execute(self, plans: Sequence[tuple[str, Plan]]) -> int:
        # The writing itself is atomic (as row locks would make it); only read-plan-write is not.
        self._c.execute("BEGIN IMMEDIATE")
        try:
            self._next_row = None
            first = super()._execute(plans)
            self._c.execute("COMMIT")
        except BaseException:
            self._c.execute("ROLLBACK")
            raise
        return first


class BrokenEngine(SqliteEngine):
    """The SQLite engine without the protection: no transaction spans reading a slot and writing it."""

    def write(self, namespace: str, fn: Callable[[_SqliteTxn], T]) -> T:
        # Autocommit statements on this engine's own connection (one engine per writer thread or
        # process): nothing holds the write lock between reading a slot and writing it.
        c = self._writer
        tx = c.execute(
            "UPDATE clock SET last_tx = max(last_tx + 1, ?) WHERE id = 1 RETURNING last_tx", (self._clock(),)
        ).fetchall()[0][0]
        return fn(_UnlockedTxn(c, namespace, tx))


def open_memory(path: str, *, broken: bool = False) -> Memory:
    if not broken:
        return chronomem.open(path, namespace="ns")
    engine = BrokenEngine(path)
    engine.migrate()
    engine.ensure_namespace("ns")
    return Memory(engine, "ns")


def random_op(rng: random.Random, writer: str, i: int) -> Op:
    start = rng.randrange(20)
    end = None if rng.random() < 0.4 else start + 1 + rng.randrange(10)
    kind = rng.choices(["assert", "correct", "retract"], weights=[6, 2, 2])[0]
    return {"op": kind, "subject": rng.choice(SUBJECTS), "value": f"{writer}-{i}", "start": start, "end": end}


def apply_op(mem: Memory, op: Op) -> WriteResult:
    start = day(op["start"])
    end = None if op["end"] is None else day(op["end"])
    if op["op"] == "retract":
        return mem.retract(op["subject"], PREDICATE, valid_from=start, valid_to=end)
    write = mem.correct if op["op"] == "correct" else mem.assert_fact
    return write(op["subject"], PREDICATE, value=op["value"], valid_from=start, valid_to=end)


def hammer(mem: Memory, writer: str, seed: int, n: int, start_at: float, emit: Callable[[Op], None]) -> None:
    """Wait until ``start_at`` (epoch seconds), then apply ``n`` random writes, emitting each commit."""
    rng = random.Random(seed)
    time.sleep(max(0.0, start_at - time.time()))
    for i in range(n):
        op = random_op(rng, writer, i)
        res = apply_op(mem, op)
        emit({**op, "tx": res.tx, "writer": writer})


def durable(path: str, seed: int) -> None:
    rng = random.Random(seed)
    mem = chronomem.open(path, namespace="ns")
    i = 0
    while True:
        subject = rng.choice(SUBJECTS)
        value = f"{seed}-{i}"
        res = mem.correct(subject, PREDICATE, value=value, valid_from=day(rng.randrange(20)))
        print(json.dumps({"tx": res.tx, "subject": subject, "value": value}), flush=True)
        i += 1


def main(argv: list[str]) -> None:
    if argv[0] == "hammer":
        path, n, start_at, seed = argv[1], int(argv[2]), float(argv[3]), int(argv[4])
        mem = open_memory(path, broken="--broken" in argv)
        hammer(mem, f"p{seed}", seed, n, start_at, lambda op: print(json.dumps(op), flush=True))
        mem.close()
    elif argv[0] == "durable":
        durable(argv[1], int(argv[2]))


if __name__ == "__main__":
    main(sys.argv[1:])
