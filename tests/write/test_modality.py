"""What is not asserted never takes an asserted value's place: modality is kept, never flattened."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

import chronomem
from chronomem import Modality
from chronomem.errors import InvalidValue

T1, T2, T3 = (datetime(2024, m, 1, tzinfo=UTC) for m in (1, 3, 5))


@pytest.fixture
def mem(tmp_path: Path) -> chronomem.Memory:
    return chronomem.open(tmp_path / "m.db", namespace="ns")


def test_a_plan_leaves_the_asserted_value_alone_and_plans_can_coexist(mem: chronomem.Memory) -> None:
    mem.assert_fact("Alice", "lives_in", "Berlin", valid_from=T1)
    mem.assert_fact("Alice", "lives_in", "Ghent", valid_from=T2, modality=Modality.PLANNED)
    mem.assert_fact("Alice", "lives_in", "Lyon", valid_from=T2, modality=Modality.PLANNED)
    held = mem.values("Alice", "lives_in", valid_at=T3)
    assert sorted((f.object, f.modality) for f in held) == [
        ("berlin", "asserted"),
        ("ghent", "planned"),
        ("lyon", "planned"),
    ]
    assert len(mem.history("Alice", "lives_in")) == 3  # nothing was cut


def test_a_cancelled_plan_leaves_nothing_and_retract_episode_finds_its_slot(mem: chronomem.Memory) -> None:
    ep = mem.add_episode("I might move to Ghent", occurred_at=T2, id="e1")
    mem.assert_fact("Alice", "lives_in", "Berlin", valid_from=T1)
    mem.assert_fact("Alice", "lives_in", "Ghent", episode=ep, modality=Modality.PLANNED)
    assert mem.retract_episode("e1").changed
    assert [f.object for f in mem.values("Alice", "lives_in", valid_at=T3)] == ["berlin"]


def test_retracting_a_plan_names_it(mem: chronomem.Memory) -> None:
    mem.assert_fact("Alice", "lives_in", "Ghent", valid_from=T2, modality=Modality.PLANNED)
    with pytest.raises(InvalidValue, match="name the object"):
        mem.bulk_assert([chronomem.FactRecord("Alice", "lives_in", reason=chronomem.Reason.RETRACTION,
                                              modality=Modality.PLANNED)])  # fmt: skip
    mem.bulk_assert([chronomem.FactRecord("Alice", "lives_in", "Ghent", valid_from=T3,
                                          reason=chronomem.Reason.RETRACTION, modality=Modality.PLANNED)])  # fmt: skip
    assert mem.values("Alice", "lives_in", valid_at=T3) == []


def test_value_is_what_holds_not_what_is_planned(mem: chronomem.Memory) -> None:
    mem.assert_fact("Alice", "lives_in", "Ghent", valid_from=T1, modality=Modality.PLANNED)
    assert mem.value("Alice", "lives_in", valid_at=T3) is None
    mem.assert_fact("Alice", "lives_in", "Berlin", valid_from=T1)
    found = mem.value("Alice", "lives_in", valid_at=T3)
    assert found is not None and found.object == "berlin"
