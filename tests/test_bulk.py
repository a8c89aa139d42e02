"""``Memory.bulk_assert`` stores what one-by-one ``assert_fact`` calls store."""

from __future__ import annotations

import tempfile
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import chronomem
from chronomem import FactRecord, Memory, Reason
from chronomem.errors import InvalidInterval, InvalidValue, NotFound

T0 = datetime(2024, 1, 1, tzinfo=UTC)


def _day(n: int) -> datetime:
    return T0 + timedelta(days=n)


@st.composite
def records(draw: st.DrawFn) -> list[FactRecord]:
    out = []
    for _ in range(draw(st.integers(1, 25))):
        start = draw(st.integers(0, 30))
        length = draw(st.one_of(st.none(), st.integers(1, 15)))
        pred = draw(st.sampled_from(["lives_in", "phone", "likes", "knows"]))
        edge = pred in ("lives_in", "knows") or draw(st.booleans())
        target = draw(st.sampled_from(["A", "B", "C"]))
        out.append(
            FactRecord(
                draw(st.sampled_from(["Alice", "Bob"])),
                pred,
                object=target if edge else None,
                value=None if edge else {"v": target},
                valid_from=_day(start),
                valid_to=None if length is None else _day(start + length),
                episode=draw(st.sampled_from([None, "e1", "e2"])),
                reason=draw(st.sampled_from([Reason.SUPERSESSION, Reason.CORRECTION])),
            )
        )
    return out


def prepare(mem: Memory) -> Memory:
    """The episodes ``records()`` cite, added to ``mem``."""
    for ep in ("e1", "e2"):
        mem.add_episode(f"episode {ep}", occurred_at=T0, id=ep)
    return mem


def _open(path: Path) -> Memory:
    return prepare(chronomem.open(path, namespace="ns"))


def write_one_by_one(mem: Memory, batch: list[FactRecord]) -> None:
    """What ``bulk_assert(batch)`` must be equivalent to: one ``assert_fact``/``correct`` per record."""
    for r in batch:
        kwargs = {"value": r.value} if r.object is None else {}
        write = mem.correct if r.reason is Reason.CORRECTION else mem.assert_fact
        write(r.subject, r.predicate, r.object, valid_from=r.valid_from, valid_to=r.valid_to,
              episode=r.episode, **kwargs)  # fmt: skip


def state(mem: Memory) -> tuple[list[tuple[object, ...]], list[tuple[object, ...]]]:
    """Every row ever stored and every revision link, without row ids and system times."""
    rows, links = [], []
    for subject in ("Alice", "Bob"):
        for pred in ("lives_in", "phone", "likes", "knows"):
            try:
                audit = mem.audit(subject, pred)
            except NotFound:
                continue
            for f in audit:
                rows.append((f.subject, f.predicate, f.object, repr(f.value), f.valid, f.kind, f.episodes, f.current))
                found = mem.engine.revisions(mem.namespace, [f.row_id])
                links += [(r.reason, r.new is None) for r in found if r.old == f.row_id]
    return sorted(rows, key=repr), sorted(links)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(records())
def test_bulk_equals_one_by_one(batch: list[FactRecord]) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        one, bulk = _open(Path(tmp) / "one.db"), _open(Path(tmp) / "bulk.db")
        write_one_by_one(one, batch)
        bulk.bulk_assert(batch, batch=3)
        assert state(bulk) == state(one)
        assert bulk.engine.overlaps("ns") == []
        one.close()
        bulk.close()


def test_bulk_returns_rows_inserted_and_reads_back(tmp_path: Path) -> None:
    mem = _open(tmp_path / "m.db")
    n = mem.bulk_assert(
        [
            FactRecord("Alice", "lives_in", "Berlin", valid_from=_day(0)),
            FactRecord("Alice", "lives_in", "Paris", valid_from=_day(10)),
            FactRecord("Alice", "age", value=30, valid_from=_day(0)),
        ]
    )
    assert n == 4  # Berlin, its leftover [0, 10), Paris, age
    hit = mem.value("Alice", "lives_in", valid_at=_day(5))
    assert hit is not None and hit.object == "berlin"
    hit = mem.value("Alice", "lives_in", valid_at=_day(15))
    assert hit is not None and hit.object == "paris"
    mem.close()


@pytest.mark.parametrize(
    ("record", "error"),
    [
        (FactRecord("Alice", "age"), InvalidValue),
        (FactRecord("", "age", value=1), InvalidValue),
        (FactRecord("Alice", "age", value=1, valid_from=_day(5), valid_to=_day(1)), InvalidInterval),
        (FactRecord("Alice", "age", value=1, episode="nope"), NotFound),
        (FactRecord("Alice", "age", value={1, 2}), InvalidValue),  # type: ignore[arg-type]
    ],
)
def test_a_bad_record_stores_nothing(tmp_path: Path, record: FactRecord, error: type[Exception]) -> None:
    mem = _open(tmp_path / "m.db")
    good = FactRecord("Bob", "age", value=40, valid_from=_day(0))
    with pytest.raises(error):
        mem.bulk_assert([good, record])
    with pytest.raises(NotFound):
        mem.get_entity("Bob")
    mem.close()
