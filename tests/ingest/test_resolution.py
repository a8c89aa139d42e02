"""Entity resolution by meaning: with an embedder, a name finds the known thing whose name means the same.

Uses the real all-MiniLM-L6-v2 (installed by ``scripts/setup --dev``); the decision rule itself is pure and
tested without a model.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

import chronomem
from chronomem.ingest import Claim, Mentioned
from chronomem.models import MiniLMEmbedder
from chronomem.write import most_similar

T0 = datetime(2024, 3, 4, 9, 0, tzinfo=UTC)
ME = Mentioned("me", "person", speaker=True)


@pytest.fixture(scope="module")
def minilm() -> MiniLMEmbedder:
    return MiniLMEmbedder()


@pytest.fixture
def mem(tmp_path: Path, minilm: MiniLMEmbedder) -> Iterator[chronomem.Memory]:
    m = chronomem.open(tmp_path / "m.db", namespace="ns", embedder=minilm)
    yield m
    m.close()


def _said(mem: chronomem.Memory, i: int, thing: str, type: str = "organization") -> chronomem.Fact:
    msg = {"id": f"m{i}", "speaker": "Alice", "content": "…", "occurred_at": T0 + timedelta(days=i)}
    (fact,) = mem.add(msg, claims=[Claim(ME, "member_of", Mentioned(thing, type))]).added
    return fact


def test_a_name_that_means_a_known_one_finds_it(mem: chronomem.Memory) -> None:
    first = _said(mem, 1, "LGBTQ support group")
    again = mem.add(
        {"id": "m2", "speaker": "Alice", "content": "…", "occurred_at": T0 + timedelta(days=2)},
        claims=[Claim(ME, "member_of", Mentioned("LGBTQ+ support group", "organization"))],
    )
    assert again.added == () and again.supported == (first.row_id,)
    assert again.aliases == ((first.object, "LGBTQ+ support group"),)


@pytest.mark.parametrize(("known", "other"), [("Boston University", "Boston College"), ("New York", "York")])
def test_names_that_share_words_but_mean_other_things_stay_apart(mem: chronomem.Memory, known: str, other: str) -> None:
    a, b = _said(mem, 1, known, "place"), _said(mem, 2, other, "place")
    assert a.object != b.object


def test_without_an_embedder_names_match_by_form_only(tmp_path: Path) -> None:
    with chronomem.open(tmp_path / "m.db", namespace="ns") as mem:
        a, b = _said(mem, 1, "LGBTQ support group"), _said(mem, 2, "LGBTQ+ support group")
    assert a.object != b.object


def test_the_best_must_reach_the_threshold_and_stand_out() -> None:
    assert most_similar([0.2, 0.97, 0.5], 0.95) == 1
    assert most_similar([0.97, 0.96], 0.95) is None  # two near-equal candidates name neither
    assert most_similar([0.94], 0.95) is None
    assert most_similar([], 0.95) is None


def test_messages_are_embedded_in_batches_and_found_by_meaning(mem: chronomem.Memory, minilm: MiniLMEmbedder) -> None:
    texts = ["I adopted a puppy last week.", "My sister lives in Lisbon.", "We had pizza for dinner."]
    msgs = [
        # a session each: no vector also reads the message before it (tests/ingest/test_batch.py)
        {"id": f"b{i}", "speaker": "Alice", "content": t, "occurred_at": T0 + timedelta(hours=i), "session": f"s{i}"}
        for i, t in enumerate(texts)
    ]
    assert all(r.ok for r in mem.add(msgs))
    assert all(r.duplicate for r in mem.add(msgs))  # nothing embedded or stored twice

    def best(question: str) -> str:
        hits = mem.engine.nearest(mem.namespace, minilm.name, minilm.embed([question])[0], 3)
        assert len(hits) == 3
        return hits[0][1]

    assert best("Where does her sister live?") == "b1"
    assert best("Did she get a dog?") == "b0"
