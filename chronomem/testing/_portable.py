"""Conformance: ``dump | restore`` gives a store whose every read at every probed (valid, as-of) point is the
original's, and whose every table holds the same rows (:mod:`chronomem.portable`).

A store is built at random (Hypothesis, :data:`EXAMPLES` examples): messages of the erase tests' conversations
ingested through the offline extractor, the application's assertions, corrections and retractions at chosen valid
times, entity merges, retractions and erases of episodes. It is dumped, restored into a fresh engine (another
``make_engine`` call) and into another namespace of the same engine, and compared:

* every table, row for row (:meth:`Dumps.dump`; the namespace's erase records too). Into a fresh engine the rows
  are the same, ids included; within one engine an engine whose row ids are the database's (SQLite) may move them
  by one offset, so they are compared with that offset taken out (it must be one offset: order is kept);
* the reads (:func:`probe`): for every entity ``facts``, for every slot ``value``, ``values`` and ``history``,
  at every point of a grid of valid times and system times drawn from the rows' own boundaries (each boundary
  and the instant before it, and now), and ``audit``, ``versions``, conflicts and episodes;
* a write after the restore: stored at a system time after every restored one, with a new row id.

:func:`probe` and :func:`assert_restores` are public so a test can move a store across engines (chronomem's
``tests/engines/test_portable_across.py``: SQLite -> PostgreSQL -> SQLite).
"""

from __future__ import annotations

import contextlib
import io
import itertools
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from datetime import timedelta
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from .._memory import Memory
from .._values import Fact
from ..engines._sql import INF
from ..errors import ChronomemError, Conflict, InvalidInput, InvalidValue, NotFound
from ..models import HashingEmbedder
from ..portable import dump, restore
from ._base import EngineFixtures, MakeEngine, at
from ._checked import CheckedEngine
from ._clock import ManualClock
from ._erasing import DESCRIBED, MESSAGES

__all__ = ["EXAMPLES", "PortableTests", "assert_restores", "build_store", "probe", "steps"]

#: Hypothesis examples of the random round trip (fixed: each builds a store and reads it all twice).
EXAMPLES = 12
#: Valid times and system times probed per axis at most (spread over the rows' own boundaries).
POINTS = 9
_PEOPLE = ("Alice", "Robert", "Jen", "Bobby")
_PREDICATES = ("lives_in", "age", "likes")


def memory(engine: Any, namespace: str) -> Memory:
    """The memory the round trips write and read (offline extractor, a small hashing embedder)."""
    return Memory(engine, namespace, owns_engine=False, extractor="offline", embedder=HashingEmbedder(dim=16))


def steps() -> st.SearchStrategy[list[tuple[Any, ...]]]:
    """Random writes: ``("say", message)``, ``("assert" | "correct" | "retract", person, predicate, value, start)``,
    ``("merge", person, person)``, ``("retract_episode" | "erase", message)``."""
    message = st.integers(0, len(MESSAGES) + len(DESCRIBED) - 1)
    person, predicate = st.sampled_from(_PEOPLE), st.sampled_from(_PREDICATES)
    fact = st.tuples(st.sampled_from(("assert", "correct", "retract")), person, predicate,
                     st.sampled_from(("berlin", "paris", 30, 31)), st.integers(0, 40))  # fmt: skip
    return st.lists(
        st.one_of(
            st.tuples(st.just("say"), message),
            fact,
            st.tuples(st.just("merge"), person, person),
            st.tuples(st.sampled_from(("retract_episode", "erase")), message),
        ),
        min_size=1,
        max_size=14,
    )


def build_store(mem: Memory, script: Sequence[tuple[Any, ...]]) -> None:
    """Run ``script`` (:func:`steps`) on ``mem``. A step the memory refuses (a merge of one entity, an episode not
    said) is skipped: a refused write stores nothing."""
    said: set[int] = set()
    for n, step in enumerate(script):
        with contextlib.suppress(Conflict, InvalidInput, NotFound):
            _run(mem, step, n, said)


def _run(mem: Memory, step: tuple[Any, ...], n: int, said: set[int]) -> None:
    op = step[0]
    if op == "say":
        i = step[1]
        if i in said:
            return
        speaker, content = (*MESSAGES, *DESCRIBED)[i]
        mem.add({"id": f"m{i}", "speaker": speaker, "content": content, "session": "s",
                 "occurred_at": at(0) + timedelta(hours=n + 1)})  # fmt: skip
        said.add(i)
    elif op in ("assert", "correct", "retract"):
        _, person, predicate, value, start = step
        obj, val = (value, None) if isinstance(value, str) else (None, value)
        if op == "retract":
            mem.retract(person, predicate, obj, value=val, valid_from=at(start))
        else:
            write = mem.assert_fact if op == "assert" else mem.correct
            write(person, predicate, obj, value=val, valid_from=at(start))
    elif op == "merge":
        mem.merge(step[1], into=step[2])
    elif step[1] in said:
        if op == "erase":
            mem.erase(episode=f"m{step[1]}")
            said.discard(step[1])
        else:
            mem.retract_episode(f"m{step[1]}")


def _points(values: set[int]) -> list[int | None]:
    """At most :data:`POINTS` instants spread over ``values`` and the instant before each, then ``None`` (now)."""
    around = sorted({v for x in values if x < INF for v in (x - 1, x) if v >= 0})
    if len(around) > POINTS:
        step = (len(around) - 1) / (POINTS - 1)
        around = sorted({around[round(i * step)] for i in range(POINTS)})
    return [*around, None]


def probe(mem: Memory, ids: Callable[[int], int] = int) -> list[Any]:
    """Every read of ``mem`` the round trip compares, as plain values (row ids through ``ids``; the namespace
    left out). The grid of points comes from the stored rows, so two stores with the same rows probe alike."""
    tables = mem.engine.dump(mem.namespace)  # type: ignore[attr-defined]
    facts = tables["facts"]
    valid = _points({int(f[c]) for f in facts for c in ("valid_from", "valid_to")})
    system = _points({int(f[c]) for f in facts for c in ("recorded_from", "recorded_to")})
    slots = sorted({(f["subject"], f["predicate"]) for f in facts})
    entities = sorted(e["id"] for e in tables["entities"])

    def rows(found: Sequence[Fact]) -> list[Fact]:
        return [replace(f, row_id=ids(f.row_id), namespace="") for f in found]

    out: list[Any] = []
    for v, t in itertools.product(valid, system):
        va, ta = (None if v is None else at(v)), (None if t is None else at(t))
        out += [("facts", e, v, t, rows(mem.facts(e, valid_at=va, as_of=ta))) for e in entities]
        for subject, predicate in slots:
            out.append(
                ("values", subject, predicate, v, t, rows(mem.values(subject, predicate, valid_at=va, as_of=ta)))
            )
            try:
                one = mem.value(subject, predicate, valid_at=va, as_of=ta)
                out.append(("value", subject, predicate, v, t, None if one is None else rows([one])))
            except InvalidInput:
                out.append(("value", subject, predicate, v, t, "several"))
    for t in system:
        out += [("history", s, p, t, rows(mem.history(s, p, as_of=None if t is None else at(t)))) for s, p in slots]
    out += [("audit", e, rows(mem.audit(e))) for e in entities if any(f["subject"] == e for f in facts)]
    for f in facts:
        out.append(("versions", ids(int(f["row_id"])),
                    [(ids(r.old), None if r.new is None else ids(r.new), r.reason, r.at)
                     for r in mem.versions(int(f["row_id"]))]))  # fmt: skip
    out.append(
        ("conflicts", [replace(c, namespace="", against=tuple(ids(i) for i in c.against)) for c in mem.conflicts()])
    )
    return out


def _row_ids(tables: Mapping[str, Sequence[Mapping[str, Any]]]) -> list[int]:
    return sorted(int(r["row_id"]) for t in ("facts", "erased_rows") for r in tables[t])


def assert_restores(source: Memory, target: Memory, *, same_ids: bool) -> None:
    """Dump ``source``, restore it into ``target`` (an empty namespace) and check that every table and every read
    (:func:`probe`) are the same; with ``same_ids`` row ids must be kept, else moved by one offset at most."""
    out = io.StringIO()
    dump(source, out)
    restore(target, io.StringIO(out.getvalue()))
    mine, theirs = source.engine.dump(source.namespace), target.engine.dump(target.namespace)  # type: ignore[attr-defined]
    old, new = _row_ids(mine), _row_ids(theirs)
    offsets = {b - a for a, b in zip(old, new, strict=True)}
    assert len(old) == len(new) and len(offsets) <= 1, (old, new)
    offset = offsets.pop() if offsets else 0
    assert offset == 0 or not same_ids, f"row ids moved by {offset}"
    if not mine["namespaces"]:  # a memory that never wrote has no record; the restore's write made one
        theirs = {**theirs, "namespaces": []}
    assert _normal(mine, offset) == _normal(theirs, 0)
    assert probe(source, lambda i: i + offset) == probe(target)
    if not offset:  # dumped again, the restore gives the same rows in the same order
        again = io.StringIO()
        dump(target, again)
        assert _rows_of(again.getvalue()) == _rows_of(out.getvalue())


def _rows_of(text: str) -> list[str]:
    return [line for line in text.splitlines()[1:-1] if not line.startswith('{"table":"namespaces"')]


def _normal(tables: Mapping[str, Sequence[Mapping[str, Any]]], offset: int) -> dict[str, list[str]]:
    """Each table's rows as sorted text, row ids moved by ``offset`` (see :func:`chronomem.engines._load.shifted`)."""
    from ..engines._load import shifted

    moved = shifted(tables, offset)
    out = {}
    for table, rows in moved.items():  # a namespace's record: its creation time (a restore makes one if missing)
        keep = [r for r in rows if table != "namespaces" or r.get("created") is not None]
        out[table] = sorted(repr(sorted((k, _plain(k, v)) for k, v in r.items() if k != "namespace")) for r in keep)
    return out


def _plain(column: str, value: Any) -> Any:
    if isinstance(value, memoryview | bytearray):
        return bytes(value)
    if column in ("multi", "clash"):
        return bool(value)
    return value


class PortableTests(EngineFixtures):
    """``chronomem.portable``: dump and restore on this engine (needs ``supports_restore``)."""

    def test_a_random_store_restores_with_every_read_and_row(
        self, engine: CheckedEngine, make_engine: MakeEngine
    ) -> None:
        self.require("supports_restore")
        fresh = CheckedEngine(make_engine(ManualClock()))
        examples = itertools.count()
        try:
            # One engine pair serves every example, each in namespaces of its own; the property is made here, as
            # each engine's subclass runs it (Hypothesis wants one executor per test function).
            @settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
            @given(script=steps())
            def restores(script: list[tuple[Any, ...]]) -> None:
                n = next(examples)
                source = memory(engine, f"orig-{n}")
                build_store(source, script)
                # the first restore into the fresh engine finds it empty: the ids must be kept
                assert_restores(source, memory(fresh, f"orig-{n}"), same_ids=n == 0)
                assert_restores(source, memory(engine, f"copy-{n}"), same_ids=False)

            restores()
        finally:
            fresh.close()

    def test_writes_after_a_restore_come_after_it(self, engine: CheckedEngine, make_engine: MakeEngine) -> None:
        self.require("supports_restore")
        source = memory(engine, "before")
        build_store(source, [("say", 4), ("say", 13), ("correct", "Alice", "age", 30, 5), ("merge", "Bobby", "Jen")])
        fresh = CheckedEngine(make_engine(ManualClock()))  # its clock and row ids start from nothing
        try:
            target = memory(fresh, "before")
            assert_restores(source, target, same_ids=True)
            restored = fresh.dump("before")
            last_tx = max(int(f["recorded_from"]) for f in restored["facts"])
            last_row = max(int(f["row_id"]) for f in restored["facts"])
            wrote = target.assert_fact("Alice", "age", value=32, valid_from=at(7))
            new = target.value("Alice", "age")
            assert new is not None and new.value == 32 and new.recorded.start > last_tx and new.row_id > last_row
            assert wrote.inserted and target.history("Alice", "lives_in") == source.history("Alice", "lives_in")
        finally:
            fresh.close()

    def test_a_namespace_that_holds_rows_is_refused_and_kept(self, engine: CheckedEngine) -> None:
        self.require("supports_restore")
        source, target = memory(engine, "src"), memory(engine, "busy")
        build_store(source, [("say", 4)])
        target.assert_fact("Jen", "age", value=40)
        before = engine.dump("busy")
        out = io.StringIO()
        dump(source, out)
        with pytest.raises(Conflict, match="empty namespace"):
            restore(target, io.StringIO(out.getvalue()))
        assert engine.dump("busy") == before

    def test_a_cut_or_damaged_file_restores_nothing(self, engine: CheckedEngine) -> None:
        self.require("supports_restore")
        source = memory(engine, "src")
        build_store(source, [("say", 4), ("say", 13), ("say", 2)])
        out = io.StringIO()
        dump(source, out)
        lines = out.getvalue().splitlines(keepends=True)
        damaged = [*lines[:3], lines[3][:-9] + "\n", *lines[4:]]
        for n, broken in enumerate([lines[:-1], lines[: len(lines) // 2], damaged, [lines[0], *lines[2:]]]):
            target = memory(engine, f"empty-{n}")
            with pytest.raises(InvalidValue):
                restore(target, broken)
            assert not any(rows for t, rows in engine.dump(target.namespace).items() if t != "namespaces")
        # whole lines, but a row twice: the database refuses it midway, and the transaction takes back the rest
        twice = next(line for line in lines if line.startswith('{"table":"facts"'))
        end = lines[-1].replace(f'"rows":{len(lines) - 2}', f'"rows":{len(lines) - 1}')
        target = memory(engine, "empty-twice")
        with pytest.raises(ChronomemError):
            restore(target, [*lines[:-1], twice, end])
        assert not any(rows for t, rows in engine.dump(target.namespace).items() if t != "namespaces")
        future = lines[0].replace('"version":1', '"version":99')
        with pytest.raises(InvalidValue, match="version 99"):
            restore(memory(engine, "empty-future"), [future, *lines[1:]])
