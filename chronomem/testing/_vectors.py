"""Vectors: stored with their episode, found by similarity as of any system time, gone when erased.

The embedder is :class:`~chronomem.models.HashingEmbedder` (lexical, deterministic): these tests pin the
engine's storage and search, not a model's idea of meaning.
"""

from __future__ import annotations

import pytest

from .._memory import Memory
from ..engines import open_engine
from ..models import HashingEmbedder
from ..models._embed import Matrix
from ..write import MAX_PARTS, PART_CHARS, embedding_parts
from ._base import EngineFixtures, at
from ._checked import CheckedEngine
from ._clock import ManualClock

__all__ = ["VectorTests"]

EMBEDDER = HashingEmbedder(dim=128)
MODEL = EMBEDDER.name


def _q(text: str) -> Matrix:
    return EMBEDDER.embed([text])[0:1].reshape(-1)


def _items(engine: CheckedEngine, mem: Memory, text: str, k: int = 3, as_of: int | None = None) -> list[str]:
    return [item for _, item, _ in engine.nearest(mem.namespace, MODEL, _q(text), k, as_of)]


class VectorTests(EngineFixtures):
    """``Engine.nearest`` through ``Memory(embedder=...)``: exact, current, time-scoped and erasable."""

    @pytest.fixture
    def vmem(self, mem: Memory) -> Memory:
        mem.embedder = EMBEDDER
        return mem

    def test_an_episode_is_found_by_its_text_as_of_when_it_was_recorded(
        self, vmem: Memory, engine: CheckedEngine
    ) -> None:
        # three conversations: no vector also reads the message before it (see the last test)
        vmem.add_episode("Alice moved to Berlin in spring", id="e1", occurred_at=at(1), session="a")  # tx 1
        vmem.add_episode("我喜欢在周末去爬山", id="e2", occurred_at=at(2), session="b")  # 2
        vmem.add_episode("Bob adopted a cat named Luna", id="e3", occurred_at=at(3), session="c")  # 3
        assert _items(engine, vmem, "Where did Alice move?", k=1) == ["e1"]
        assert _items(engine, vmem, "周末爬山", k=1) == ["e2"]
        assert _items(engine, vmem, "cat named Luna", k=1) == ["e3"]
        assert set(_items(engine, vmem, "cat named Luna", k=5, as_of=2)) == {"e1", "e2"}  # e3 came at tx 3
        (kind, item, score) = engine.nearest(vmem.namespace, MODEL, _q("Bob adopted a cat named Luna"), 1)[0]
        assert (kind, item) == ("episode", "e3") and score == pytest.approx(1.0, abs=1e-5)
        assert engine.nearest(vmem.namespace, "another-model", _q("cat"), 3) == []
        assert engine.nearest("no-such-namespace", MODEL, _q("cat"), 3) == []

    def test_adding_the_same_episode_again_stores_no_second_vector(self, vmem: Memory, engine: CheckedEngine) -> None:
        for _ in range(2):
            vmem.add_episode("Alice moved to Berlin", id="e1", occurred_at=at(1))
        assert _items(engine, vmem, "Berlin", k=5) == ["e1"]

    def test_a_long_text_is_found_by_any_of_its_parts(self, vmem: Memory, engine: CheckedEngine) -> None:
        filler = " ".join(f"Sentence number {i} talks about the weather." for i in range(PART_CHARS // 20))
        vmem.add_episode(f"{filler} At the very end: the red bicycle was stolen.", id="doc", occurred_at=at(1))
        vmem.add_episode("Nothing about anything here.", id="short", occurred_at=at(2))
        assert _items(engine, vmem, "red bicycle stolen", k=1) == ["doc"]
        assert len(_items(engine, vmem, "weather", k=5)) == 2  # one hit per episode, not per part

    def test_a_very_long_text_is_embedded_in_a_bounded_number_of_parts_and_found_by_its_last(
        self, vmem: Memory, engine: CheckedEngine
    ) -> None:
        filler = "the model kept going without a stop and " * (MAX_PARTS * PART_CHARS // 10)
        vmem.add_episode(f"{filler}at the very end the red bicycle was stolen", id="doc", occurred_at=at(1))
        vmem.add_episode("Nothing about anything here.", id="short", occurred_at=at(2))
        assert _items(engine, vmem, "red bicycle stolen", k=1) == ["doc"]
        near = engine.nearest(vmem.namespace, MODEL, _q("the model kept going"), 10)
        assert [i for _, i, _ in near].count("doc") == 1  # one hit per episode, not per part
        stored = vmem.get_episode("doc")
        assert len(embedding_parts(stored)) == MAX_PARTS

    def test_a_write_from_another_connection_is_found_at_once(
        self, vmem: Memory, engine: CheckedEngine, clock: ManualClock
    ) -> None:
        vmem.add_episode("first words", id="e1", occurred_at=at(1))
        assert _items(engine, vmem, "first words", k=1) == ["e1"]
        other = open_engine(engine.url, clock=clock)  # a second connection to the same store
        try:
            with Memory(other, vmem.namespace, owns_engine=False, embedder=EMBEDDER) as writer:
                writer.add_episode("second words about penguins", id="e2", occurred_at=at(2))
            assert _items(engine, vmem, "penguins", k=1) == ["e2"]
        finally:
            other.close()

    def test_erasing_an_episode_or_the_namespace_removes_its_vectors(self, vmem: Memory, engine: CheckedEngine) -> None:
        if not self.supports_erase:
            pytest.skip("this backend does not erase")
        vmem.add_episode("secret diary entry about penguins", id="e1", occurred_at=at(1))
        vmem.add_episode("shopping list: milk, eggs", id="e2", occurred_at=at(2))
        assert _items(engine, vmem, "penguins", k=1) == ["e1"]  # the matrix holds e1 now
        vmem.erase(episode="e1")
        assert _items(engine, vmem, "penguins", k=5) == ["e2"]
        vmem.erase_namespace()
        assert engine.nearest(vmem.namespace, MODEL, _q("milk"), 5) == []

    def test_a_vector_reads_the_message_before_it_and_loses_it_when_that_one_is_erased(
        self, vmem: Memory, engine: CheckedEngine
    ) -> None:
        if not self.supports_erase:
            pytest.skip("this backend does not erase")
        vmem.add_episode("morning coffee notes", id="e0", occurred_at=at(1))
        vmem.add_episode("secret diary entry about penguins", id="e1", occurred_at=at(2))
        vmem.add_episode("shopping list: milk, eggs", id="e2", occurred_at=at(3))
        assert engine.embedded_with(vmem.namespace, "e1") == ["e2"]
        assert engine.embedded_with(vmem.namespace, "e0") == ["e1"]

        def score(item: str) -> float:
            near = engine.nearest(vmem.namespace, MODEL, _q("secret diary entry about penguins"), 5)
            return next(s for _, i, s in near if i == item)

        assert score("e2") > 0.3  # e2's vector read e1's words
        vmem.erase(episode="e1")
        assert engine.embedded_with(vmem.namespace, "e1") == []
        assert engine.embedded_with(vmem.namespace, "e0") == ["e2"]  # embedded anew after the one before e1
        assert score("e2") < 0.1
        assert _items(engine, vmem, "milk eggs coffee", k=1) == ["e2"]
