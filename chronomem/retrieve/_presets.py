"""Search settings as data: a :class:`Preset` names its channels' weights and the rules after fusion, and
:data:`PRESETS` holds the named ones ``Memory.search(preset=…)`` takes (STYLE #16: data, not flags)."""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from ..errors import ConfigError

__all__ = ["PRESETS", "Preset", "preset"]


@dataclass(frozen=True, slots=True)
class Preset:
    """How one search ranks. Each number is checked when the preset is made: out of its range (below), a
    :class:`ConfigError` names it and what fits.

    * ``channels``: each channel's weight in the fusion (a channel not named, or weighted 0, does not run);
    * ``rrf_k``: the rank constant of reciprocal-rank fusion (larger flattens the head of each list);
    * ``bm25_b``: BM25's length normalisation (0: none, 1: full; 0.75 is the textbook value): a chat's long
      turns are where things are told, its short ones mostly react;
    * ``fetch``: the most matches one lookup returns per kind (full-text statistics are exact below it),
      of which the ``depth`` best are read and ranked;
    * ``history``: keep what no longer holds at ``valid_at`` (superseded, corrected, retracted rows and
      retracted episodes) instead of dropping it, and do not demote stale episodes;
    * ``time_intent``: what a time the query names does: ``"boost"`` (multiply by ``1 + time_boost`` inside
      the window), ``"filter"`` (drop what lies outside when the phrase is precise, boost when vague) or
      ``"ignore"``;
    * ``after_window_factor``: the factor on an episode said after the end of the window the query names
      ("where was she working in February 2024?": what was said in June speaks of June; what was said before
      February may still hold in it, so only after, and 1.0 turns it off);
    * ``recency_weight`` / ``recency_half_life_days``: a factor ``1 + w * 2**(-age / half_life)`` for what
      occurred (episodes) or began (facts) before the question's time;
    * ``importance_weight``: a factor ``1 - w * (1 - confidence)`` on fact rows;
    * ``stale_factor``: the factor on an episode whose facts no longer hold (see
      :func:`chronomem.retrieve.demote_stale`), applied to the ``stale_depth`` best episodes (looking up
      at most ``stale_topics`` slots for what holds there now);
    * ``topic_depth`` / ``topic_share`` / ``topic_ratio``: the knowledge-update rule (:mod:`._topics`): among
      the ``topic_depth`` best episodes (0: off), those that share a question term few of them contain (at
      most ``topic_share`` of them) and score at least ``topic_ratio`` of the best of them speak of one
      topic, and the statement in force at the question's time takes the topic's best place;
    * ``correction_share``: the correction rule (:mod:`._corrections`; 0: off): a later statement with a
      correction cue that shares a word with a leading episode, a word at most this share of the episodes
      found contain, ranks just above it;
    * ``answer_share`` / ``answer_depth``: the answer rule (:mod:`._answers`; 0: off): each of the
      ``answer_depth`` best episodes after fusion that asks a question lends this share of its score to the
      turn said just after it in its session;
    * ``speaker_boost``: the speaker rule (:mod:`._speakers`; 0: off): a factor ``1 + speaker_boost`` on an
      episode whose speaker the question names;
    * ``asking_factor``: a factor on an episode that asks a question (:func:`~._answers.asks`; 1: off): it
      says where an answer is (the answer rule lends to it), seldom the answer itself;
    * ``name_free_vectors``: embed the question without the names of the speakers it names
      (:func:`~._speakers.without_names`): full text and the speaker rule match names; in a query vector a
      name pulls toward short turns that are little more than names;
    * ``name_only_facts``: keep fact rows full text found by the name of their subject alone (when the
      question has other words: :func:`~._channels.beyond_subject`);
    * ``latest_boost``: when the query asks for the current state ("now", "现在"), a factor from 1 (the
      earliest) to ``1 + latest_boost`` (the latest) by when each episode occurred among those found.
    """

    name: str
    channels: Mapping[str, float]
    rrf_k: int = 10
    bm25_b: float = 0.5
    fetch: int = 1000
    depth: int = 60
    history: bool = False
    time_intent: str = "boost"
    time_boost: float = 0.2
    after_window_factor: float = 0.5
    recency_weight: float = 0.0
    recency_half_life_days: float = 180.0
    importance_weight: float = 0.2
    stale_factor: float = 1.0
    stale_depth: int = 30
    stale_topics: int = 8
    latest_boost: float = 1.0
    correction_share: float = 0.1
    answer_share: float = 0.25
    speaker_boost: float = 0.35
    asking_factor: float = 0.8
    name_free_vectors: bool = True
    name_only_facts: bool = False
    answer_depth: int = 10
    topic_depth: int = 20
    topic_share: float = 0.3
    topic_ratio: float = 0.7
    extra: Mapping[str, float] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.time_intent not in ("boost", "filter", "ignore"):
            raise ConfigError(f"preset {self.name!r}: time_intent={self.time_intent!r}; use boost, filter or ignore")
        for name, weight in self.channels.items():
            if not _number(weight) or weight < 0:
                raise ConfigError(f"preset {self.name!r}: channel {name!r} weighs {weight!r}; use a number >= 0")
        for names, (low, high, low_open, integer) in _RANGES.items():
            for name in names:
                value = getattr(self, name)
                fits = (isinstance(value, int) and not isinstance(value, bool)) if integer else _number(value)
                if not fits or value < low or value > high or (low_open and value == low):
                    raise ConfigError(
                        f"preset {self.name!r}: {name}={value!r}; use {_describe(low, high, low_open, integer)}"
                    )


def _number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)


def _describe(low: float, high: float, low_open: bool, integer: bool) -> str:
    kind = "an integer" if integer else "a number"
    if high == math.inf:
        return f"{kind} {'>' if low_open else '>='} {low:g}"
    return f"{kind} in {'(' if low_open else '['}{low:g}, {high:g}]"


#: The range of each number of a :class:`Preset`: (low, high, low excluded, integer). Factors demote (1: off,
#: 0 would erase the order they apply to); shares are fractions; boosts and weights add (a ``topic_ratio``
#: above 1 groups nothing).
_RANGES: dict[tuple[str, ...], tuple[float, float, bool, bool]] = {
    ("rrf_k", "fetch", "depth"): (1, math.inf, False, True),
    ("stale_depth", "stale_topics", "answer_depth", "topic_depth"): (0, math.inf, False, True),
    ("after_window_factor", "asking_factor", "stale_factor"): (0.0, 1.0, True, False),
    ("bm25_b", "importance_weight", "correction_share", "answer_share", "topic_share"): (
        0.0,
        1.0,
        False,
        False,
    ),
    ("time_boost", "latest_boost", "speaker_boost", "recency_weight", "topic_ratio"): (0.0, math.inf, False, False),
    ("recency_half_life_days",): (0.0, math.inf, True, False),
}


def _frozen(weights: dict[str, float]) -> Mapping[str, float]:
    return MappingProxyType(weights)


# Why these (bench/README.md has the measurements): full text and vectors weigh the same, as neither
# channel's rank is better evidence than the other's; the support list (episodes citing matching facts) did
# not help (the offline extractor's facts often match a question by the speaker's name alone, and then
# outvote the best full-text match), so it only runs in the "facts" preset; a small rrf_k keeps each list's
# head decisive on small corpora; a flat stale penalty hurt "when did X become Y" questions, so stale
# episodes are only capped below what superseded them. A channel that cannot run (vectors without an
# embedder) adds nothing. The topic rule (knowledge updates, :mod:`._topics`) is on: it lowered stale_first@10
# on both update sets (en 0.33 -> 0.21, zh 0.27 -> 0.15) without costing R@10 on any set; grouping by the
# episodes' own vectors instead of shared rare words did not separate topics (USE puts an update and the
# statement it replaces no closer than two unrelated turns), and giving a topic's best place to its latest
# member however weak it was cost temporal questions a third of their R@5, hence ``topic_ratio``. The graph
# channel raised R@10 on en/zh (+0.03/+0.02) but not on LoCoMo, and raised stale_first@10 (the offline
# extractor's facts about a person rank that person's older statements too), so it only runs in "facts".
# The answer rule (:mod:`._answers`: a leading question lends a quarter of its score to the turn after it)
# raised R@10 on LoCoMo 0.629 -> 0.664 and zh-mem 0.875 -> 0.890, en-upd unchanged (R@5 0.706 -> 0.762),
# stale_first unchanged; lending to both neighbours of every leading turn cost zh-mem 0.036. The speaker
# rule's figures are in :mod:`._speakers`. Session 10 (scripts/retrieval_sweep.py, R@10 over categories 1-4,
# en-upd / zh-mem / LoCoMo): name-free query vectors 0.847 / 0.896 / 0.714 -> 0.896 / 0.896 / 0.733 (R@5 on
# LoCoMo 0.591 -> 0.643; keeping the name at weight 0.3 of a blended vector gave 0.882 / 0.860 / 0.736),
# with asking_factor 0.8 0.905 / 0.909 / 0.742 (0.6: 0.863 / 0.902 / 0.709 alone). Turns that ask are
# evidence at 0.4-0.55 times the rate of statements on all three sets. Name-free vectors raise en-upd's
# stale_first@10 0.051 -> 0.154 (questions whose old statement is worded like the question and whose update
# is not); same-speaker corrections across sessions (:mod:`._corrections`) bring it to 0.103 (zh-mem 0.038).
# BM25's b 0.75 -> 0.5: 0.905 / 0.913 / 0.737 -> 0.905 / 0.919 / 0.745 (0.3: 0.905 / 0.896 / 0.747).
# after_window_factor 0.5: 0.905 / 0.919 / 0.747, stale_first@10 en 0.103 -> 0.077 (0.8: no change; 0.6, 0.4,
# 0.25: the same stale_first, LoCoMo 0.746 / 0.746 / 0.745).
# Session 11: fact rows found by their subject's name alone are left out (``name_only_facts=False``): with
# every kind of hit counted by its citations (``Memory.search``'s default kinds) LoCoMo 0.748 -> 0.753
# (open-domain 0.388 -> 0.411); counting episode hits only, as the harness's adapter does, unchanged (0.750);
# en-upd and zh-mem unchanged either way.
# Session 14: ``depth`` 100 -> 60 (each channel's best 60 read and fused, not 100): en-upd and zh-mem
# unchanged, LoCoMo 0.752 -> 0.759, the long set 0.845 -> 0.854; 50-80 all within 0.001 of that on LoCoMo
# (50 raised stale_first@10 on the long set 0.103 -> 0.128, 40 zh-mem's 0.038 -> 0.077). With rrf_k 10 a
# turn at rank 90 of both lists fuses to 2/100, as much as one at rank 40 of one list: the deep tails add
# weak agreement, not evidence. A search reads ~40% fewer episodes.
_DEFAULT = {"fulltext": 1.0, "vector": 1.0}

#: The named presets. ``default``: time-correct full text and vectors; ``history``: the same, keeping what
#: no longer holds; ``facts``: adds the episodes that support matching facts and the graph channel;
#: ``recent``: favours what happened lately; ``text``: BM25 alone and ``vector``: vectors alone, no time
#: rules (baselines).
PRESETS: Mapping[str, Preset] = MappingProxyType(
    {
        "default": Preset("default", _frozen(dict(_DEFAULT))),
        "history": Preset("history", _frozen(dict(_DEFAULT)), history=True, stale_factor=1.0),
        "facts": Preset("facts", _frozen({**_DEFAULT, "support": 0.3, "graph": 0.3})),
        "recent": Preset("recent", _frozen(dict(_DEFAULT)), recency_weight=0.5, recency_half_life_days=30.0),
        "text": Preset("text", _frozen({"fulltext": 1.0}), time_intent="ignore", latest_boost=0.0, history=True),
        "vector": Preset("vector", _frozen({"vector": 1.0}), time_intent="ignore", latest_boost=0.0, history=True),
    }
)


def preset(name: str | Preset) -> Preset:
    """The preset named ``name`` (a :class:`Preset` is returned as is). Raises :class:`ConfigError` listing
    the names for an unknown one."""
    if isinstance(name, Preset):
        return name
    found = PRESETS.get(name) if isinstance(name, str) else None
    if found is None:
        raise ConfigError(f"unknown search preset {name!r}; use one of {sorted(PRESETS)} or pass a Preset")
    return found
