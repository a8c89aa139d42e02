"""The calls of the Python API, one contract for :class:`chronomem.Memory` and :class:`chronomem.client.Client`:
each case runs on a Memory in-process, on a Client of a real ``chronomem serve`` (SQLite, PostgreSQL) and on an
AsyncClient (SQLite), and expects the same values, types and errors (messages included).

The engine conformance suite's own cases that drive only the facade run through a Client too
(``test_conformance.py``); the rest need an ``Engine`` or the suite's :class:`~chronomem.testing.ManualClock`
(exact system times such as 1 and 5), which a served process does not expose and should not.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest

from chronomem import Entity, Episode, Fact
from chronomem.errors import Conflict, InvalidValue, NaiveDatetime, NotFound
from chronomem.ingest import IngestResult
from chronomem.retrieve import Context, Hits

T0 = datetime(2024, 1, 1, tzinfo=UTC)
T1 = datetime(2024, 3, 1, tzinfo=UTC)
T2 = datetime(2024, 6, 1, tzinfo=UTC)
SAID = [
    {"id": "a1", "speaker": "Alice", "content": "I live in Berlin.", "occurred_at": "2024-01-10T09:00:00+01:00"},
    {"id": "a2", "speaker": "Alice", "content": "I moved to Paris.", "occurred_at": "2024-06-01T09:00:00+02:00"},
    {"id": "a3", "speaker": "Alice", "content": "I'm allergic to peanuts.", "occurred_at": "2024-01-10T09:00:00+01:00"},
    {"id": "a4", "speaker": "Alice", "content": "I'm not allergic to peanuts.",
     "occurred_at": "2024-04-10T09:00:00+02:00"},
]  # fmt: skip


def us(dt: datetime) -> int:
    return int(dt.timestamp() * 1_000_000)


def test_facts_are_asserted_corrected_retracted_and_read_at_any_time(mem: Any) -> None:
    first = mem.assert_fact("Alice", "lives_in", "Berlin", valid_from=T0)
    assert first.closed == () and [f.object for f in first.inserted] == ["berlin"]
    assert isinstance(first.inserted[0], Fact) and isinstance(first.tx, int)
    mem.assert_fact("Alice", "lives_in", "Paris", valid_from=T1)
    mem.assert_fact("Alice", "age", value=33, valid_from=T0)
    at_jan = mem.value("Alice", "lives_in", valid_at=datetime(2024, 2, 1, tzinfo=UTC))
    assert isinstance(at_jan, Fact) and at_jan.object == "berlin"
    assert (at_jan.valid.start, at_jan.valid.end) == (us(T0), us(T1))
    assert mem.value("Alice", "lives_in").object == "paris"
    assert mem.value("Alice", "lives_in", as_of=datetime(2000, 1, 1, tzinfo=UTC)) is None
    assert [f.object for f in mem.history("Alice", "lives_in")] == ["berlin", "paris"]
    assert sorted(str(f.object or f.value) for f in mem.facts("Alice", valid_at=T2)) == ["33", "paris"]
    fixed = mem.correct("Alice", "lives_in", "Lyon", valid_from=T1)
    assert fixed.closed and mem.value("Alice", "lives_in", valid_at=T2).object == "lyon"
    mem.retract("Alice", "lives_in", valid_from=T2)
    assert mem.value("Alice", "lives_in", valid_at=T2) is None
    audit = mem.audit("Alice", "lives_in")
    assert {f.object for f in audit} == {"berlin", "paris", "lyon"} and all(isinstance(f, Fact) for f in audit)
    assert len(mem.audit("Alice")) > len(audit)  # every slot
    assert [f.value for f in mem.values("Alice", "age")] == [33]
    chain = mem.versions(first.inserted[0])
    assert chain and chain[0].old == first.inserted[0].row_id
    learned = mem.changes(datetime(2000, 1, 1, tzinfo=UTC))
    assert {c.action for c in learned} == {"learned", "unlearned"} and isinstance(learned[0].fact, Fact)


def test_messages_are_remembered_searched_and_told(mem: Any) -> None:
    results = mem.add(SAID[:2])
    assert [type(r) for r in results] == [IngestResult] * 2 and [r.episode for r in results] == ["a1", "a2"]
    assert results[0].added[0].object == "berlin" and isinstance(results[0].entities[0], Entity)
    again = mem.add(SAID[0])
    assert isinstance(again, IngestResult) and again.duplicate
    assert mem.value("Alice", "lives_in").object == "paris"
    hits = mem.search("where does Alice live?", k=5)
    assert isinstance(hits, Hits) and hits and hits.basis.tzinfo is not None
    assert {h.kind for h in hits} <= {"fact", "episode", "entity"} and all(h.cites or h.kind == "entity" for h in hits)
    assert [h.id for h in mem.search("where does Alice live?", k=5, as_of=hits.basis)] == [h.id for h in hits]
    episodes = mem.search("Berlin", kinds=["episode"])
    assert episodes and all(isinstance(h.item, Episode) for h in episodes)
    told = mem.context("where does Alice live?", budget_tokens=300, zone="Europe/Paris")
    assert isinstance(told, Context) and "Paris" in told.text and told.zone == "Europe/Paris"
    assert told.sections and told.sections[0].statements[0].cites


def test_the_calls_about_time(mem: Any) -> None:
    mem.add([{**m, "session": "chat"} for m in SAID[:2]])
    mem.assert_fact("Alice", "likes", "hiking", valid_from=T0, kind="preference", multi=True)
    valid = mem.changes(T0, entity="Alice", axis="valid")
    assert [(c.action, c.fact.object) for c in valid if c.fact.predicate == "lives_in"] == [
        ("began", "berlin"),
        ("ended", "berlin"),
        ("began", "paris"),
    ]
    assert all(isinstance(c.fact, Fact) for c in mem.changes(T0, entity="Alice"))
    assert [f.object for f in mem.facts("Alice", kind="preference")] == ["hiking"]
    assert [h.item.object for h in mem.search("hiking", kinds=["preference"])] == ["hiking"]
    assert "hiking" in mem.context("what does Alice like?", kinds=["preference"]).text
    assert [e.id for e in mem.recent("chat", 1)] == ["a2"]
    moment = mem.at_event("moved to Paris", about="Alice")
    assert isinstance(moment.event, Episode) and moment.event.id == "a2"
    assert moment.at == us(datetime(2024, 6, 1, 7, tzinfo=UTC)) and moment.until is None
    assert "paris" in {f.object for f in moment.facts}
    with pytest.raises(InvalidValue, match="axis='valid' reads one entity"):
        mem.changes(T0, axis="valid")


def test_the_memory_service_shape(mem: Any) -> None:
    results = mem.add([{"role": "user", "content": "I moved to Paris."}], user_id="Alice", session_id="s1")
    assert results[0].stamped and results[0].received_at is not None
    assert mem.get_episode(results[0].episode).session == "s1"
    (hit,) = [h for h in mem.retrieve("where does Alice live?") if h.item.predicate == "lives_in"]
    assert hit.fact == "Alice lives in Paris" and [e.name for e in hit.entities] == ["Alice", "Paris"]
    assert hit.valid is not None and hit.valid.end is None


def test_episodes_and_entities(mem: Any) -> None:
    ep = mem.add_episode("Notes from the call.", occurred_at=T0, id="n1", kind="document", metadata={"page": 2})
    assert isinstance(ep, Episode) and (ep.id, ep.occurred_at, ep.metadata) == ("n1", us(T0), {"page": 2})
    assert mem.get_episode("n1") == ep
    assert mem.add_episode("Notes from the call.", occurred_at=T0, id="n1", kind="document", metadata={"page": 2}) == ep
    with pytest.raises(Conflict):
        mem.add_episode("Other notes.", occurred_at=T0, id="n1")
    with pytest.raises(NotFound, match="no episode 'nope' in namespace 'alice'"):
        mem.get_episode("nope")
    carol = mem.add_entity("Carol Smith", type="person", aliases=["Caz"])
    assert isinstance(carol, Entity) and (carol.id, carol.type, carol.aliases) == ("carol-smith", "person", ("Caz",))
    assert mem.get_entity("Caz") == carol
    with pytest.raises(NotFound):
        mem.get_entity("nobody")
    with pytest.raises(InvalidValue, match="is one string"):
        mem.add_entity("Dan", aliases="Danny")
    caroline = mem.add_entity("Caroline", type="person")
    mem.assert_fact("Caroline", "likes", value="tea", valid_from=T0)
    merged = mem.merge(caroline, into=carol)
    assert (merged.source, merged.target) == ("caroline", "carol-smith") and "Caroline" in merged.aliases
    assert mem.value("Carol Smith", "likes").value == "tea"
    with pytest.raises(Conflict):
        mem.merge("Caroline", into=carol)  # one entity now
    assert mem.unmerge(merged).unmerged_at is not None and mem.value("Caroline", "likes").value == "tea"
    mem.assert_fact(carol, "works_at", "Acme", valid_from=T0)
    near = mem.neighbourhood("Carol Smith", 1)
    assert {e.id for e in near.entities} == {"carol-smith", "acme"} and [f.object for f in near.facts] == ["acme"]


def test_conflicts_are_listed_and_settled(mem: Any) -> None:
    mem.add(SAID[2:])
    (open_,) = mem.conflicts()
    assert open_.subject == "alice" and open_.episode == "a4" and open_.settled_at is None
    assert mem.conflicts("Alice", open_.predicate) == [open_] and mem.conflicts("nobody") == []
    settled = mem.resolve_conflict(open_, keep="claim")
    assert settled.inserted and mem.conflicts() == []
    assert [c.settlement for c in mem.conflicts(settled=True)] == ["accepted"]
    with pytest.raises(Conflict):
        mem.resolve_conflict(open_.id, keep="known")
    with pytest.raises(NotFound):
        mem.resolve_conflict(12345, keep="known")


def test_episodes_are_retracted_and_erased(mem: Any) -> None:
    mem.add(SAID[:2])
    undone = mem.retract_episode("a2")
    assert undone.closed and mem.value("Alice", "lives_in").object == "berlin"
    assert mem.get_episode("a2").retracted_at is not None
    assert mem.erase(episode="a1") >= 1
    with pytest.raises(NotFound):
        mem.get_episode("a1")
    mem.add_entity("Bob")
    mem.assert_fact("Bob", "likes", value="tea")
    assert mem.erase(subject="Bob") == 1
    with pytest.raises(NotFound, match="no entity named 'Bob'"):
        mem.facts("Bob")
    with pytest.raises(InvalidValue, match="exactly one of"):
        mem.erase()


def test_times_without_a_zone_are_refused_with_the_same_message(mem: Any) -> None:
    naive = datetime(2024, 1, 1)  # the point of the test
    with pytest.raises(NaiveDatetime, match=r"valid_at=2024-01-01T00:00:00 has no time zone; pass an aware"):
        mem.value("Alice", "lives_in", valid_at=naive)
    with pytest.raises(NaiveDatetime, match="valid_from=2024-01-01T00:00:00 has no time zone"):
        mem.assert_fact("Alice", "lives_in", "Berlin", valid_from=naive)
    with pytest.raises(NaiveDatetime, match="since=2024-01-01T00:00:00 has no time zone"):
        mem.changes(naive)
    with pytest.raises(NotFound):  # nothing was written (a served namespace that holds nothing is not found)
        mem.audit("Alice")
