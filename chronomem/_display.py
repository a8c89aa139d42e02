"""How values show themselves to a person: ISO 8601 times instead of microsecond integers, long text cut.

Only ``repr`` changes; fields, their types and equality stay as they are (``fact.valid.start`` is still
microseconds). Names in place of entity keys need the memory: :meth:`chronomem.Memory.describe`.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from ._time import MIN_US, from_us

__all__ = ["iso", "show"]

_CUT = 60


def iso(us: int | None) -> str:
    """``us`` (UTC microseconds) as ISO 8601; ``None`` (open-ended) as ``∞``, and the earliest instant (where a
    value whose start nobody said begins: "I lived in Chicago") as ``-∞``, not as a day in year 1."""
    if us is None:
        return "∞"
    return "-∞" if us == MIN_US else from_us(us).isoformat()


def show(obj: Any, *times: str, head: str = "", skip: tuple[str, ...] = ()) -> str:
    """``Name(head, field=value, …)`` for a dataclass: the fields named in ``times`` as ISO 8601, text longer
    than 60 characters cut, and fields still at their default or named in ``skip`` (``head`` shows them) left
    out."""
    parts = [head] if head else []
    for f in dataclasses.fields(obj):
        value = getattr(obj, f.name)
        if f.name in skip or (f.default is not dataclasses.MISSING and value == f.default):
            continue
        if f.default_factory is not dataclasses.MISSING and value == f.default_factory():
            continue
        if f.name in times and (isinstance(value, int) or value is None):
            text = iso(value)
        elif isinstance(value, str) and len(value) > _CUT:
            text = repr(value[:_CUT] + "…")
        else:
            text = repr(value)
        parts.append(f"{f.name}={text}")
    return f"{type(obj).__name__}({', '.join(parts)})"
