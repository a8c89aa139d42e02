"""Conformance: retracting or erasing a message settles or drops the conflicts it touches, as if it had never
been said.

A conflict holds a claim that contradicted what its slot held. When the message that said the claim is
retracted, the conflict is withdrawn (closed, still listed with the settled ones) and cannot be settled any
more. When a message that said what the claim contradicted goes, the claim is weighed again against what the
slot holds without it: written as of when it was said when nothing contradicts it any more, else kept open
against what still does. The yardstick is a memory that never heard the message: the same histories, the same
open conflicts.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from .._memory import Memory
from .._values import Contradiction, Fact, Kind, Modality
from ..contracts import FactQuery
from ..errors import Conflict
from ..ingest import Claim, Mentioned
from ._base import EngineFixtures, at

__all__ = ["WithdrawnConflictTests"]

_ME = Mentioned("me", "person", speaker=True)
_JEN = Mentioned("Jen", "person")
Story = list[tuple[str, int, int | None, tuple[str, ...]]]


def _lives(who: Mentioned, place: str, predicate: str = "lives_in") -> Claim:
    return Claim(who, predicate, Mentioned(place, "place"), confidence=0.7)


def _say(mem: Memory, n: int, speaker: str, place: str, predicate: str = "lives_in") -> tuple[int, ...]:
    msg = {"id": f"m{n}", "speaker": speaker, "content": f"message {n}", "occurred_at": at(n * 10)}
    return mem.add(msg, claims=[_lives(_ME if speaker == "Jen" else _JEN, place, predicate)]).conflicts


def _story(facts: Sequence[Fact]) -> Story:
    """A slot's rows believed now: value, valid interval and the messages that said it."""
    return sorted((str(f.object), f.valid.start, f.valid.end, f.episodes) for f in facts)


def _open(mem: Memory) -> list[tuple[object, ...]]:
    """The open conflicts as what they say: the claim, its time, its message, why, and the values it
    contradicts."""

    def against(c: Contradiction) -> list[str]:
        # Values, not rows: a row a conflict was opened against may since have been cut by a later message.
        return sorted({str(r.object) for r in mem.engine.facts(mem.namespace, FactQuery(rows=c.against))})

    return sorted(
        (c.subject, c.predicate, c.object, c.valid.start, c.valid.end, c.episode, c.why, *against(c))
        for c in mem.conflicts()
    )


def _memory_of(mem: Memory) -> tuple[dict[str, Story], list[tuple[object, ...]]]:
    return {p: _story(mem.history("Jen", p)) for p in ("lives_in", "works_at")}, _open(mem)


class WithdrawnConflictTests(EngineFixtures):
    def test_retracting_what_a_conflict_contradicted_writes_its_claim(self, mem: Memory) -> None:
        _say(mem, 1, "Rachel", "Denver")
        (cid,) = _say(mem, 2, "Marcus", "Boston")
        mem.retract_episode("m1")
        assert mem.conflicts() == []
        (c,) = mem.conflicts(settled=True)
        assert (c.id, c.settlement) == (cid, "uncontested") and c.settled_at is not None
        assert _story(mem.history("Jen", "lives_in")) == [("boston", 20, None, ("m2",))]
        with pytest.raises(Conflict, match="settled"):
            mem.resolve_conflict(cid, keep="known")

    def test_a_conflict_stays_open_against_what_still_contradicts_it(self, mem: Memory) -> None:
        _say(mem, 1, "Rachel", "Denver")
        assert _say(mem, 2, "Jen", "Chicago") == ()  # she says so herself: she moved
        (cid,) = _say(mem, 3, "Marcus", "Boston")  # against what Jen said
        mem.retract_episode("m2")  # Denver comes back: Marcus's Boston contradicts Rachel's Denver now
        (c,) = mem.conflicts()
        (denver,) = mem.history("Jen", "lives_in")
        assert (c.id, c.against, c.why) == (cid, (denver.row_id,), "contradicts what Rachel said")
        assert _story([denver]) == [("denver", 10, None, ("m1",))]
        mem.resolve_conflict(cid, keep="claim")
        assert [f.object for f in mem.values("Jen", "lives_in", valid_at=at(35))] == ["boston"]

    def test_claims_kept_apart_are_weighed_again_in_the_order_they_were_said(self, mem: Memory) -> None:
        _say(mem, 1, "Rachel", "Denver")
        _say(mem, 2, "Marcus", "Boston")
        _say(mem, 3, "Carol", "Oslo")
        mem.retract_episode("m1")  # Marcus's Boston holds from when he said it; Carol's Oslo contradicts it
        fresh = Memory(mem.engine, "never-heard-m1", owns_engine=False)
        _say(fresh, 2, "Marcus", "Boston")
        _say(fresh, 3, "Carol", "Oslo")
        assert _memory_of(mem) == _memory_of(fresh)
        (c,) = mem.conflicts()
        assert (c.object, c.why) == ("oslo", "contradicts what Marcus said")

    def test_retracting_the_message_of_a_conflict_withdraws_it(self, mem: Memory) -> None:
        _say(mem, 1, "Rachel", "Denver")
        (cid,) = _say(mem, 2, "Marcus", "Boston")
        mem.retract_episode("m2")
        assert mem.conflicts() == []
        (c,) = mem.conflicts(settled=True)
        assert (c.id, c.settlement, c.episode) == (cid, "withdrawn", "m2") and c.settled_at is not None
        for keep in ("claim", "known"):
            with pytest.raises(Conflict, match=r"withdrawn.*'m2' was retracted"):
                mem.resolve_conflict(cid, keep=keep)
        assert _story(mem.history("Jen", "lives_in")) == [("denver", 10, None, ("m1",))]

    def test_erasing_what_a_conflict_contradicted_writes_its_claim(self, mem: Memory) -> None:
        self.require("supports_erase")
        mem.add_entity("Jen", type="person")  # known before m1, so erasing m1 keeps her
        _say(mem, 1, "Rachel", "Denver")
        (cid,) = _say(mem, 2, "Marcus", "Boston")
        _say(mem, 3, "Carol", "Oslo")
        mem.erase(episode="m1")
        assert _story(mem.history("Jen", "lives_in")) == [("boston", 20, None, ("m2",))]
        # a store that never heard m1 never opened Marcus's conflict: it goes, where a retraction settles it
        assert cid not in {c.id for c in mem.conflicts(settled=True)}
        assert [(c.object, c.why) for c in mem.conflicts()] == [("oslo", "contradicts what Marcus said")]
        mem.erase(episode="m3")  # its own conflict goes with it, content and all
        assert mem.conflicts(settled=True) == []

    def test_a_clash_of_plans_ends_with_the_plan_it_clashed_with(self, mem: Memory) -> None:
        def plan(n: int, what: str, start: int, end: int) -> tuple[int, ...]:
            claim = Claim(_ME, "attends", value=what, kind=Kind.EVENT, modality=Modality.PLANNED,
                          valid_from=start, valid_to=end)  # fmt: skip
            msg = {"id": f"m{n}", "speaker": "Alice", "content": f"message {n}", "occurred_at": at(n * 10)}
            return mem.add(msg, claims=[claim]).conflicts

        plan(1, "meeting", 100, 200)
        (first,) = plan(2, "dentist", 150, 250)
        (second,) = plan(3, "lunch", 120, 160)
        mem.retract_episode("m1")  # the dentist clashed with the meeting only; lunch with both
        settled = {c.id: c.settlement for c in mem.conflicts(settled=True)}
        assert settled[first] == "uncontested"
        (c,) = mem.conflicts()
        (dentist,) = [f for f in mem.values("Alice", "attends", valid_at=at(155)) if f.value == "dentist"]
        assert (c.id, c.against) == (second, (dentist.row_id,))
        mem.retract_episode("m3")
        assert {c.id: c.settlement for c in mem.conflicts(settled=True)}[second] == "withdrawn"
        assert [f.value for f in mem.values("Alice", "attends", valid_at=at(160))] == ["dentist"]

    def test_a_claim_that_agreed_with_a_retracted_message_is_weighed_again(self, mem: Memory) -> None:
        """Marcus's Boston only repeated what Jen said (support, no conflict); without Jen's message it
        contradicts Rachel's Denver, and a memory that never heard Jen keeps it open."""
        fresh = Memory(mem.engine, "never-heard-m2", owns_engine=False)
        for memory in (mem, fresh):
            _say(memory, 1, "Rachel", "Denver")
            if memory is mem:
                _say(memory, 2, "Jen", "Boston")
            _say(memory, 3, "Marcus", "Boston")
        mem.retract_episode("m2")
        assert _memory_of(mem) == _memory_of(fresh)

    def test_retracting_any_message_leaves_what_never_hearing_it_leaves(self, mem: Memory) -> None:
        """Random conversations about Jen (her own moves and jobs, and others' word on them, which contradicts
        what is known), one message retracted: the histories and the open conflicts equal those of a memory that
        heard every other message and not that one."""
        counter = itertools.count()
        examples = settings().max_examples if self.max_examples is None else self.max_examples
        said = st.tuples(st.sampled_from(["Jen", "Rachel", "Marcus"]), st.sampled_from(["Denver", "Boston", "Oslo"]),
                         st.sampled_from(["lives_in", "works_at"]))  # fmt: skip

        @settings(deadline=None, max_examples=max(1, examples // 4), suppress_health_check=list(HealthCheck))
        @given(st.lists(said, min_size=1, max_size=7), st.data())
        def run(chat: list[tuple[str, str, str]], data: st.DataObject) -> None:
            n = next(counter)
            gone = data.draw(st.integers(min_value=1, max_value=len(chat)), label="retracted")
            # Others agree with Jen, with each other, or contradict them: what one says may be written only
            # because it repeats a message that is then retracted.
            messages = [
                (i, "Jen" if who == "Jen" else f"P{who}", place, predicate)
                for i, (who, place, predicate) in enumerate(chat, start=1)
            ]
            heard = Memory(mem.engine, f"withdrawn-heard-{n}", owns_engine=False)
            fresh = Memory(mem.engine, f"withdrawn-fresh-{n}", owns_engine=False)
            fresh.add_entity("Jen", type="person")
            for i, speaker, place, predicate in messages:
                _say(heard, i, speaker, place, predicate)
                if i != gone:
                    _say(fresh, i, speaker, place, predicate)
            heard.retract_episode(f"m{gone}")
            assert _memory_of(heard) == _memory_of(fresh), f"m{gone} retracted from {messages}"

        run()
