"""chronomem.write._checks: each check refuses what it must and passes what it may."""

from __future__ import annotations

import pytest

from chronomem.errors import InvalidValue
from chronomem.write._checks import check_entity_name, check_how, check_target


def test_entity_names_are_stripped_and_bad_ones_refused() -> None:
    assert check_entity_name("  Alice ") == "Alice"
    for bad in ("", "   ", "x" * 201, "a\ud800b", 3):
        with pytest.raises(InvalidValue):
            check_entity_name(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize(("obj", "value"), [("Bob", 1), (None, None), (None, ""), (None, []), (None, {}), (None, {1})])
def test_a_target_is_exactly_one_non_empty_json_thing(obj: str | None, value: object) -> None:
    with pytest.raises(InvalidValue):
        check_target(obj, value)  # type: ignore[arg-type]


def test_good_targets_pass() -> None:
    check_target("Bob", None)
    check_target(None, {"a": [1, "x"]})


@pytest.mark.parametrize(
    ("kind", "modality", "confidence"),
    [("nonsense", "asserted", 1.0), ("fact", "nonsense", 1.0), ("fact", "asserted", 1.5), ("fact", "asserted", True)],
)
def test_how_a_claim_is_held_is_checked(kind: str, modality: str, confidence: float) -> None:
    with pytest.raises(InvalidValue):
        check_how(kind, modality, confidence)


def test_a_retraction_may_name_no_target() -> None:
    check_target(None, None, required=False)
    with pytest.raises(InvalidValue):
        check_target("Bob", 1, required=False)
