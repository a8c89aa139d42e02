"""Model-based testing: random asserts and retracts against :class:`ReferenceModel` (Hypothesis).

Each example runs in a fresh namespace of one engine per test, so an engine is created once per test
function, not once per example. After every step the engine's rows (all system time) must equal the
model's; at the end, every read as of every past system time must too (repeatable history).
"""

from __future__ import annotations

import itertools
from collections.abc import Hashable

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, rule, run_state_machine_as_test

from .._memory import Memory
from .._values import Fact
from ..contracts import Engine, FactQuery
from ._base import EngineFixtures, at
from ._checked import CheckedEngine
from ._clock import ManualClock
from ._refmodel import ReferenceModel

__all__ = ["ModelBasedTests", "SlotMachine"]

#: (subject, predicate, multi-valued, edge): the slots the machine writes to.
PREDICATES = [("s", "home", False, False), ("s", "works_at", False, True), ("t", "home", False, False)]
MULTI = ("s", "likes")
VALUES = ["A", "B", "C"]
ALL = [(s, p) for s, p, _, _ in PREDICATES] + [MULTI]

# Small domains on purpose: collisions (adjacent equal values, exact boundaries) are where rules break.
starts = st.integers(min_value=0, max_value=12)
lengths = st.one_of(st.none(), st.integers(min_value=1, max_value=6))
values = st.sampled_from(VALUES)
#: Asserts cite one of these (or none); re-asserting with another episode only adds support.
EPISODES: list[str | None] = [None, "e1", "e2"]
#: When the episodes were said: after every system time a machine reaches, so that the writes are said in the
#: order they are made (what :class:`ReferenceModel` cuts rows in; other orders are :class:`SupportModel`'s).
SAID = 10**9
episodes = st.sampled_from(EPISODES)
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
            self.mem.add_entity(subject)
        for episode in EPISODES[1:]:  # said after every write of the application's: each write is said in order
            self.mem.add_episode(f"episode {episode}", occurred_at=at(SAID), id=episode)

    def _slots(self, subject: str, predicate: str) -> list[Hashable]:
        if (subject, predicate) == MULTI:
            return [(subject, predicate, v) for v in VALUES]
        return [(subject, predicate)]

    def _record(self, tx: int) -> None:
        assert not self.txs or tx > self.txs[-1], f"system time {tx} is not after {self.txs[-1]}"
        self.txs.append(tx)

    @rule(pred=preds, value=st.one_of(st.none(), values), start=starts, length=lengths, episode=episodes)
    def write(
        self, pred: tuple[str, str, bool, bool], value: str | None, start: int, length: int | None, episode: str | None
    ) -> None:
        subject, predicate, _, edge = pred
        end = None if length is None else start + length
        valid_to = None if end is None else at(end)
        if value is None:
            result = self.mem.retract(subject, predicate, valid_from=at(start), valid_to=valid_to)
        elif edge:
            result = self.mem.assert_fact(
                subject, predicate, value, valid_from=at(start), valid_to=valid_to, episode=episode
            )
        else:
            result = self.mem.assert_fact(
                subject, predicate, value=value, valid_from=at(start), valid_to=valid_to, episode=episode
            )
        self._record(result.tx)
        changed = self.model.write((subject, predicate), value, start, end, result.tx, episode)
        assert result.changed == changed, f"engine changed rows: {result.changed}, model: {changed}"

    @rule(value=values, retract=st.booleans(), start=starts, length=lengths, episode=episodes)
    def write_multi(self, value: str, retract: bool, start: int, length: int | None, episode: str | None) -> None:
        subject, predicate = MULTI
        end = None if length is None else start + length
        valid_to = None if end is None else at(end)
        if retract:
            result = self.mem.retract(subject, predicate, value=value, valid_from=at(start), valid_to=valid_to)
        else:
            result = self.mem.assert_fact(
                subject, predicate, value=value, valid_from=at(start), valid_to=valid_to, episode=episode
            )
        self._record(result.tx)
        slot = (subject, predicate, value)
        changed = self.model.write(slot, None if retract else value, start, end, result.tx, episode)
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
        """Every row ever written (all system time) equals the model's, slot by slot, with today's support."""
        got = self._by_predicate(self.mem.engine.facts(self.mem.namespace, FactQuery()), recorded=True)
        for subject, predicate in ALL:
            want = self.model.supported(self._slots(subject, predicate))
            rows = sorted(got.get((subject, predicate), []), key=_order)
            assert rows == want, f"{subject}.{predicate}: engine rows {rows}, model rows {want}"

    def _by_predicate(self, facts: list[Fact], *, recorded: bool) -> dict[tuple[str, str], list[tuple[object, ...]]]:
        out: dict[tuple[str, str], list[tuple[object, ...]]] = {}
        for f in facts:
            times = (f.recorded.start, f.recorded.end) if recorded else ()
            row = (_seen(f), f.valid.start, f.valid.end, *times, f.episodes)
            out.setdefault((f.subject, f.predicate), []).append(row)
        return out

    def teardown(self) -> None:
        """Repeatable history: the store as of every past system time (and just before it) equals the model,
        support included."""
        for t in sorted({0, *self.txs, *(t - 1 for t in self.txs)}):
            got = self._by_predicate(self.mem.engine.facts(self.mem.namespace, FactQuery(as_of=t)), recorded=False)
            for subject, predicate in ALL:
                rows = sorted(got.get((subject, predicate), []), key=_order)
                want = self.model.history_supported(self._slots(subject, predicate), t)
                assert rows == want, f"{subject}.{predicate} as of {t}: engine {rows}, model {want}"
        if self.txs:
            for subject, predicate in ALL:
                history = self.mem.history(subject, predicate, as_of=at(self.txs[-1]))
                rows = sorted([(_seen(f), f.valid.start, f.valid.end) for f in history], key=_order)
                assert rows == self.model.history(self._slots(subject, predicate), self.txs[-1])


def _order(row: tuple[object, ...]) -> tuple[object, ...]:
    return tuple(-1 if x is None else x for x in row)


def _story(rows: list[tuple[str, int, int | None]]) -> list[tuple[str, int, int | None]]:
    """Rows as a valid-time story: by start, adjacent pieces of one value joined ("A [0,1) A [1,∞)" is "A [0,∞)")."""
    out: list[tuple[str, int, int | None]] = []
    for value, start, end in sorted(rows, key=lambda r: r[1]):
        if out and out[-1][0] == value and out[-1][2] == start:
            out[-1] = (value, out[-1][1], end)
        else:
            out.append((value, start, end))
    return out


class ModelBasedTests(EngineFixtures):
    """Random write sequences checked against :class:`ReferenceModel` (``max_examples`` from the profile, or the
    backend's :attr:`~EngineFixtures.max_examples`)."""

    #: Steps per example; the Hypothesis profile decides how many examples.
    stateful_step_count = 20

    def _examples(self) -> int:
        return settings().max_examples if self.max_examples is None else self.max_examples  # settings(): the profile

    def test_random_writes_match_the_reference_model(self, engine: CheckedEngine, clock: ManualClock) -> None:
        counter = itertools.count()

        class Bound(SlotMachine):
            def __init__(self) -> None:
                super().__init__(engine, clock, f"model-{next(counter)}")

        # Older hypothesis releases leave run_state_machine_as_test unannotated; newer ones type it.
        run_state_machine_as_test(  # type: ignore[no-untyped-call,unused-ignore]
            Bound,
            settings=settings(
                stateful_step_count=self.stateful_step_count,
                max_examples=self._examples(),
                deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
            ),
        )

    def test_retracting_episodes_leaves_what_replaying_the_others_gives(
        self, engine: CheckedEngine, clock: ManualClock
    ) -> None:
        """Each episode asserts its own value (so no row has two supporters); retracting any of them, in any
        order, must leave the valid-time story of replaying only the episodes still standing, in the order they
        were said."""
        counter = itertools.count()

        @settings(deadline=None, suppress_health_check=[HealthCheck.too_slow], max_examples=self._examples())
        @given(st.lists(st.tuples(starts, lengths), min_size=1, max_size=6), st.data())
        def run(writes: list[tuple[int, int | None]], data: st.DataObject) -> None:
            mem = Memory(engine, f"replay-{next(counter)}", owns_engine=False)
            for i, (start, length) in enumerate(writes):
                ep = mem.add_episode(f"episode {i}", occurred_at=at(start), id=f"e{i}")
                valid_to = None if length is None else at(start + length)
                mem.assert_fact("s", "p", value=f"v{i}", valid_from=at(start), valid_to=valid_to, episode=ep)
            order = data.draw(st.permutations(range(len(writes))))
            gone: set[int] = set()
            for i in order[: data.draw(st.integers(1, len(writes)))]:
                mem.retract_episode(f"e{i}")
                gone.add(i)
                model = ReferenceModel()  # the writes apply in the order their episodes were said
                said = sorted(enumerate(writes), key=lambda w: (w[1][0], w[0]))
                for tx, (n, (start, length)) in enumerate(w for w in said if w[0] not in gone):
                    model.write("s.p", f"v{n}", start, None if length is None else start + length, tx)
                got = _story([(str(f.value), f.valid.start, f.valid.end) for f in mem.history("s", "p")])
                want = _story(model.history(["s.p"], len(writes)))
                assert got == want, f"after retracting {sorted(gone)}: {got}, want {want}"

        run()
