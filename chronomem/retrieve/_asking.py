"""The asking rule: a turn that asks a question says where an answer is (the answer rule lends to the turn after
it), seldom the answer itself; turns that ask are evidence far less often than statements. An episode that asks
(:func:`~._answers.asks`), in a message short enough for its cue to mark it whole (:mod:`._cues`), scores
``asking.factor`` times as much."""

from __future__ import annotations

from .._values import Episode
from ._answers import asks
from ._cues import cue_marks
from ._fusion import apply_factors
from ._ranking import Ranking

__all__ = ["asking_rule"]


def asking_rule(ranking: Ranking) -> None:
    """Apply the ``"asks"`` factor to every episode scored that asks (``asking.factor`` 1: off)."""
    factor, items, limit = ranking.preset.asking.factor, ranking.found.items, ranking.preset.cue_chars
    if factor == 1.0:
        return
    out = {}
    for key in ranking.scored:
        item = items[key]
        if isinstance(item, Episode) and cue_marks(item.content, limit) and asks(item.content):
            out[key] = {"asks": factor}
    apply_factors(ranking.scored, out)
