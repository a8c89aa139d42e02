"""Allen's interval algebra over half-open UTC intervals, and what is built on it: conflicts between planned
events, time-ordered timelines, gaps between events and "just before" causal candidates.

An open end (``end=None``) is +infinity. A mention with an open start is -infinity on that side.
:func:`relation`, :func:`overlaps`, :func:`gap` and :func:`possible_relations` take any :class:`Span` (an int
``start`` and an int-or-None ``end`` in UTC microseconds): the labelled :class:`Interval` here and the core
:class:`chronomem.Interval` alike.
For vague intervals, :func:`possible_relations` returns every relation the endpoints' uncertainty allows:
one relation means it is certain, several mean "one of these".
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import timedelta
from enum import StrEnum
from itertools import product
from typing import Protocol

from .._time import MAX_US, MIN_US
from ._values import Interval, Mention

__all__ = [
    "Relation",
    "Span",
    "causal_candidates",
    "conflicts",
    "converse",
    "gap",
    "overlaps",
    "possible_relations",
    "relation",
    "timeline",
]


class Span(Protocol):
    """Anything with a half-open ``[start, end)`` in UTC microseconds, ``end=None`` open-ended."""

    @property
    def start(self) -> int: ...

    @property
    def end(self) -> int | None: ...


class Relation(StrEnum):
    """Allen's 13 relations of interval A to interval B (A ``before`` B: A ends before B starts)."""

    BEFORE = "before"
    MEETS = "meets"
    OVERLAPS = "overlaps"
    STARTS = "starts"
    DURING = "during"
    FINISHES = "finishes"
    EQUALS = "equals"
    FINISHED_BY = "finished_by"
    CONTAINS = "contains"
    STARTED_BY = "started_by"
    OVERLAPPED_BY = "overlapped_by"
    MET_BY = "met_by"
    AFTER = "after"


_CONVERSE = {
    Relation.BEFORE: Relation.AFTER,
    Relation.MEETS: Relation.MET_BY,
    Relation.OVERLAPS: Relation.OVERLAPPED_BY,
    Relation.STARTS: Relation.STARTED_BY,
    Relation.DURING: Relation.CONTAINS,
    Relation.FINISHES: Relation.FINISHED_BY,
    Relation.EQUALS: Relation.EQUALS,
}
_CONVERSE.update({v: k for k, v in list(_CONVERSE.items())})
_DISJOINT = frozenset({Relation.BEFORE, Relation.MEETS, Relation.MET_BY, Relation.AFTER})


def converse(r: Relation) -> Relation:
    """The relation of B to A when A stands in ``r`` to B (before <-> after, during <-> contains, ...)."""
    return _CONVERSE[r]


def _end(x: Span) -> int:
    return MAX_US + 1 if x.end is None else x.end


def _relate(s1: int, e1: int, s2: int, e2: int) -> Relation:
    if e1 < s2:
        return Relation.BEFORE
    if e1 == s2:
        return Relation.MEETS
    if e2 < s1:
        return Relation.AFTER
    if e2 == s1:
        return Relation.MET_BY
    if s1 == s2:
        return Relation.EQUALS if e1 == e2 else (Relation.STARTS if e1 < e2 else Relation.STARTED_BY)
    if e1 == e2:
        return Relation.FINISHES if s1 > s2 else Relation.FINISHED_BY
    if s1 < s2:
        return Relation.CONTAINS if e1 > e2 else Relation.OVERLAPS
    return Relation.DURING if e1 < e2 else Relation.OVERLAPPED_BY


def relation(a: Span, b: Span) -> Relation:
    """The one Allen relation of ``a`` to ``b``.

    >>> relation(Interval(0, 10), Interval(10, 20))
    <Relation.MEETS: 'meets'>
    """
    return _relate(a.start, _end(a), b.start, _end(b))


def overlaps(a: Span, b: Span) -> bool:
    """True when ``a`` and ``b`` share at least one instant (any relation but before/meets/met_by/after)."""
    return relation(a, b) not in _DISJOINT


def _bounds(x: Span | Mention) -> tuple[tuple[int, int], tuple[int, int]]:
    """((earliest start, latest start), (earliest end, latest end))."""
    if not isinstance(x, Mention):
        return (x.start, x.start), (_end(x), _end(x))
    start = MIN_US if x.start is None else x.start
    end = MAX_US + 1 if x.end is None else x.end
    if x.uncertainty is None:
        return (start, start), (end, end)
    lo, hi = x.uncertainty
    return (min(lo, start), start), (end, max(hi, end))


def possible_relations(a: Span | Mention, b: Span | Mention) -> frozenset[Relation]:
    """Every relation ``a`` may have to ``b`` when each endpoint may lie anywhere in its uncertainty range
    (a :class:`Mention`'s ``uncertainty``). Exact intervals give exactly ``{relation(a, b)}``."""
    ra, rb = _bounds(a), _bounds(b)
    points = [p for rng in (*ra, *rb) for p in rng]

    def candidates(rng: tuple[int, int]) -> set[int]:
        lo, hi = rng
        return {lo, hi} | {p for p in points if lo <= p <= hi}

    found: set[Relation] = set()
    for s1, e1, s2, e2 in product(candidates(ra[0]), candidates(ra[1]), candidates(rb[0]), candidates(rb[1])):
        if s1 < e1 and s2 < e2:
            found.add(_relate(s1, e1, s2, e2))
    return frozenset(found)


def timeline(events: Iterable[Interval]) -> list[Interval]:
    """Events in time order: by start, then end (open ends last), then label."""
    return sorted(events, key=lambda x: (x.start, _end(x), x.label))


def conflicts(events: Sequence[Interval]) -> list[tuple[Interval, Interval]]:
    """Pairs of events that overlap in time (two plans at once), each pair in timeline order.

    A sweep over the start-sorted events: O(n log n + number of conflicts).
    """
    ordered = timeline(events)
    active: list[Interval] = []
    out: list[tuple[Interval, Interval]] = []
    for ev in ordered:
        active = [a for a in active if _end(a) > ev.start]
        out.extend((a, ev) for a in active)
        active.append(ev)
    return out


def gap(a: Span, b: Span) -> timedelta | None:
    """Time from the end of ``a`` to the start of ``b``; negative when they overlap, None if ``a`` is open."""
    if a.end is None:
        return None
    return timedelta(microseconds=b.start - a.end)


def causal_candidates(events: Sequence[Interval], within: timedelta) -> list[tuple[Interval, Interval]]:
    """Pairs (A, B) where A ends at most ``within`` before B starts.

    These are *candidates* for "A led to B", not facts."""
    limit = within // timedelta(microseconds=1)
    ordered = timeline(events)
    out = []
    for i, a in enumerate(ordered):
        if a.end is None:
            continue
        for b in ordered[i + 1 :]:
            if b.start - a.end > limit:
                break
            if 0 <= b.start - a.end <= limit:
                out.append((a, b))
    return out
