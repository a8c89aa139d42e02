"""Time-correctness as pure rules: which fact rows hold at the question's point, and how an episode whose
facts no longer hold ranks against one that supports what holds. A search is time-correct by default: what
no longer holds is dropped or ranked below what holds unless a preset keeps history."""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping, MutableMapping
from dataclasses import dataclass

from .._values import Fact
from ._fusion import Scored
from ._hits import EPISODE, Key

__all__ = ["Point", "Topic", "demote_stale", "holds_at", "subject_predicate"]

#: What a fact is about, for this rule: its slot, as a tuple of strings (see :func:`subject_predicate`).
Topic = tuple[str, ...]
_BELOW = 0.999


@dataclass(frozen=True, slots=True)
class Point:
    """The question's point in time: ``valid_at`` in the world, ``as_of`` in the store; ``window`` (UTC µs,
    ``None`` = open) widens ``valid_at`` to a period when the question names one."""

    valid_at: int
    as_of: int
    window: tuple[int | None, int | None] | None = None


def holds_at(fact: Fact, point: Point) -> bool:
    """Whether ``fact`` (read as of ``point.as_of``) holds at the point: it is still believed as of then and
    its valid time contains ``valid_at``, or overlaps the window when there is one."""
    if fact.recorded.start > point.as_of or (fact.recorded.end is not None and fact.recorded.end <= point.as_of):
        return False
    v = fact.valid
    if point.window is None:
        return v.start <= point.valid_at and (v.end is None or point.valid_at < v.end)
    lo, hi = point.window
    return (hi is None or v.start < hi) and (v.end is None or lo is None or lo < v.end)


def subject_predicate(fact: Fact) -> Topic:
    """A single-valued fact's topic: its subject and predicate."""
    return (fact.subject, fact.predicate)


def demote_stale(
    scored: MutableMapping[Key, Scored],
    rows: Iterable[tuple[Fact, bool]],
    held: Collection[Topic],
    factor: float,
    focus: Mapping[str, Topic] | None = None,
    topic_of: Callable[[Fact], Topic] | None = None,
) -> None:
    """Rerank episodes by whether what they said was superseded. ``rows`` are the fact rows the episodes
    support, each with whether it holds at the question's point; ``held`` the topics (subject, predicate)
    on which some row holds there; ``focus`` maps an episode to the topic of the fact that best matched
    the query among those it supports, when there is one. A row's topic is ``topic_of(row)``: by default
    its subject and predicate; for a multi-valued predicate (likes, attended) pass one that adds the
    object, so that one liking does not supersede another.

    An episode is *stale* when, on its focus (else on every topic it spoke of), none of its rows holds but
    another row does: what it said was superseded or corrected. (A past event or an ended plan that nothing
    replaced is history, not stale.) A stale episode's score is multiplied by ``factor`` and put just
    below every episode that supports a holding row on the same topic: what no longer holds never outranks
    what holds. Episodes no row cites are left alone.

    >>> from chronomem._values import Interval
    >>> old = Fact(1, "n", "alice", "lives_in", "berlin", None, Interval(0, 5), Interval(1, None), episodes=("e1",))
    >>> new = Fact(2, "n", "alice", "lives_in", "paris", None, Interval(5, None), Interval(2, None), episodes=("e2",))
    >>> s = {("episode", "e1"): Scored(1.0), ("episode", "e2"): Scored(0.1)}
    >>> demote_stale(s, [(old, False), (new, True)], {("alice", "lives_in")}, factor=0.5)
    >>> s[("episode", "e1")].score < s[("episode", "e2")].score
    True
    """
    said: dict[str, set[Topic]] = {}
    alive: dict[str, set[Topic]] = {}
    best: dict[Topic, float] = {}
    topic_of = topic_of or subject_predicate
    for fact, ok in rows:
        topic = topic_of(fact)
        for ep in fact.episodes:
            said.setdefault(ep, set()).add(topic)
            if ok:
                alive.setdefault(ep, set()).add(topic)
                s = scored.get((EPISODE, ep))
                if s is not None:
                    best[topic] = max(best.get(topic, 0.0), s.score)
    focus = focus or {}
    for ep, topics in said.items():
        s = scored.get((EPISODE, ep))
        on = focus.get(ep)
        relevant = {on} if on in topics else topics
        if s is None or s.score <= 0 or relevant & alive.get(ep, set()) or not relevant & set(held):
            continue
        before = s.score
        s.score *= factor
        caps = [best[t] * _BELOW for t in relevant if t in best]
        if caps:
            s.score = min(s.score, *caps)
        s.parts["stale"] = s.score / before
