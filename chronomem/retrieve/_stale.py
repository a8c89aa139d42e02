"""The stale rule: an episode whose facts no longer hold at the question's point ranks below one that supports
what holds (:func:`~._timeliness.demote_stale`), as the store's facts say, not the episodes' words."""

from __future__ import annotations

from .._values import Fact, canonical_json
from ..contracts import FactQuery
from ._hits import EPISODE
from ._ranking import Ranking
from ._timeliness import Topic, demote_stale, holds_at

__all__ = ["stale_rule"]


def stale_rule(ranking: Ranking) -> None:
    """Apply :func:`demote_stale` to the ``stale.depth`` leading episodes, with every fact row each supports (as
    of ``as_of``, all valid times) and the topic of the best query-matching fact among them (``history``: off).
    A fact's topic is its slot; for a multi-valued predicate or a modality other than asserted, its value
    and modality too, so that one liking or plan does not supersede another."""
    settings, point, scored = ranking.preset.stale, ranking.request.point, ranking.scored
    if ranking.preset.history:
        return
    lead = sorted((k for k in scored if k[0] == EPISODE), key=lambda k: -scored[k].score)[: settings.depth]
    if not lead:
        return
    engine, namespace = ranking.engine, ranking.namespace
    rows = engine.facts(namespace, FactQuery(supported_by=tuple(k[1] for k in lead), as_of=point.as_of))
    judged = [(f, holds_at(f, point)) for f in rows]
    multi = engine.predicates(namespace)

    def topic(f: Fact) -> Topic:
        if multi.get(f.predicate) or f.modality != "asserted":
            return (f.subject, f.predicate, f.object or canonical_json(f.value), f.modality)
        return (f.subject, f.predicate)

    held = {topic(f) for f, ok in judged if ok}
    gone = {(f.subject, f.predicate): topic(f) for f, ok in judged if not ok and topic(f) not in held}
    slots = sorted(gone)[: settings.topics]  # does something else hold there now? (one read for all of them)
    if slots:
        subjects = tuple(sorted({s for s, _ in slots}))
        now = engine.facts(namespace, FactQuery(touching=subjects, valid_at=point.valid_at, as_of=point.as_of))
        asked = set(slots)
        held |= {topic(f) for f in now if (f.subject, f.predicate) in asked and holds_at(f, point)}
    if not held:
        return
    focus: dict[str, Topic] = {}
    for fact, _ in ranking.found.facts.values():  # best match first
        for ep in fact.episodes:
            focus.setdefault(ep, topic(fact))
    demote_stale(scored, judged, held, settings.factor, focus, topic)
