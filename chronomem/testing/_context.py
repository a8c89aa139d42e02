"""Conformance: context. ``Memory.context`` tells every engine's memory the same way: a slot's
history with its dates and citations, an open conflict called out, nothing recorded after ``as_of``."""

from __future__ import annotations

from .._memory import Memory
from ..ingest import Claim, Mentioned
from ._base import EngineFixtures, at

__all__ = ["ContextTests"]

_DAY = 86_400_000_000


def _story(mem: Memory) -> None:
    """Alice lives in Berlin (day 1), moves to Paris (day 10); Bob says, less surely, she lives in Rome."""
    me = Mentioned("me", "person", speaker=True)
    alice = Mentioned("Alice", "person")
    berlin, paris, rome = (Mentioned(name, "place") for name in ("Berlin", "Paris", "Rome"))
    for ident, speaker, content, day, claim in [
        ("m1", "Alice", "I live in Berlin, near the old canal.", 1, Claim(me, "lives_in", berlin)),
        ("m2", "Alice", "I moved to Paris, I live there now.", 10, Claim(me, "lives_in", paris)),
        ("m3", "Bob", "Alice lives in Rome.", 12, Claim(alice, "lives_in", rome, confidence=0.5)),
    ]:
        mem.add({"id": ident, "speaker": speaker, "content": content, "occurred_at": at(day * _DAY)}, claims=[claim])


class ContextTests(EngineFixtures):
    def test_context_tells_the_history_the_conflict_and_the_citations(self, mem: Memory) -> None:
        _story(mem)
        ctx = mem.context("where does Alice live?", valid_at=at(20 * _DAY), budget_tokens=600)
        alice = next(s for s in ctx.sections if s.title == "Alice")
        story = next(s for s in alice.statements if s.kind == "fact")
        assert story.text.startswith("lives in: Berlin from 1970-01-02 until 1970-01-11 (change said on ")
        assert story.text.endswith("now Paris since 1970-01-11 [m1 1970-01-02; m2 1970-01-11]")
        conflicts = [s for s in alice.statements if s.kind == "conflict"]
        assert [c.cites[0].episode for c in conflicts] == ["m3"] and "contradicts Paris" in conflicts[0].text
        assert ctx.tokens <= 600 and ctx.text.count("## Alice") == 1

    def test_context_sees_nothing_recorded_after_as_of(self, mem: Memory) -> None:
        _story(mem)
        before = at(mem.get_episode("m2").recorded_at - 1)
        ctx = mem.context("where does Alice live?", valid_at=at(20 * _DAY), as_of=before)
        assert "Paris" not in ctx.text and "Rome" not in ctx.text
        assert "now Berlin since 1970-01-02 [m1 1970-01-02]" in ctx.text
