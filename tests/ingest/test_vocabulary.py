"""The predicate records are the one source of what a predicate is: what the pipeline and write path used
to keep as their own lists is read off them."""

from __future__ import annotations

from chronomem._vocabulary import PREDICATES, lasting, multi_valued_default, single_valued
from chronomem.ingest._pipeline import LASTING


def test_lasting_predicates_are_the_ones_the_pipeline_treats_as_lasting() -> None:
    assert {name for name in PREDICATES if lasting(name)} == set(LASTING)
    assert not lasting("no_such_predicate")


def test_the_default_cardinality_is_the_records_and_unknown_predicates_have_none() -> None:
    for name, p in PREDICATES.items():
        assert multi_valued_default(name) is (not p.single)
        assert single_valued(name) is p.single
    assert multi_valued_default("no_such_predicate") is None
    assert not single_valued("no_such_predicate")
