"""Retrieval: ``Memory.search`` over episodes, facts and entities, time-correct by default.

One concept per module: :mod:`._request` checks a search and reads the time it names; :mod:`._channels`
find and rank records (full-text BM25, and vector similarity when the memory has an embedder; the
:class:`Channel` contract is the seam for graph expansion); :mod:`._fusion` fuses ranked lists (weighted
reciprocal rank) and applies factors; then each rule after fusion, one module each, changes the scores:
:data:`RULES` lists them in the order :func:`run_search` runs them (a :data:`RankingRule` takes the
:class:`Ranking`), and each reads its own settings object in the :class:`Preset` (:mod:`._presets` names
the presets). :mod:`._timeliness` decides what holds; :mod:`._hits` is what comes back. The rules' decisions
are pure functions over plain values beside them. :mod:`._material` reads what a context needs and
:mod:`._context` renders it (``Memory.context``).

>>> hits = mem.search("where does Alice live?", k=5)            # doctest: +SKIP
>>> hits[0].kind, hits[0].cites, hits[0].scores                  # doctest: +SKIP
('fact', ('m2',), {'fulltext': 0.016, 'importance': 1.0})
"""

from __future__ import annotations

from ._bm25 import bm25
from ._channels import CHANNELS, Channel, FulltextChannel, GraphChannel, VectorChannel, channels_for
from ._context import (
    LABELS,
    MAX_BUDGET,
    MIN_BUDGET,
    Citation,
    Context,
    Section,
    Statement,
    check_budget,
    estimate_tokens,
    render_context,
)
from ._fusion import Ranked, Scored, apply_factors, fuse
from ._hits import ENTITY, EPISODE, FACT, KINDS, Hit, Hits, Item, Key, cites_of, key_of, tie_key
from ._material import ENTITY_SLOTS, Material, Slot, gather
from ._moment import Moment, event_of
from ._presets import (
    PRESETS,
    AnswerSettings,
    AskingSettings,
    CorrectionSettings,
    ImportanceSettings,
    LatestSettings,
    Preset,
    RecencySettings,
    SlotSettings,
    SpeakerSettings,
    StaleSettings,
    TopicSettings,
    WalkSettings,
    WindowSettings,
    preset,
)
from ._ranking import Found, Ranking, RankingRule
from ._recency import recency_factor
from ._request import MAX_K, MAX_QUERY_CHARS, SearchRequest, check_request
from ._search import RULES, run_search
from ._timeliness import Point, demote_stale, holds_at

__all__ = [
    "CHANNELS",
    "ENTITY",
    "ENTITY_SLOTS",
    "EPISODE",
    "FACT",
    "KINDS",
    "LABELS",
    "MAX_BUDGET",
    "MAX_K",
    "MAX_QUERY_CHARS",
    "MIN_BUDGET",
    "PRESETS",
    "RULES",
    "AnswerSettings",
    "AskingSettings",
    "Channel",
    "Citation",
    "Context",
    "CorrectionSettings",
    "Found",
    "FulltextChannel",
    "GraphChannel",
    "Hit",
    "Hits",
    "ImportanceSettings",
    "Item",
    "Key",
    "LatestSettings",
    "Material",
    "Moment",
    "Point",
    "Preset",
    "Ranked",
    "Ranking",
    "RankingRule",
    "RecencySettings",
    "Scored",
    "SearchRequest",
    "Section",
    "Slot",
    "SlotSettings",
    "SpeakerSettings",
    "StaleSettings",
    "Statement",
    "TopicSettings",
    "VectorChannel",
    "WalkSettings",
    "WindowSettings",
    "apply_factors",
    "bm25",
    "channels_for",
    "check_budget",
    "check_request",
    "cites_of",
    "demote_stale",
    "estimate_tokens",
    "event_of",
    "fuse",
    "gather",
    "holds_at",
    "key_of",
    "preset",
    "recency_factor",
    "render_context",
    "run_search",
    "tie_key",
]
