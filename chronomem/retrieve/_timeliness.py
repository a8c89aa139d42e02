"""Time-correctness as pure rules: which fact rows hold at the question's point, and how an episode whose
facts no longer hold ranks against one that supports what holds (issue #12: "time-correct by default")."""

from __future__ import annotations

from collections.abc import Iterable, MutableMapping
from dataclasses import dataclass

from .._values import Fact
from ._fusion import Scored
from ._hits import EPISODE, Key

__all__ = ["Point", "demote_stale", "holds"]

#: What a fact is about, for this rule: its subject and predicate (a slot up to the object of a multi one).
Topic = tuple[str, str]
_BELOW = 0.999


@dataclass(frozen=True, slots=True)
class Point:
    """The question's point in time: ``valid_at`` in the world, ``as_of`` in the store; ``window`` (UTC µs,
    ``None`` = open) widens ``valid_at`` to a period when the question names one."""

    valid_at: int
    as_of: int
    window: tuple[int | None, int | None] | None = None


def holds(fact: Fact, point: Point) -> bool:
    """Whether ``fact`` (read as of ``point.as_of``) holds at the point: it is still believed as of then and
    its valid time contains ``valid_at``, or overlaps the window when there is one."""
    if fact.recorded.start > point.as_of or (fact.recorded.end is not None and fact.recorded.end <= point.as_of):
        return False
    v = fact.valid
    if point.window is None:
        return v.start <= point.valid_at and (v.end is None or point.valid_at < v.end)
    lo, hi = point.window
    return (hi is None or v.start < hi) and (v.end is None or lo is None or lo < v.end)


def demote_stale(scored: MutableMapping[Key, Scored], facts: Iterable[tuple[Fact, bool]], factor: float) -> None:
    """Rerank episodes by what their query-relevant facts say. ``facts`` are the fact rows the query
    matched, best match first, each with whether it holds.

    An episode is *stale* when no row about the subject and predicate of the best-matching fact that cites
    it holds any more (it said what was since superseded, corrected or retracted). A stale episode's score
    is multiplied by ``factor``, and it is put just below every episode that supports a holding fact about
    the same subject and predicate: what no longer holds never outranks what holds. Episodes no matched
    fact cites are left alone.

    >>> from chronomem._values import Interval
    >>> old = Fact(1, "n", "alice", "lives_in", "berlin", None, Interval(0, 5), Interval(1, None), episodes=("e1",))
    >>> new = Fact(2, "n", "alice", "lives_in", "paris", None, Interval(5, None), Interval(2, None), episodes=("e2",))
    >>> s = {("episode", "e1"): Scored(1.0), ("episode", "e2"): Scored(0.1)}
    >>> demote_stale(s, [(old, False), (new, True)], factor=0.5)
    >>> s[("episode", "e1")].score < s[("episode", "e2")].score
    True
    """
    first: dict[str, Topic] = {}
    alive: set[tuple[str, Topic]] = set()
    holding: dict[Topic, float] = {}
    for fact, ok in facts:
        topic = (fact.subject, fact.predicate)
        for ep in fact.episodes:
            first.setdefault(ep, topic)
            if ok:
                alive.add((ep, topic))
                s = scored.get((EPISODE, ep))
                if s is not None:
                    holding[topic] = max(holding.get(topic, 0.0), s.score)
    for ep, topic in first.items():
        s = scored.get((EPISODE, ep))
        if (ep, topic) in alive or s is None or s.score <= 0:
            continue
        before = s.score
        s.score *= factor
        if topic in holding:
            s.score = min(s.score, holding[topic] * _BELOW)
        s.parts["stale"] = s.score / before
