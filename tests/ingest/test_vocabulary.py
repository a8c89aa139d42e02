"""The predicate records are the one source of what a predicate is: what the pipeline and write path used
to keep as their own lists is read off them."""

from __future__ import annotations

from chronomem._vocabulary import (
    MANY_VALUED_WORDS,
    PREDICATES,
    declared_multi,
    lasting,
    multi_by_default,
    single_valued,
)


def test_a_lifetimes_value_is_a_birthday_or_where_one_is_from() -> None:
    assert {name for name in PREDICATES if lasting(name)} == {"birthday", "from"}
    assert not lasting("no_such_predicate")


def test_the_default_cardinality_is_the_records_and_unknown_predicates_have_none() -> None:
    for name, p in PREDICATES.items():
        assert declared_multi(name) is (not p.single) is multi_by_default(name)
        assert single_valued(name) is p.single
    assert declared_multi("no_such_predicate") is None
    assert not single_valued("no_such_predicate")
    assert not multi_by_default("no_such_predicate")
    assert all(multi_by_default(w) for w in MANY_VALUED_WORDS)
