"""Conformance: search. The full-text index is kept in the write transaction and erased with its
rows; ``Memory.search`` gives every engine the same hits in the same order, returns nothing recorded after
``as_of``, and never lets what no longer holds outrank what holds.

Facts are written with ``assert_fact`` and messages with structured claims, so every engine sees exactly
the same rows.
"""

from __future__ import annotations

from .._memory import Memory
from .._time import from_us
from .._values import Fact
from ..contracts import TextQuery
from ..ingest import Claim, Mentioned
from ._base import EngineFixtures, at

__all__ = ["SearchTests"]

_DAY = 86_400_000_000


def _day(n: int) -> int:
    return n * _DAY


def _story(mem: Memory) -> None:
    """Alice lives in Berlin (day 1), moves to Paris (day 10); Bob talks about hiking (day 5)."""
    me = Mentioned("me", "person", speaker=True)
    mem.add(
        {
            "id": "m1",
            "speaker": "Alice",
            "content": "I live in Berlin, near the old canal.",
            "occurred_at": at(_day(1)),
        },
        claims=[Claim(me, "lives_in", Mentioned("Berlin", "place"))],
    )
    mem.add(
        {
            "id": "m2",
            "speaker": "Bob",
            "content": "We went hiking in the Alps last weekend.",
            "occurred_at": at(_day(5)),
        },
        claims=[],
    )
    mem.add(
        {"id": "m3", "speaker": "Alice", "content": "I moved to Paris, I live there now.", "occurred_at": at(_day(10))},
        claims=[Claim(me, "lives_in", Mentioned("Paris", "place"))],
    )


class SearchTests(EngineFixtures):
    def test_episodes_are_found_by_their_words_best_first(self, mem: Memory) -> None:
        _story(mem)
        hits = mem.search("hiking in the Alps", kinds=["episode"], valid_at=at(_day(20)))
        assert [h.id for h in hits] == ["m2"]
        assert hits[0].cites == ("m2",) and hits[0].scores["fulltext"] > 0

    def test_chinese_is_segmented_and_characters_meet(self, mem: Memory) -> None:
        mem.add_episode("我上周六带猫去打了第一针疫苗。", occurred_at=at(_day(1)), id="z1")
        mem.add_episode("今天天气很好，我们去公园散步。", occurred_at=at(_day(2)), id="z2")
        assert [h.id for h in mem.search("疫苗打了吗", kinds=["episode"])] == ["z1"]
        assert [h.id for h in mem.search("养猫", kinds=["episode"])] == ["z1"]  # 猫 as a character of 养猫

    def test_a_superseded_fact_does_not_come_back_and_its_episode_ranks_below(self, mem: Memory) -> None:
        _story(mem)
        hits = mem.search("where does Alice live", valid_at=at(_day(20)))
        facts = [h.item for h in hits if isinstance(h.item, Fact)]
        assert [(f.object, f.valid.end) for f in facts] == [("paris", None)]
        episodes = [h.id for h in hits if h.kind == "episode"]
        assert episodes.index("m3") < episodes.index("m1")
        past = mem.search("where does Alice live", valid_at=at(_day(3)), kinds=["fact"])
        assert [h.item.object for h in past] == ["berlin"]  # type: ignore[union-attr]

    def test_a_question_about_a_slot_ranks_the_value_in_force_and_its_message_first(self, mem: Memory) -> None:
        _story(mem)
        hits = mem.search("where does Alice live now?", valid_at=at(_day(20)))
        assert [(h.kind, h.id) for h in hits[:2]] == [("fact", hits[0].id), ("episode", "m3")]
        assert hits[0].item.object == "paris" and hits[0].scores["slot"] > 0  # type: ignore[union-attr]
        # valid_at before the move: the value in force then and its message first; what was said after
        # valid_at still comes back, below them
        past = mem.search("where does Alice live?", valid_at=at(_day(3)))
        assert past[0].kind == "fact" and past[0].item.object == "berlin"  # type: ignore[union-attr]
        episodes = [h.id for h in past if h.kind == "episode"]
        assert episodes[0] == "m1" and "m3" in episodes

    def test_history_keeps_what_no_longer_holds(self, mem: Memory) -> None:
        _story(mem)
        hits = mem.search("Alice live Berlin", valid_at=at(_day(20)), kinds=["fact"], preset="history")
        assert {h.item.object for h in hits} == {"berlin", "paris"}  # type: ignore[union-attr]

    def test_nothing_recorded_after_as_of_comes_back(self, mem: Memory, clock: object) -> None:
        _story(mem)
        as_of = mem.get_episode("m2").recorded_at
        hits = mem.search("live Alice Paris Berlin hiking", as_of=from_us(as_of), valid_at=at(_day(20)))
        cited = {e for h in hits for e in h.cites}
        assert cited == {"m1", "m2"}
        facts = [h.item for h in hits if h.kind == "fact"]
        assert [f.object for f in facts] == ["berlin"]  # type: ignore[union-attr]
        assert all(h.item.recorded_at <= as_of for h in hits if h.kind == "entity")  # type: ignore[union-attr]

    def test_erasing_removes_what_the_index_holds(self, mem: Memory) -> None:
        _story(mem)
        mem.erase(episode="m2")
        assert mem.search("hiking Alps") == []
        mem.erase(subject="Alice")
        left = mem.search("Alice live Paris Berlin", valid_at=at(_day(20)))
        assert {h.id for h in left if h.kind == "entity"} == {"berlin", "paris"}
        assert not [h for h in left if h.kind == "fact"]
        mem.erase_namespace()
        assert mem.search("Paris Berlin canal") == []

    def test_the_lookup_counts_every_document_and_matches_the_rare_terms_when_many(self, mem: Memory) -> None:
        for i in range(6):  # "coffee" in every message, "tea" in two, "cocoa" in one
            drink = "tea" if i in (2, 4) else "cocoa" if i == 5 else "water"
            mem.add_episode(f"coffee then {drink}", occurred_at=at(_day(i + 1)), id=f"d{i}")
        t = mem.get_episode("d5").recorded_at
        wide = mem.engine.match_text(mem.namespace, TextQuery("episode", ("coffe", "tea", "cocoa"), t, 10))
        assert sorted(ref for ref, _ in wide.records) == [f"d{i}" for i in range(6)]  # they fit: every term
        assert dict(wide.frequencies) == {"coffe": 6, "tea": 2, "cocoa": 1} and wide.documents == 6
        narrow = mem.engine.match_text(mem.namespace, TextQuery("episode", ("coffe", "tea", "cocoa"), t, 3))
        assert sorted(ref for ref, _ in narrow.records) == ["d2", "d4", "d5"]  # 9 > 3: the rare terms only
        assert narrow.frequencies == wide.frequencies  # counted over every document all the same
        rare = mem.engine.match_text(mem.namespace, TextQuery("episode", ("coffe", "cocoa"), t, 3))
        assert [ref for ref, _ in rare.records] == ["d5"]  # not two more that only say "coffee"
        mem.erase(episode="d4")
        after = mem.engine.match_text(mem.namespace, TextQuery("episode", ("coffe", "tea"), t, 10))
        assert dict(after.frequencies) == {"coffe": 5, "tea": 1} and after.documents == 5
        assert [h.id for h in mem.search("coffee with tea", k=1, kinds=["episode"])] == ["d2"]

    def test_the_turn_after_each_episode_is_read_in_its_session_or_among_those_without_one(self, mem: Memory) -> None:
        for i, (ident, session) in enumerate([("a", "s"), ("x", None), ("b", "s"), ("y", None), ("c", "t")]):
            mem.add_episode(f"turn {ident}", occurred_at=at(_day(1) + i), id=ident, session=session)
        mem.add_episode("same time as a", occurred_at=at(_day(1)), id="a2", session="s")  # ties: by id
        after = mem.engine.following_episodes(mem.namespace, ["a", "a2", "b", "x", "y", "c", "nope"])
        assert {k: e.id for k, e in after.items()} == {"a": "a2", "a2": "b", "x": "y"}
        assert after["x"] == mem.get_episode("y")  # the episode itself, read by the same statement
        hits = mem.search("turn a", kinds=["episode"])  # a statement, not a question: lends nothing
        assert all("answer" not in h.scores for h in hits)

    def test_a_retracted_episode_is_left_out_unless_history_is_asked(self, mem: Memory) -> None:
        _story(mem)
        mem.retract_episode("m2")
        assert mem.search("hiking Alps") == []
        assert [h.id for h in mem.search("hiking Alps", preset="history", kinds=["episode"])] == ["m2"]

    def test_the_engine_lookup_is_scoped_by_namespace_kind_and_time(self, mem: Memory) -> None:
        _story(mem)
        other = mem.using("other")
        other.add_episode("Berlin again", occurred_at=at(_day(1)), id="o1")
        t = mem.get_episode("m3").recorded_at
        found = mem.engine.match_text(mem.namespace, TextQuery("episode", ("berlin",), t, 10))
        assert [ref for ref, _ in found.records] == ["m1"]
        assert found.records[0][1].split(" ")[:3] == ["alic", "i", "live"]  # speaker, then content
        assert found.documents == 3 and found.terms_total > 0
        before = mem.engine.match_text(mem.namespace, TextQuery("episode", ("pari",), t - 1, 10))
        assert before.records == []
        assert mem.engine.match_text(mem.namespace, TextQuery("fact", (), t, 10)).records == []
        queries = [
            TextQuery("episode", ("berlin",), t, 10),
            TextQuery("fact", (), t, 10),  # nothing to match: no statement, its statistics all the same
            TextQuery("entity", ("berlin", "pari"), t, 10),
            TextQuery("episode", ("pari",), t - 1, 10),
        ]
        together = mem.engine.match_texts(mem.namespace, queries)  # as one read: the same as each alone
        assert together == [mem.engine.match_text(mem.namespace, q) for q in queries]
        assert together[0] == found and {ref for ref, _ in together[2].records} == {"berlin", "paris"}
        assert mem.engine.match_texts("no-such-namespace", queries[:1])[0].records == []
