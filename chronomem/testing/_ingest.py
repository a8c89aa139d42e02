"""Conformance: what ingestion asks of an engine: episodes with their zone, a session's last
messages, contradictions kept open and settled, and erases that take them away.

The claims come from the structured extractor, so every engine sees exactly the same writes.
"""

from __future__ import annotations

from .._memory import Memory
from .._values import Kind, Modality
from ..ingest import Action, Claim, Mentioned
from ._base import EngineFixtures, at

__all__ = ["IngestionTests"]

_ME = Mentioned("me", "person", speaker=True)
_JEN = Mentioned("Jen", "person")


def _msg(n: int, speaker: str = "Alice", **extra: object) -> dict[str, object]:
    return {"id": f"m{n}", "speaker": speaker, "content": f"message {n}", "occurred_at": at(n * 10), **extra}


def _lives(who: Mentioned, place: str, **kw: object) -> Claim:
    return Claim(who, "lives_in", Mentioned(place, "place"), **kw)  # type: ignore[arg-type]


class IngestionTests(EngineFixtures):
    def test_a_message_is_stored_once_with_its_zone_and_cited_by_what_it_says(self, mem: Memory) -> None:
        first = mem.add(_msg(1, tz="Asia/Shanghai"), claims=[_lives(_ME, "Berlin")])
        again = mem.add(_msg(1, tz="Asia/Shanghai"), claims=[_lives(_ME, "Berlin")])
        assert again.duplicate and not again.changed
        ep = mem.get_episode("m1")
        assert (ep.tz, ep.speaker, ep.recorded_at) == ("Asia/Shanghai", "Alice", first.tx)
        (fact,) = mem.values("Alice", "lives_in", valid_at=at(15))
        assert (fact.object, fact.episodes) == ("berlin", ("m1",))

    def test_a_session_gives_its_last_messages_oldest_first(self, mem: Memory) -> None:
        for n in range(1, 6):
            mem.add(_msg(n, session="s"), claims=[])
        mem.add(_msg(9, session="other"), claims=[])
        mem.retract_episode("m4")
        recent = mem.engine.recent_episodes(mem.namespace, "s", 45, 3)
        assert [e.id for e in recent] == ["m1", "m2", "m3"]  # m4 is retracted, m5 came after
        assert [e.id for e in mem.engine.recent_episodes(mem.namespace, "s", 100, 2)] == ["m3", "m5"]
        assert [e.id for e in mem.engine.recent_episodes(mem.namespace, None, 100, 5)] == []
        mem.add(_msg(6), claims=[])
        mem.add(_msg(7), claims=[])
        assert [e.id for e in mem.engine.recent_episodes(mem.namespace, None, 100, 5)] == ["m6", "m7"]

    def test_contradictions_are_kept_listed_and_settled(self, mem: Memory) -> None:
        mem.add(_msg(1, "Rachel"), claims=[_lives(_JEN, "Denver", confidence=0.7)])
        opened = mem.add(_msg(2, "Marcus"), claims=[_lives(_JEN, "Boston", confidence=0.7)]).conflicts
        mem.add(_msg(3, "Rachel"), claims=[Claim(_JEN, "works_at", Mentioned("Acme"), confidence=0.7)])
        mem.add(_msg(4, "Marcus"), claims=[Claim(_JEN, "works_at", Mentioned("Globex"), confidence=0.7)])
        assert [c.predicate for c in mem.conflicts("Jen")] == ["lives_in", "works_at"]
        (c,) = mem.conflicts("Jen", "lives_in")
        assert (c.id, c.object, c.episode, c.valid.start, c.confidence) == (opened[0], "boston", "m2", 20, 0.7)
        assert c.against and c.open
        mem.resolve_conflict(c.id, keep="known")
        assert [x.predicate for x in mem.conflicts("Jen")] == ["works_at"]
        (settled,) = [x for x in mem.conflicts("Jen", settled=True) if x.id == c.id]
        assert settled.settlement == "kept" and settled.settled_at is not None
        (held,) = mem.values("Jen", "lives_in", valid_at=at(25))
        assert held.object == "denver"

    def test_accepting_a_claim_corrects_what_was_known(self, mem: Memory) -> None:
        mem.add(_msg(1, "Rachel"), claims=[_lives(_JEN, "Denver", confidence=0.7)])
        (cid,) = mem.add(_msg(2, "Marcus"), claims=[_lives(_JEN, "Boston", confidence=0.7)]).conflicts
        done = mem.resolve_conflict(cid, keep="claim")
        assert done.changed
        (held,) = mem.values("Jen", "lives_in", valid_at=at(25))
        assert (held.object, held.episodes) == ("boston", ("m2",))
        assert any(r.reason == "correction" for r in mem.versions(held))

    def test_erasing_an_episode_or_a_subject_takes_their_contradictions(self, mem: Memory) -> None:
        self.require("supports_erase")
        mem.add(_msg(1, "Rachel"), claims=[_lives(_JEN, "Denver", confidence=0.7)])
        mem.add(_msg(2, "Marcus"), claims=[_lives(_JEN, "Boston", confidence=0.7)])
        mem.erase(episode="m2")
        assert mem.conflicts(settled=True) == []
        mem.add(_msg(3, "Marcus"), claims=[_lives(_JEN, "Boston", confidence=0.7)])
        assert len(mem.conflicts()) == 1
        mem.erase(subject="Jen")
        assert mem.conflicts(settled=True) == []

    def test_a_retraction_in_a_message_ends_what_it_names(self, mem: Memory) -> None:
        mem.add(_msg(1), claims=[_lives(_ME, "Berlin")])
        mem.add(_msg(2), claims=[_lives(_ME, "Rome", action=Action.RETRACT)])
        assert [f.object for f in mem.values("Alice", "lives_in", valid_at=at(25))] == ["berlin"]
        mem.add(_msg(3), claims=[_lives(_ME, "Berlin", action=Action.RETRACT)])
        assert mem.values("Alice", "lives_in", valid_at=at(35)) == []

    def test_plans_at_one_time_are_a_clash_kept_open(self, mem: Memory) -> None:
        def plan(what: str, start: int, end: int) -> Claim:
            return Claim(_ME, "attends", value=what, kind=Kind.EVENT, modality=Modality.PLANNED,
                         valid_from=start, valid_to=end)  # fmt: skip

        mem.add(_msg(1), claims=[plan("meeting", 100, 200)])
        (cid,) = mem.add(_msg(2), claims=[plan("dentist", 150, 250)]).conflicts
        (c,) = mem.conflicts("Alice")
        assert (c.id, c.clash, c.value, c.valid.start, c.valid.end) == (cid, True, "dentist", 150, 250)
        mem.resolve_conflict(cid, keep="claim")
        assert [f.value for f in mem.values("Alice", "attends", valid_at=at(160))] == ["dentist"]
