"""Corrections at retrieval time, as a pure rule: a later statement that corrects an earlier one ranks just
above it.

People correct themselves in words, often in the next message and without a slot the extractor could fill:
"Actually I did the loop on Thursday, not Wednesday", "不对不对，富春那边订满了，改订了冶春", "休假我改主意了，不去
青岛了". Such a correction has two marks that hold in any conversation: a **cue** that it revises something
(:data:`CORRECTION_CUES`: "actually", "instead", "…, not X", "不对", "改成", "换成", "改主意"), and a **shared
word** with the statement it revises, since it names what changed ("Wednesday", "富春", "青岛") or what it is
about ("reservoir loop"). A correction may share no word with the question ("the 15th, same time" for "when
was the first lesson"), so the topic rule (:mod:`._topics`), which groups by the question's words, misses it.

A correction revises what was said in the same conversation (a session, or without sessions the same
hour), or what its own speaker said in an earlier one: people change their own minds days later
("休假我改主意了，不去青岛了", a session after "去趟青岛"). Across sessions only the same speaker's: from anyone,
unrelated messages that merely said "actually" and shared a date or a noun would rise (:func:`may_revise`).
So among the episodes found, a correction said after a leading episode, that may revise it and was said by the
question's time, and that shares a rare word with it takes that episode's score, and the episode goes just
below (nothing is dropped). A question about
the past ("used to", "以前") wants what was said first: the rule does not run for it.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Collection, Hashable, Mapping, MutableMapping, Sequence
from typing import TypeVar

from .._values import Episode
from ..text import CHAR_MARK, EN_QUERY_STOPWORDS, ZH_QUERY_STOPWORDS
from ..text._normalise import has_han
from ._cues import cue_marks
from ._fusion import Scored
from ._hits import Key
from ._ranking import Ranking
from ._topics import asks_past, sharing

__all__ = ["CORRECTION_CUES", "content_words", "correction_rule", "corrections_first", "is_correction", "may_revise"]

K = TypeVar("K", bound=Hashable)

#: Words that mark a statement as revising an earlier one, in English and in Chinese: two patterns, so that a
#: text is only scanned for its own script's cues (half the time of one pattern for both; every episode a
#: search finds is asked).
CORRECTION_CUES = (
    re.compile(
        r"\b(actually|instead|correction|i meant|scratch that|changed? (?:my|our|his|her|their) minds?|"
        r"turns? out|no longer|after all|rather than|re-?scheduled|postponed|put (?:it )?off|"
        r"cancel(?:l)?(?:ed|ing)|moved (?:it )?to|switched to|changed (?:it )?to)\b"
        r"|,\s*not\s+\w+"
    ),
    re.compile(
        "不对|说错|搞错|记错|弄错|更正|改成|改为|改到|改订|改期|改了|改主意|换成|换到|换了|其实|取消|推迟|延期|提前到|不去了|而是"
    ),
)
_BELOW = 0.999
_HOUR_US = 3_600_000_000
_STOPWORDS = EN_QUERY_STOPWORDS | ZH_QUERY_STOPWORDS


def correction_rule(ranking: Ranking) -> None:
    """Apply :func:`corrections_first` to the ``corrections.depth`` leading episodes, with every episode found as
    a possible correction, by the end of the window the question names, else by ``valid_at``; not for a
    question about the past (:func:`~._topics.asks_past`; ``history`` or ``corrections.share`` 0: off)."""
    settings, request, scored = ranking.preset.corrections, ranking.request, ranking.scored
    window = request.window
    if ranking.preset.history or settings.share <= 0 or (window is None and asks_past(request.text)):
        return
    episodes = {k: item for k, item in ranking.found.items.items() if k in scored and isinstance(item, Episode)}
    lead = sorted(episodes, key=lambda k: (-scored[k].score, k))[: settings.depth]
    limit = ranking.preset.cue_chars
    corrections = [k for k, e in episodes.items() if cue_marks(e.content, limit) and is_correction(e.content)]
    if not lead or not corrections:
        return
    reference = window[1] if window is not None and window[1] is not None else request.point.valid_at
    times = {k: e.occurred_at for k, e in episodes.items()}
    same = sharing({k: content_words(ranking.episode_terms(k)) for k in episodes}, settings.share)

    def related(a: Key, b: Key) -> bool:  # one may revise the other, and they share a rare word
        return may_revise(episodes[a], episodes[b]) and same(a, b)

    corrections_first(scored, lead, corrections, times, reference, related)


@functools.lru_cache(maxsize=20_000)
def content_words(terms: frozenset[str]) -> frozenset[str]:
    """Content words among an episode's terms: no character terms, no stop-words, Chinese words of two
    characters or more, others of three.

    >>> sorted(content_words(frozenset({"the", "loop", "on", "thursday", "#冶", "冶春"})))
    ['loop', 'thursday', '冶春']
    """
    return frozenset(
        w for w in terms if not w.startswith(CHAR_MARK) and w not in _STOPWORDS and len(w) >= (3 if w.isascii() else 2)
    )


@functools.lru_cache(maxsize=20_000)
def is_correction(text: str) -> bool:
    """Whether ``text`` carries a correction cue (:data:`CORRECTION_CUES`). Cached: an episode's text never
    changes, and every episode a search finds is asked.

    >>> is_correction("Actually I did it on Thursday, not Wednesday."), is_correction("I did it on Thursday.")
    (True, False)
    >>> is_correction("不对不对，富春那边订满了"), is_correction("富春那边订好了")
    (True, False)
    """
    latin, chinese = CORRECTION_CUES
    return latin.search(text.lower()) is not None or (has_han(text) and chinese.search(text) is not None)


def may_revise(old: Episode, new: Episode) -> bool:
    """Whether ``new`` is in a position to revise ``old``: both said in one session, or by one speaker in any
    of them; without sessions, within the hour.

    >>> a = Episode("a", "n", "去趟青岛。", 0, 0, speaker="陈宇航", session="s6")
    >>> may_revise(a, Episode("b", "n", "我改主意了。", 9, 0, speaker="陈宇航", session="s7"))
    True
    >>> may_revise(a, Episode("c", "n", "其实青岛很冷。", 9, 0, speaker="王敏", session="s7"))
    False
    """
    if old.session is None and new.session is None:
        return abs(new.occurred_at - old.occurred_at) <= _HOUR_US
    return old.session == new.session or (old.speaker is not None and old.speaker == new.speaker)


def corrections_first(
    scored: MutableMapping[K, Scored],
    lead: Sequence[K],
    corrections: Collection[K],
    times: Mapping[K, int],
    reference: int,
    related: Callable[[K, K], bool],
) -> None:
    """For each episode of ``lead`` (best first), the latest of ``corrections`` said after it and by
    ``reference`` that is ``related`` to it (same conversation, a rare word in common: see the module
    docstring) takes its score, and it goes just below (explanation: ``"correction"``, the factor each score
    changed by). Each correction and each episode moves once.

    >>> s = {"old": Scored(1.0), "new": Scored(0.2), "other": Scored(0.5)}
    >>> t = {"old": 1, "new": 2, "other": 0}
    >>> corrections_first(s, ["old", "other"], {"new"}, t, 10, lambda a, b: {a, b} == {"old", "new"})
    >>> sorted(s, key=lambda k: -s[k].score)
    ['new', 'old', 'other']
    """
    moved: set[K] = set()
    for old in lead:
        if old in moved or old not in times:
            continue
        later = [
            c
            for c in corrections
            if c not in moved and c in times and times[old] < times[c] <= reference and related(old, c)
        ]
        if not later:
            continue
        new = max(later, key=lambda c: (times[c], scored[c].score))
        top = scored[old].score
        if scored[new].score >= top:
            continue
        _set(scored[new], top)
        _set(scored[old], top * _BELOW)
        moved |= {old, new}


def _set(s: Scored, score: float) -> None:
    if s.score > 0:
        s.parts["correction"] = s.parts.get("correction", 1.0) * score / s.score
    s.score = score
