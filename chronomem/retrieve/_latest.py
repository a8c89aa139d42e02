"""The latest rule: a question that asks for the current state ("where does she live *now*", "现在叫什么";
:data:`~._request.LATEST_CUES`) is answered by the later of the statements that match it, since a later one
updates an earlier one. Each episode found scores from 1 (the earliest) to ``1 + latest.boost`` (the latest)
times as much, by where its time falls among theirs."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from .._values import Episode
from ._fusion import apply_factors
from ._hits import Item, Key
from ._ranking import Ranking

__all__ = ["latest_factors", "latest_rule"]


def latest_rule(ranking: Ranking) -> None:
    """Apply the ``"latest"`` factor when the request asks for the current state (``latest.boost`` 0: off)."""
    boost = ranking.preset.latest.boost
    if ranking.request.latest and boost > 0:
        apply_factors(ranking.scored, latest_factors(ranking.found.items, ranking.scored, boost))


def latest_factors(items: Mapping[Key, Item], keys: Iterable[Key], boost: float) -> dict[Key, dict[str, float]]:
    """``1 + boost * position`` for each episode among ``keys``, ``position`` being where its time falls
    between the earliest (0) and the latest (1) of them."""
    times = {k: items[k].occurred_at for k in keys if isinstance(items[k], Episode)}  # type: ignore[union-attr]
    if len(times) < 2:
        return {}
    lo, hi = min(times.values()), max(times.values())
    span = max(hi - lo, 1)
    return {k: {"latest": 1.0 + boost * (t - lo) / span} for k, t in times.items()}
