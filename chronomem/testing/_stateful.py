"""Model-based testing: random asserts and retracts against :class:`ReferenceModel` (Hypothesis).

Each example runs in a fresh namespace of one engine per test, so an engine is created once per test
function, not once per example. After every step the engine's rows (all system time) must equal the
model's; at the end, every read as of every past system time must too (repeatable history).
"""

from __future__ import annotations

import itertools
from collections.abc import Hashable

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, rule, run_state_machine_as_test

from .._memory import Memory
from .._model import Fact
from ..types import Engine
from ._base import EngineFixtures, at
from ._checked import CheckedEngine
from ._clock import ManualClock
from ._refmodel import ReferenceModel

__all__ = ["ModelBasedTests", "SlotMachine"]

#: (subject, predicate, multi-valued, edge): the slots the machine writes to.
PREDICATES = [("s", "home", False, False), ("s", "works_at", False, True), ("t", "home", False, False)]
MULTI = ("s", "likes")
VALUES = ["A", "B", "C"]

starts = st.integers(min_value=0, max_value=20)
lengths = st.one_of(st.none(), st.integers(min_value=1, max_value=8))
values = st.sampled_from(VALUES)
preds = st.sampled_from(PREDICATES)


def _seen(fact: Fact) -> str:
    return (fact.object or "").upper() if fact.object is not None else str(fact.value)


class SlotMachine(RuleBasedStateMachine):
    """Drives one namespace of ``engine`` and :class:`ReferenceModel` with the same writes."""

    def __init__(self, engine: Engine, clock: ManualClock, namespace: str) -> None:
        super().__init__()
        self.clock = clock
        self.mem = Memory(engine, namespace, owns_engine=False)
        self.model = ReferenceModel()
        self.txs: list[int] = []
        for subject in ("s", "t"):
            self.mem.entity(subject)

    def _slots(self, subject: str, predicate: str) -> list[Hashable]:
        if (subject, predicate) == MULTI:
            return [(subject, predicate, v) for v in VALUES]
        return [(subject, predicate)]

    def _record(self, tx: int) -> None:
        assert not self.txs or tx > self.txs[-1], f"system time {tx} is not after {self.txs[-1]}"
        self.txs.append(tx)

    @rule(pred=preds, value=st.one_of(st.none(), values), start=starts, length=lengths)
    def write(self, pred: tuple[str, str, bool, bool], value: str | None, start: int, length: int | None) -> None:
        subject, predicate, _, edge = pred
        end = None if length is None else start + length
        valid_to = None if end is None else at(end)
        if value is None:
            result = self.mem.retract(subject, predicate, valid_from=at(start), valid_to=valid_to)
        elif edge:
            result = self.mem.assert_fact(subject, predicate, value, valid_from=at(start), valid_to=valid_to)
        else:
            result = self.mem.assert_fact(subject, predicate, value=value, valid_from=at(start), valid_to=valid_to)
        self._record(result.tx)
        changed = self.model.write((subject, predicate), value, start, end, result.tx)
        assert result.changed == changed, f"engine changed rows: {result.changed}, model: {changed}"

    @rule(value=values, retract=st.booleans(), start=starts, length=lengths)
    def write_multi(self, value: str, retract: bool, start: int, length: int | None) -> None:
        subject, predicate = MULTI
        end = None if length is None else start + length
        valid_to = None if end is None else at(end)
        if retract:
            result = self.mem.retract(subject, predicate, value=value, valid_from=at(start), valid_to=valid_to)
        else:
            result = self.mem.assert_fact(subject, predicate, value=value, valid_from=at(start), valid_to=valid_to)
        self._record(result.tx)
        changed = self.model.write((subject, predicate, value), None if retract else value, start, end, result.tx)
        assert result.changed == changed, f"engine changed rows: {result.changed}, model: {changed}"

    @rule(by=st.integers(min_value=1, max_value=3))
    def tick(self, by: int) -> None:
        self.clock.advance(by)

    @rule(pred=st.sampled_from([*PREDICATES, (*MULTI, True, False)]), valid=st.integers(-1, 30), pick=st.integers())
    def point_read(self, pred: tuple[str, str, bool, bool], valid: int, pick: int) -> None:
        if not self.txs:
            return
        subject, predicate, _, _ = pred
        as_of = self.txs[pick % len(self.txs)] + (pick % 3) - 1
        got = sorted(_seen(f) for f in self.mem.values(subject, predicate, valid_at=at(valid), as_of=at(as_of)))
        want = self.model.values(self._slots(subject, predicate), valid, as_of)
        assert got == want, f"{subject}.{predicate} at valid {valid} as of {as_of}: engine {got}, model {want}"

    @invariant()
    def rows_match_the_model(self) -> None:
        for subject, predicate in [(s, p) for s, p, _, _ in PREDICATES] + [MULTI]:
            got = [
                (_seen(f), f.valid.start, f.valid.end, f.recorded.start, f.recorded.end)
                for f in self._audit(subject, predicate)
            ]
            want = self.model.audit(self._slots(subject, predicate))
            assert sorted(got, key=_order) == want, f"{subject}.{predicate}: engine rows {got}, model rows {want}"

    def _audit(self, subject: str, predicate: str) -> list[Fact]:
        return self.mem.audit(subject, predicate)

    def teardown(self) -> None:
        times = sorted({0, *self.txs, *(t - 1 for t in self.txs), *(t + 1 for t in self.txs)})
        for subject, predicate in [(s, p) for s, p, _, _ in PREDICATES] + [MULTI]:
            slots = self._slots(subject, predicate)
            for t in times:
                got = [
                    (_seen(f), f.valid.start, f.valid.end) for f in self.mem.history(subject, predicate, as_of=at(t))
                ]
                want = self.model.history(slots, t)
                assert sorted(got, key=_order) == want, f"{subject}.{predicate} as of {t}: engine {got}, model {want}"


def _order(row: tuple[object, ...]) -> tuple[object, ...]:
    return tuple(-1 if x is None else x for x in row)


class ModelBasedTests(EngineFixtures):
    """Random write sequences checked against :class:`ReferenceModel` (``max_examples`` from the profile)."""

    #: Steps per example; the Hypothesis profile decides how many examples.
    stateful_step_count = 20

    def test_random_writes_match_the_reference_model(self, engine: CheckedEngine, clock: ManualClock) -> None:
        counter = itertools.count()

        class Bound(SlotMachine):
            def __init__(self) -> None:
                super().__init__(engine, clock, f"model-{next(counter)}")

        run_state_machine_as_test(
            Bound,
            settings=settings(
                stateful_step_count=self.stateful_step_count,
                deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
            ),
        )
