"""The importance rule: a fact row the store is less sure of ranks lower. Its score is multiplied by
``1 - weight * (1 - confidence)`` (confidence clamped to [0, 1])."""

from __future__ import annotations

from .._values import Fact
from ._fusion import apply_factors
from ._ranking import Ranking

__all__ = ["importance_rule"]


def importance_rule(ranking: Ranking) -> None:
    """Apply the ``"importance"`` factor to every fact row scored."""
    weight, items = ranking.preset.importance.weight, ranking.found.items
    out = {}
    for key in ranking.scored:
        item = items[key]
        if isinstance(item, Fact):
            out[key] = {"importance": 1.0 - weight * (1.0 - min(max(item.confidence, 0.0), 1.0))}
    apply_factors(ranking.scored, out)
