"""The routes: each parses its request, awaits one :class:`~chronomem.AsyncMemory` call and formats the answer.
Which key may call which route is decided before any of them runs (:mod:`._guard`).

Times are ISO 8601 with an offset; ``valid_at`` (when in the world) and ``as_of`` (what the memory believed
then) default to now. Lists are pages: ``limit`` (1..1000) items from ``offset``.
"""

from __future__ import annotations

import asyncio
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, Path, Query, Request
from fastapi.responses import JSONResponse
from fastapi.security import HTTPBearer
from pydantic import AwareDatetime

from .._async import AsyncMemory
from .._names import empty_namespace
from .._wire import instant
from ..errors import NotFound
from ._errors import ApiError
from ._guard import PREFIX
from ._schemas import EntityIn, EpisodeIn, FactIn, MergeIn, MessagesIn, ResolveIn, RetractIn, page, to_json
from ._shapes import (
    ERRORS,
    ChangeOut,
    ContextOut,
    ContradictionOut,
    EntityOut,
    EpisodeOut,
    EpisodesOut,
    ErasedOut,
    FactOut,
    HitsOut,
    MergeOut,
    MessagesOut,
    MomentOut,
    Page,
    RevisionsOut,
    SubgraphOut,
    ValueOut,
    WriteResultOut,
)

__all__ = ["health", "router"]

_Time = Annotated[AwareDatetime | None, Query()]
_Id = Annotated[str, Path(min_length=1, max_length=200)]
_Limit = Annotated[int, Query(ge=1, le=1000, description="Items per page.")]
_Offset = Annotated[int, Query(ge=0, le=10_000_000, description="Items to skip.")]
_Kinds = Annotated[list[str] | None, Query(description="Kinds of record or of fact (preference, plan, event...).")]


async def _known_parameters(request: Request) -> None:
    """Refuse a query parameter the route does not take (a typo such as ``asof`` would otherwise read now)."""
    route = request.scope.get("route")
    known = {p.alias for p in getattr(getattr(route, "dependant", None), "query_params", ())}
    for sub in getattr(getattr(route, "dependant", None), "dependencies", ()):
        known |= {p.alias for p in sub.query_params}
    unknown = sorted(set(request.query_params) - known)
    if unknown:
        raise ApiError(
            422, "unknown_parameter", f"unknown query parameter(s) {unknown}; this route takes {sorted(known)}"
        )


async def _memory(request: Request, namespace: Annotated[str, Path(min_length=1, max_length=200)]) -> AsyncMemory:
    """The memory of the path's namespace (created by a write; a read of an unknown namespace is a 404)."""
    if namespace != request.state.namespace:  # the guard checked another one: never serve it
        raise ApiError(403, "forbidden", f"namespace {namespace!r} was not the one authorised")
    base: AsyncMemory = request.app.state.memory
    try:
        return await asyncio.to_thread(base.using, namespace, create=request.method != "GET")
    except NotFound as exc:  # its message lists the store's namespaces: other tenants' names stay unsaid
        raise ApiError(404, "not_found", empty_namespace(namespace)) from exc


_bearer = HTTPBearer(auto_error=False, description="An API key from 'chronomem keys add'.")
router = APIRouter(
    prefix=PREFIX + "{namespace}", responses=ERRORS, dependencies=[Depends(_known_parameters), Depends(_bearer)]
)
Mem = Annotated[AsyncMemory, Depends(_memory)]


@router.post("/messages", tags=["write"], response_model=MessagesOut, summary="Remember messages (Memory.add)")
async def add_messages(body: MessagesIn, mem: Mem) -> dict[str, Any]:
    """Each message is stored once (by id), read into facts and written in its own transaction; a message that
    fails has ``error`` set and wrote nothing."""
    messages = [m.model_dump(exclude_none=True) for m in body.messages]
    results = await mem.add(messages, user_id=body.user_id, session_id=body.session_id)
    return {"results": to_json(results)}


@router.get(
    "/search", tags=["read"], response_model=HitsOut, summary="Search episodes, facts and entities (Memory.search)"
)
async def search(
    mem: Mem,
    q: Annotated[str, Query(min_length=1, max_length=2000)],
    k: Annotated[int, Query(ge=1, le=1000)] = 10,
    valid_at: _Time = None,
    as_of: _Time = None,
    window_start: _Time = None,
    window_end: _Time = None,
    kinds: _Kinds = None,
    preset: Annotated[str, Query(max_length=100)] = "default",
) -> dict[str, Any]:
    window = None if window_start is None and window_end is None else (window_start, window_end)
    hits = await mem.search(q, k=k, valid_at=valid_at, as_of=as_of, window=window, kinds=kinds, preset=preset)
    return {"hits": to_json(hits), "basis": instant(hits.basis_us)}


@router.get(
    "/context", tags=["read"], response_model=ContextOut, summary="What the memory knows about a query, as prompt text"
)
async def context(
    mem: Mem,
    q: Annotated[str, Query(min_length=1, max_length=2000)],
    budget_tokens: Annotated[int, Query(ge=100, le=100_000)] = 1000,
    valid_at: _Time = None,
    as_of: _Time = None,
    k: Annotated[int, Query(ge=1, le=1000)] = 20,
    preset: Annotated[str, Query(max_length=100)] = "default",
    zone: Annotated[str | None, Query(max_length=100, description="IANA zone of the dates it prints.")] = None,
    kinds: _Kinds = None,
) -> dict[str, Any]:
    found = await mem.context(
        q, budget_tokens=budget_tokens, valid_at=valid_at, as_of=as_of, k=k, preset=preset, zone=zone, kinds=kinds
    )
    return dict(to_json(found))


@router.get(
    "/at_event", tags=["read"], response_model=MomentOut, summary="The memory when an event happened (Memory.at_event)"
)
async def at_event(
    mem: Mem,
    q: Annotated[str, Query(min_length=1, max_length=2000)],
    about: Annotated[list[str] | None, Query(description="Entities whose facts to read then.")] = None,
    as_of: _Time = None,
) -> dict[str, Any]:
    return dict(to_json(await mem.at_event(q, about=about or (), as_of=as_of)))


@router.get("/recent", tags=["read"], response_model=EpisodesOut, summary="A session's last episodes, oldest first")
async def recent(mem: Mem, session: Annotated[str | None, Query(min_length=1, max_length=200)] = None,
                 n: Annotated[int, Query(ge=1, le=1000)] = 10) -> dict[str, Any]:  # fmt: skip
    return {"episodes": to_json(await mem.recent(session, n))}


@router.post("/entities", tags=["write"], response_model=EntityOut, summary="Add an entity", status_code=201)
async def add_entity(body: EntityIn, mem: Mem) -> dict[str, Any]:
    return dict(to_json(await mem.add_entity(body.name, type=body.type, aliases=body.aliases)))


@router.post("/facts", tags=["write"], response_model=WriteResultOut, summary="State a fact (Memory.assert_fact)")
async def assert_fact(body: FactIn, mem: Mem) -> dict[str, Any]:
    return dict(to_json(await mem.assert_fact(**body.model_dump())))


@router.post("/facts/correct", tags=["write"], response_model=WriteResultOut, summary="Correct a fact (Memory.correct)")
async def correct(body: FactIn, mem: Mem) -> dict[str, Any]:
    return dict(to_json(await mem.correct(**body.model_dump())))


@router.post(
    "/facts/retract", tags=["write"], response_model=WriteResultOut, summary="End a slot's value (Memory.retract)"
)
async def retract(body: RetractIn, mem: Mem) -> dict[str, Any]:
    return dict(to_json(await mem.retract(**body.model_dump())))


@router.post(
    "/episodes", tags=["write"], response_model=EpisodeOut, summary="Store an episode (Memory.add_episode)",
    status_code=201,
)  # fmt: skip
async def add_episode(body: EpisodeIn, mem: Mem) -> dict[str, Any]:
    return dict(to_json(await mem.add_episode(**body.model_dump())))


@router.get("/entities/{ref}", tags=["read"], response_model=EntityOut, summary="An entity by id, name or alias")
async def get_entity(ref: _Id, mem: Mem) -> dict[str, Any]:
    return dict(to_json(await mem.get_entity(ref)))


@router.post(
    "/entities/{ref}/merge", tags=["write"], response_model=MergeOut, summary="Make two entities one (Memory.merge)"
)
async def merge(ref: _Id, body: MergeIn, mem: Mem) -> dict[str, Any]:
    return dict(to_json(await mem.merge(ref, into=body.into)))


@router.post(
    "/entities/{ref}/unmerge", tags=["write"], response_model=MergeOut, summary="Undo a merge (Memory.unmerge)"
)
async def unmerge(ref: _Id, mem: Mem) -> dict[str, Any]:
    return dict(to_json(await mem.unmerge(ref)))


@router.delete(
    "/entities/{ref}",
    tags=["erase"],
    response_model=ErasedOut,
    summary="Erase a subject across all system time (admin)",
)
async def erase_entity(ref: _Id, mem: Mem) -> dict[str, Any]:
    return {"erased_rows": await mem.erase(subject=ref)}


@router.get(
    "/entities/{ref}/facts",
    tags=["read"],
    response_model=Page[FactOut],
    summary="Facts about an entity at (valid_at, as_of)",
)
async def facts(ref: _Id, mem: Mem, valid_at: _Time = None, as_of: _Time = None, kind: _Kinds = None,
                limit: _Limit = 100, offset: _Offset = 0) -> dict[str, Any]:  # fmt: skip
    return page(await mem.facts(ref, valid_at=valid_at, as_of=as_of, kind=kind), offset, limit)


@router.get(
    "/entities/{ref}/audit",
    tags=["read"],
    response_model=Page[FactOut],
    summary="Every row ever stored about an entity (as subject), every slot",
)
async def entity_audit(ref: _Id, mem: Mem, limit: _Limit = 100, offset: _Offset = 0) -> dict[str, Any]:
    return page(await mem.audit(ref), offset, limit)


@router.get(
    "/entities/{ref}/neighbourhood", tags=["read"], response_model=SubgraphOut, summary="Entities and edges within hops"
)
async def neighbourhood(ref: _Id, mem: Mem, hops: Annotated[int, Query(ge=0, le=6)] = 2, valid_at: _Time = None,
                        as_of: _Time = None) -> dict[str, Any]:  # fmt: skip
    return dict(to_json(await mem.neighbourhood(ref, hops, valid_at=valid_at, as_of=as_of)))


@router.get(
    "/entities/{ref}/predicates/{predicate}/value",
    tags=["read"],
    response_model=ValueOut,
    summary="A slot's asserted value",
)
async def value(ref: _Id, predicate: _Id, mem: Mem, valid_at: _Time = None, as_of: _Time = None) -> dict[str, Any]:
    return {"fact": to_json(await mem.value(ref, predicate, valid_at=valid_at, as_of=as_of))}


@router.get(
    "/entities/{ref}/predicates/{predicate}/values",
    tags=["read"],
    response_model=Page[FactOut],
    summary="Every value of a slot",
)
async def values(ref: _Id, predicate: _Id, mem: Mem, valid_at: _Time = None, as_of: _Time = None,
                 limit: _Limit = 100, offset: _Offset = 0) -> dict[str, Any]:  # fmt: skip
    return page(await mem.values(ref, predicate, valid_at=valid_at, as_of=as_of), offset, limit)


@router.get(
    "/entities/{ref}/predicates/{predicate}/history",
    tags=["read"],
    response_model=Page[FactOut],
    summary="A slot's valid-time story",
)
async def history(ref: _Id, predicate: _Id, mem: Mem, as_of: _Time = None, limit: _Limit = 100,
                  offset: _Offset = 0) -> dict[str, Any]:  # fmt: skip
    return page(await mem.history(ref, predicate, as_of=as_of), offset, limit)


@router.get(
    "/entities/{ref}/predicates/{predicate}/audit",
    tags=["read"],
    response_model=Page[FactOut],
    summary="Every row ever stored",
)
async def audit(ref: _Id, predicate: _Id, mem: Mem, limit: _Limit = 100, offset: _Offset = 0) -> dict[str, Any]:
    return page(await mem.audit(ref, predicate), offset, limit)


@router.get(
    "/changes",
    tags=["read"],
    response_model=Page[ChangeOut],
    summary="What the memory learned or unlearned in (since, until], or what began and ended for an entity",
)
async def changes(mem: Mem, since: Annotated[AwareDatetime, Query()], until: _Time = None,
                  entity: Annotated[str | None, Query(min_length=1, max_length=200)] = None,
                  axis: Annotated[Literal["system", "valid"], Query()] = "system", as_of: _Time = None,
                  limit: _Limit = 100, offset: _Offset = 0) -> dict[str, Any]:  # fmt: skip
    return page(await mem.changes(since, until, entity=entity, axis=axis, as_of=as_of), offset, limit)


@router.get(
    "/facts/{row_id}/versions",
    tags=["read"],
    response_model=RevisionsOut,
    summary="The version chain through a fact row",
)
async def versions(row_id: Annotated[int, Path(ge=1, le=2**62)], mem: Mem) -> dict[str, Any]:
    return {"revisions": to_json(await mem.versions(row_id))}


@router.get(
    "/conflicts", tags=["read"], response_model=Page[ContradictionOut], summary="Open (or also settled) contradictions"
)
async def conflicts(mem: Mem, subject: Annotated[str | None, Query(max_length=200)] = None,
                    predicate: Annotated[str | None, Query(max_length=200)] = None, settled: bool = False,
                    limit: _Limit = 100, offset: _Offset = 0) -> dict[str, Any]:  # fmt: skip
    return page(await mem.conflicts(subject, predicate, settled=settled), offset, limit)


@router.post(
    "/conflicts/{conflict_id}/resolve", tags=["write"], response_model=WriteResultOut, summary="Settle a conflict"
)
async def resolve_conflict(
    conflict_id: Annotated[int, Path(ge=1, le=2**62)], body: ResolveIn, mem: Mem
) -> dict[str, Any]:
    return dict(to_json(await mem.resolve_conflict(conflict_id, keep=body.keep)))


@router.get("/episodes/{episode_id}", tags=["read"], response_model=EpisodeOut, summary="A stored episode")
async def get_episode(episode_id: _Id, mem: Mem) -> dict[str, Any]:
    return dict(to_json(await mem.get_episode(episode_id)))


@router.post(
    "/episodes/{episode_id}/retract",
    tags=["write"],
    response_model=WriteResultOut,
    summary="Undo what an episode caused",
)
async def retract_episode(episode_id: _Id, mem: Mem) -> dict[str, Any]:
    return dict(to_json(await mem.retract_episode(episode_id)))


@router.delete(
    "/episodes/{episode_id}", tags=["erase"], response_model=ErasedOut, summary="Erase an episode's rows (admin)"
)
async def erase_episode(episode_id: _Id, mem: Mem) -> dict[str, Any]:
    return {"erased_rows": await mem.erase(episode=episode_id)}


async def health(request: Request) -> Any:
    """``{"status": "ok", "ready": true}`` when the database answers and the embedding model is loaded; 503
    ``{"status": "starting", "ready": false, "reason": …}`` until then (no key needed; says nothing about what
    the memory holds)."""
    mem: AsyncMemory = request.app.state.memory
    await asyncio.to_thread(mem.sync.engine.namespaces)
    if not request.app.state.ready:
        reason = "the embedding model is still loading; try again shortly"
        return JSONResponse({"status": "starting", "ready": False, "reason": reason}, status_code=503)
    return {"status": "ok", "ready": True}
