"""Search settings as data (named presets, not flags): a :class:`Preset` names its channels' weights, how they
read and fuse, and one settings object per rule after fusion (:data:`chronomem.retrieve.RULES`); :data:`PRESETS`
holds the named ones ``Memory.search(preset=…)`` takes.

Each number is checked when a preset is made, against the range its field declares (:func:`_within`): out of
it, a :class:`ConfigError` names the field (``rrf_k``, ``answers.share``) and what fits. Factors demote (1 is
off; 0 would erase the order they apply to), shares are fractions, boosts and weights add (a ``topics.ratio``
above 1 groups nothing).

    >>> from dataclasses import replace
    >>> mine = replace(PRESETS["default"], name="mine", answers=AnswerSettings(share=0.0))
    >>> mine.answers.share, mine.topics.depth
    (0.0, 20)
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from ..errors import ConfigError

__all__ = [
    "PRESETS",
    "AnswerSettings",
    "AskingSettings",
    "CorrectionSettings",
    "ImportanceSettings",
    "LatestSettings",
    "Preset",
    "RecencySettings",
    "SlotSettings",
    "SpeakerSettings",
    "StaleSettings",
    "TopicSettings",
    "WalkSettings",
    "WindowSettings",
    "preset",
]


def _within(
    default: float, low: float, high: float = math.inf, *, open_low: bool = False, integer: bool = False
) -> Any:
    """A field whose value must lie in ``[low, high]`` (``(low, high]`` when ``open_low``), an int when
    ``integer``: checked by :class:`Preset` when it is made."""
    return field(default=default, metadata={"range": (low, high, open_low, integer)})


def _factor(default: float) -> Any:
    """A factor that demotes: in ``(0, 1]`` (1 is off; 0 would erase the order it applies to)."""
    return _within(default, 0.0, 1.0, open_low=True)


def _share(default: float) -> Any:
    """A fraction, in ``[0, 1]``."""
    return _within(default, 0.0, 1.0)


@dataclass(frozen=True, slots=True)
class WindowSettings:
    """The window rule (:mod:`._window`): what a time the query names does. ``intent``: ``"boost"`` (multiply by
    ``1 + boost`` inside the window), ``"filter"`` (drop what lies outside when the phrase is precise, boost
    when vague) or ``"ignore"``; ``after_factor``: the factor on an episode said after the end of the window
    ("where was she working in February 2024?": what was said in June speaks of June; what was said before
    February may still hold in it, so only after; 1.0 turns it off)."""

    intent: str = "boost"
    boost: float = _within(0.2, 0.0)
    after_factor: float = _factor(0.5)


@dataclass(frozen=True, slots=True)
class RecencySettings:
    """The recency rule (:mod:`._recency`): a factor ``1 + weight * 2**(-age / half_life_days)`` for what
    occurred (episodes) or began (facts) before the question's time (``weight`` 0: off)."""

    weight: float = _within(0.0, 0.0)
    half_life_days: float = _within(180.0, 0.0, open_low=True)


@dataclass(frozen=True, slots=True)
class ImportanceSettings:
    """The importance rule (:mod:`._importance`): a factor ``1 - weight * (1 - confidence)`` on fact rows."""

    weight: float = _share(0.2)


@dataclass(frozen=True, slots=True)
class SpeakerSettings:
    """The speaker rule (:mod:`._speakers`): a factor ``1 + boost`` on an episode whose speaker the question
    names (0: off), and ``assistant`` on an episode an assistant said (1: off): its words are context, the
    person's are the memory."""

    boost: float = _within(0.35, 0.0)
    assistant: float = _factor(0.5)


@dataclass(frozen=True, slots=True)
class AskingSettings:
    """The asking rule (:mod:`._asking`): a factor on an episode that asks a question (1: off): it says where
    an answer is (the answer rule lends to it), seldom the answer itself."""

    factor: float = _factor(0.8)


@dataclass(frozen=True, slots=True)
class AnswerSettings:
    """The answer rule (:mod:`._answers`): each of the ``depth`` best episodes after fusion that asks a question
    lends ``share`` of its score to the turn said just after it in its session (``share`` 0: off)."""

    share: float = _share(0.25)
    depth: int = _within(10, 0, integer=True)


@dataclass(frozen=True, slots=True)
class LatestSettings:
    """The latest rule (:mod:`._latest`): when the query asks for the current state ("now", "现在"), a factor
    from 1 (the earliest) to ``1 + boost`` (the latest) by when each episode occurred among those found
    (0: off)."""

    boost: float = _within(1.0, 0.0)


@dataclass(frozen=True, slots=True)
class TopicSettings:
    """The knowledge-update rule (:mod:`._topics`): among the ``depth`` best episodes (0: off), those that share
    a question term few of them contain (at most ``share`` of them) and score at least ``ratio`` of the best of
    them speak of one topic, and the statement in force at the question's time takes the topic's best place.
    Topics are told by shared rare words, not by the episodes' own vectors, which put an update and the
    statement it replaces no closer than two unrelated turns; ``ratio`` keeps a weak latest member from taking
    a topic's best place, which questions about a time pay for."""

    depth: int = _within(20, 0, integer=True)
    share: float = _share(0.3)
    ratio: float = _within(0.7, 0.0)


@dataclass(frozen=True, slots=True)
class CorrectionSettings:
    """The correction rule (:mod:`._corrections`; ``share`` 0: off): a later statement with a correction cue
    that shares a word with one of the ``depth`` leading episodes, a word at most ``share`` of the episodes
    found contain, ranks just above it."""

    share: float = _share(0.1)
    depth: int = _within(20, 0, integer=True)


@dataclass(frozen=True, slots=True)
class SlotSettings:
    """The slot rule (:mod:`._slots`): whether a question that seeks a slot of a subject it names ranks the
    slot's value in force and the episodes that said it first (``lift`` false: off). No factor: what the store
    holds decides."""

    lift: bool = True


@dataclass(frozen=True, slots=True)
class StaleSettings:
    """The stale rule (:func:`chronomem.retrieve.demote_stale`): ``factor`` on an episode whose facts no longer
    hold, applied to the ``depth`` best episodes, looking up at most ``topics`` slots for what holds there
    now. 1 by default: a stale episode is only capped just below what superseded it, as a flat penalty also
    demotes the old statement a "when did X become Y" question needs."""

    factor: float = _factor(1.0)
    depth: int = _within(30, 0, integer=True)
    topics: int = _within(8, 0, integer=True)


@dataclass(frozen=True, slots=True)
class WalkSettings:
    """The walk a context takes through the graph (:func:`chronomem.retrieve.walk`): from the entities of the
    hits, along relations (edges) that hold at ``valid_at`` as believed at ``as_of``, up to ``hops`` edges away,
    telling at most ``edges`` relations it found that way (0: no walk). "What blocks Zhang's task?" finds Zhang
    and his task; the task's dependency is two edges from him."""

    hops: int = _within(2, 0, 6, integer=True)
    edges: int = _within(8, 0, 100, integer=True)


@dataclass(frozen=True, slots=True)
class Preset:
    """How one search ranks: how the channels read and fuse (the fields below), then a settings object per
    rule (see each class), and the walk through the graph a context takes (``walk``).

    * ``channels``: each channel's weight in the fusion (a channel not named, or weighted 0, does not run);
    * ``rrf_k``: the rank constant of reciprocal-rank fusion (larger flattens the head of each list; a small
      one keeps each list's head decisive on small corpora);
    * ``bm25_b``: BM25's length normalisation (0: none, 1: full; 0.75 is the textbook value): a chat's long
      turns are where things are told, its short ones mostly react;
    * ``fetch``: the most matches one lookup returns per kind (full-text statistics are exact below it),
      of which the ``depth`` best are read and ranked (with a small ``rrf_k`` a record deep in both lists
      fuses to as much as one halfway down one list: deep tails add weak agreement, not evidence);
    * ``history``: keep what no longer holds at ``valid_at`` (superseded, corrected, retracted rows and
      retracted episodes) instead of dropping it, and run none of the rules that rank what holds first
      (topics, corrections, stale);
    * ``name_free_vectors``: embed the question without the names of the speakers it names
      (:func:`~._speakers.without_names`): full text and the speaker rule match names; in a query vector a
      name pulls toward short turns that are little more than names;
    * ``name_only_facts``: keep fact rows full text found by the name of their subject alone (when the
      question has other words: :func:`~._channels.beyond_subject`);
    * ``cue_chars``: the longest message whose cues (a question mark, a correction word) the asking, answer
      and correction rules read as marking it whole (:mod:`._cues`; 0: any length). The length of one embedded
      part of a message (``PART_CHARS``): a chat turn is one, a long message several.
    """

    name: str
    channels: Mapping[str, float]
    rrf_k: int = _within(10, 1, integer=True)
    bm25_b: float = _share(0.5)
    fetch: int = _within(1000, 1, integer=True)
    depth: int = _within(60, 1, integer=True)
    history: bool = False
    name_free_vectors: bool = True
    name_only_facts: bool = False
    cue_chars: int = _within(1000, 0, integer=True)
    window: WindowSettings = WindowSettings()
    recency: RecencySettings = RecencySettings()
    importance: ImportanceSettings = ImportanceSettings()
    speaker: SpeakerSettings = SpeakerSettings()
    asking: AskingSettings = AskingSettings()
    answers: AnswerSettings = AnswerSettings()
    latest: LatestSettings = LatestSettings()
    topics: TopicSettings = TopicSettings()
    corrections: CorrectionSettings = CorrectionSettings()
    slots: SlotSettings = SlotSettings()
    stale: StaleSettings = StaleSettings()
    walk: WalkSettings = WalkSettings()
    extra: Mapping[str, float] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.window.intent not in ("boost", "filter", "ignore"):
            raise ConfigError(
                f"preset {self.name!r}: window.intent={self.window.intent!r}; use boost, filter or ignore"
            )
        for name, weight in self.channels.items():
            if not _number(weight) or weight < 0:
                raise ConfigError(f"preset {self.name!r}: channel {name!r} weighs {weight!r}; use a number >= 0")
        for name, value, (low, high, low_open, integer) in _ranged(self):
            fits = (isinstance(value, int) and not isinstance(value, bool)) if integer else _number(value)
            if not fits or value < low or value > high or (low_open and value == low):
                raise ConfigError(
                    f"preset {self.name!r}: {name}={value!r}; use {_describe(low, high, low_open, integer)}"
                )


def _ranged(settings: object, prefix: str = "") -> Iterator[tuple[str, Any, tuple[float, float, bool, bool]]]:
    """Every field of ``settings`` with a declared range, settings objects' fields by dotted name."""
    for f in dataclasses.fields(settings):  # type: ignore[arg-type]
        value = getattr(settings, f.name)
        if "range" in f.metadata:
            yield prefix + f.name, value, f.metadata["range"]
        elif dataclasses.is_dataclass(value) and not isinstance(value, type):
            yield from _ranged(value, f"{prefix}{f.name}.")


def _number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)


def _describe(low: float, high: float, low_open: bool, integer: bool) -> str:
    kind = "an integer" if integer else "a number"
    if high == math.inf:
        return f"{kind} {'>' if low_open else '>='} {low:g}"
    return f"{kind} in {'(' if low_open else '['}{low:g}, {high:g}]"


def _frozen(weights: dict[str, float]) -> Mapping[str, float]:
    return MappingProxyType(weights)


# Full text and vectors weigh the same: neither channel's rank is better evidence than the other's. The support
# list (episodes citing matching facts) and the graph channel only run in "facts": the offline extractor's facts
# often match a question by the speaker's name alone and then outvote the best full-text match, and facts about
# a person rank that person's older statements too. A channel that cannot run (vectors without an embedder)
# adds nothing.
_DEFAULT = {"fulltext": 1.0, "vector": 1.0}
_TIMELESS, _FLAT = WindowSettings(intent="ignore"), LatestSettings(boost=0.0)

#: The named presets. ``default``: time-correct full text and vectors; ``history``: the same, keeping what
#: no longer holds; ``facts``: adds the episodes that support matching facts and the graph channel;
#: ``recent``: favours what happened lately; ``text``: BM25 alone and ``vector``: vectors alone, no time
#: rules (baselines).
PRESETS: Mapping[str, Preset] = MappingProxyType(
    {
        "default": Preset("default", _frozen(dict(_DEFAULT))),
        "history": Preset("history", _frozen(dict(_DEFAULT)), history=True),
        "facts": Preset("facts", _frozen({**_DEFAULT, "support": 0.3, "graph": 0.3})),
        "recent": Preset("recent", _frozen(dict(_DEFAULT)), recency=RecencySettings(weight=0.5, half_life_days=30.0)),
        "text": Preset("text", _frozen({"fulltext": 1.0}), window=_TIMELESS, latest=LatestSettings(0.0), history=True),
        "vector": Preset(
            "vector", _frozen({"vector": 1.0}), window=_TIMELESS, latest=LatestSettings(0.0), history=True
        ),
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
