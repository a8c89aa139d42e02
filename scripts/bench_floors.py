#!/usr/bin/env python3
"""Where the time of a read, a correction and a bulk load goes on SQLite, from the floor the driver alone sets up.

    PYTHONPATH=. .venv/bin/python scripts/bench_floors.py [FACTS]

Loads one namespace of the ``bench core`` workload (``FACTS`` facts in all, so ``FACTS/10`` here), then prints:

* **read**: the as-of read of ``bench core`` built up stage by stage, each the median over 3 x 3,000 calls (the
  stages take turns at each point, so that the machine's drift falls on all alike): the driver alone on the
  API's own SQL text, + decoding rows into :class:`Fact` values, + building the query, the engine call, and
  the public API;
* **correction**: the time of each SQL statement of ``Memory.correct`` (per correction), COMMIT included, at the
  default durability and with ``synchronous=OFF``; the same statements replayed through the bare driver on a
  copy of the file (the SQL floor of a correction); and the write-ahead-log pages one correction appends;
* **bulk**: the time of each SQL statement of ``bulk_assert`` per fact, against the whole load.

Every statement is timed through a thin proxy around the engine's writer connection, so the split is exact
(the proxy's own cost, about a microsecond per statement, lands on the Python side).
"""

from __future__ import annotations

import os
import random
import re
import shutil
import sqlite3
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Iterable
from datetime import UTC, datetime, timedelta
from typing import Any

import chronomem
from chronomem import Memory
from chronomem.bench.core import Workload
from chronomem.contracts import FactQuery
from chronomem.engines._checkpoint import BACKSTOP_PAGES, Checkpointer
from chronomem.engines._sql import build_fact_query, fact_from_row
from chronomem.engines._sqlite import SqliteEngine
from chronomem.engines._sqlite_txn import SQLITE

T0 = datetime(2020, 1, 1, tzinfo=UTC)
Stats = dict[str, list[float]]


class Timed:
    """A sqlite3 connection whose ``execute``/``executemany`` time themselves, per statement text."""

    def __init__(self, conn: Any, stats: Stats) -> None:
        self._c, self._stats = conn, stats
        self._keys: dict[str, str] = {}
        #: Every statement run, with its parameters (``many`` for executemany), when recording.
        self.log: list[tuple[bool, str, Any]] | None = None

    def _note(self, sql: str, took: float) -> None:
        key = self._keys.get(sql)
        if key is None:
            key = self._keys[sql] = re.sub(r"\s+", " ", sql)[:70]
        entry = self._stats.setdefault(key, [0.0, 0.0])
        entry[0] += 1
        entry[1] += took

    def execute(self, sql: str, params: Any = ()) -> Any:
        if self.log is not None:
            self.log.append((False, sql, params))
        start = time.perf_counter()
        out = self._c.execute(sql, params)
        self._note(sql, time.perf_counter() - start)
        return out

    def executemany(self, sql: str, params: Iterable[Any]) -> Any:
        rows = list(params)
        if self.log is not None:
            self.log.append((True, sql, rows))
        start = time.perf_counter()
        out = self._c.executemany(sql, rows)
        self._note(sql, time.perf_counter() - start)
        return out

    def __getattr__(self, name: str) -> Any:
        return getattr(self._c, name)


def timed(mem: Memory) -> Stats:
    return proxy(mem)._stats


def proxy(mem: Memory) -> Timed:
    engine = mem.engine
    assert isinstance(engine, SqliteEngine)
    conn = Timed(engine._writer, {})
    engine._writer = conn  # type: ignore[assignment]
    return conn


def report(stats: Stats, n: int, unit: str, total_s: float) -> None:
    sql = sum(v[1] for v in stats.values())
    for text, (calls, took) in sorted(stats.items(), key=lambda kv: -kv[1][1])[:12]:
        print(f"  {took / n * 1e6:8.1f} us/{unit}  {calls / n:5.2f} calls  {text}")
    print(f"  {sql / n * 1e6:8.1f} us/{unit}  all SQL;  {(total_s - sql) / n * 1e6:.1f} us/{unit} the rest (Python)")


def read_stages(mem: Memory, ents: int) -> None:
    engine = mem.engine
    assert isinstance(engine, SqliteEngine)
    conn = engine._reader()
    rng = random.Random(8)
    now = time.time_ns() // 1000
    points: list[tuple[str, str, datetime, int]] = []
    while len(points) < 3000:
        s, p, v = f"e{rng.randrange(ents)}", f"attr{rng.randrange(75)}", T0 + timedelta(days=rng.randrange(730))
        if mem.value(s, p, valid_at=v) is not None:  # one row each: the read's fixed cost, not its row count
            points.append((s, p, v, int((v - T0).total_seconds() * 1_000_000) + 1_577_836_800_000_000))
    agg = SQLITE.episode_ids
    sql, _ = build_fact_query("ns0", FactQuery(subject="e", predicate="a", valid_at=1, as_of=2), ph="?", agg=agg, now=0)

    def args(s: str, p: str, vu: int) -> tuple[object, ...]:
        return ("ns0", now, now, vu, vu, "ns0", s, p, now, now, vu, vu)

    def built(s: str, p: str, vu: int) -> list[Any]:
        q = FactQuery(subject=s, predicate=p, valid_at=vu, as_of=now)
        text, a = build_fact_query("ns0", q, ph="?", agg=agg, now=0)
        return [fact_from_row(r) for r in conn.execute(text, a).fetchall()]

    stages: dict[str, Callable[[str, str, datetime, int], object]] = {
        "driver: execute + fetchall of the API's SQL": lambda s, p, v, vu: conn.execute(sql, args(s, p, vu)).fetchall(),
        "+ rows decoded into Fact values": lambda s, p, v, vu: [
            fact_from_row(r) for r in conn.execute(sql, args(s, p, vu)).fetchall()
        ],
        "+ FactQuery, SQL text and arguments built": lambda s, p, v, vu: built(s, p, vu),
        "engine.facts (+ error mapping, per-thread connection)": lambda s, p, v, vu: engine.facts(
            "ns0", FactQuery(subject=s, predicate=p, valid_at=vu, as_of=now)
        ),
        "mem.value (+ argument checks, datetimes, defaults)": lambda s, p, v, vu: mem.value(s, p, valid_at=v),
    }
    print("read (as-of value of one slot, one row), median of 3 x 3,000, the stages taking turns at each point:")
    took: dict[str, list[int]] = {name: [] for name in stages}
    for _ in range(3):
        for s, p, v, vu in points:
            for name, fn in stages.items():
                start = time.perf_counter_ns()
                fn(s, p, v, vu)
                took[name].append(time.perf_counter_ns() - start)
    for name, samples in took.items():
        print(f"  {statistics.median(samples) / 1000:7.1f} us  {name}")


def corrections(path: str, ents: int, n: int, sync: str | None) -> None:
    mem = chronomem.open(path, namespace="ns0")
    engine = mem.engine
    assert isinstance(engine, SqliteEngine)
    if sync is not None:
        engine._writer.execute(f"PRAGMA synchronous={sync}")
    rng = random.Random(9 if sync is None else 10)

    def run(k: int) -> None:
        for i in range(k):
            mem.correct(f"e{rng.randrange(ents)}", f"attr{rng.randrange(75)}", value=i,
                        valid_from=T0 + timedelta(days=rng.randrange(730)))  # fmt: skip

    run(200)
    conn = proxy(mem)
    if sync is None:  # the same statements replayed below, on a copy of the file as it is now
        conn._c.execute("PRAGMA wal_checkpoint(TRUNCATE)")  # not timed: it is not the correction's
        shutil.copy(path, path + ".copy")
        conn.log = []
    start = time.perf_counter()
    run(n)
    took = time.perf_counter() - start
    print(f"correction, synchronous={sync or 'NORMAL (default)'}: {took / n * 1e6:.0f} us each ({n / took:.0f}/s)")
    report(conn._stats, n, "correction", took)
    mem.close()
    if conn.log is not None:
        replay(path + ".copy", conn.log, n)


def replay(path: str, log: list[tuple[bool, str, Any]], n: int) -> None:
    """The statements ``n`` corrections ran, replayed through the bare driver on a copy of the file they ran
    on, with the engine's settings and its checkpoint thread: the cost of the SQL alone, as a hand-written
    correction would pay it."""
    db = sqlite3.connect(path, isolation_level=None)
    pragmas = ("journal_mode=WAL", "synchronous=NORMAL", "cache_size=-65536", f"wal_autocheckpoint={BACKSTOP_PAGES}")
    for pragma in pragmas:
        db.execute(f"PRAGMA {pragma}")

    def connect() -> sqlite3.Connection:
        conn = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        conn.execute("PRAGMA synchronous=NORMAL")
        return conn

    checkpoints = Checkpointer(connect, path + "-wal", 4096)
    start = time.perf_counter()
    for many, sql, params in log:
        (db.executemany if many else db.execute)(sql, params)
        if sql == "COMMIT":
            checkpoints.nudge()
    took = time.perf_counter() - start
    checkpoints.close()
    print(f"  the same {len(log) / n:.1f} statements per correction replayed by the bare driver: "
          f"{took / n * 1e6:.0f} us each ({n / took:.0f}/s)")  # fmt: skip
    db.close()


def wal_pages(path: str, ents: int, n: int) -> None:
    mem = chronomem.open(path, namespace="ns0")
    engine = mem.engine
    assert isinstance(engine, SqliteEngine)
    engine._writer.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    engine._writer.execute("PRAGMA wal_autocheckpoint=0")
    before = os.path.getsize(path + "-wal")
    rng = random.Random(11)
    for i in range(n):
        mem.correct(f"e{rng.randrange(ents)}", f"attr{rng.randrange(75)}", value=i,
                    valid_from=T0 + timedelta(days=rng.randrange(730)))  # fmt: skip
    frames = (os.path.getsize(path + "-wal") - before) / n / (4096 + 24)
    print(f"write-ahead log: {frames:.1f} pages of 4 KiB appended per correction")
    engine._writer.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    mem.close()


def main(facts: int) -> None:
    work = Workload(facts)
    base, later = work.records(0)
    ents = work.entities_per_namespace
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "m.db")
        mem = chronomem.open(path, namespace="ns0")
        mem.assert_fact("warm", "up", value=1)  # the tokenizer and the schema loaded before the clock starts
        stats = timed(mem)
        start = time.perf_counter()
        mem.bulk_assert(base)
        mem.bulk_assert(later)
        took = time.perf_counter() - start
        n = len(base) + len(later)
        print(f"bulk load of {n} facts: {n / took:.0f} facts/s")
        report(stats, n, "fact", took)
        read_stages(mem, ents)
        mem.close()
        corrections(path, ents, 2000, None)
        corrections(path, ents, 2000, "OFF")
        wal_pages(path, ents, 300)  # 300 x ~21 pages: under the checkpoint threshold


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 200_000)
