"""Reads over system time: repeatable history, ``changes``, version chains, concurrent writers."""

from __future__ import annotations

import random
import threading
from collections.abc import Callable

import pytest

from .._memory import Memory
from .._values import Reason
from ..errors import InvalidInput
from ._base import EngineFixtures, at, row_of
from ._checked import CheckedEngine
from ._clock import ManualClock
from ._refmodel import ReferenceModel

__all__ = ["HistoryTests"]

INF = None
VALID_POINTS = [0, 5, 10, 15, 25, 35, 60, 100, 10_000]
SLOTS = [("alice", "lives_in"), ("alice", "likes"), ("alice", "age"), ("bob", "works_at")]


def _script(mem: Memory, clock: ManualClock) -> list[Callable[[], object]]:
    """A scripted sequence of writes: episodes, defaults, portions, corrections, retractions."""

    def ep(ident: str, t: int) -> str:
        return mem.add_episode(f"episode {ident}", occurred_at=at(t), id=ident).id

    return [
        lambda: mem.assert_fact("alice", "lives_in", "Berlin", episode=ep("e1", 10)),
        lambda: mem.assert_fact("alice", "likes", "pizza", valid_from=at(5), episode=ep("e2", 5)),
        lambda: clock.advance(10),
        lambda: mem.assert_fact("alice", "lives_in", "Paris", episode=ep("e3", 30)),
        lambda: mem.assert_fact("alice", "age", value=30, valid_from=at(0), valid_to=at(40)),
        lambda: mem.assert_fact("alice", "likes", "sushi", valid_from=at(20)),
        lambda: mem.correct("alice", "age", value=31, valid_from=at(15), valid_to=at(40)),
        lambda: mem.assert_fact("bob", "works_at", "Acme", valid_from=at(0)),
        lambda: mem.assert_fact("alice", "knows", "Bob", valid_from=at(0)),
        lambda: clock.advance(7),
        lambda: mem.retract("alice", "likes", "pizza", valid_from=at(25)),
        lambda: mem.assert_fact("alice", "lives_in", "Paris", episode=ep("e4", 32)),
        lambda: mem.retract_episode("e3"),
        lambda: mem.assert_fact("bob", "works_at", "Globex", valid_from=at(50), valid_to=at(70)),
        lambda: mem.retract("alice", "age", valid_from=at(35)),
        lambda: mem.retract_episode("e1"),
    ]


def _snapshot(mem: Memory, as_of: int | None) -> dict[str, object]:
    """The answers of many reads at one system time (``None``: now)."""
    t = None if as_of is None else at(as_of)
    out: dict[str, object] = {}
    for subject, predicate in SLOTS:
        out[f"history {subject}.{predicate}"] = mem.history(subject, predicate, as_of=t)
        for v in VALID_POINTS:
            out[f"values {subject}.{predicate} @{v}"] = mem.values(subject, predicate, valid_at=at(v), as_of=t)
            try:
                out[f"value {subject}.{predicate} @{v}"] = mem.value(subject, predicate, valid_at=at(v), as_of=t)
            except InvalidInput:  # several values: value() refuses now as it did then
                out[f"value {subject}.{predicate} @{v}"] = "several values"
    for v in VALID_POINTS:
        out[f"facts alice @{v}"] = mem.facts("alice", valid_at=at(v), as_of=t)
        out[f"neighbourhood alice @{v}"] = mem.neighbourhood("alice", 2, valid_at=at(v), as_of=t)
    return out


class HistoryTests(EngineFixtures):
    """What the store said at a past system time it says again; what it learned when, and why."""

    def test_reads_as_of_a_past_time_repeat_what_was_read_then(
        self, mem: Memory, engine: CheckedEngine, clock: ManualClock
    ) -> None:
        mem.add_entity("alice")
        mem.add_entity("bob")
        recorded: list[tuple[int, dict[str, object]]] = []
        for step in _script(mem, clock):
            step()
            recorded.append((engine.txs[-1], _snapshot(mem, None)))
        assert len({t for t, _ in recorded}) > 10
        for tx, then in recorded:
            again = _snapshot(mem, tx)
            for key, answer in then.items():
                assert again[key] == answer, f"{key} as of {tx}: read then {answer!r}, read now {again[key]!r}"

    def test_changes_lists_what_was_learned_and_unlearned_between_two_times(
        self, mem: Memory, clock: ManualClock
    ) -> None:
        clock.set(1)
        mem.assert_fact("s", "p", value="A", valid_from=at(10), valid_to=at(20))
        clock.set(5)
        mem.assert_fact("s", "p", value="B", valid_from=at(12), valid_to=at(18))

        def changes(since: int, until: int | None) -> list[tuple[int, str, object]]:
            found = mem.changes(at(since), None if until is None else at(until))
            assert [c.at for c in found] == sorted(c.at for c in found), "changes must come in system-time order"
            return sorted((c.at, c.action, row_of(c.fact)) for c in found)

        learned_at_1 = (1, "learned", ("A", 10, 20, 1, 5))
        at_5 = [
            (5, "learned", ("A", 10, 12, 5, INF)),
            (5, "learned", ("A", 18, 20, 5, INF)),
            (5, "learned", ("B", 12, 18, 5, INF)),
            (5, "unlearned", ("A", 10, 20, 1, 5)),
        ]
        assert changes(0, 1) == [learned_at_1]
        assert changes(1, 5) == at_5
        assert changes(1, 4) == []
        assert changes(5, 100) == []
        assert changes(0, None) == [learned_at_1, *at_5]

    def test_versions_walk_the_revision_chain_with_reasons(self, mem: Memory, clock: ManualClock) -> None:
        clock.set(1)
        mem.assert_fact("s", "p", value="A", valid_from=at(10), valid_to=at(20))
        clock.set(5)
        mem.assert_fact("s", "p", value="B", valid_from=at(12), valid_to=at(18))
        clock.set(7)
        mem.correct("s", "p", value="C", valid_from=at(12), valid_to=at(18))
        clock.set(9)
        mem.retract("s", "p", valid_from=at(10), valid_to=at(12))
        ids = {row_of(f): f.row_id for f in mem.audit("s", "p")}
        name = {v: k for k, v in ids.items()}
        chain = [
            (name[r.old], None if r.new is None else name[r.new], r.reason, r.at)
            for r in mem.versions(ids[("C", 12, 18, 7, INF)])
        ]
        original, left, right = ("A", 10, 20, 1, 5), ("A", 10, 12, 5, 9), ("A", 18, 20, 5, INF)
        b = ("B", 12, 18, 5, 7)
        assert sorted(chain, key=str) == sorted(
            [
                (original, left, Reason.LEFTOVER, 5),
                (original, right, Reason.LEFTOVER, 5),
                (original, b, Reason.SUPERSESSION, 5),
                (b, ("C", 12, 18, 7, INF), Reason.CORRECTION, 7),
                (left, None, Reason.RETRACTION, 9),
            ],
            key=str,
        )
        assert [r.at for r in mem.versions(ids[original])] == [5, 5, 5, 7, 9]

    @pytest.mark.parametrize("threads", [4])
    def test_concurrent_writers_serialise_into_the_reference_model(
        self, mem: Memory, engine: CheckedEngine, threads: int
    ) -> None:
        self.require("supports_concurrent_writers")
        mem.add_entity("s")
        done: list[tuple[int, str | None, int, int | None]] = []
        lock = threading.Lock()
        errors: list[BaseException] = []

        def worker(seed: int) -> None:
            rng = random.Random(seed)
            try:
                for _ in range(15):
                    value = rng.choice(["A", "B", None])
                    a = rng.randrange(0, 20)
                    b = rng.choice([None, a + rng.randrange(1, 8)])
                    valid_to = None if b is None else at(b)
                    if value is None:
                        tx = mem.retract("s", "p", valid_from=at(a), valid_to=valid_to).tx
                    else:
                        tx = mem.assert_fact("s", "p", value=value, valid_from=at(a), valid_to=valid_to).tx
                    with lock:
                        done.append((tx, value, a, b))
            except BaseException as exc:  # noqa: BLE001 - re-raised in the main thread below
                errors.append(exc)

        pool = [threading.Thread(target=worker, args=(i,)) for i in range(threads)]
        for t in pool:
            t.start()
        for t in pool:
            t.join()
        assert not errors, errors
        model = ReferenceModel()
        for tx, value, a, b in sorted(done):
            model.write("s.p", value, a, b, tx)
        got = sorted((row_of(f) for f in mem.audit("s", "p")), key=lambda r: tuple(-1 if x is None else x for x in r))
        assert [(str(r[0]), *r[1:]) for r in got] == model.audit(["s.p"])
