"""Adding a predicate is one record in the vocabulary plus a rule per language: the extractor, the pipeline
and the write path all read the record (here: its value object and its many values at once)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

import chronomem
from chronomem._vocabulary import PREDICATES, Predicate, register
from chronomem.extract.offline._rules import USUAL
from chronomem.extract.offline.en._rules import EN_RULES


@pytest.fixture
def plays() -> Iterator[Predicate]:
    record = register(Predicate("plays", single=False, value=True, en="I play the cello"))
    EN_RULES.rule(
        "plays.play",
        "plays",
        r"(?i:play|plays)\s+(?:(?i:the)\s+)?(?P<obj>cello|piano|violin|guitar)",
        "play",
        USUAL,
        example="I play the cello.",
    )
    try:
        yield record
    finally:
        EN_RULES.forget("plays.play")
        del PREDICATES["plays"]


def test_a_new_predicate_is_a_record_and_a_rule_with_its_example(plays: Predicate, tmp_path: Path) -> None:
    rule = next(r for r in EN_RULES if r.predicate == plays.name)
    mem = chronomem.open(str(tmp_path / "m.db"), namespace="alice", embedder="none")
    mem.add({"speaker": "Alice", "content": rule.example, "occurred_at": "2024-01-10T09:00+01:00"})
    mem.add({"speaker": "Alice", "content": "I play the piano too.", "occurred_at": "2024-02-10T09:00+01:00"})
    held = [f for f in mem.history("Alice", "plays") if f.valid.end is None]
    # the record says the object is a value and a subject plays many at once: both are held, as values
    assert sorted(str(f.value) for f in held) == ["cello", "piano"]
    assert all(f.object is None for f in held)
