"""What the routes take and give: request bodies as pydantic models (unknown fields refused, times with an
offset), and :func:`to_json`, which turns any value the Python API returns into JSON.

Instants are ISO 8601 in UTC (``2024-06-12T07:00:00Z``, as the CLI and MCP print them); an interval is
``{"start": …, "end": … | null}`` (``null``: open-ended).
"""

from __future__ import annotations

import dataclasses
from datetime import datetime
from enum import Enum
from typing import Annotated, Any, Literal

from pydantic import AwareDatetime, BaseModel, BeforeValidator, ConfigDict, Field

from .._values import Interval
from .._wire import INSTANT_FIELDS, instant
from ..errors import ChronomemError, InvalidValue
from ._errors import for_error

__all__ = [
    "INSTANT_FIELDS",
    "EntityIn",
    "EpisodeIn",
    "FactIn",
    "MergeIn",
    "MessageIn",
    "MessagesIn",
    "ResolveIn",
    "RetractIn",
    "page",
    "to_json",
]


_Name = Annotated[str, Field(min_length=1, max_length=200)]


def _no_number(value: object) -> object:
    """Refuse a number as a time, as :meth:`chronomem.Memory.add` does: Unix seconds or milliseconds, in
    which zone? A time is ISO 8601 text with an offset."""
    if isinstance(value, int | float):
        raise InvalidValue(f"occurred_at must be an aware datetime or ISO 8601 text, got {value!r:.60}")
    return value


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class MessageIn(_Strict):
    """One message to remember (the keys of :class:`chronomem.ingest.Message`)."""

    content: str | dict[str, Any] = Field(description="The text (or a JSON object for an event).")
    occurred_at: Annotated[AwareDatetime, BeforeValidator(_no_number)] | None = Field(
        None, description="When it was said, ISO 8601 with an offset; without it, when the server received it."
    )
    speaker: _Name | None = None
    role: Literal["user", "assistant", "system", "other"] = "user"
    id: _Name | None = Field(None, description="Idempotency key: the same id is stored once.")
    session: _Name | None = None
    tz: _Name | None = Field(None, description="The speaker's IANA zone, to read 'tomorrow at 9'.")
    kind: Literal["message", "document", "event"] = "message"
    metadata: dict[str, Any] = Field(default_factory=dict)


class MessagesIn(_Strict):
    messages: list[MessageIn] = Field(min_length=1, max_length=100, description="Remembered in order.")
    user_id: _Name | None = Field(None, description="The speaker of the 'user' messages that name none.")
    session_id: _Name | None = Field(None, description="The session of the messages that name none.")


class EntityIn(_Strict):
    name: _Name
    type: _Name = "thing"
    aliases: list[_Name] = Field(default_factory=list, max_length=100)


class EpisodeIn(_Strict):
    """One raw input to store as it is, read into no facts (the arguments of :meth:`chronomem.Memory.add_episode`)."""

    content: str
    occurred_at: Annotated[AwareDatetime, BeforeValidator(_no_number)]
    id: _Name | None = None
    kind: Literal["message", "document", "event"] = "message"
    role: _Name | None = None
    speaker: _Name | None = None
    session: _Name | None = None
    source: _Name | None = None
    metadata: dict[str, Any] | None = None


class RetractIn(_Strict):
    """Which value of a slot ends, over which valid time (the arguments of :meth:`chronomem.Memory.retract`)."""

    subject: _Name
    predicate: _Name
    object: _Name | None = Field(None, description="An entity (id, name or alias), for an edge.")
    value: Any = Field(None, description="Any JSON value, for an attribute.")
    valid_from: AwareDatetime | None = None
    valid_to: AwareDatetime | None = None
    episode: _Name | None = Field(None, description="The stored episode that said it.")
    multi: bool | None = None


class FactIn(RetractIn):
    """A fact to state (the arguments of :meth:`chronomem.Memory.assert_fact`)."""

    kind: _Name = "fact"
    modality: _Name = "asserted"
    confidence: float = Field(1.0, ge=0.0, le=1.0)


class MergeIn(_Strict):
    into: _Name = Field(description="The entity (id, name or alias) that the path's entity becomes part of.")


class ResolveIn(_Strict):
    keep: Literal["known", "claim"] = Field(
        description="'known' leaves what the memory holds; 'claim' writes the claim as a correction."
    )


def page(items: list[Any], offset: int, limit: int) -> dict[str, Any]:
    end = offset + limit
    return {
        "items": [to_json(i) for i in items[offset:end]],
        "total": len(items),
        "offset": offset,
        "limit": limit,
        "next_offset": end if end < len(items) else None,
    }


def to_json(value: Any, name: str = "") -> Any:
    """``value`` (a dataclass of the Python API, a list, an enum...) as JSON; ``name`` is its field's name."""
    if value is None or isinstance(value, bool | str | float):
        return value
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, int):
        return instant(value) if name in INSTANT_FIELDS else value
    if isinstance(value, datetime):
        return value.isoformat()
    if isinstance(value, Interval):
        return {"start": instant(value.start), "end": instant(value.end)}
    if isinstance(value, ChronomemError):  # a failed message of a batch
        return {"code": for_error(value)[1], "message": str(value)}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return _record(value)
    if isinstance(value, dict):
        return {str(k): to_json(v) for k, v in value.items()}
    if isinstance(value, list | tuple | set | frozenset):
        return [to_json(v, name) for v in value]
    return str(value)


def _record(value: Any) -> dict[str, Any]:
    out = {f.name: to_json(getattr(value, f.name), f.name) for f in dataclasses.fields(value)}
    if isinstance(getattr(type(value), "id", None), property):  # a search hit's id
        out["id"] = value.id
    if isinstance(getattr(type(value), "fact", None), property):  # a search hit's fact as a sentence, valid time
        out["fact"], out["valid"] = value.fact, to_json(value.valid)
    return out
