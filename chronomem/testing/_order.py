"""Conformance: statements override one another in the order they were said, not the order they arrive in.

A message ingested late (a backfilled chat log, messages out of order) gives the valid-time history that
ingesting everything in order gives: an older message never erases what a newer one said, and settling an
old conflict applies its claim as of when it was said, under what was said after it.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from datetime import UTC, datetime

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from .._memory import Memory
from .._names import slot_key
from .._values import Fact, Interval
from ..contracts import Txn
from ..ingest import Action, Claim, Mentioned
from ._base import EngineFixtures, at
from ._checked import CheckedEngine

__all__ = ["SaidOrderTests"]

_ME = Mentioned("me", "person", speaker=True)
_JEN = Mentioned("Jen", "person")

#: A short conversation in words (the offline extractor reads it): moves, a job that ends, another that
#: starts, a pet, a diet, a sister and where she lives. Each message says its own time, so none needs another.
CHAT = [
    ("2024-01-05T10:00:00+00:00", "I live in Berlin."),
    ("2024-02-10T10:00:00+00:00", "I work at Acme."),
    ("2024-03-15T10:00:00+00:00", "I moved to Paris last month."),
    ("2024-04-20T10:00:00+00:00", "I don't work at Acme anymore."),
    ("2024-05-02T10:00:00+00:00", "I have a dog named Rex."),
    ("2024-06-01T10:00:00+00:00", "I started working at Globex."),
    ("2024-07-01T10:00:00+00:00", "I'm vegetarian now."),
    ("2024-08-01T10:00:00+00:00", "My sister Ana lives in Madrid."),
]
CHAT_SLOTS = [("Alice", p) for p in ("lives_in", "works_at", "has_pet", "diet", "family")] + [("Ana", "lives_in")]


def _place(name: str) -> Mentioned:
    return Mentioned(name, "place")


def _org(name: str) -> Mentioned:
    return Mentioned(name, "organization")


#: The same kind of conversation as claims (no extractor): corrections over the time they name, retractions
#: of one value and of whatever holds, a many-valued slot and a third person.
CLAIMED: list[tuple[int, list[Claim]]] = [
    (10, [Claim(_ME, "lives_in", _place("Berlin"))]),
    (20, [Claim(_ME, "works_at", _org("Acme")), Claim(_ME, "likes", value="hiking")]),
    (30, [Claim(_ME, "lives_in", _place("Paris"), valid_from=25)]),
    (40, [Claim(_ME, "lives_in", _place("Lyon"), valid_from=25, action=Action.CORRECT)]),
    (50, [Claim(_ME, "works_at", _org("Acme"), action=Action.RETRACT)]),
    (60, [Claim(_ME, "likes", value="chess"), Claim(_JEN, "lives_in", _place("Denver"))]),
    (70, [Claim(_ME, "works_at", _org("Globex")), Claim(_ME, "likes", value="hiking", action=Action.RETRACT)]),
    (80, [Claim(_ME, "works_at", _org("Initech"), valid_from=65, action=Action.CORRECT)]),
    (90, [Claim(_ME, "lives_in", action=Action.RETRACT)]),
]
CLAIMED_SLOTS = [("Alice", "lives_in"), ("Alice", "works_at"), ("Alice", "likes"), ("Jen", "lives_in")]

Story = list[tuple[str, int, int | None]]


def _story(facts: Sequence[Fact]) -> Story:
    """A slot's history as the values it held over valid time (adjacent pieces of one value joined)."""
    out: Story = []
    for f in sorted(facts, key=lambda f: (f.valid.start, str(f.object or f.value))):
        value = str(f.object if f.object is not None else f.value)
        if out and out[-1][0] == value and out[-1][2] == f.valid.start:
            out[-1] = (value, out[-1][1], f.valid.end)
        else:
            out.append((value, f.valid.start, f.valid.end))
    return out


def _stories(mem: Memory, slots: Sequence[tuple[str, str]]) -> dict[tuple[str, str], Story]:
    return {(s, p): _story(mem.history(s, p)) for s, p in slots}


def _chat(mem: Memory, order: Sequence[int]) -> None:
    for i in order:
        when, text = CHAT[i]
        mem.add({"id": f"c{i}", "speaker": "Alice", "content": text, "occurred_at": when})


def _claimed(mem: Memory, order: Sequence[int]) -> None:
    for i in order:
        t, claims = CLAIMED[i]
        mem.add({"id": f"k{i}", "speaker": "Alice", "content": f"message {i}", "occurred_at": at(t)}, claims=claims)


def _utc(day: str) -> datetime:
    return datetime.fromisoformat(day).replace(tzinfo=UTC)


class SaidOrderTests(EngineFixtures):
    def test_an_older_message_ingested_later_does_not_erase_a_newer_one(self, mem: Memory) -> None:
        mem.add(
            {"speaker": "Alice", "content": "I moved to Paris last month.", "occurred_at": "2024-06-12T10:00+00:00"}
        )
        mem.add({"speaker": "Alice", "content": "I live in Berlin.", "occurred_at": "2024-03-04T10:00+00:00"})
        now = mem.value("Alice", "lives_in")
        in_july = mem.value("Alice", "lives_in", valid_at=_utc("2024-07-01"))
        assert now is not None and in_july is not None and (now.object, in_july.object) == ("paris", "paris")
        march = mem.value("Alice", "lives_in", valid_at=_utc("2024-03-20"))
        assert march is not None and march.object == "berlin"
        story = _story(mem.history("Alice", "lives_in"))
        may = int(_utc("2024-05-01").timestamp() * 1_000_000)
        assert [(v, e) for v, _, e in story] == [("berlin", may), ("paris", None)]
        assert story[1][1] == may and len(story) == 2

    def test_the_readme_examples_run_on_one_memory_keep_what_each_said(self, mem: Memory) -> None:
        mem.add({"speaker": "Alice", "content": "I live in Berlin and I love hiking.",
                 "occurred_at": "2023-01-10T09:00+01:00"})  # fmt: skip
        mem.add({"speaker": "Alice", "content": "我上个月搬到巴黎了。", "occurred_at": "2024-06-12T15:00+08:00"})
        mem.add([
            {"id": "m1", "speaker": "Alice", "content": "I live in Berlin and I'm allergic to peanuts.",
             "occurred_at": "2024-03-04T09:15:00+01:00", "tz": "Europe/Berlin", "session": "s1"},
            {"id": "m2", "speaker": "Alice", "content": "我下个月一号起搬到上海。",
             "occurred_at": "2024-06-12T15:00:00+08:00", "tz": "Asia/Shanghai", "session": "s1"},
        ])  # fmt: skip
        in_june = mem.value("Alice", "lives_in", valid_at=_utc("2024-06-15"))
        assert in_june is not None and in_june.object == "巴黎"
        early = mem.value("Alice", "lives_in", valid_at=_utc("2024-04-01"))
        assert early is not None and early.object == "berlin" and "m1" in early.episodes
        assert [v for v, _, _ in _story(mem.history("Alice", "lives_in"))] == ["berlin", "巴黎", "上海"]

    def test_accepting_an_old_conflict_keeps_what_was_said_after_it(self, mem: Memory) -> None:
        def says(n: int, speaker: str, place: str, who: Mentioned = _JEN) -> list[int]:
            msg = {"id": f"m{n}", "speaker": speaker, "content": f"message {n}", "occurred_at": at(n * 10)}
            return list(mem.add(msg, claims=[Claim(who, "lives_in", _place(place), confidence=0.7)]).conflicts)

        says(1, "Rachel", "Denver")
        (cid,) = says(2, "Marcus", "Boston")  # Jen's city by two witnesses: kept open
        assert says(3, "Jen", "Chicago", _ME) == []  # Jen herself, later: she moved
        mem.resolve_conflict(cid, keep="claim")
        story = _story(mem.history("Jen", "lives_in"))
        assert story == [("denver", 10, 20), ("boston", 20, 30), ("chicago", 30, None)]
        now = mem.value("Jen", "lives_in")
        assert now is not None and (now.object, now.episodes) == ("chicago", ("m3",))

    def test_when_statements_were_said_reads_the_same_both_ways(self, engine: CheckedEngine, mem: Memory) -> None:
        """``Txn.said`` gives each statement's time (an episode's; a merge's or the application's when made, but
        not before what the slot recorded earlier), and ``Txn.said_later`` answers from the same times."""
        mem.add_entity("Acme", type="organization")
        mem.add_entity("Acme Inc", type="organization")
        e1 = mem.add_episode("Carol worked at Foo", occurred_at=at(0), id="e1")
        e2 = mem.add_episode("Carol works at Acme", occurred_at=at(100), id="e2")
        e3 = mem.add_episode("Carol worked at Bar", occurred_at=at(30), id="e3")
        mem.assert_fact("carol", "works_at", "Foo", valid_from=at(0), valid_to=at(10), episode=e1)
        mem.assert_fact("carol", "works_at", "Acme", valid_from=at(10), episode=e2)
        mem.merge("Acme", into="Acme Inc")  # its statements are said at 100: after Acme's, which they move
        mem.assert_fact("carol", "works_at", "Bar", valid_from=at(30), episode=e3)
        mem.assert_fact("carol", "works_at", "Baz", valid_from=at(60), valid_to=at(70))  # the application's
        story = _story(mem.history("carol", "works_at"))
        assert story == [("foo", 0, 10), ("acme-inc", 10, 60), ("baz", 60, 70), ("acme-inc", 70, None)]

        def check(txn: Txn) -> None:
            slot = slot_key(mem.get_entity("carol").id, "works_at", multi=False)
            said = txn.said(slot)
            assert [(s.source, s.at) for s in said][:2] == [("e1", 0), ("e2", 100)]
            assert all(s.at == 100 for s in said if s.merge is not None) and said[-1].at == 100
            for a in range(-1, 110, 3):
                for portion in (Interval(0), Interval(5, 12), Interval(40, 50), Interval(100)):
                    want = any(s.at > a and s.valid.overlaps(portion) for s in said)
                    assert txn.said_later(slot, portion, a) == want, (a, portion)

        engine.write(mem.namespace, check)

    def test_messages_in_any_order_give_the_history_of_the_messages_in_order(
        self, engine: CheckedEngine, mem: Memory
    ) -> None:
        """Random permutations of a conversation, in words and as claims, each ingested into a namespace of
        its own: the histories as of the end equal those of ingesting it in order."""
        counter = itertools.count()
        _chat(mem, range(len(CHAT)))
        words = _stories(mem, CHAT_SLOTS)
        claimed_mem = Memory(engine, "said-order-in-order", owns_engine=False)
        _claimed(claimed_mem, range(len(CLAIMED)))
        claimed = _stories(claimed_mem, CLAIMED_SLOTS)
        assert claimed[("Alice", "lives_in")] == [("berlin", 10, 25), ("lyon", 25, 90)]
        assert claimed[("Alice", "works_at")] == [("acme", 20, 50), ("initech", 65, None)]  # Globex corrected
        examples = settings().max_examples if self.max_examples is None else self.max_examples

        @settings(deadline=None, max_examples=max(1, examples // 4), suppress_health_check=list(HealthCheck))
        @given(st.permutations(range(len(CHAT))), st.permutations(range(len(CLAIMED))))
        def run(chat: list[int], claims: list[int]) -> None:
            n = next(counter)
            in_words = Memory(engine, f"said-order-words-{n}", owns_engine=False)
            _chat(in_words, chat)
            assert _stories(in_words, CHAT_SLOTS) == words, f"ingested in the order {chat}"
            as_claims = Memory(engine, f"said-order-claims-{n}", owns_engine=False)
            _claimed(as_claims, claims)
            assert _stories(as_claims, CLAIMED_SLOTS) == claimed, f"ingested in the order {claims}"

        run()
