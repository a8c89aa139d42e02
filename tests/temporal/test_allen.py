"""Allen's interval algebra: properties (Hypothesis) and worked examples."""

from __future__ import annotations

from datetime import timedelta
from itertools import pairwise

import pytest
from hypothesis import given
from hypothesis import strategies as st

from chronomem.errors import InvalidInterval
from chronomem.temporal import (
    Interval,
    Mention,
    Relation,
    causal_candidates,
    conflicts,
    converse,
    gap,
    overlaps,
    possible_relations,
    relation,
    timeline,
)
from chronomem.temporal._values import Grain, Shape


@st.composite
def intervals(draw: st.DrawFn, open_end: bool = True) -> Interval:
    start = draw(st.integers(0, 40))
    if open_end and draw(st.booleans()) and draw(st.booleans()):
        return Interval(start, None)
    return Interval(start, start + draw(st.integers(1, 20)))


INF = 10**9


def textbook(a: Interval, b: Interval) -> list[Relation]:
    """The 13 definitions written out independently, one predicate each."""
    s1, e1 = a.start, INF if a.end is None else a.end
    s2, e2 = b.start, INF if b.end is None else b.end
    table = {
        Relation.BEFORE: e1 < s2,
        Relation.MEETS: e1 == s2,
        Relation.OVERLAPS: s1 < s2 < e1 < e2,
        Relation.STARTS: s1 == s2 and e1 < e2,
        Relation.DURING: s2 < s1 and e1 < e2,
        Relation.FINISHES: s2 < s1 and e1 == e2,
        Relation.EQUALS: s1 == s2 and e1 == e2,
        Relation.FINISHED_BY: s1 < s2 and e1 == e2,
        Relation.CONTAINS: s1 < s2 and e2 < e1,
        Relation.STARTED_BY: s1 == s2 and e2 < e1,
        Relation.OVERLAPPED_BY: s2 < s1 < e2 < e1,
        Relation.MET_BY: e2 == s1,
        Relation.AFTER: e2 < s1,
    }
    return [r for r, holds in table.items() if holds]


@given(intervals(), intervals())
def test_exactly_one_relation_holds(a: Interval, b: Interval) -> None:
    assert textbook(a, b) == [relation(a, b)]


@given(intervals(), intervals())
def test_converse_relations_agree(a: Interval, b: Interval) -> None:
    assert relation(b, a) == converse(relation(a, b))


@given(intervals())
def test_interval_equals_itself(a: Interval) -> None:
    assert relation(a, a) is Relation.EQUALS


def test_converse_is_an_involution() -> None:
    assert len(set(Relation)) == 13
    for r in Relation:
        assert converse(converse(r)) is r


@given(intervals(open_end=False), intervals(open_end=False))
def test_exact_intervals_have_one_possible_relation(a: Interval, b: Interval) -> None:
    assert possible_relations(a, b) == {relation(a, b)}


def _mention(start: int, end: int, lo: int, hi: int) -> Mention:
    return Mention("x", (0, 1), start, end, Grain.DAY, Shape.INSTANT, (lo, hi))


@given(st.integers(0, 30), st.integers(1, 10), st.integers(0, 5), st.integers(0, 5), intervals(open_end=False))
def test_vague_relations_include_the_core_relation(s: int, n: int, slack_lo: int, slack_hi: int, b: Interval) -> None:
    m = _mention(s, s + n, s - slack_lo, s + n + slack_hi)
    rels = possible_relations(m, b)
    assert relation(Interval(s, s + n), b) in rels
    assert {converse(r) for r in rels} == possible_relations(b, m)


def test_vague_relation_example() -> None:
    # a vague interval whose start may lie in [5, 10] and end in [11, 13], against [8, 9)
    vague = _mention(10, 11, 5, 13)
    rels = possible_relations(vague, Interval(8, 9))
    assert rels == {Relation.AFTER, Relation.MET_BY, Relation.STARTED_BY, Relation.CONTAINS}
    assert Relation.AFTER in possible_relations(_mention(10, 11, 10, 11), Interval(8, 9))


@given(st.lists(intervals(), max_size=12))
def test_conflicts_match_brute_force(events: list[Interval]) -> None:
    found = {(id(a), id(b)) for a, b in conflicts(events)}
    found |= {(j, i) for i, j in found}
    brute = {(id(a), id(b)) for i, a in enumerate(events) for b in events[i + 1 :] if overlaps(a, b)}
    assert {p for p in brute if p[0] != p[1]} <= found
    assert all(overlaps(a, b) for a, b in conflicts(events))
    assert len(conflicts(events)) == len([1 for i, a in enumerate(events) for b in events[i + 1 :] if overlaps(a, b)])


@given(st.lists(intervals(), max_size=12))
def test_timeline_is_sorted_permutation(events: list[Interval]) -> None:
    ordered = timeline(events)
    assert sorted(map(id, ordered)) == sorted(map(id, events))
    assert all(a.start <= b.start for a, b in pairwise(ordered))


def test_two_plans_at_once() -> None:
    dentist = Interval(100, 200, "dentist")
    meeting = Interval(150, 250, "meeting")
    lunch = Interval(250, 300, "lunch")
    assert conflicts([lunch, meeting, dentist]) == [(dentist, meeting)]
    assert relation(meeting, lunch) is Relation.MEETS
    assert not overlaps(meeting, lunch)


def test_gap_and_causal_candidates() -> None:
    cold = Interval(0, 10, "caught a cold")
    sick_leave = Interval(12, 20, "sick leave")
    trip = Interval(1000, 1010, "trip")
    assert gap(cold, sick_leave) == timedelta(microseconds=2)
    assert gap(sick_leave, cold) == timedelta(microseconds=-20)
    assert gap(Interval(0, None), trip) is None
    assert causal_candidates([trip, sick_leave, cold], timedelta(microseconds=5)) == [(cold, sick_leave)]


def test_empty_or_inverted_interval_is_refused() -> None:
    with pytest.raises(InvalidInterval, match="end must come after"):
        Interval(5, 5)


def test_core_intervals_are_spans_too() -> None:
    import chronomem

    a, b = chronomem.Interval(0, 10), chronomem.Interval(10, None)
    assert relation(a, b) is Relation.MEETS
    assert relation(a, Interval(5, 20, "labelled")) is Relation.OVERLAPS
    assert not overlaps(a, b)
    assert gap(a, b) == timedelta(0)
    assert possible_relations(a, _mention(2, 3, 0, 4)) == {Relation.CONTAINS, Relation.STARTED_BY}
