"""The recency rule: what happened lately may matter more. A record that occurred (an episode) or began (a
fact) before the question's time scores ``1 + weight * 2**(-age / half_life)`` times as much; off (weight 0)
but in the ``recent`` preset."""

from __future__ import annotations

from .._values import Episode, Fact
from ._fusion import apply_factors
from ._hits import Item
from ._ranking import Ranking

__all__ = ["recency_factor", "recency_rule"]

_DAY_US = 86_400_000_000


def recency_rule(ranking: Ranking) -> None:
    """Apply the ``"recency"`` factor (:func:`recency_factor`) to every record with a time."""
    settings, valid_at, items = ranking.preset.recency, ranking.request.point.valid_at, ranking.found.items
    out = {}
    for key in ranking.scored:
        when = _when(items[key])
        if when is not None:
            out[key] = {"recency": recency_factor(when, valid_at, settings.weight, settings.half_life_days)}
    apply_factors(ranking.scored, out)


def recency_factor(when: int, reference: int, weight: float, half_life_days: float) -> float:
    """``1 + weight * 2**(-age / half_life)`` for something at ``when`` seen from ``reference`` (UTC µs);
    1.0 for what lies after the reference.

    >>> recency_factor(0, 0, 0.5, 30.0)
    1.5
    """
    if weight <= 0 or when > reference:
        return 1.0
    age_days = (reference - when) / _DAY_US
    return 1.0 + weight * float(2.0 ** (-age_days / half_life_days))


def _when(item: Item) -> int | None:
    """When a record happened: an episode's occurrence, a fact's valid start; an entity has no time."""
    if isinstance(item, Episode):
        return item.occurred_at
    if isinstance(item, Fact):
        return item.valid.start
    return None
