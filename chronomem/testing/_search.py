"""Conformance: search (issue #12). The full-text index is kept in the write transaction and erased with its
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
