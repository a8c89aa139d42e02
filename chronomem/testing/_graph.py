"""The graph side: multi-valued slots, k-hop neighbourhoods at past points, namespace isolation."""

from __future__ import annotations

import pytest

from .._memory import Memory
from .._values import Fact
from ..contracts import FactQuery
from ..errors import Conflict, InvalidValue, NotFound
from ._base import NAMESPACE, EngineFixtures, at, row_of, sorted_rows
from ._checked import CheckedEngine
from ._clock import ManualClock

__all__ = ["GraphTests"]

INF = None


def _names(facts: list[Fact]) -> list[str]:
    return sorted(str(row_of(f)[0]) for f in facts)


class GraphTests(EngineFixtures):
    """Slots with many values, walks over edges, and the namespace boundary."""

    def test_multi_valued_values_coexist_and_retract_one_at_a_time(self, mem: Memory) -> None:
        mem.assert_fact("alice", "likes", "pizza", valid_from=at(10))
        mem.assert_fact("alice", "likes", "sushi", valid_from=at(20))
        mem.assert_fact("alice", "likes", value="tea", valid_from=at(0))

        def likes(valid: int, as_of: int | None = None) -> list[str]:
            return _names(mem.values("alice", "likes", valid_at=at(valid), as_of=None if as_of is None else at(as_of)))

        assert likes(25) == ["pizza", "sushi", "tea"]
        assert likes(15) == ["pizza", "tea"]
        assert mem.retract("alice", "likes", "pizza", valid_from=at(30)).tx == 4
        assert likes(35) == ["sushi", "tea"]
        assert likes(25) == ["pizza", "sushi", "tea"]
        assert likes(35, as_of=3) == ["pizza", "sushi", "tea"]
        assert not mem.assert_fact("alice", "likes", "sushi", valid_from=at(20)).changed
        rows = sorted_rows([row_of(f) for f in mem.audit("alice", "likes")])
        assert rows == [
            ("pizza", 10, 30, 4, INF),
            ("pizza", 10, INF, 1, 4),
            ("sushi", 20, INF, 2, INF),
            ("tea", 0, INF, 3, INF),
        ]

    def test_audit_of_an_entity_is_every_row_of_every_slot(self, mem: Memory) -> None:
        mem.assert_fact("alice", "likes", "pizza", valid_from=at(10))
        mem.assert_fact("alice", "lives_in", "Berlin", valid_from=at(10))
        mem.assert_fact("alice", "lives_in", "Paris", valid_from=at(20))
        mem.retract("alice", "likes", "pizza", valid_from=at(30))
        mem.assert_fact("bob", "likes", "tea", valid_from=at(0))
        mem.assert_fact("bob", "knows", "alice", valid_from=at(0))  # alice as object: not hers
        rows = mem.audit("alice")
        assert rows == sorted(rows, key=lambda f: (f.recorded.start, f.valid.start, f.row_id))
        by_slot = {p: [f.row_id for f in mem.audit("alice", p)] for p in ("likes", "lives_in")}
        assert sorted(f.row_id for f in rows) == sorted(by_slot["likes"] + by_slot["lives_in"])
        assert len(rows) == 5  # pizza open, then cut; berlin open, then cut; paris

    def test_single_valued_predicates_keep_one_value(self, mem: Memory) -> None:
        mem.assert_fact("alice", "lives_in", "Berlin", valid_from=at(10))
        mem.assert_fact("alice", "lives_in", "Paris", valid_from=at(20))
        assert _names(mem.values("alice", "lives_in", valid_at=at(25))) == ["paris"]
        assert _names(mem.values("alice", "lives_in", valid_at=at(15))) == ["berlin"]

    def test_multi_valued_retract_must_name_the_value(self, mem: Memory) -> None:
        mem.assert_fact("alice", "likes", "pizza", valid_from=at(10))
        with pytest.raises(InvalidValue, match="multi-valued"):
            mem.retract("alice", "likes", valid_from=at(20))
        with pytest.raises(Conflict, match="multi-valued"):
            mem.assert_fact("alice", "likes", "tea", multi=False)
        assert _names(mem.values("alice", "likes", valid_at=at(30))) == ["pizza"]

    def test_neighbourhood_walks_edges_valid_and_believed_at_the_point(self, mem: Memory, clock: ManualClock) -> None:
        mem.assert_fact("alice", "knows", "bob", valid_from=at(0))
        mem.assert_fact("bob", "works_at", "acme", valid_from=at(0))
        mem.assert_fact("alice", "age", value=30, valid_from=at(0))
        clock.set(10)
        mem.assert_fact("bob", "works_at", "globex", valid_from=at(50))
        mem.assert_fact("alice", "knows", "carol", valid_from=at(0))
        mem.assert_fact("carol", "lives_in", "paris", valid_from=at(0))
        mem.assert_fact("dave", "knows", "erin", valid_from=at(0))

        def hood(start: str, hops: int, valid: int, as_of: int | None = None) -> tuple[list[str], list[str]]:
            g = mem.neighbourhood(start, hops, valid_at=at(valid), as_of=None if as_of is None else at(as_of))
            return sorted(e.id for e in g.entities), sorted(f"{f.subject} {f.predicate} {f.object}" for f in g.facts)

        knows = ["alice knows bob", "alice knows carol"]
        assert hood("alice", 0, 60) == (["alice"], [])
        assert hood("alice", 1, 60) == (["alice", "bob", "carol"], knows)
        assert hood("alice", 2, 60) == (
            ["alice", "bob", "carol", "globex", "paris"],
            [*knows, "bob works_at globex", "carol lives_in paris"],
        )
        assert hood("alice", 2, 10)[0] == ["acme", "alice", "bob", "carol", "paris"]
        assert hood("alice", 2, 60, as_of=3) == (["acme", "alice", "bob"], ["alice knows bob", "bob works_at acme"])
        assert hood("alice", 2, 60, as_of=10) == (
            ["alice", "bob", "globex"],
            ["alice knows bob", "bob works_at globex"],
        )
        assert hood("paris", 3, 60)[0] == ["alice", "bob", "carol", "paris"]
        assert hood("erin", 6, 60)[0] == ["dave", "erin"]

    def test_nothing_crosses_namespaces(self, mem: Memory, engine: CheckedEngine) -> None:
        other = Memory(engine, "other", owns_engine=False)
        for m, city, multi in ((mem, "Berlin", True), (other, "Rome", False)):
            ep = m.add_episode("the same id in another namespace", occurred_at=at(10), id="e1")
            m.assert_fact("alice", "lives_in", city, episode=ep)
            m.assert_fact("alice", "tag", value="x", multi=multi)
        mem.add_entity("only here")
        assert _names(mem.values("alice", "lives_in", valid_at=at(20))) == ["berlin"]
        assert _names(other.values("alice", "lives_in", valid_at=at(20))) == ["rome"]
        with pytest.raises(NotFound):
            other.get_entity("only here")
        assert engine.predicates(NAMESPACE)["tag"] is True and engine.predicates("other")["tag"] is False
        for ns, m in ((NAMESPACE, mem), ("other", other)):
            assert {f.namespace for f in engine.facts(ns, FactQuery())} == {ns}
            assert {c.fact.namespace for c in m.changes(at(0))} == {ns}
            assert len(m.audit("alice", "lives_in")) == 1
        mem.retract_episode("e1")
        assert mem.values("alice", "lives_in", valid_at=at(20)) == []
        assert _names(other.values("alice", "lives_in", valid_at=at(20))) == ["rome"]
        assert other.get_episode("e1").retracted_at is None
        assert {"other", NAMESPACE} <= set(engine.namespaces())
