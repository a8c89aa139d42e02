"""What the routes answer, described for the OpenAPI document: one model per value of the Python API, with the
same fields (a test compares them with the dataclasses, so they cannot drift). The JSON itself is made by
:func:`~._schemas.to_json`; these models check and describe it. An instant is ISO 8601 text with an offset.
"""

from __future__ import annotations

from typing import Annotated, Any, Generic, TypeVar

from pydantic import BaseModel, WithJsonSchema

__all__ = [
    "ERRORS",
    "ChangeOut",
    "ContextOut",
    "ContradictionOut",
    "EntityOut",
    "EpisodeOut",
    "EpisodesOut",
    "ErasedOut",
    "ErrorBody",
    "FactOut",
    "HitsOut",
    "IngestResultOut",
    "MergeOut",
    "MessagesOut",
    "MomentOut",
    "Page",
    "RevisionsOut",
    "SubgraphOut",
    "ValueOut",
    "WriteResultOut",
]

Instant = Annotated[str, WithJsonSchema({"type": "string", "format": "date-time"})]
_T = TypeVar("_T")


class IntervalOut(BaseModel):
    start: Instant
    end: Instant | None


class FactOut(BaseModel):
    row_id: int
    namespace: str
    subject: str
    predicate: str
    object: str | None
    value: Any
    valid: IntervalOut
    recorded: IntervalOut
    kind: str
    modality: str
    confidence: float
    episodes: list[str]


class EntityOut(BaseModel):
    id: str
    namespace: str
    type: str
    name: str
    aliases: list[str]
    recorded_at: Instant
    merged_into: str | None
    merged_at: Instant | None


class EpisodeOut(BaseModel):
    id: str
    namespace: str
    content: str
    occurred_at: Instant
    recorded_at: Instant
    kind: str
    role: str | None
    speaker: str | None
    session: str | None
    source: str | None
    metadata: dict[str, Any]
    retracted_at: Instant | None
    tz: str | None


class RevisionOut(BaseModel):
    old: int
    new: int | None
    reason: str
    at: Instant


class ChangeOut(BaseModel):
    at: Instant
    action: str
    fact: FactOut


class WriteResultOut(BaseModel):
    tx: Instant
    closed: list[int]
    inserted: list[FactOut]
    supported: list[int]


class MergeOut(BaseModel):
    source: str
    target: str
    merged_at: Instant
    closed: list[int]
    created: list[int]
    conflicts: list[int]
    aliases: list[str]
    unmerged_at: Instant | None
    episode: str | None


class ContradictionOut(BaseModel):
    id: int
    namespace: str
    slot: str
    subject: str
    predicate: str
    object: str | None
    value: Any
    valid: IntervalOut
    kind: str
    modality: str
    confidence: float
    episode: str | None
    against: list[int]
    why: str
    opened_at: Instant
    settled_at: Instant | None
    settlement: str | None
    clash: bool


class SubgraphOut(BaseModel):
    entities: list[EntityOut]
    facts: list[FactOut]


class HitOut(BaseModel):
    kind: str
    item: FactOut | EpisodeOut | EntityOut
    score: float
    scores: dict[str, float]
    cites: list[str]
    entities: list[EntityOut]  # what the record is about
    id: str
    fact: str | None  # a fact as a sentence with its entities' names
    valid: IntervalOut | None  # when a fact holds


class MomentOut(BaseModel):
    at: Instant
    until: Instant | None
    event: FactOut | EpisodeOut
    facts: list[FactOut]


class EpisodesOut(BaseModel):
    episodes: list[EpisodeOut]


class CitationOut(BaseModel):
    episode: str
    at: Instant | None
    date: str | None


class StatementOut(BaseModel):
    kind: str
    text: str
    when: Instant
    rank: float
    cites: list[CitationOut]
    facts: list[int]
    past: bool
    section: str


class SectionOut(BaseModel):
    title: str
    entity: str | None
    statements: list[StatementOut]


class ContextOut(BaseModel):
    query: str
    text: str
    language: str
    sections: list[SectionOut]
    tokens: int
    budget: int
    cut: list[StatementOut]
    valid_at: Instant
    as_of: Instant
    zone: str


class ErrorOut(BaseModel):
    code: str
    message: str


class ErrorBody(BaseModel):
    """Every error: a stable ``code`` and a ``message`` that says what to fix."""

    error: ErrorOut


#: The errors any route under the namespace prefix may answer, for the OpenAPI document.
ERRORS: dict[int | str, dict[str, Any]] = {
    status: {"model": ErrorBody, "description": why}
    for status, why in (
        (401, "no API key, or an unknown or revoked one"),
        (403, "the key does not grant this namespace, or its role is too weak for the method"),
        (404, "no such entity, episode, conflict or namespace"),
        (405, "the method is not allowed here"),
        (408, "the body did not all arrive within the server's timeout"),
        (409, "the request contradicts stored state (e.g. a conflict already settled)"),
        (413, "the body is over the server's limit"),
        (422, "bad input: malformed JSON, a wrong type, an unknown field or parameter, a time without an offset"),
        (500, "the server failed; its log has the details"),
        (502, "the extractor or a model failed"),
        (503, "the database is unreachable or did not answer in time"),
        (504, "the request took longer than the server's timeout"),
    )
}


class SkippedOut(BaseModel):
    claim: dict[str, Any]
    why: str


class IngestResultOut(BaseModel):
    episode: str
    tx: Instant | None
    duplicate: bool
    added: list[FactOut]
    supported: list[int]
    superseded: list[int]
    corrected: list[int]
    retracted: list[int]
    conflicts: list[int]
    entities: list[EntityOut]
    aliases: list[list[str]]
    merged: list[MergeOut]
    skipped: list[SkippedOut]
    usage: dict[str, Any] | None
    error: ErrorOut | None
    received_at: Instant | None  # when a message without occurred_at was received


class MessagesOut(BaseModel):
    results: list[IngestResultOut]


class HitsOut(BaseModel):
    hits: list[HitOut]
    basis: Instant  # the system time they were read at: search again with as_of=basis for the same hits


class ValueOut(BaseModel):
    fact: FactOut | None


class RevisionsOut(BaseModel):
    revisions: list[RevisionOut]


class ErasedOut(BaseModel):
    erased_rows: int


class Page(BaseModel, Generic[_T]):
    """One page of a list: ``items[offset : offset + limit]`` of ``total``; ``next_offset`` is ``null`` at the end."""

    items: list[_T]
    total: int
    offset: int
    limit: int
    next_offset: int | None
