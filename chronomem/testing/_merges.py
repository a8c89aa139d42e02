"""Entity merges: two entities found to be one, and the merge undone, checked through reads on both axes."""

from __future__ import annotations

import pytest

from .._memory import Memory
from .._values import Fact, Reason
from ..errors import Conflict, NotFound
from ._base import EngineFixtures, at

__all__ = ["MergeTests"]


def _about(mem: Memory, ref: str, as_of: int | None = None) -> list[tuple[str, str, object, int, int | None]]:
    """The facts whose subject is ``ref``'s entity, believed at ``as_of`` (default now), as plain tuples."""
    ent = mem.get_entity(ref).id
    rows = mem.facts(ref, as_of=None if as_of is None else at(as_of))
    return sorted(
        (f.subject, f.predicate, f.object if f.is_edge else f.value, f.valid.start, f.valid.end)
        for f in rows
        if f.subject == ent
    )


def _support(rows: list[Fact]) -> dict[tuple[str, object], tuple[str, ...]]:
    return {(f.predicate, f.object if f.is_edge else f.value): f.episodes for f in rows}


class MergeTests(EngineFixtures):
    """``Memory.merge`` / ``Memory.unmerge``: facts move and join, clashes stay open, and undoing restores."""

    def _two_people(self, mem: Memory) -> None:
        mem.add_entity("Robert", type="person")
        mem.add_entity("Bob", type="person", aliases=["Bobby"])
        mem.add_episode("Robert lives in Berlin", id="e1", occurred_at=at(1))
        mem.add_episode("Bob lives in Berlin too", id="e2", occurred_at=at(1))
        mem.assert_fact("Robert", "lives_in", "Berlin", valid_from=at(10), episode="e1")  # tx 5
        mem.assert_fact("Bob", "lives_in", "Berlin", valid_from=at(20), episode="e2")  # 6
        mem.assert_fact("Robert", "birthday", value="1990-01-01", valid_from=at(0))  # 7
        mem.assert_fact("Bob", "birthday", value="1991-02-02", valid_from=at(0))  # 8
        mem.assert_fact("Bob", "likes", value="tea", valid_from=at(30))  # 9
        mem.assert_fact("Alice", "knows", "Bob", valid_from=at(5))  # 10
        mem.assert_fact("Bob", "knows", "Robert", valid_from=at(5))  # 11

    def test_a_merge_moves_joins_and_keeps_contradictions_open(self, mem: Memory) -> None:
        self._two_people(mem)
        merge = mem.merge("Bob", into="Robert")  # tx 12
        assert (merge.source, merge.target, merge.merged_at) == ("bob", "robert", 12)
        assert mem.get_entity("Bobby").id == "robert" and mem.get_entity("bob").id == "robert"
        assert set(mem.get_entity("robert").aliases) == {"Bob", "Bobby"}
        assert _about(mem, "Robert") == [
            ("robert", "birthday", "1990-01-01", 0, None),
            ("robert", "likes", "tea", 30, None),
            ("robert", "lives_in", "berlin", 10, None),  # [10, ∞) and [20, ∞) of the same place: one row
        ]
        assert _support(mem.facts("Robert"))[("lives_in", "berlin")] == ("e1", "e2")
        assert [f.subject for f in mem.values("alice", "knows")] == ["alice"]
        assert mem.values("alice", "knows")[0].object == "robert"
        (clash,) = mem.conflicts("Robert")
        assert (clash.predicate, clash.value, clash.opened_at) == ("birthday", "1991-02-02", 12)
        assert "merged" in clash.why
        # as known before the merge, there were two people
        rows = mem.facts("bob", as_of=at(11))  # a merged id resolves to the survivor, but its rows are found by id
        assert {(f.subject, f.predicate) for f in rows} >= {("bob", "birthday"), ("bob", "likes"), ("bob", "knows")}
        reasons = {r.reason for f in mem.audit("bob", "likes") for r in mem.versions(f)}
        assert Reason.MERGE in reasons
        found = [h.item.id for h in mem.search("Bobby", kinds=["entity"])]  # type: ignore[union-attr]
        assert "bob" not in found and "robert" in found  # search finds the survivor by the merged one's names

    def test_unmerge_gives_both_entities_back_what_they_had(self, mem: Memory) -> None:
        self._two_people(mem)
        before = {ref: _about(mem, ref) for ref in ("robert", "bob")}
        mem.merge("Bob", into="Robert")  # tx 12
        undone = mem.unmerge("bob")  # 13
        assert undone.unmerged_at == 13
        assert mem.get_entity("Bobby").id == "bob" and mem.get_entity("Bob").id == "bob"
        assert mem.get_entity("robert").aliases == ()
        assert {ref: _about(mem, ref) for ref in ("robert", "bob")} == before
        assert _support(mem.facts("Robert"))[("lives_in", "berlin")] == ("e1",)
        assert mem.values("alice", "knows")[0].object == "bob"
        assert mem.conflicts("Robert") == []
        assert [c.settlement for c in mem.conflicts("Robert", settled=True)] == ["unmerged"]
        assert _about(mem, "robert", as_of=12) != before["robert"]  # the merge stays readable in the past
        with pytest.raises(NotFound):
            mem.unmerge("bob")

    def test_what_was_said_after_a_merge_stays_with_the_survivor(self, mem: Memory) -> None:
        self._two_people(mem)
        mem.merge("Bob", into="Robert")  # tx 12
        mem.assert_fact("Bob", "likes", value="coffee", valid_from=at(40))  # 13: "Bob" names Robert now
        mem.assert_fact("Robert", "lives_in", "Paris", valid_from=at(50))  # 14: cuts the joined Berlin row
        mem.unmerge("bob")
        assert _about(mem, "bob") == [
            ("bob", "birthday", "1991-02-02", 0, None),
            ("bob", "knows", "robert", 5, None),  # set aside while they were one, back now
            ("bob", "likes", "tea", 30, None),
            ("bob", "lives_in", "berlin", 20, None),
        ]
        robert = _about(mem, "robert")
        assert ("robert", "likes", "coffee", 40, None) in robert and ("robert", "lives_in", "paris", 50, None) in robert
        assert ("robert", "likes", "tea", 30, None) not in robert

    def test_undo_after_a_merge_keeps_what_the_merge_did_not_touch(self, mem: Memory) -> None:
        """A merge takes only the merged entity's claims out of a slot: undoing an episode there afterwards
        replays the slot and must keep the rest of what it held (and what the merge brought in)."""
        mem.add_entity("Acme", type="organization")
        mem.add_entity("Acme Inc", type="organization")
        e1 = mem.add_episode("Carol worked at Foo", occurred_at=at(0), id="e1")
        e2 = mem.add_episode("Carol works at Acme", occurred_at=at(10), id="e2")
        e3 = mem.add_episode("Carol starts somewhere new", occurred_at=at(30), id="e3")
        mem.assert_fact("carol", "works_at", "Foo", valid_from=at(0), valid_to=at(10), episode=e1)
        mem.assert_fact("carol", "works_at", "Acme", valid_from=at(10), episode=e2)
        mem.merge("Acme", into="Acme Inc")
        mem.assert_fact("carol", "works_at", "Bar", valid_from=at(30), episode=e3)
        mem.retract_episode("e3")  # replays carol.works_at: Foo, then Acme Inc (merged), from 30 on as well
        story = [(f.object, f.valid.start, f.valid.end, f.episodes) for f in mem.history("carol", "works_at")]
        assert story == [("foo", 0, 10, ("e1",)), (mem.get_entity("Acme Inc").id, 10, None, ("e2",))]

    def test_merge_refuses_what_cannot_be_one(self, mem: Memory) -> None:
        mem.add_entity("Paris", type="place")
        mem.add_entity("Paris Hilton", type="person", aliases=["PH"])
        mem.add_entity("Robert", type="person")
        with pytest.raises(Conflict, match="same entity"):
            mem.merge("PH", into="Paris Hilton")
        with pytest.raises(Conflict, match="cannot merge a place"):
            mem.merge("Paris", into="Robert")
        with pytest.raises(NotFound):
            mem.merge("Nobody", into="Robert")
        with pytest.raises(NotFound):
            mem.unmerge("robert")
