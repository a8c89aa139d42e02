"""Checking the parts of a fact before anything is stored: names, targets, kind, modality, confidence.

Every write runs these (through :func:`chronomem.write.check_records`), so a bad argument raises
:class:`~chronomem.errors.InvalidValue` saying what to fix and nothing is stored. ``value=None`` means
"no value given" everywhere: ``null`` is not a value a fact can hold.
"""

from __future__ import annotations

from .._names import MAX_NAME, check_text
from .._values import JSON, Entity, Kind, Modality, canonical_json
from ..errors import InvalidValue

__all__ = ["check_entity_name", "check_how", "check_target"]

_KINDS = frozenset(k.value for k in Kind)
_MODALITIES = frozenset(m.value for m in Modality)


def check_entity_name(name: str) -> str:
    """``name`` stripped; raises for an empty, over-long or non-Unicode name."""
    if not isinstance(name, str) or not name.strip():
        raise InvalidValue("an entity name must be a non-empty string")
    if len(name) > MAX_NAME:
        raise InvalidValue(f"entity name is {len(name)} characters; the limit is {MAX_NAME}")
    return check_text(name, "entity name").strip()


def check_target(object: str | Entity | None, value: JSON, *, required: bool = True) -> None:
    """At most one of an object (an edge) or a non-empty JSON value (an attribute); exactly one when
    ``required`` (an assertion; a retraction may name neither, ending whatever the slot holds)."""
    if object is not None and value is not None:
        raise InvalidValue("give exactly one of object= (an entity, for an edge) or value= (for an attribute)")
    if object is None and value is None:
        if required:
            raise InvalidValue("give exactly one of object= (an entity, for an edge) or value= (for an attribute)")
        return
    if object is None and (value == "" or value == [] or value == {}):
        raise InvalidValue("value is empty; to say a value no longer holds, use retract()")
    if object is None:
        canonical_json(value)


def check_how(kind: str, modality: str, confidence: float) -> None:
    """How the claim is held: a known kind and modality, and a confidence in [0, 1]."""
    if not isinstance(kind, str) or kind not in _KINDS:
        raise InvalidValue(f"kind={kind!r}; use one of {[k.value for k in Kind]}")
    if not isinstance(modality, str) or modality not in _MODALITIES:
        raise InvalidValue(f"modality={modality!r}; use one of {[m.value for m in Modality]}")
    if isinstance(confidence, bool) or not isinstance(confidence, int | float) or not 0.0 <= confidence <= 1.0:
        raise InvalidValue(f"confidence={confidence!r} must be a number in [0, 1]")
