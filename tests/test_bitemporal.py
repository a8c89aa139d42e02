"""Pure tests of the cutting rule (``chronomem._bitemporal``): assert and retract over a portion, no engine."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from itertools import pairwise

import pytest
from hypothesis import given
from hypothesis import strategies as st

from chronomem._bitemporal import Held, Plan, SlotValue, intersect, plan_merge, plan_write
from chronomem._values import Fact, Interval, Reason
from chronomem.testing import REFERENCE_CASES

INF = None
TX = 5


def claim(value: str) -> SlotValue:
    return SlotValue("s", "p", None, value, "fact", "asserted")


def fact(row_id: int, value: str, start: int, end: int | None, episodes: tuple[str, ...] = ()) -> Fact:
    return Fact(row_id, "ns", "s", "p", None, value, Interval(start, end), Interval(1), episodes=episodes)


def held(rows: Sequence[Fact]) -> list[Held]:
    """Rows as a write reads them: each supported by its episodes over its whole valid time."""
    return [Held(r, tuple((e, r.valid) for e in r.episodes)) for r in rows]


def apply(rows: Sequence[Fact], plan: Plan, tx: int = TX) -> list[Fact]:
    """The slot's current rows after ``plan``, the way an engine would execute it."""
    extra: dict[int, set[str]] = {}
    for rid, ep, _ in plan.support:
        extra.setdefault(rid, set()).add(ep)
    kept = [
        replace(r, episodes=tuple(sorted({*r.episodes, *extra[r.row_id]}))) if r.row_id in extra else r
        for r in rows
        if r.row_id not in plan.close
    ]
    first = max((r.row_id for r in rows), default=0) + 1
    new = [
        Fact(first + i, "ns", "s", "p", None, n.claim.value, n.valid, Interval(tx), episodes=n.episodes)
        for i, n in enumerate(plan.insert)
    ]
    return sorted(kept + new, key=lambda r: r.valid.start)


def view(rows: Sequence[Fact]) -> list[tuple[object, int, int | None]]:
    return sorted(((r.value, r.valid.start, r.valid.end) for r in rows), key=lambda x: (x[1], str(x[0])))


def value_at(rows: Sequence[Fact], t: int) -> object:
    hits = [r.value for r in rows if r.valid.contains(t)]
    assert len(hits) <= 1, f"rows overlap at {t}: {hits}"
    return hits[0] if hits else None


def assert_disjoint(rows: Sequence[Fact]) -> None:
    ordered = sorted(rows, key=lambda r: r.valid.start)
    for a, b in pairwise(ordered):
        assert not a.valid.overlaps(b.valid), f"{a.valid} overlaps {b.valid}"


# -- the reference cases, on values ------------------------------------------------------------------
ORIGINAL = fact(1, "A", 10, 20)


@pytest.mark.parametrize("case", list(REFERENCE_CASES))
@pytest.mark.parametrize("value", ["B", None])
def test_reference_case(case: str, value: str | None) -> None:
    (a, b), expected = REFERENCE_CASES[case]
    plan = plan_write(held([ORIGINAL]), Interval(a, b), None if value is None else claim(value))
    closed = any(r[4] == 5 for r in expected)
    assert plan.close == ((1,) if closed else ())
    inserted = sorted((n.claim.value, n.valid.start, n.valid.end, TX, INF) for n in plan.insert)
    assert inserted == sorted(r for r in expected if r[3] == TX and (value is not None or r[0] != "B"))


def test_leftovers_link_to_their_source_and_the_new_row_says_why() -> None:
    plan = plan_write(held([ORIGINAL]), Interval(12, 18), claim("B"), reason=Reason.CORRECTION)
    values = [(n.claim.value, n.valid.start) for n in plan.insert]
    assert values == [("A", 10), ("B", 12), ("A", 18)]
    assert sorted(plan.links, key=str) == sorted(
        [(1, 0, Reason.LEFTOVER), (1, 2, Reason.LEFTOVER), (1, 1, Reason.CORRECTION)], key=str
    )


def test_retract_links_say_retraction_and_point_nowhere() -> None:
    plan = plan_write(held([ORIGINAL]), Interval(5, 25), None)
    assert plan.insert == () and plan.links == ((1, None, Reason.RETRACTION),)


def test_retract_of_nothing_is_an_empty_plan() -> None:
    assert plan_write(held([ORIGINAL]), Interval(20, 30), None) == Plan()
    assert plan_write(held([]), Interval(0, None), None).empty


def test_reassert_adds_support_only_over_the_portion() -> None:
    row = fact(1, "A", 10, 20, ("e1",))
    assert plan_write(held([row]), Interval(12, 18), claim("A"), "e2") == Plan(support=((1, "e2", Interval(12, 18)),))
    assert plan_write(held([row]), Interval(12, 18), claim("A")) == Plan()


def test_reassert_over_adjacent_rows_holding_the_value_adds_support_to_each() -> None:
    rows = [fact(1, "A", 10, 20, ("e1",)), fact(2, "A", 20, None, ("e2",))]
    assert plan_write(held(rows), Interval(15, 25), claim("A"), "e2") == Plan(
        support=((1, "e2", Interval(15, 20)), (2, "e2", Interval(20, 25)))
    )
    assert plan_write(held(rows), Interval(15, None), claim("A"), "e3") == Plan(
        support=((1, "e3", Interval(15, 20)), (2, "e3", Interval(20)))
    )


def test_leftovers_and_the_same_claim_carry_their_support_clipped() -> None:
    rows = [fact(1, "A", 0, 10, ("e1",)), fact(2, "B", 10, 20, ("e2",))]
    plan = plan_write(held(rows), Interval(5, 15), claim("A"), "e3")
    # the leftovers keep their rows' support; the new row keeps e1's over the part where A already held
    assert [(n.claim.value, n.valid, n.support) for n in plan.insert] == [
        ("A", Interval(0, 5), (("e1", Interval(0, 5)),)),
        ("A", Interval(5, 15), (("e3", Interval(5, 15)), ("e1", Interval(5, 10)))),
        ("B", Interval(15, 20), (("e2", Interval(15, 20)),)),
    ]


def test_reassert_over_a_gap_or_past_the_end_cuts() -> None:
    gap = [fact(1, "A", 10, 20), fact(2, "A", 21, 30)]
    assert plan_write(held(gap), Interval(15, 25), claim("A")).close == (1, 2)
    assert plan_write(held([ORIGINAL]), Interval(15, 25), claim("A")).close == (1,)
    assert plan_write(held([ORIGINAL]), Interval(15, None), claim("A")).close == (1,)


def test_another_modality_is_another_claim() -> None:
    planned = SlotValue("s", "p", None, "A", "plan", "planned")
    assert plan_write(held([ORIGINAL]), Interval(12, 18), planned).close == (1,)


def test_intersect() -> None:
    assert intersect(Interval(0, 10), Interval(5, None)) == Interval(5, 10)
    assert intersect(Interval(0, 10), Interval(10, 20)) is None
    assert intersect(Interval(0), Interval(3)) == Interval(3)


# -- properties ---------------------------------------------------------------------------------------------
VALUES = ["A", "B", "C"]


@st.composite
def slots(draw: st.DrawFn) -> list[Fact]:
    """Current rows of one slot: disjoint intervals on 0..40 with gaps, the last maybe open-ended."""
    cuts = sorted(draw(st.sets(st.integers(0, 40), max_size=8)))
    rows: list[Fact] = []
    for i, (a, b) in enumerate(pairwise(cuts)):
        if draw(st.booleans()):
            rows.append(fact(i + 1, draw(st.sampled_from(VALUES)), a, b, (f"e{i}",)))
    if cuts and draw(st.booleans()):
        rows.append(fact(len(cuts) + 1, draw(st.sampled_from(VALUES)), cuts[-1], None, ("open",)))
    return rows


@st.composite
def portions(draw: st.DrawFn) -> Interval:
    a = draw(st.integers(-2, 42))
    length = draw(st.one_of(st.none(), st.integers(1, 20)))
    return Interval(a, None if length is None else a + length)


POINTS = range(-3, 70)


@given(slots(), portions(), st.one_of(st.none(), st.sampled_from(VALUES)))
def test_a_write_changes_exactly_the_portion(rows: list[Fact], portion: Interval, value: str | None) -> None:
    plan = plan_write(held(rows), portion, None if value is None else claim(value), "new")
    after = apply(rows, plan)
    assert_disjoint(after)
    for t in POINTS:
        expected = value if portion.contains(t) else value_at(rows, t)
        assert value_at(after, t) == expected, f"at {t}"


@given(slots(), portions(), st.one_of(st.none(), st.sampled_from(VALUES)))
def test_inserted_rows_tile_the_closed_rows_and_the_portion(
    rows: list[Fact], portion: Interval, value: str | None
) -> None:
    plan = plan_write(held(rows), portion, None if value is None else claim(value), "new")
    closed = [r for r in rows if r.row_id in plan.close]
    if not closed and (value is None or not plan.insert):
        return  # nothing overlapped a retraction, or the value already held: nothing to tile
    inserted = [n.valid for n in plan.insert]
    for a, b in pairwise(sorted(inserted, key=lambda i: i.start)):
        assert not a.overlaps(b), f"inserted rows {a} and {b} overlap"
    for t in POINTS:
        in_closed = any(r.valid.contains(t) for r in closed)
        covered = sum(i.contains(t) for i in inserted)
        want = (in_closed and not portion.contains(t)) or (value is not None and portion.contains(t))
        assert covered == int(want), f"at {t}: covered {covered} times, want {int(want)}"
    assert {r.row_id for r in rows if r.valid.overlaps(portion)} == set(plan.close)
    for n in plan.insert:
        assert n.valid == portion or not n.valid.overlaps(portion), "a leftover reaches into the portion"


@given(slots(), portions(), st.sampled_from(VALUES))
def test_reasserting_is_idempotent(rows: list[Fact], portion: Interval, value: str) -> None:
    after = apply(rows, plan_write(held(rows), portion, claim(value), "e"))
    same = plan_write(held(after), portion, claim(value), "e")
    assert same.close == () and same.insert == ()
    again = plan_write(held(after), portion, claim(value), "other")
    assert again.close == () and again.insert == () and again.support


def test_merge_joins_the_same_claim_that_overlaps_or_touches() -> None:
    current = [fact(1, "A", 10, 20, ("e1",)), fact(2, "A", 40, None, ("e2",))]
    moved = [fact(7, "A", 20, 30, ("e7",)), fact(8, "A", 35, 50, ("e8",))]
    plan, clashes = plan_merge(held(moved), held(current))
    assert clashes == []
    after = apply([*current, *moved], plan)
    assert view(after) == [("A", 10, 30), ("A", 35, None)]
    assert [r.episodes for r in after] == [("e1", "e7"), ("e2", "e8")]
    assert set(plan.close) == {1, 2, 7, 8} and {why for _, _, why in plan.links} == {Reason.MERGE}


def test_merge_keeps_a_contradiction_out_and_leaves_what_nothing_joins() -> None:
    current = [fact(1, "A", 10, 20), fact(2, "B", 30, None)]
    moved = [fact(7, "C", 15, 25), fact(8, "D", 20, 30)]
    plan, clashes = plan_merge(held(moved), held(current))
    assert [(m.row_id, against) for m, against in clashes] == [(7, (1,))]
    assert (7, None, Reason.MERGE) in plan.links
    after = apply([*current, *moved], plan)
    assert view(after) == [("A", 10, 20), ("D", 20, 30), ("B", 30, None)]
    assert_disjoint(after)


@given(slots(), slots())
def test_merge_never_leaves_overlapping_rows(current: list[Fact], other: list[Fact]) -> None:
    moved = [replace(r, row_id=r.row_id + 1000) for r in other]
    plan, clashes = plan_merge(held(moved), held(current))
    after = apply([*current, *moved], plan)
    assert_disjoint(after)
    kept_out = {m.row_id for m, _ in clashes}
    for m in moved:  # each moved row is either kept out as a clash or held over its whole valid time
        assert m.row_id in kept_out or all(
            value_at(after, t) == m.value for t in (m.valid.start, (m.valid.end or 10**6) - 1)
        )
