"""The engine contract itself (``chronomem.contracts.Engine``), where the facade does not show it."""

from __future__ import annotations

import pytest

from .._bitemporal import SlotValue, plan_write
from .._memory import Memory
from .._names import slot_key
from .._values import Episode, Interval
from ..contracts import FactQuery, Txn
from ..errors import StorageError
from ._base import NAMESPACE, EngineFixtures, MakeEngine, at
from ._checked import CheckedEngine
from ._clock import ManualClock

__all__ = ["ContractTests"]


class _Boom(Exception):
    pass


def _episode(ident: str) -> Episode:
    return Episode(id=ident, namespace=NAMESPACE, content="hello", occurred_at=0, recorded_at=0)


class ContractTests(EngineFixtures):
    """Atomic writes, strictly increasing system time, migrations, and the read conventions."""

    def test_a_failed_write_stores_nothing(self, engine: CheckedEngine, mem: Memory) -> None:
        def fail(txn: Txn) -> None:
            txn.put_episode(_episode("e1"))
            raise _Boom

        with pytest.raises(_Boom):
            engine.write(NAMESPACE, fail)
        assert engine.episode(NAMESPACE, "e1") is None
        mem.assert_fact("s", "p", value="A", valid_from=at(0))
        slot = slot_key("s", "p", multi=False)

        def cut_then_fail(txn: Txn) -> None:
            txn.apply(
                slot, plan_write(txn.current(slot), Interval(5), SlotValue("s", "p", None, "B", "fact", "asserted"))
            )
            raise _Boom

        with pytest.raises(_Boom):
            engine.write(NAMESPACE, cut_then_fail)
        assert [(f.value, f.valid.start, f.recorded.end) for f in mem.audit("s", "p")] == [("A", 0, None)]

    def test_system_time_increases_even_when_the_clock_steps_back(self, mem: Memory, clock: ManualClock) -> None:
        clock.set(100)
        assert mem.assert_fact("s", "p", value="A", valid_from=at(0)).tx == 100
        clock.set(50)
        assert mem.assert_fact("s", "p", value="B", valid_from=at(0)).tx == 101
        assert mem.assert_fact("s", "p", value="C", valid_from=at(0)).tx == 102
        clock.set(200)
        assert mem.assert_fact("s", "p", value="D", valid_from=at(0)).tx == 200

    def test_migrate_is_idempotent(self, engine: CheckedEngine) -> None:
        assert engine.migrate() == []
        assert engine.schema_version()

    def test_put_episode_keeps_the_first(self, engine: CheckedEngine) -> None:
        assert engine.write(NAMESPACE, lambda txn: txn.put_episode(_episode("e1"))) is None
        again = engine.write(NAMESPACE, lambda txn: txn.put_episode(_episode("e1")))
        assert again is not None and again.id == "e1" and again.recorded_at == engine.txs[0]

    def test_missing_things_are_none_or_empty(self, engine: CheckedEngine) -> None:
        assert engine.episode(NAMESPACE, "nope") is None
        assert engine.entity(NAMESPACE, "nope") is None
        assert engine.episodes(NAMESPACE, []) == [] and engine.entities(NAMESPACE, ["nope"]) == []
        assert engine.facts(NAMESPACE, FactQuery(subject="nope")) == []
        assert engine.revisions(NAMESPACE, []) == [] and engine.revisions(NAMESPACE, [12345]) == []
        assert engine.changes(NAMESPACE, 0, 10**12) == [] and engine.overlaps(NAMESPACE) == []
        assert engine.predicates(NAMESPACE) == {} and engine.find_entities(NAMESPACE, "nope") == []
        engine.ensure_namespace(NAMESPACE)
        assert not engine.holds_anything(NAMESPACE)
        engine.write(NAMESPACE, lambda txn: txn.put_episode(_episode("e1")))
        assert engine.holds_anything(NAMESPACE) and not engine.holds_anything("other")

    def test_fact_queries_are_ordered_and_limited(self, mem: Memory, engine: CheckedEngine) -> None:
        for start, value in [(30, "C"), (10, "A"), (20, "B")]:
            mem.assert_fact("s", "p", value=value, valid_from=at(start), valid_to=at(start + 10))
        mem.assert_fact("s", "q", value="Z", valid_from=at(0))
        rows = engine.facts(NAMESPACE, FactQuery(subject="s", predicate="p"))
        assert [r.value for r in rows] == ["A", "B", "C"]
        assert [r.value for r in engine.facts(NAMESPACE, FactQuery(subject="s", predicate="p", limit=2))] == ["A", "B"]
        assert [r.value for r in engine.facts(NAMESPACE, FactQuery(subject="s", valid_at=25))] == ["B", "Z"]

    def test_a_closed_engine_refuses_work(self, make_engine: MakeEngine) -> None:
        engine = make_engine(ManualClock())
        engine.close()
        with pytest.raises(StorageError):
            engine.write(NAMESPACE, lambda txn: None)
