"""The values as JSON: one plain form for every interface that prints or sends them (the CLI's ``--json``, the
MCP tools). Instants are ISO 8601 in UTC with a ``Z``; an open end is ``null``. Entities are named
by id (a readable slug of their name); pure functions, no I/O.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ._time import from_us
from ._values import Contradiction, Entity, Episode, Fact, Interval

if TYPE_CHECKING:
    from .ingest import IngestResult
    from .retrieve import Context, Hit

__all__ = [
    "INSTANT_FIELDS",
    "conflict_json",
    "context_json",
    "entity_json",
    "episode_json",
    "fact_json",
    "hit_json",
    "ingest_json",
    "instant",
]

Obj = dict[str, Any]

#: Fields of the Python API's values that hold an instant (int UTC microseconds) rather than a number: the HTTP
#: API sends them as ISO 8601 text, and its client reads them back.
INSTANT_FIELDS = frozenset(
    {"at", "tx", "occurred_at", "recorded_at", "opened_at", "settled_at", "merged_at", "unmerged_at",
     "retracted_at", "valid_at", "as_of", "when", "valid_from", "valid_to", "basis", "until", "received_at"}
)  # fmt: skip


def instant(us: int | None) -> str | None:
    """UTC microseconds as ISO 8601 (``2024-06-12T07:00:00Z``); ``None`` stays ``None`` (an open end)."""
    return None if us is None else from_us(us).isoformat().replace("+00:00", "Z")


def _interval(iv: Interval) -> Obj:
    """An interval as the Python API names its ends (and the HTTP API prints them): ``start``, ``end``."""
    return {"start": instant(iv.start), "end": instant(iv.end)}


def fact_json(f: Fact) -> Obj:
    """A fact row: ``object`` (an entity id) or ``value`` (any JSON), its valid and recorded intervals."""
    out: Obj = {"row": f.row_id, "subject": f.subject, "predicate": f.predicate}
    out["object" if f.object is not None else "value"] = f.object if f.object is not None else f.value
    out["valid"] = _interval(f.valid)
    out["recorded"] = _interval(f.recorded)
    if f.kind != "fact":
        out["kind"] = f.kind
    if f.modality != "asserted":
        out["modality"] = f.modality
    if f.confidence != 1.0:
        out["confidence"] = f.confidence
    out["episodes"] = list(f.episodes)
    return out


def episode_json(e: Episode) -> Obj:
    out: Obj = {"id": e.id, "content": e.content, "occurred_at": instant(e.occurred_at)}
    for key in ("speaker", "session"):
        if getattr(e, key) is not None:
            out[key] = getattr(e, key)
    if e.retracted_at is not None:
        out["retracted_at"] = instant(e.retracted_at)
    return out


def entity_json(e: Entity) -> Obj:
    out: Obj = {"id": e.id, "name": e.name, "type": e.type}
    if e.aliases:
        out["aliases"] = list(e.aliases)
    return out


def hit_json(h: Hit) -> Obj:
    """One search hit: its kind, id, score (higher is better), the record and the episodes it cites."""
    item = h.item
    record = (
        fact_json(item)
        if isinstance(item, Fact)
        else episode_json(item)
        if isinstance(item, Episode)
        else entity_json(item)
    )
    return {"kind": h.kind, "id": h.id, "score": round(h.score, 4), "cites": list(h.cites), h.kind: record}


def context_json(c: Context) -> Obj:
    return {
        "text": c.text,
        "tokens": c.tokens,
        "budget": c.budget,
        "cut": len(c.cut),
        "valid_at": instant(c.valid_at),
        "as_of": instant(c.as_of),
    }


def conflict_json(c: Contradiction) -> Obj:
    """An open (or settled) contradiction: the claim, the rows it contradicts and why it was kept apart."""
    out: Obj = {"id": c.id, "subject": c.subject, "predicate": c.predicate}
    out["object" if c.object is not None else "value"] = c.object if c.object is not None else c.value
    out |= {"valid": _interval(c.valid), "against": list(c.against), "why": c.why, "episode": c.episode}
    out["opened_at"] = instant(c.opened_at)
    if c.settled_at is not None:
        out |= {"settled_at": instant(c.settled_at), "settlement": c.settlement}
    return out


def ingest_json(r: IngestResult) -> Obj:
    """What remembering one message did (``at``: the system time it was learned): the rows it added, the rows
    it closed and why, the conflicts it opened, the entities it created."""
    out: Obj = {"episode": r.episode, "at": instant(r.tx), "duplicate": r.duplicate}
    out["added"] = [fact_json(f) for f in r.added]
    for key in ("supported", "superseded", "corrected", "retracted", "conflicts"):
        if getattr(r, key):
            out[key] = list(getattr(r, key))
    if r.entities:
        out["entities"] = [e.id for e in r.entities]
    if r.error is not None:
        out["error"] = str(r.error)
    return out
