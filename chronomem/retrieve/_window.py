"""The window rule: a question that names a time ("in February 2024", "去年夏天") is about that period. When the
request filters (a precise phrase under ``window.intent="filter"``, or a window passed explicitly) what lies
outside the window is dropped; otherwise what lies inside scores ``1 + window.boost`` times as much. An episode
said once the window had ended speaks of a later state and scores ``window.after_factor`` times as much; one said
before it may still hold in it, so it is left alone.
"""

from __future__ import annotations

from .._values import Episode, Fact
from ._fusion import apply_factors
from ._hits import Item, Key
from ._ranking import Ranking

__all__ = ["inside", "window_rule"]


def window_rule(ranking: Ranking) -> None:
    """Drop what lies outside the request's window when it filters, then apply the ``"time"`` and ``"after"``
    factors (see the module docstring)."""
    request, items, scored = ranking.request, ranking.found.items, ranking.scored
    window, settings = request.window, ranking.preset.window
    if window is None:
        return
    if request.filter:
        for key in [k for k in scored if inside(items[k], window) is False]:
            del scored[key]
    boost = None if request.filter else {"time": 1.0 + settings.boost}
    out: dict[Key, dict[str, float]] = {}
    for key in scored:
        item = items[key]
        if boost is not None and inside(item, window):
            out[key] = boost
        elif settings.after_factor != 1.0 and _after(item, window):
            out[key] = {"after": settings.after_factor}
    apply_factors(scored, out)


def inside(item: Item, window: tuple[int | None, int | None]) -> bool | None:
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


def _after(item: Item, window: tuple[int | None, int | None]) -> bool:
    """Whether an episode was said once the window had ended."""
    return window[1] is not None and isinstance(item, Episode) and item.occurred_at >= window[1]
