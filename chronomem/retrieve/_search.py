"""A search from a checked request to hits: run the channels, fuse their lists, run the rules after fusion in
the order of :data:`RULES`, keep the kinds asked for. The channels read the store, and so do two rules: the
answer rule (the turn after a question) and the stale rule (the facts the leading episodes support)."""

from __future__ import annotations

from collections.abc import Sequence

from .._values import Entity, Fact
from ..contracts import Engine
from ._answers import answer_rule
from ._asking import asking_rule
from ._channels import CHANNELS, Channel
from ._corrections import correction_rule
from ._fusion import fuse
from ._hits import Hit, Hits, Item, cites_of, key_of, tie_key
from ._importance import importance_rule
from ._latest import latest_rule
from ._ranking import Found, Ranking, RankingRule
from ._recency import recency_rule
from ._request import SearchRequest
from ._slots import slot_rule
from ._speakers import speaker_rule
from ._stale import stale_rule
from ._topics import topic_rule
from ._window import window_rule

__all__ = ["RULES", "run_search"]

#: The rules after fusion, in the order they run. Each reads its own settings in the request's preset and is
#: off when they say so. The order matters: the answer rule lends from the fused scores; the window rule drops
#: what a filtering request leaves out before any factor; the factors (window, recency, importance, speaker,
#: asking, latest) multiply before the rules that move records by score (topics, corrections); the slot rule
#: then puts what the store holds for the slot a question seeks above what the words found; the stale rule
#: caps last, so that what no longer holds stays below what holds whatever moved before it.
RULES: tuple[RankingRule, ...] = (
    answer_rule,
    window_rule,
    recency_rule,
    importance_rule,
    speaker_rule,
    asking_rule,
    latest_rule,
    topic_rule,
    correction_rule,
    slot_rule,
    stale_rule,
)


def run_search(
    engine: Engine,
    namespace: str,
    request: SearchRequest,
    channels: Sequence[Channel] = CHANNELS,
    rules: Sequence[RankingRule] = RULES,
) -> Hits:
    """The hits for ``request``, best first (see :meth:`chronomem.Memory.search`). A query without a word to
    look for (stop-words, punctuation) asks nothing: no channel runs, vectors included."""
    if not request.terms:
        return Hits(basis=request.point.as_of)
    weights = request.preset.channels
    found = Found()
    for channel in channels:
        if any(weights.get(name, 0.0) > 0 for name in channel.names):
            channel.run(engine, namespace, request, found)
    ranking = Ranking(engine, namespace, request, found, fuse(found.lists, weights, request.preset.rrf_k))
    for rule in rules:
        rule(ranking)
    return _hits(ranking)


def _hits(ranking: Ranking) -> Hits:
    scored, items, request = ranking.scored, ranking.found.items, ranking.request
    order = sorted(
        (k for k in scored if _wanted(request, items[k])), key=lambda k: (-scored[k].score, tie_key(items[k]))
    )
    kept = order[: request.k]
    named = _entities(ranking, [items[key] for key in kept])
    out = Hits(basis=request.point.as_of)
    for key in kept:
        item, s = items[key], scored[key]
        out.append(Hit(key[0], item, s.score, dict(s.parts), cites_of(item), _named(item, named)))
    return out


def _wanted(request: SearchRequest, item: Item) -> bool:
    """Whether ``item`` is of a kind ``request`` keeps (a fact: of a kind of fact it keeps, when it names some)."""
    if key_of(item)[0] not in request.kinds:
        return False
    return request.fact_kinds is None or not isinstance(item, Fact) or item.kind in request.fact_kinds


def _entities(ranking: Ranking, kept: Sequence[Item]) -> dict[str, Entity]:
    """The entities the facts kept name, read in one go (a hit says who its fact is about by name)."""
    ids = sorted({i for f in kept if isinstance(f, Fact) for i in (f.subject, f.object) if i is not None})
    return {e.id: e for e in ranking.engine.entities(ranking.namespace, ids)}


def _named(item: Item, named: dict[str, Entity]) -> tuple[Entity, ...]:
    if isinstance(item, Entity):
        return (item,)
    if isinstance(item, Fact):
        return tuple(named[i] for i in (item.subject, item.object) if i is not None and i in named)
    return ()
