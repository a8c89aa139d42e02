"""Entity lookup: one normalised form for names (case, width, Traditional/Simplified) and compatible types."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

import chronomem
from chronomem.errors import Conflict
from chronomem.ingest import Claim, Mentioned
from chronomem.write import compatible


@pytest.fixture
def mem(tmp_path: Path) -> Iterator[chronomem.Memory]:
    m = chronomem.open(tmp_path / "m.db", namespace="ns")
    yield m
    m.close()


@pytest.mark.parametrize(("first", "later"), [("張三", "张三"), ("张三", "張三"), ("臺北", "台北"), ("台北", "臺北")])
def test_traditional_and_simplified_names_are_one_entity(mem: chronomem.Memory, first: str, later: str) -> None:
    made = mem.add_entity(first, type="person")
    assert mem.get_entity(later).id == made.id
    mem.assert_fact(later, "lives_in", "Shanghai")
    assert [f.subject for f in mem.values(first, "lives_in")] == [made.id]
    assert made.name == first  # the name stays as it was written


def test_a_person_and_a_place_of_one_name_are_two_entities(mem: chronomem.Memory) -> None:
    at = "2024-03-04T09:00:00+01:00"
    paris = Mentioned("Paris", "place")
    mem.add(
        {"speaker": "Alice", "content": "…", "occurred_at": at},
        claims=[Claim(Mentioned("me", speaker=True), "lives_in", paris)],
    )
    person = Mentioned("Paris", "person")
    mem.add(
        {"speaker": "Alice", "content": "…", "occurred_at": at, "id": "m2"},
        claims=[Claim(person, "lives_in", Mentioned("Rome", "place"))],
    )
    with pytest.raises(Conflict, match="names 2 entities"):
        mem.get_entity("Paris")
    assert {e.type for e in (mem.get_entity("paris"), mem.get_entity("paris-2"))} == {"place", "person"}


def test_a_generic_thing_is_compatible_with_every_type() -> None:
    assert compatible("thing", "place") and compatible("person", "thing") and compatible("place", "place")
    assert not compatible("person", "place")
