"""``chronomem bench core``: bulk load, as-of reads, entity views, history, 2-hop walks and corrections.

The workload: ``N`` facts in 10 namespaces about ``N/100`` entities (100 facts each: 75 single-valued
attributes, 2 single-valued edges, 3 ``knows`` edges, then 20 later values that supersede earlier ones,
so about 20% of the facts are superseded). Reads go through the public API only, so any engine URL
works; each read is also done with hand-written SQL on the same database (engine-specific, per URL
scheme) and the API/raw ratio is reported. Figures are printed, never asserted.
"""

from __future__ import annotations

import os
import platform
import random
import shutil
import sqlite3
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

import chronomem
from chronomem import FactRecord, Memory
from chronomem._extras import install_hint
from chronomem.errors import ChronomemError, ConfigError

__all__ = ["FACTS_PER_ENTITY", "NAMESPACES", "Figures", "Workload", "run"]

NAMESPACES = 10
FACTS_PER_ENTITY = 100
_ATTRS = 75
_T0 = datetime(2020, 1, 1, tzinfo=UTC)
_INF = 9223372036854775807
Figures = dict[str, float | int | str]


@dataclass(frozen=True, slots=True)
class Workload:
    """The shape of the data set for ``facts`` facts; ``seed`` makes it reproducible."""

    facts: int
    seed: int = 1

    @property
    def entities_per_namespace(self) -> int:
        return max(1, self.facts // FACTS_PER_ENTITY // NAMESPACES)

    def records(self, ns_index: int) -> tuple[list[FactRecord], list[FactRecord]]:
        """The namespace's facts: the base values, and the later values that supersede some of them."""
        rng = random.Random(self.seed * 1000 + ns_index)
        n = self.entities_per_namespace
        base: list[FactRecord] = []
        later: list[FactRecord] = []
        for e in range(n):
            subject = f"e{e}"
            for a in range(_ATTRS):
                base.append(
                    FactRecord(subject, f"attr{a}", value=rng.randrange(10**6), valid_from=_day(rng.randrange(365)))
                )
            for p in ("works_at", "lives_in"):
                base.append(FactRecord(subject, p, f"e{rng.randrange(n)}", valid_from=_day(rng.randrange(365))))
            for _ in range(3):
                base.append(FactRecord(subject, "knows", f"e{rng.randrange(n)}", valid_from=_day(rng.randrange(365))))
            for _ in range(FACTS_PER_ENTITY - _ATTRS - 5):
                day = _day(365 + rng.randrange(365))
                if rng.random() < 0.9:
                    pred = f"attr{rng.randrange(_ATTRS)}"
                    later.append(FactRecord(subject, pred, value=-rng.randrange(10**6), valid_from=day))
                else:
                    later.append(FactRecord(subject, "works_at", f"e{rng.randrange(n)}", valid_from=day))
        return base, later


def _day(n: int) -> datetime:
    return _T0 + timedelta(days=n)


def _us(dt: datetime) -> int:
    return int((dt - datetime(1970, 1, 1, tzinfo=UTC)) / timedelta(microseconds=1))


@dataclass(frozen=True, slots=True)
class _Point:
    ns: str
    entity: str
    predicate: str
    valid_at: datetime
    as_of: datetime
    v: int
    t: int


_Samples = tuple[list[float], list[float]]


def _timed(calls: Sequence[Callable[[_Point], object]], points: Sequence[_Point]) -> list[_Samples]:
    """Wall-clock and CPU microseconds per call of each of ``calls`` (CPU time leaves out waiting for a shared
    core). The calls take turns at each point, so that they run under the same conditions: a server's
    background work (PostgreSQL analysing the tables just loaded) or a neighbour's load falls on all alike."""
    out: list[_Samples] = [([], []) for _ in calls]
    for p in points:
        for call, (wall, cpu) in zip(calls, out, strict=True):
            t, c = time.perf_counter_ns(), time.thread_time_ns()
            call(p)
            cpu.append((time.thread_time_ns() - c) / 1000)
            wall.append((time.perf_counter_ns() - t) / 1000)
    return out


def _pct(samples: list[float], q: float) -> float:
    ordered = sorted(samples)
    return round(ordered[min(len(ordered) - 1, int(q * len(ordered)))], 1)


class _Raw:
    """Hand-written SQL for the same reads, straight through the driver (engine-specific by design)."""

    def __init__(self, url: str) -> None:
        if url.startswith("postgresql://") or url.startswith("postgres://"):
            try:
                import psycopg  # type: ignore[import-not-found,unused-ignore]
            except ImportError as exc:
                raise ConfigError(f"raw SQL on PostgreSQL needs psycopg: {install_hint('postgres')}") from exc
            self._conn: Any = psycopg.connect(url, autocommit=True)
            if self._conn.execute("SELECT 1 FROM pg_extension WHERE extname = 'citus'").fetchone():
                self._conn.execute("SET plan_cache_mode = force_custom_plan")  # as the engine does on Citus
            ph, agg = "%s", "string_agg(s.episode_id, chr(31))"
        else:
            self._conn = sqlite3.connect(url.removeprefix("sqlite:///"), isolation_level=None)
            ph, agg = "?", "group_concat(s.episode_id, char(31))"
        # Each row's episodes as of t (the application's support, "", is not one), at the valid instant when
        # the read is at one: what the API returns.
        support = (
            f"(SELECT {agg} FROM support s WHERE s.namespace = {ph} AND s.row_id = f.row_id AND s.episode_id <> '' "
            f"AND s.added <= {ph} AND s.removed > {ph}{{instant}})"
        )
        head = (
            "f.row_id, f.subject, f.predicate, f.object_id, f.value, f.valid_from, f.valid_to, f.recorded_from, "
            "f.recorded_to, f.kind, f.modality, f.confidence, "
        )
        cols = head + support.format(instant=f" AND s.valid_from <= {ph} AND s.valid_to > {ph}")
        order = "ORDER BY f.slot, f.valid_from, f.recorded_from"  # as the API's queries
        at = f"f.recorded_from <= {ph} AND f.recorded_to > {ph} AND f.valid_from <= {ph} AND f.valid_to > {ph}"
        self.slot_sql = (
            f"SELECT {cols} FROM facts f WHERE f.namespace = {ph} AND f.subject = {ph} AND f.predicate = {ph} AND {at} "
            f"{order}"
        )
        self.touch_sql = (
            f"SELECT {cols} FROM facts f WHERE f.namespace = {ph} AND (f.subject = {ph} OR f.object_id = {ph}) "
            f"AND {at} {order}"
        )
        every_instant = head + support.format(instant="")
        self.history_sql = (
            f"SELECT {every_instant} FROM facts f WHERE f.namespace = {ph} AND f.subject = {ph} AND f.predicate = {ph} "
            f"AND f.recorded_from <= {ph} AND f.recorded_to > {ph} ORDER BY f.valid_from"
        )
        # The best hand-written form: outgoing edges (partial index on subject) UNION ALL incoming ones.
        self.edges_sql = (
            f"SELECT {cols} FROM facts f WHERE f.namespace = {ph} AND f.object_id IS NOT NULL AND "
            f"f.subject IN ({{marks}}) AND {at} UNION ALL "
            f"SELECT {cols} FROM facts f WHERE f.namespace = {ph} AND f.object_id IN ({{marks}}) AND {at}"
        )
        self.entities_sql = f"SELECT * FROM entities WHERE namespace = {ph} AND id IN ({{marks}})"
        self.ph = ph

    def _q(self, sql: str, args: Sequence[object]) -> list[tuple[Any, ...]]:
        return list(self._conn.execute(sql, args).fetchall())

    def slot(self, ns: str, subject: str, pred: str, v: int, t: int) -> list[tuple[Any, ...]]:
        return self._q(self.slot_sql, (ns, t, t, v, v, ns, subject, pred, t, t, v, v))

    def entity_view(self, ns: str, ent: str, v: int, t: int) -> list[tuple[Any, ...]]:
        return self._q(self.touch_sql, (ns, t, t, v, v, ns, ent, ent, t, t, v, v))

    def history(self, ns: str, subject: str, pred: str, t: int) -> list[tuple[Any, ...]]:
        return self._q(self.history_sql, (ns, t, t, ns, subject, pred, t, t))

    def two_hop(self, ns: str, ent: str, v: int, t: int) -> tuple[list[tuple[Any, ...]], list[tuple[Any, ...]]]:
        seen, frontier = {ent}, [ent]
        edges: dict[int, tuple[Any, ...]] = {}
        for _ in range(2):
            if not frontier:
                break
            marks = ", ".join([self.ph] * len(frontier))
            half = (ns, t, t, v, v, ns, *frontier, t, t, v, v)
            rows = self._q(self.edges_sql.format(marks=marks), half + half)
            edges |= {r[0]: r for r in rows}
            frontier = list(dict.fromkeys(n for r in rows for n in (r[1], r[3]) if n not in seen))
            seen.update(frontier)
        ids = sorted(seen)
        marks = ", ".join([self.ph] * len(ids))
        return [edges[k] for k in sorted(edges)], self._q(self.entities_sql.format(marks=marks), (ns, *ids))

    def close(self) -> None:
        self._conn.close()


def _load(url: str, work: Workload) -> tuple[Figures, int, datetime]:
    """Every namespace's base values, then (after ``t_mid``) every namespace's later values."""
    data = [work.records(i) for i in range(NAMESPACES)]
    t, cpu = time.perf_counter(), time.process_time()
    rows = 0
    mem = chronomem.open(url, namespace="ns0")
    try:
        mems = [mem.using(f"ns{i}") for i in range(NAMESPACES)]
        for m, (base, _) in zip(mems, data, strict=True):
            rows += m.bulk_assert(base)
        t_mid = datetime.now(UTC)
        for m, (_, later) in zip(mems, data, strict=True):
            rows += m.bulk_assert(later)
    finally:
        mem.close()
    took, cpu = time.perf_counter() - t, time.process_time() - cpu
    figures: Figures = {"bulk_load_s": round(took, 2), "bulk_load_facts_per_s": round(work.facts / took)}
    # On a shared machine wall time includes waiting for a core; CPU time shows the cost itself.
    figures |= {"bulk_load_cpu_s": round(cpu, 2), "bulk_load_facts_per_cpu_s": round(work.facts / cpu)}
    return figures, rows, t_mid


def _points(work: Workload, n: int, t_mid: datetime) -> list[_Point]:
    rng = random.Random(work.seed)
    now = datetime.now(UTC)
    out = []
    for _ in range(n):
        as_of = t_mid if rng.random() < 0.5 else now
        valid_at = _day(rng.randrange(730))
        ns, ent = f"ns{rng.randrange(NAMESPACES)}", f"e{rng.randrange(work.entities_per_namespace)}"
        out.append(_Point(ns, ent, f"attr{rng.randrange(_ATTRS)}", valid_at, as_of, _us(valid_at), _us(as_of)))
    return out


def _check_same(m: dict[str, Memory], raw: _Raw, pts: Sequence[_Point]) -> None:
    """The raw SQL must return the API's rows; otherwise the ratios would compare different work."""
    for p in pts:
        mem = m[p.ns]
        got = mem.value(p.entity, p.predicate, valid_at=p.valid_at, as_of=p.as_of)
        pairs = [
            ([] if got is None else [got.row_id], [r[0] for r in raw.slot(p.ns, p.entity, p.predicate, p.v, p.t)]),
            (
                [f.row_id for f in mem.facts(p.entity, valid_at=p.valid_at, as_of=p.as_of)],
                [r[0] for r in raw.entity_view(p.ns, p.entity, p.v, p.t)],
            ),
            (
                [f.row_id for f in mem.history(p.entity, p.predicate, as_of=p.as_of)],
                [r[0] for r in raw.history(p.ns, p.entity, p.predicate, p.t)],
            ),
            (
                [f.row_id for f in mem.neighbourhood(p.entity, 2, valid_at=p.valid_at, as_of=p.as_of).facts],
                [r[0] for r in raw.two_hop(p.ns, p.entity, p.v, p.t)[0]],
            ),
        ]
        for api_ids, raw_ids in pairs:
            if api_ids != raw_ids:
                raise ChronomemError(f"raw SQL disagrees with the API at {p}: {api_ids[:5]} vs {raw_ids[:5]}")


def _reads(mem: Memory, raw: _Raw, work: Workload, n: int, t_mid: datetime) -> Figures:
    pts = _points(work, n, t_mid)
    m = {f"ns{i}": mem.using(f"ns{i}") for i in range(NAMESPACES)}
    Call = Callable[[_Point], object]
    cases: dict[str, tuple[Call, Call]] = {
        "as_of_read": (
            lambda p: m[p.ns].value(p.entity, p.predicate, valid_at=p.valid_at, as_of=p.as_of),
            lambda p: raw.slot(p.ns, p.entity, p.predicate, p.v, p.t),
        ),
        "entity_view": (
            lambda p: m[p.ns].facts(p.entity, valid_at=p.valid_at, as_of=p.as_of),
            lambda p: raw.entity_view(p.ns, p.entity, p.v, p.t),
        ),
        "history": (
            lambda p: m[p.ns].history(p.entity, p.predicate, as_of=p.as_of),
            lambda p: raw.history(p.ns, p.entity, p.predicate, p.t),
        ),
        "two_hop": (
            lambda p: m[p.ns].neighbourhood(p.entity, 2, valid_at=p.valid_at, as_of=p.as_of),
            lambda p: raw.two_hop(p.ns, p.entity, p.v, p.t),
        ),
    }
    _check_same(m, raw, pts[:50])
    out: Figures = {}
    for name, (api, hand) in cases.items():
        _timed((api, hand), pts[: n // 10])  # warm caches and connections
        (a, a_cpu), (r, r_cpu) = _timed((api, hand), pts)
        out |= {f"{name}_p50_us": _pct(a, 0.5), f"{name}_p95_us": _pct(a, 0.95)}
        out |= {f"{name}_raw_p50_us": _pct(r, 0.5), f"{name}_raw_p95_us": _pct(r, 0.95)}
        out[f"{name}_api_raw_ratio"] = round(statistics.median(a) / max(statistics.median(r), 0.01), 2)
        out |= {f"{name}_cpu_p50_us": _pct(a_cpu, 0.5), f"{name}_raw_cpu_p50_us": _pct(r_cpu, 0.5)}
    return out


def _corrections(mem: Memory, work: Workload, n: int) -> Figures:
    rng = random.Random(work.seed + 7)
    ents = work.entities_per_namespace
    each: list[float] = []
    t, cpu = time.perf_counter(), time.process_time()
    for i in range(n):
        start = time.perf_counter_ns()
        mem.correct(f"e{rng.randrange(ents)}", f"attr{rng.randrange(_ATTRS)}", value=i,
                    valid_from=_day(rng.randrange(730)))  # fmt: skip
        each.append((time.perf_counter_ns() - start) / 1000)
    took, cpu = time.perf_counter() - t, time.process_time() - cpu
    figures: Figures = {"corrections": n, "corrections_per_s": round(n / took), "corrections_per_cpu_s": round(n / cpu)}
    return figures | {"correction_p50_us": _pct(each, 0.5), "correction_p95_us": _pct(each, 0.95)}


def run(facts: int, *, url: str | None = None, reads: int = 2000, corrections: int = 3000, seed: int = 1) -> Figures:
    """Run the whole benchmark and return its figures. ``url=None`` uses a fresh SQLite file, removed after."""
    if facts < NAMESPACES * FACTS_PER_ENTITY:
        raise ConfigError(f"--facts {facts} is too small; use at least {NAMESPACES * FACTS_PER_ENTITY}")
    tmp = None if url is not None else tempfile.mkdtemp(prefix="chronomem-bench-")
    target = url if url is not None else os.path.join(tmp or "", "bench.db")
    work = Workload(facts, seed)
    try:
        started = time.perf_counter()
        figures: Figures = {"facts": facts, "engine": target.split("://")[0] if "://" in target else "sqlite"}
        load, rows, t_mid = _load(target, work)
        figures |= load | {"rows": rows, "entities": work.entities_per_namespace * NAMESPACES}
        mem, raw = chronomem.open(target, namespace="ns0"), _Raw(target)
        try:
            mem.engine.analyze()  # reads are measured in the steady state: the planner knows the tables loaded
            figures |= _reads(mem, raw, work, reads, t_mid)
            figures |= _corrections(mem, work, corrections)
        finally:
            mem.close()
            raw.close()
        figures |= {"total_s": round(time.perf_counter() - started, 1), "python": platform.python_version(),
                    "sqlite": sqlite3.sqlite_version, "cpus": os.cpu_count() or 0,
                    "load_avg_1m": round(os.getloadavg()[0], 2), "platform": sys.platform}  # fmt: skip
        return figures
    finally:
        if tmp is not None:
            shutil.rmtree(tmp, ignore_errors=True)
