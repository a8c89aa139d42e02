"""The asking rule: a turn that asks a question says where an answer is (the answer rule lends to the turn after
it), seldom the answer itself; turns that ask are evidence far less often than statements. An episode that asks
(:func:`~._answers.asks`), in a message short enough for its cue to mark it whole and not a request to an
assistant (:mod:`._cues`), scores ``asking.factor`` times as much."""

from __future__ import annotations

from .._values import Episode
from ._answers import asks
from ._cues import cue_marks, requests
from ._fusion import apply_factors
from ._ranking import Ranking

__all__ = ["asking_rule"]


def asking_rule(ranking: Ranking) -> None:
    """Apply the ``"asks"`` factor to every episode scored that asks (``asking.factor`` 1: off)."""
    factor, items, limit = ranking.preset.asking.factor, ranking.found.items, ranking.preset.cue_chars
    if factor == 1.0:
        return
    asking = {
        key: item
        for key in ranking.scored
        if isinstance(item := items[key], Episode) and cue_marks(item.content, limit) and asks(item.content)
    }
    replies = ranking.engine.following_episodes(ranking.namespace, [e.id for e in asking.values()]) if asking else {}
    out = {key: {"asks": factor} for key, e in asking.items() if not requests(e, replies.get(e.id))}
    apply_factors(ranking.scored, out)
