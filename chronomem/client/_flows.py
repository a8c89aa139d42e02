"""Each call of :class:`~chronomem.Memory` as the HTTP requests that make it, written once for both clients.

A flow is a generator: it yields a :class:`Request` (a path under ``/v1/namespaces/{namespace}``), is sent the
answer's JSON, and returns the value :class:`~chronomem.Memory` would return (sans-IO, as ``httpx``'s auth
flows are). The error of a failed request is thrown into it, so a flow may turn :class:`NotFound` into
``None``. A list is read page by page (``limit``/``offset``, ``next_offset`` until ``null``) into one list.

Times are checked here as the Python API checks them (a naive datetime raises
:class:`~chronomem.errors.NaiveDatetime` with the same message, before anything is sent).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Generator, Iterable, Mapping
from datetime import datetime
from enum import Enum
from typing import TYPE_CHECKING, Any, TypeAlias, TypeVar
from urllib.parse import quote

from .._time import parse_instant, to_us
from .._values import JSON, Change, Contradiction, Entity, Episode, Fact, Merge, Revision, Subgraph, WriteResult
from .._wire import instant
from ..errors import InvalidValue
from ._decode import decode, decode_hits

if TYPE_CHECKING:
    from ..ingest import IngestResult, Message
    from ..retrieve import Context, Hits, Moment

__all__ = ["BATCH", "PAGE", "Flow", "Request", "message_json"]

_T = TypeVar("_T")
Params: TypeAlias = list[tuple[str, str | int | float | bool | None]]

#: Items asked for per page (the server's most), and messages sent per request (the server's most).
PAGE = 1000
BATCH = 100


@dataclasses.dataclass(frozen=True, slots=True)
class Request:
    """One HTTP request: ``path`` is under the namespace's prefix; ``params`` the query; ``json`` the body."""

    method: str
    path: str
    params: Params = dataclasses.field(default_factory=list)
    json: Any = None


Flow: TypeAlias = Generator[Request, Any, _T]


def _seg(ref: str | Entity | Episode) -> str:
    """One path segment: an entity's or episode's id, or a name, percent-encoded whole."""
    text = ref.id if isinstance(ref, Entity | Episode) else ref
    if not isinstance(text, str) or not text.strip():
        raise InvalidValue(f"expected a non-empty name or id, got {text!r:.60}")
    return quote(text, safe="")


def _times(**times: datetime | None) -> Params:
    """The query parameters of the times given, as ISO 8601 in UTC (a naive one raises, named)."""
    return [(name, str(instant(to_us(t, name=name)))) for name, t in times.items() if t is not None]


def _iso(t: datetime | None, name: str) -> str | None:
    return None if t is None else instant(to_us(t, name=name))


def _paged(path: str, cls: type[_T], params: Params | None = None) -> Flow[list[_T]]:
    """Every item of a paged list, in the server's order."""
    items: list[_T] = []
    offset: int | None = 0
    while offset is not None:
        body = yield Request("GET", path, [*(params or []), ("limit", PAGE), ("offset", offset)])
        items += [decode(cls, item) for item in body["items"]]
        offset = body["next_offset"]
    return items


def message_json(message: Message | Mapping[str, object]) -> dict[str, Any]:
    """One message as ``POST /messages`` takes it: a :class:`~chronomem.ingest.Message` or a dict of its keys."""
    if dataclasses.is_dataclass(message) and not isinstance(message, type):
        data: dict[str, Any] = {f.name: getattr(message, f.name) for f in dataclasses.fields(message)}
    elif isinstance(message, Mapping):
        data = dict(message)
    else:
        raise InvalidValue(f"a message is a dict or a Message, got {type(message).__name__}")
    out: dict[str, Any] = {}
    for key, val in data.items():
        if isinstance(val, datetime):
            val = _iso(val, str(key))
        out[str(key)] = val.value if isinstance(val, Enum) else val
    return {k: v for k, v in out.items() if v is not None and v != {}}


def add(
    messages: Iterable[Message | Mapping[str, object]], user_id: str | None = None, session_id: str | None = None
) -> Flow[list[IngestResult]]:
    from ..ingest import IngestResult

    sent = [message_json(m) for m in messages]
    around = {k: v for k, v in (("user_id", user_id), ("session_id", session_id)) if v is not None}
    results: list[IngestResult] = []
    for start in range(0, len(sent), BATCH):
        body = yield Request("POST", "/messages", json={"messages": sent[start : start + BATCH], **around})
        results += [decode(IngestResult, r) for r in body["results"]]
    return results


def add_episode(
    content: str,
    *,
    occurred_at: datetime,
    id: str | None = None,
    kind: str = "message",
    role: str | None = None,
    speaker: str | None = None,
    session: str | None = None,
    source: str | None = None,
    metadata: dict[str, JSON] | None = None,
) -> Flow[Episode]:
    """Store one raw input (read into no facts). Idempotent by ``id``; the same id with other content raises
    :class:`~chronomem.errors.Conflict`."""
    fields = {"id": id, "kind": kind, "role": role, "speaker": speaker, "session": session, "source": source}
    body = {"content": content, "occurred_at": _iso(occurred_at, "occurred_at"), "metadata": metadata, **fields}
    return decode(Episode, (yield Request("POST", "/episodes", json=body)))


def get_episode(episode_id: str) -> Flow[Episode]:
    """The stored episode ``episode_id``. Raises :class:`~chronomem.errors.NotFound`."""
    return decode(Episode, (yield Request("GET", f"/episodes/{_seg(episode_id)}")))


def add_entity(name: str, *, type: str = "thing", aliases: Iterable[str] = ()) -> Flow[Entity]:
    """Find the entity called ``name`` (by id, name or alias) or create it; new aliases are added."""
    if isinstance(aliases, str):
        raise InvalidValue(f"aliases={aliases!r} is one string; pass a list of names, e.g. [{aliases!r}]")
    body = {"name": name, "type": type, "aliases": list(aliases)}
    return decode(Entity, (yield Request("POST", "/entities", json=body)))


def get_entity(ref: str | Entity) -> Flow[Entity]:
    """The entity ``ref`` names (its id, name or an alias). Raises :class:`~chronomem.errors.NotFound`."""
    return decode(Entity, (yield Request("GET", f"/entities/{_seg(ref)}")))


def merge(source: str | Entity, *, into: str | Entity) -> Flow[Merge]:
    """Record that ``source`` and ``into`` are one entity (see :meth:`chronomem.Memory.merge`). Raises
    :class:`~chronomem.errors.NotFound`, or :class:`~chronomem.errors.Conflict` when they cannot be merged."""
    target = into.id if isinstance(into, Entity) else into
    return decode(Merge, (yield Request("POST", f"/entities/{_seg(source)}/merge", json={"into": target})))


def unmerge(source: str | Merge) -> Flow[Merge]:
    """Undo :meth:`merge`: ``source`` (the merged entity's id, or the :class:`~chronomem.Merge`) is an entity again."""
    ident = source.source if isinstance(source, Merge) else source
    return decode(Merge, (yield Request("POST", f"/entities/{_seg(ident)}/unmerge")))


def _fact_body(
    subject: str | Entity,
    predicate: str,
    object: str | Entity | None,
    value: JSON,
    valid_from: datetime | None,
    valid_to: datetime | None,
    episode: str | Episode | None,
    multi: bool | None,
) -> dict[str, Any]:
    def named(ref: str | Entity | Episode | None) -> str | None:
        return ref.id if isinstance(ref, Entity | Episode) else ref

    return {
        "subject": named(subject), "predicate": predicate, "object": named(object), "value": value,
        "valid_from": _iso(valid_from, "valid_from"), "valid_to": _iso(valid_to, "valid_to"),
        "episode": named(episode), "multi": multi,
    }  # fmt: skip


def _stated(
    path: str,
    subject: str | Entity,
    predicate: str,
    object: str | Entity | None = None,
    *,
    value: JSON = None,
    valid_from: datetime | None = None,
    valid_to: datetime | None = None,
    kind: str = "fact",
    modality: str = "asserted",
    confidence: float = 1.0,
    episode: str | Episode | None = None,
    multi: bool | None = None,
) -> Flow[WriteResult]:
    body = _fact_body(subject, predicate, object, value, valid_from, valid_to, episode, multi)
    body |= {"kind": kind, "modality": modality, "confidence": confidence}
    return decode(WriteResult, (yield Request("POST", path, json=body)))


def assert_fact(
    subject: str | Entity,
    predicate: str,
    object: str | Entity | None = None,
    *,
    value: JSON = None,
    valid_from: datetime | None = None,
    valid_to: datetime | None = None,
    kind: str = "fact",
    modality: str = "asserted",
    confidence: float = 1.0,
    episode: str | Episode | None = None,
    multi: bool | None = None,
) -> Flow[WriteResult]:
    """State that ``subject -predicate-> object`` (or ``-> value``) holds over ``[valid_from, valid_to)``."""
    return (
        yield from _stated(
            "/facts", subject, predicate, object, value=value, valid_from=valid_from, valid_to=valid_to, kind=kind,
            modality=modality, confidence=confidence, episode=episode, multi=multi,
        )
    )  # fmt: skip


def correct(
    subject: str | Entity,
    predicate: str,
    object: str | Entity | None = None,
    *,
    value: JSON = None,
    valid_from: datetime | None = None,
    valid_to: datetime | None = None,
    kind: str = "fact",
    modality: str = "asserted",
    confidence: float = 1.0,
    episode: str | Episode | None = None,
    multi: bool | None = None,
) -> Flow[WriteResult]:
    """Like :meth:`assert_fact`, recorded as a correction: what was stored was wrong."""
    return (
        yield from _stated(
            "/facts/correct", subject, predicate, object, value=value, valid_from=valid_from, valid_to=valid_to,
            kind=kind, modality=modality, confidence=confidence, episode=episode, multi=multi,
        )
    )  # fmt: skip


def retract(
    subject: str | Entity,
    predicate: str,
    object: str | Entity | None = None,
    *,
    value: JSON = None,
    valid_from: datetime | None = None,
    valid_to: datetime | None = None,
    episode: str | Episode | None = None,
    multi: bool | None = None,
) -> Flow[WriteResult]:
    """End the slot's value over ``[valid_from, valid_to)`` without a replacement."""
    body = _fact_body(subject, predicate, object, value, valid_from, valid_to, episode, multi)
    return decode(WriteResult, (yield Request("POST", "/facts/retract", json=body)))


def retract_episode(episode_id: str) -> Flow[WriteResult]:
    """Undo what an episode caused: rows only it supports end, and what they replaced comes back."""
    return decode(WriteResult, (yield Request("POST", f"/episodes/{_seg(episode_id)}/retract")))


def erase(*, subject: str | Entity | None = None, episode: str | None = None) -> Flow[int]:
    """Physically delete a subject's or an episode's rows across all system time (needs an ``admin`` key).
    Returns the number of fact rows removed."""
    if (subject is None) == (episode is None):
        raise InvalidValue("erase() takes exactly one of subject= or episode=; see erase_namespace()")
    path = f"/entities/{_seg(subject)}" if subject is not None else f"/episodes/{_seg(episode or '')}"
    body = yield Request("DELETE", path)
    return int(body["erased_rows"])


def _slot(subject: str | Entity, predicate: str, what: str) -> str:
    return f"/entities/{_seg(subject)}/predicates/{_seg(predicate)}/{what}"


def value(
    subject: str | Entity, predicate: str, *, valid_at: datetime | None = None, as_of: datetime | None = None
) -> Flow[Fact | None]:
    """The slot's asserted value at ``valid_at`` as known at ``as_of`` (both default to now), or ``None``."""
    body = yield Request("GET", _slot(subject, predicate, "value"), _times(valid_at=valid_at, as_of=as_of))
    return None if body["fact"] is None else decode(Fact, body["fact"])


def values(
    subject: str | Entity, predicate: str, *, valid_at: datetime | None = None, as_of: datetime | None = None
) -> Flow[list[Fact]]:
    """Every value of the slot at ``valid_at`` as known at ``as_of``."""
    return (yield from _paged(_slot(subject, predicate, "values"), Fact, _times(valid_at=valid_at, as_of=as_of)))


def facts(
    entity: str | Entity,
    *,
    valid_at: datetime | None = None,
    as_of: datetime | None = None,
    kind: str | Iterable[str] | None = None,
) -> Flow[list[Fact]]:
    """Every fact about ``entity`` at ``valid_at`` as known at ``as_of`` (of the kinds ``kind`` names)."""
    params = _times(valid_at=valid_at, as_of=as_of) + _many("kind", kind)
    return (yield from _paged(f"/entities/{_seg(entity)}/facts", Fact, params))


def _many(name: str, values: str | Iterable[str] | None) -> Params:
    """A repeated query parameter (``kind=plan&kind=event``)."""
    if values is None:
        return []
    return [(name, v) for v in ([values] if isinstance(values, str) else values)]


def history(subject: str | Entity, predicate: str, *, as_of: datetime | None = None) -> Flow[list[Fact]]:
    """The slot's valid-time story as known at ``as_of``."""
    return (yield from _paged(_slot(subject, predicate, "history"), Fact, _times(as_of=as_of)))


def audit(subject: str | Entity, predicate: str | None = None) -> Flow[list[Fact]]:
    """Every row ever stored about the slot (or, without ``predicate``, about the subject), every system time."""
    path = f"/entities/{_seg(subject)}/audit" if predicate is None else _slot(subject, predicate, "audit")
    return (yield from _paged(path, Fact))


def changes(
    since: datetime,
    until: datetime | None = None,
    *,
    entity: str | Entity | None = None,
    axis: str = "system",
    as_of: datetime | None = None,
) -> Flow[list[Change]]:
    """What the memory learned or unlearned in system time ``(since, until]`` (about ``entity``), or with
    ``axis="valid"`` what began or ended for ``entity`` in the world then, as known at ``as_of``."""
    params: Params = [("since", str(instant(to_us(since, name="since")))), *_times(until=until, as_of=as_of)]
    params.append(("axis", axis))
    if entity is not None:
        params.append(("entity", entity.id if isinstance(entity, Entity) else entity))
    return (yield from _paged("/changes", Change, params))


def recent(session: str | None = None, n: int = 10) -> Flow[list[Episode]]:
    """The last ``n`` episodes of ``session`` (``None``: of no session), oldest first."""
    params: Params = [("n", n)] + ([] if session is None else [("session", session)])
    body = yield Request("GET", "/recent", params)
    return [decode(Episode, e) for e in body["episodes"]]


def at_event(
    query: str, *, about: str | Entity | Iterable[str | Entity] = (), as_of: datetime | None = None
) -> Flow[Moment]:
    """The memory at the time of the event ``query`` names (see :meth:`chronomem.Memory.at_event`)."""
    from ..retrieve import Moment

    refs = [about] if isinstance(about, str | Entity) else list(about)
    params: Params = [("q", query), *_times(as_of=as_of)]
    params += [("about", r.id if isinstance(r, Entity) else r) for r in refs]
    body = yield Request("GET", "/at_event", params)
    event = decode(Fact, body["event"]) if "row_id" in body["event"] else decode(Episode, body["event"])
    until = None if body["until"] is None else parse_instant(body["until"], name="until")
    return Moment(parse_instant(body["at"], name="at"), until, event, tuple(decode(Fact, f) for f in body["facts"]))


def versions(fact: Fact | int) -> Flow[list[Revision]]:
    """The version chain through a fact row."""
    if isinstance(fact, bool) or not isinstance(fact, Fact | int):
        raise InvalidValue(f"versions() takes a Fact or a row id (int), got {type(fact).__name__}")
    row = fact.row_id if isinstance(fact, Fact) else fact
    body = yield Request("GET", f"/facts/{row}/versions")
    return [decode(Revision, r) for r in body["revisions"]]


def neighbourhood(
    entity: str | Entity, hops: int = 2, *, valid_at: datetime | None = None, as_of: datetime | None = None
) -> Flow[Subgraph]:
    """The entities and facts within ``hops`` of ``entity`` at ``valid_at`` as known at ``as_of``."""
    params: Params = [("hops", hops), *_times(valid_at=valid_at, as_of=as_of)]
    return decode(Subgraph, (yield Request("GET", f"/entities/{_seg(entity)}/neighbourhood", params)))


def conflicts(
    subject: str | Entity | None = None, predicate: str | None = None, *, settled: bool = False
) -> Flow[list[Contradiction]]:
    """Open contradictions (with ``settled=True``, settled ones too), about ``subject`` and ``predicate``."""
    params: Params = [("settled", "true" if settled else "false")]
    if subject is not None:
        params.append(("subject", subject.id if isinstance(subject, Entity) else subject))
    if predicate is not None:
        params.append(("predicate", predicate))
    return (yield from _paged("/conflicts", Contradiction, params))


def resolve_conflict(conflict: int | Contradiction, *, keep: str) -> Flow[WriteResult]:
    """Settle an open conflict: ``keep="known"`` leaves what the memory holds; ``keep="claim"`` writes the claim."""
    ident = conflict.id if isinstance(conflict, Contradiction) else conflict
    if isinstance(ident, bool) or not isinstance(ident, int):
        raise InvalidValue(f"resolve_conflict() takes a conflict id or a Contradiction, got {conflict!r:.60}")
    body = yield Request("POST", f"/conflicts/{ident}/resolve", json={"keep": keep})
    return decode(WriteResult, body)


def search(
    query: str,
    *,
    k: int = 10,
    valid_at: datetime | None = None,
    as_of: datetime | None = None,
    window: tuple[datetime | None, datetime | None] | None = None,
    kinds: Iterable[str] | None = None,
    preset: str = "default",
) -> Flow[Hits]:
    """The ``k`` episodes, facts and entities that best answer ``query``, best first (see
    :meth:`chronomem.Memory.search`); ``hits.basis`` is the system time they were read at."""
    params: Params = [("q", query), ("k", k), ("preset", preset), *_times(valid_at=valid_at, as_of=as_of)]
    if window is not None:
        params += _times(window_start=window[0], window_end=window[1])
    if kinds is not None:
        if isinstance(kinds, str):
            raise InvalidValue(f"kinds={kinds!r} is one string; pass a list, e.g. [{kinds!r}]")
        params += [("kinds", kind) for kind in kinds]
    return decode_hits((yield Request("GET", "/search", params)))


def retrieve(
    query: str,
    *,
    k: int = 10,
    valid_at: datetime | None = None,
    as_of: datetime | None = None,
    preset: str = "default",
) -> Flow[Hits]:
    """:func:`search` kept to facts (:meth:`chronomem.Memory.retrieve`)."""
    return (yield from search(query, k=k, valid_at=valid_at, as_of=as_of, kinds=["fact"], preset=preset))


def context(
    query: str,
    *,
    budget_tokens: int = 1000,
    valid_at: datetime | None = None,
    as_of: datetime | None = None,
    k: int = 20,
    preset: str = "default",
    zone: str | None = None,
    kinds: Iterable[str] | None = None,
) -> Flow[Context]:
    """What the memory knows about ``query`` as text for an LLM prompt, within ``budget_tokens``."""
    from ..retrieve import Context

    params: Params = [("q", query), ("budget_tokens", budget_tokens), ("k", k), ("preset", preset)]
    params += _times(valid_at=valid_at, as_of=as_of) + _many("kinds", kinds)
    if zone is not None:
        params.append(("zone", zone))
    return decode(Context, (yield Request("GET", "/context", params)))
