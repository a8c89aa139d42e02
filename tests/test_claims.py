"""chronomem._claims: each check refuses what it must and passes what it may."""

from __future__ import annotations

import pytest

from chronomem._claims import MISSING, check_claim, check_entity_name, check_how, check_target
from chronomem.errors import InvalidValue


def test_entity_names_are_stripped_and_bad_ones_refused() -> None:
    assert check_entity_name("  Alice ") == "Alice"
    for bad in ("", "   ", "x" * 201, "a\ud800b", 3):
        with pytest.raises(InvalidValue):
            check_entity_name(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("obj", "value"), [(None, MISSING), ("Bob", 1), (None, None), (None, ""), (None, []), (None, {}), (None, {1})]
)
def test_a_target_is_exactly_one_non_empty_json_thing(obj: str | None, value: object) -> None:
    with pytest.raises(InvalidValue):
        check_target(obj, value)  # type: ignore[arg-type]


def test_good_targets_pass() -> None:
    check_target("Bob", MISSING)
    check_target(None, {"a": [1, "x"]})


@pytest.mark.parametrize(
    ("kind", "modality", "confidence"),
    [("nonsense", "asserted", 1.0), ("fact", "nonsense", 1.0), ("fact", "asserted", 1.5), ("fact", "asserted", True)],
)
def test_how_a_claim_is_held_is_checked(kind: str, modality: str, confidence: float) -> None:
    with pytest.raises(InvalidValue):
        check_how(kind, modality, confidence)


def test_a_whole_claim_checks_its_predicate() -> None:
    check_claim("lives_in", "Berlin", MISSING, "fact", "asserted", 0.5)
    with pytest.raises(InvalidValue):
        check_claim("bad\x00predicate", "Berlin", MISSING, "fact", "asserted", 0.5)
