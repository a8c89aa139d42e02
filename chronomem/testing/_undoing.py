"""Model-based testing of undo: random writes, retractions and erases of episodes against :class:`SupportModel`.

Writes cite one of a few episodes (each cited by many statements, said at its own time: before, between and
after the application's own writes) or none (the application's own, said when recorded); any
episode may be retracted, or erased, at any step, and a statement citing a retracted episode must be
refused. After every step the rows believed now must hold, on every day, the model's value and exactly the
episodes that support that day; at the end every day is read one at a time (support per instant), and the
store as of every past system time is checked too: exactly against the model from the last erase on, and
before it with the erased episodes gone (an erase deletes content from the past, nothing else).
"""

from __future__ import annotations

import itertools

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule, run_state_machine_as_test

from .._memory import Memory
from .._names import digest
from .._values import Fact, WriteResult
from ..contracts import Engine, FactQuery
from ..errors import Conflict, NotFound
from ._base import EngineFixtures, at
from ._checked import CheckedEngine
from ._clock import ManualClock
from ._supportmodel import SupportModel

__all__ = ["UndoMachine", "UndoTests"]

#: (subject, predicate, edge): single-valued slots; ``likes`` is multi-valued (a slot per value).
SINGLE = [("s", "home", False), ("s", "works_at", True)]
VALUES = ["A", "B", "C"]
EPISODES = ["e1", "e2", "e3"]
#: When each episode was said: so the order statements apply in is not the order they are recorded in.
SAID = {"e1": 0, "e2": 12, "e3": 30}
#: A slot: (subject, predicate), or (subject, predicate, value) for a multi-valued one.
Slot = tuple[str, ...]
#: Every day a statement can start or end on, and one past each end.
DAYS = range(-1, 20)

starts = st.integers(min_value=0, max_value=12)
lengths = st.one_of(st.none(), st.integers(min_value=1, max_value=6))
sources = st.sampled_from([None, *EPISODES])


def _seen(fact: Fact) -> str:
    return fact.object.upper() if fact.object is not None else str(fact.value)


def _slot_of(fact: Fact) -> Slot:
    return (fact.subject, fact.predicate, _seen(fact)) if fact.predicate == "likes" else (fact.subject, fact.predicate)


SLOTS: list[Slot] = [(s, p) for s, p, _ in SINGLE] + [("s", "likes", v) for v in VALUES]


class UndoMachine(RuleBasedStateMachine):
    """Drives one namespace of ``engine`` and :class:`SupportModel` with the same statements and undos."""

    def __init__(self, engine: Engine, clock: ManualClock, namespace: str, erase: bool) -> None:
        super().__init__()
        self.clock, self.can_erase = clock, erase
        self.mem = Memory(engine, namespace, owns_engine=False)
        self.model = SupportModel()
        self.txs: list[int] = []
        self.mem.add_entity("s")
        for episode in EPISODES:
            self.mem.add_episode(f"episode {episode}", occurred_at=at(SAID[episode]), id=episode)

    def _tx(self, tx: int) -> int:
        assert not self.txs or tx > self.txs[-1], f"system time {tx} is not after {self.txs[-1]}"
        self.txs.append(tx)
        return tx

    def _say(self, slot: Slot, value: str | None, start: int, length: int | None, source: str | None) -> None:
        """One statement, through the API, and into the model; a retracted episode's must be refused."""
        if source in self.model.erased:
            return
        subject, predicate = slot[0], slot[1]
        end = None if length is None else start + length
        named = slot[2] if len(slot) > 2 else value  # a multi-valued slot's value is part of the slot
        valid_from, valid_to = at(start), None if end is None else at(end)

        def write() -> WriteResult:
            if value is None and len(slot) > 2:
                return self.mem.retract(subject, predicate, value=named, valid_from=valid_from, valid_to=valid_to,
                                        episode=source)  # fmt: skip
            if value is None:
                return self.mem.retract(subject, predicate, valid_from=valid_from, valid_to=valid_to, episode=source)
            obj, attr = (value.lower(), None) if predicate == "works_at" else (None, named)
            return self.mem.assert_fact(subject, predicate, obj, value=attr, valid_from=valid_from, valid_to=valid_to,
                                        episode=source)  # fmt: skip

        if source in self.model.retracted:
            try:
                write()
            except Conflict as exc:
                assert "retracted" in str(exc)
                return
            raise AssertionError(f"a statement citing the retracted episode {source} was accepted")
        result = write()
        said = None if source is None else SAID[source]
        self.model.say(self._tx(result.tx), slot, source, None if value is None else named, start, end, said)

    @rule(which=st.sampled_from(SINGLE), value=st.one_of(st.none(), st.sampled_from(VALUES)), start=starts,
          length=lengths, source=sources)  # fmt: skip
    def write(
        self, which: tuple[str, str, bool], value: str | None, start: int, length: int | None, source: str | None
    ) -> None:
        self._say((which[0], which[1]), value, start, length, source)

    @rule(value=st.sampled_from(VALUES), retract=st.booleans(), start=starts, length=lengths, source=sources)
    def write_multi(self, value: str, retract: bool, start: int, length: int | None, source: str | None) -> None:
        self._say(("s", "likes", value), None if retract else value, start, length, source)

    @rule(episode=st.sampled_from(EPISODES))
    def retract_episode(self, episode: str) -> None:
        if episode in self.model.erased:
            try:
                self.mem.retract_episode(episode)
            except NotFound:
                return
            raise AssertionError(f"retracting the erased episode {episode} was accepted")
        again = episode in self.model.retracted
        result = self.mem.retract_episode(episode)
        self.model.retract(episode, self._tx(result.tx))
        if again:
            assert not result.changed and result.supported == (), "retracting twice changed something"

    @precondition(lambda self: self.can_erase)
    @rule(episode=st.sampled_from(EPISODES))
    def erase(self, episode: str) -> None:
        if episode in self.model.erased:
            return
        self.mem.erase(episode=episode)
        record = self.mem.engine.erasures(digest(self.mem.namespace))[-1]
        self.model.erase(episode, self._tx(record.at))

    @rule(by=st.integers(min_value=1, max_value=3))
    def tick(self, by: int) -> None:
        self.clock.advance(by)

    def _rows(self, as_of: int | None) -> dict[Slot, list[Fact]]:
        out: dict[Slot, list[Fact]] = {slot: [] for slot in SLOTS}
        for f in self.mem.engine.facts(self.mem.namespace, FactQuery(as_of=as_of)):
            if f.recorded.end is None:
                out[_slot_of(f)].append(f)
        return out

    def _check_rows(self, as_of: int, *, exact: bool) -> None:
        """The rows believed at ``as_of`` against the model, a day at a time: each row holds the model's value
        on each of its days and names the union of their episodes; every day the model holds is covered.
        Not ``exact`` (before a later erase): a row may be gone, but what is left is what was true then, minus
        the erased episodes."""
        for slot, rows in self._rows(as_of).items():
            model = self.model.days(slot, DAYS, as_of)
            for row in rows:
                want = [model[d] for d in DAYS if row.valid.contains(d)]
                assert all(w is not None and w[0] == _seen(row) for w in want), (
                    f"{slot} as of {as_of}: row {_seen(row)} {row.valid} against the model's {want}"
                )
                union = {e for w in want if w is not None for e in w[1]} - set(self.model.erased)
                assert set(row.episodes) == union, f"{slot} as of {as_of}: {row} cites {row.episodes}, want {union}"
            if exact:
                for d in DAYS:
                    covered = [r for r in rows if r.valid.contains(d)]
                    assert (model[d] is None) == (not covered), (
                        f"{slot} day {d} as of {as_of}: model {model[d]}, rows {covered}"
                    )

    @invariant()
    def rows_hold_what_the_sources_said(self) -> None:
        if self.txs:
            self._check_rows(self.txs[-1], exact=True)

    def teardown(self) -> None:
        if not self.txs:
            return
        now = self.txs[-1]
        model = {slot: self.model.days(slot, DAYS, now) for slot in SLOTS}
        for d in DAYS:  # support per instant: what a read at one valid time cites
            read = self.mem.engine.facts(self.mem.namespace, FactQuery(valid_at=d, as_of=now))
            for slot in SLOTS:
                got = [(_seen(f), frozenset(f.episodes)) for f in read if _slot_of(f) == slot]
                held = model[slot][d]
                assert got == ([] if held is None else [held]), f"{slot} day {d}: engine {got}, model {held}"
        for t in self.txs:  # (between two, the store is as of the earlier)
            self._check_rows(t, exact=not self.model.erased_after(t))


class UndoTests(EngineFixtures):
    """Random statements, retractions and erases against :class:`SupportModel`: undoing an episode ends what
    only it supported and brings back what it had superseded, as replaying the other sources would."""

    #: Steps per example: enough for an episode to say several things, be retracted and be erased.
    stateful_step_count = 15

    def test_random_undo_matches_the_support_model(self, engine: CheckedEngine, clock: ManualClock) -> None:
        counter = itertools.count()
        can_erase = self.supports_erase

        class Bound(UndoMachine):
            def __init__(self) -> None:
                super().__init__(engine, clock, f"undo-{next(counter)}", can_erase)

        examples = settings().max_examples if self.max_examples is None else self.max_examples
        run_state_machine_as_test(  # type: ignore[no-untyped-call,unused-ignore]
            Bound,
            settings=settings(
                stateful_step_count=self.stateful_step_count,
                max_examples=examples,
                deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
            ),
        )
