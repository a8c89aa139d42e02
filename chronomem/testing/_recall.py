"""Conformance: questions about time as calls. What changed about one entity on either axis
(``Memory.changes(entity=, axis=)``), the memory at the time of an event (``Memory.at_event``), facts and
search by kind of fact, and a session's last turns (``Memory.recent``): the same on every engine."""

from __future__ import annotations

import pytest

from .._memory import Memory
from .._values import Change, Kind
from ..errors import InvalidValue, NotFound
from ..ingest import Claim, Mentioned
from ._base import EngineFixtures, at

__all__ = ["RecallTests"]

_DAY = 86_400_000_000


def _moves(mem: Memory) -> None:
    """Ann lives in Paris from day 10, in Berlin from day 20; Bob in Rome from day 12; Bob knows Ann."""
    mem.assert_fact("Ann", "lives_in", "Paris", valid_from=at(10 * _DAY))
    mem.assert_fact("Bob", "lives_in", "Rome", valid_from=at(12 * _DAY))
    mem.assert_fact("Ann", "lives_in", "Berlin", valid_from=at(20 * _DAY))
    mem.assert_fact("Bob", "knows", "Ann", valid_from=at(15 * _DAY), multi=True)


def _said(changes: list[Change], mem: Memory) -> list[tuple[str, str, str]]:
    return [(c.action, c.fact.predicate, mem.describe(c.fact).split(" ")[2]) for c in changes]


class RecallTests(EngineFixtures):
    def test_changes_of_an_entity_on_the_system_axis_are_the_namespace_changes_that_touch_it(self, mem: Memory) -> None:
        _moves(mem)
        ann = mem.get_entity("Ann").id
        everything = mem.changes(at(0))
        touching = [c for c in everything if ann in (c.fact.subject, c.fact.object)]
        assert mem.changes(at(0), entity="Ann") == touching
        assert len(touching) < len(everything)  # Bob's home is not Ann's change
        first = mem.changes(at(0), at(1), entity="Ann")
        assert [(c.action, c.at) for c in first] == [("learned", 1)]

    def test_changes_of_an_entity_on_the_valid_axis_say_what_began_and_ended_in_the_world(self, mem: Memory) -> None:
        _moves(mem)
        got = mem.changes(at(14 * _DAY), at(30 * _DAY), entity="Ann", axis="valid")
        assert [(c.at, c.action, c.fact.predicate) for c in got] == [
            (15 * _DAY, "began", "knows"),
            (20 * _DAY, "ended", "lives_in"),
            (20 * _DAY, "began", "lives_in"),
        ]
        assert [mem.describe(c.fact).split(" ")[2] for c in got[1:]] == ["Paris,", "Berlin,"]
        # as the store believed before it heard of Berlin: Paris never ended
        before = mem.changes(at(0), at(30 * _DAY), entity="Ann", axis="valid", as_of=at(2))
        assert [(c.at, c.action) for c in before] == [(10 * _DAY, "began")]

    def test_changes_refuse_what_they_cannot_read(self, mem: Memory) -> None:
        _moves(mem)
        with pytest.raises(InvalidValue, match="axis='valid' reads one entity"):
            mem.changes(at(0), axis="valid")
        with pytest.raises(InvalidValue, match="axis="):
            mem.changes(at(0), entity="Ann", axis="world")
        with pytest.raises(InvalidValue, match="as_of= is for axis='valid'"):
            mem.changes(at(0), entity="Ann", as_of=at(1))
        with pytest.raises(NotFound):
            mem.changes(at(0), entity="Zed")

    def test_facts_and_search_keep_the_kinds_of_fact_asked_for(self, mem: Memory) -> None:
        mem.assert_fact("Ann", "likes", "hiking", valid_from=at(_DAY), kind=Kind.PREFERENCE, multi=True)
        mem.assert_fact("Ann", "goal", value="hike the alps", valid_from=at(_DAY), kind=Kind.GOAL, multi=True)
        mem.assert_fact("Ann", "works_at", "Hiking Club", valid_from=at(_DAY))
        kinds = {f.predicate: f.kind for f in mem.facts("Ann")}
        assert kinds == {"likes": "preference", "goal": "goal", "works_at": "fact"}
        assert [f.predicate for f in mem.facts("Ann", kind="preference")] == ["likes"]
        assert sorted(f.predicate for f in mem.facts("Ann", kind=["preference", "goal"])) == ["goal", "likes"]
        hits = mem.search("hiking", kinds=["preference"])
        assert hits and {(h.kind, h.item.kind) for h in hits} == {("fact", "preference")}  # type: ignore[union-attr]
        every = mem.search("hiking", kinds=["fact", "preference"])
        assert {h.item.kind for h in every} > {"preference"}  # type: ignore[union-attr]
        for bad in (["preferences"], "likes", [3]):
            with pytest.raises(InvalidValue, match="kind"):
                mem.facts("Ann", kind=bad)  # type: ignore[arg-type]
        with pytest.raises(InvalidValue, match="kinds="):
            mem.search("hiking", kinds=["preferences"])

    def test_recent_gives_a_sessions_last_turns_oldest_first(self, mem: Memory) -> None:
        for i in range(6):
            session = "s1" if i % 2 == 0 else "s2"
            mem.add_episode(f"turn {i}", occurred_at=at((i + 1) * _DAY), id=f"t{i}", session=session)
        mem.add_episode("no session", occurred_at=at(9 * _DAY), id="loose")
        assert [e.id for e in mem.recent("s1", 2)] == ["t2", "t4"]
        assert [e.id for e in mem.recent("s2")] == ["t1", "t3", "t5"]
        assert [e.id for e in mem.recent(None, 5)] == ["loose"]
        mem.retract_episode("t4")
        assert [e.id for e in mem.recent("s1", 2)] == ["t0", "t2"]
        for bad in (0, 1001, True):
            with pytest.raises(InvalidValue, match="n="):
                mem.recent("s1", bad)

    def test_at_event_reads_the_graph_when_the_event_happened(self, mem: Memory) -> None:
        mem.assert_fact("Bob", "works_on", "Project Alpha", valid_from=at(_DAY), valid_to=at(20 * _DAY), multi=True)
        mem.assert_fact("Cy", "works_on", "Project Alpha", valid_from=at(25 * _DAY), multi=True)
        mem.assert_fact(
            "Ann",
            "event",
            value="released Project Alpha",
            valid_from=at(10 * _DAY),
            valid_to=at(11 * _DAY),
            kind=Kind.EVENT,
            multi=True,
        )
        moment = mem.at_event("when Project Alpha was released", about="Project Alpha")
        assert (moment.at, moment.until) == (10 * _DAY, 11 * _DAY)
        assert [mem.describe(f).split(" ")[0] for f in moment.facts] == ["Bob"]
        own = mem.at_event("released Project Alpha")
        assert [f.predicate for f in own.facts] == ["event"]  # the event's own subject, Ann, then
        with pytest.raises(NotFound):
            mem.at_event("the wedding in Lisbon")

    def test_at_event_falls_back_to_the_message_that_told_of_it(self, mem: Memory) -> None:
        me = Mentioned("me", "person", speaker=True)
        mem.add(
            {
                "id": "m1",
                "speaker": "Dee",
                "content": "Our team offsite in Porto was great, I work at Acme.",
                "occurred_at": at(5 * _DAY),
            },
            claims=[Claim(me, "works_at", Mentioned("Acme", "organization"))],
        )
        mem.assert_fact("Dee", "works_at", "Globex", valid_from=at(30 * _DAY))
        moment = mem.at_event("the offsite in Porto")
        assert moment.event.id == "m1" and moment.at == 5 * _DAY and moment.until is None  # type: ignore[union-attr]
        assert [mem.describe(f).split(" ")[2] for f in moment.facts] == ["Acme,"]
