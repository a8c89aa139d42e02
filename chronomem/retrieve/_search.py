"""A search from a checked request to hits: run the channels, fuse, apply the factors and the time rules,
keep the kinds asked for. The only part that reads the store is the channels'."""

from __future__ import annotations

from collections.abc import Sequence

from .._values import Episode, Fact
from ..contracts import Engine
from ._channels import CHANNELS, Channel, Found
from ._fusion import Scored, apply_factors, fuse, recency_factor
from ._hits import Hit, Item, Key, cites_of
from ._request import SearchRequest
from ._timeliness import demote_stale

__all__ = ["run_search"]


def run_search(
    engine: Engine, namespace: str, request: SearchRequest, channels: Sequence[Channel] = CHANNELS
) -> list[Hit]:
    """The hits for ``request``, best first (see :meth:`chronomem.Memory.search`)."""
    weights = request.preset.channels
    found = Found()
    for channel in channels:
        if any(weights.get(name, 0.0) > 0 for name in channel.names):
            channel.run(engine, namespace, request, found)
    scored = fuse(found.lists, weights, request.preset.rrf_k)
    if request.filter and request.window is not None:
        scored = {k: s for k, s in scored.items() if _inside(found.items[k], request.window) is not False}
    apply_factors(scored, {key: _factors(found.items[key], request) for key in scored})
    if not request.preset.history:
        demote_stale(scored, found.facts.values(), request.preset.stale_factor)
    return _hits(scored, found, request)


def _factors(item: Item, request: SearchRequest) -> dict[str, float]:
    p = request.preset
    out: dict[str, float] = {}
    when = _when(item)
    if request.window is not None and not request.filter and _inside(item, request.window):
        out["time"] = 1.0 + p.time_boost
    if when is not None:
        out["recency"] = recency_factor(when, request.point.valid_at, p.recency_weight, p.recency_half_life_days)
    if isinstance(item, Fact):
        out["importance"] = 1.0 - p.importance_weight * (1.0 - min(max(item.confidence, 0.0), 1.0))
    return out


def _when(item: Item) -> int | None:
    """When a record happened: an episode's occurrence, a fact's valid start; an entity has no time."""
    if isinstance(item, Episode):
        return item.occurred_at
    if isinstance(item, Fact):
        return item.valid.start
    return None


def _inside(item: Item, window: tuple[int | None, int | None]) -> bool | None:
    """Whether a record lies in the window (an episode's time inside it, a fact's valid time overlapping it);
    ``None`` for an entity, which has no time."""
    lo, hi = window
    if isinstance(item, Episode):
        t = item.occurred_at
        return (lo is None or lo <= t) and (hi is None or t < hi)
    if isinstance(item, Fact):
        v = item.valid
        return (hi is None or v.start < hi) and (v.end is None or lo is None or lo < v.end)
    return None


def _hits(scored: dict[Key, Scored], found: Found, request: SearchRequest) -> list[Hit]:
    wanted = set(request.kinds)
    order = sorted((k for k in scored if k[0] in wanted), key=lambda k: (-scored[k].score, k))
    out = []
    for key in order[: request.k]:
        item, s = found.items[key], scored[key]
        out.append(Hit(key[0], item, s.score, dict(s.parts), cites_of(item)))
    return out
