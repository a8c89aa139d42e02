"""The HTTP API's JSON read back into the Python API's values (:class:`~chronomem.Fact`,
:class:`~chronomem.Entity`, :class:`~chronomem.retrieve.Hits`...): the inverse of the server's ``to_json``.

One rule for every value: a dataclass is built from its fields' type hints, an instant (a field named in
:data:`~chronomem._wire.INSTANT_FIELDS`) from ISO 8601 text, an interval from ``{"start", "end"}``, and a failed
message of a batch from its error body. Pure functions, no I/O.
"""

from __future__ import annotations

import dataclasses
import functools
import types
import typing
from typing import TYPE_CHECKING, Any, TypeVar, cast

from .._claims import Claim, Mentioned
from .._time import parse_instant
from .._values import Entity, Episode, Fact, Interval, Merge, Usage
from .._wire import INSTANT_FIELDS
from ..errors import ChronomemError
from ._errors import error_for

if TYPE_CHECKING:
    from ..retrieve import Hits

__all__ = ["decode", "decode_hits"]

_T = TypeVar("_T")
# names the values' annotations use but their modules import only for type checking
_NAMES: dict[str, object] = {
    "Usage": Usage, "Claim": Claim, "Mentioned": Mentioned, "Merge": Merge, "ChronomemError": ChronomemError
}  # fmt: skip
_ITEMS: dict[str, type[Fact | Episode | Entity]] = {"fact": Fact, "episode": Episode, "entity": Entity}


@functools.cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls, localns=_NAMES)


def decode(cls: type[_T], data: Any) -> _T:
    """``data`` (the JSON of one value) as a ``cls`` (a dataclass of the Python API)."""
    return cast("_T", _value(cls, data, ""))


def decode_hits(data: dict[str, Any]) -> Hits:
    """The body of ``GET /search`` as the :class:`~chronomem.retrieve.Hits` :meth:`chronomem.Memory.search`
    returns: each hit's record is the kind it says (a fact, an episode or an entity)."""
    from ..retrieve import Hit, Hits  # deferred, as Memory.search defers it: retrieval is slow to import

    hits = [
        Hit(
            h["kind"],
            decode(_ITEMS[h["kind"]], h["item"]),
            h["score"],
            dict(h["scores"]),
            tuple(h["cites"]),
            tuple(decode(Entity, e) for e in h.get("entities", ())),
        )
        for h in data["hits"]
    ]
    return Hits(hits, basis=parse_instant(data["basis"], name="basis"))


def _value(tp: Any, data: Any, name: str) -> Any:
    if data is None:
        return None
    if tp is Interval:
        return Interval(_instant(data["start"], name), None if data["end"] is None else _instant(data["end"], name))
    if isinstance(tp, type) and issubclass(tp, ChronomemError):
        return error_for(data.get("code", "internal"), data.get("message", ""))
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        hints = _hints(tp)
        known = {f.name for f in dataclasses.fields(tp)}
        return tp(**{key: _value(hints[key], data[key], key) for key in known if key in data})
    if name in INSTANT_FIELDS and isinstance(data, str):
        return _instant(data, name)
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_value(args[0], v, name) for v in data)
        return tuple(_value(a, v, name) for a, v in zip(args, data, strict=True))
    if origin is list:
        return [_value(args[0], v, name) for v in data]
    if origin in (typing.Union, types.UnionType):
        classes = [a for a in args if isinstance(a, type) and (dataclasses.is_dataclass(a) or a is Interval)]
        errors = [a for a in args if isinstance(a, type) and issubclass(a, ChronomemError)]
        chosen = classes or errors
        return _value(chosen[0], data, name) if len(chosen) == 1 else data
    return data  # JSON as it came: a fact's value, metadata, scores, names


def _instant(text: str, name: str) -> int:
    return parse_instant(text, name=name or "time")
