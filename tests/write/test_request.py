"""chronomem.write.check_records: one validation for every fact write."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from chronomem import Entity, FactRecord, Reason
from chronomem.errors import InvalidValue, NaiveDatetime
from chronomem.write import check_records


def test_a_whole_record_checks_its_predicate() -> None:
    check_records([FactRecord("Alice", "lives_in", "Berlin", confidence=0.5)])
    with pytest.raises(InvalidValue):
        check_records([FactRecord("Alice", "bad\x00predicate", "Berlin", confidence=0.5)])


def test_only_a_retraction_may_name_no_target() -> None:
    (checked,) = check_records([FactRecord("Alice", "lives_in", reason=Reason.RETRACTION)])
    assert checked.retraction and checked.object is None and checked.value is None
    with pytest.raises(InvalidValue):
        check_records([FactRecord("Alice", "lives_in")])


@pytest.mark.parametrize("reason", [Reason.RESTORATION, Reason.LEFTOVER, Reason.COALESCE, Reason.MERGE, "nonsense"])
def test_a_write_gives_a_reason_a_caller_may_give(reason: Reason) -> None:
    with pytest.raises(InvalidValue):
        check_records([FactRecord("Alice", "lives_in", "Berlin", reason=reason)])


def test_times_become_microseconds_and_naive_ones_are_refused() -> None:
    t = datetime(2024, 1, 1, tzinfo=UTC)
    (c,) = check_records([FactRecord("Alice", "lives_in", "Berlin", valid_from=t)])
    assert c.start == c.portion.start == int(t.timestamp() * 1_000_000)  # type: ignore[union-attr]
    with pytest.raises(NaiveDatetime):
        check_records([FactRecord("Alice", "lives_in", "Berlin", valid_from=datetime(2024, 1, 1))])


def test_entities_are_referred_to_by_id_and_names_are_stripped() -> None:
    alice = Entity(id="alice-2", namespace="ns", type="person", name="Alice")
    (c,) = check_records([FactRecord(alice, "knows", "  Bob ")])
    assert (c.subject, c.object) == ("alice-2", "Bob")


def test_only_fact_records_are_taken() -> None:
    with pytest.raises(InvalidValue, match="FactRecord"):
        check_records([("Alice", "lives_in", "Berlin")])  # type: ignore[list-item]
