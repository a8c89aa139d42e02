"""The routes: each parses its request, awaits one :class:`~chronomem.AsyncMemory` call and formats the answer.
Which key may call which route is decided before any of them runs (:mod:`._guard`).

Times are ISO 8601 with an offset; ``valid_at`` (when in the world) and ``as_of`` (what the memory believed
then) default to now. Lists are pages: ``limit`` (1..1000) items from ``offset``.
"""

from __future__ import annotations

import asyncio
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Path, Query, Request
from fastapi.responses import JSONResponse
from fastapi.security import HTTPBearer
from pydantic import AwareDatetime

from .._async import AsyncMemory
from .._names import empty_namespace
from ..errors import NotFound
from ._errors import ApiError
from ._guard import PREFIX
from ._schemas import EntityIn, MessagesIn, ResolveIn, page, to_json
from ._shapes import (
    ERRORS,
    ChangeOut,
    ContextOut,
    ContradictionOut,
    EntityOut,
    EpisodeOut,
    ErasedOut,
    FactOut,
    HitsOut,
    MessagesOut,
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
    kinds: Annotated[list[str] | None, Query()] = None,
    preset: Annotated[str, Query(max_length=100)] = "default",
) -> dict[str, Any]:
    window = None if window_start is None and window_end is None else (window_start, window_end)
    hits = await mem.search(q, k=k, valid_at=valid_at, as_of=as_of, window=window, kinds=kinds, preset=preset)
    return {"hits": to_json(hits)}


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
) -> dict[str, Any]:
    found = await mem.context(q, budget_tokens=budget_tokens, valid_at=valid_at, as_of=as_of, k=k, preset=preset)
    return dict(to_json(found))


@router.post("/entities", tags=["write"], response_model=EntityOut, summary="Add an entity", status_code=201)
async def add_entity(body: EntityIn, mem: Mem) -> dict[str, Any]:
    return dict(to_json(await mem.add_entity(body.name, type=body.type, aliases=body.aliases)))


@router.get("/entities/{ref}", tags=["read"], response_model=EntityOut, summary="An entity by id, name or alias")
async def get_entity(ref: _Id, mem: Mem) -> dict[str, Any]:
    return dict(to_json(await mem.get_entity(ref)))


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
async def facts(ref: _Id, mem: Mem, valid_at: _Time = None, as_of: _Time = None, limit: _Limit = 100,
                offset: _Offset = 0) -> dict[str, Any]:  # fmt: skip
    return page(await mem.facts(ref, valid_at=valid_at, as_of=as_of), offset, limit)


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
    summary="What the memory learned or unlearned in (since, until]",
)
async def changes(mem: Mem, since: Annotated[AwareDatetime, Query()], until: _Time = None, limit: _Limit = 100,
                  offset: _Offset = 0) -> dict[str, Any]:  # fmt: skip
    return page(await mem.changes(since, until), offset, limit)


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
