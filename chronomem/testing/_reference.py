"""The bitemporal write rule's reference cases, to the letter: the nine cases of :data:`REFERENCE_CASES` for
assert and retract, no churn, the three-row default-portion update, and as-of reads."""

from __future__ import annotations

import pytest

from .._memory import Memory
from ._base import EngineFixtures, Row, at, row_of
from ._clock import ManualClock

__all__ = ["REFERENCE_CASES", "ReferenceCases"]

INF = None
ORIGINAL: Row = ("A", 10, 20, 1, INF)
CLOSED: Row = ("A", 10, 20, 1, 5)

#: name -> (portion [a, b), every row of the slot after asserting B over it at system time 5).
REFERENCE_CASES: dict[str, tuple[tuple[int, int], list[Row]]] = {
    "before, apart": ((0, 5), [ORIGINAL, ("B", 0, 5, 5, INF)]),
    "touches before": ((0, 10), [ORIGINAL, ("B", 0, 10, 5, INF)]),
    "starts before, overlaps": ((5, 15), [CLOSED, ("A", 15, 20, 5, INF), ("B", 5, 15, 5, INF)]),
    "starts equally": ((10, 15), [CLOSED, ("A", 15, 20, 5, INF), ("B", 10, 15, 5, INF)]),
    "inside": ((12, 18), [CLOSED, ("A", 10, 12, 5, INF), ("A", 18, 20, 5, INF), ("B", 12, 18, 5, INF)]),
    "covers": ((5, 25), [CLOSED, ("B", 5, 25, 5, INF)]),
    "ends equally": ((15, 20), [CLOSED, ("A", 10, 15, 5, INF), ("B", 15, 20, 5, INF)]),
    "ends after": ((15, 25), [CLOSED, ("A", 10, 15, 5, INF), ("B", 15, 25, 5, INF)]),
    "touches after": ((20, 30), [ORIGINAL, ("B", 20, 30, 5, INF)]),
}
CASE_NAMES = list(REFERENCE_CASES)
FORMS = ["attribute", "edge"]


def _write(mem: Memory, form: str, value: str | None, a: int, b: int | None) -> int:
    """Assert ``value`` (or retract, when None) on the slot ``s.p`` over ``[a, b)``; returns the system time."""
    valid_to = None if b is None else at(b)
    if value is None:
        return mem.retract("s", "p", valid_from=at(a), valid_to=valid_to).tx
    if form == "edge":
        return mem.assert_fact("s", "p", value, valid_from=at(a), valid_to=valid_to).tx
    return mem.assert_fact("s", "p", value=value, valid_from=at(a), valid_to=valid_to).tx


def _rows(mem: Memory) -> list[Row]:
    rows = [row_of(f) for f in mem.audit("s", "p")]
    return sorted(rows, key=lambda r: (str(r[0]), r[1], r[3]))


def _expected(rows: list[Row], form: str) -> list[Row]:
    if form == "edge":
        rows = [(str(r[0]).lower(), *r[1:]) for r in rows]  # entity ids are slugs: "A" -> "a"
    return sorted(rows, key=lambda r: (str(r[0]), r[1], r[3]))


def _setup(mem: Memory, clock: ManualClock, form: str) -> None:
    clock.set(1)
    tx = _write(mem, form, "A", 10, 20)
    assert tx == 1, f"the first write got system time {tx}; the engine must take it from the injected clock"
    assert _rows(mem) == _expected([ORIGINAL], form)
    clock.set(5)


def _value_at(mem: Memory, valid: int, as_of: int) -> str | None:
    fact = mem.value("s", "p", valid_at=at(valid), as_of=at(as_of))
    if fact is None:
        return None
    return fact.object if fact.object is not None else str(fact.value)


class ReferenceCases(EngineFixtures):
    """Existing row: A valid [10, 20) recorded [1, ∞); at system time 5, assert B (or retract) over [a, b)."""

    @pytest.mark.parametrize("form", FORMS)
    @pytest.mark.parametrize("case", CASE_NAMES)
    def test_assert_reference_case(self, mem: Memory, clock: ManualClock, case: str, form: str) -> None:
        (a, b), expected = REFERENCE_CASES[case]
        _setup(mem, clock, form)
        assert _write(mem, form, "B", a, b) == 5
        assert _rows(mem) == _expected(expected, form)

    @pytest.mark.parametrize("form", FORMS)
    @pytest.mark.parametrize("case", CASE_NAMES)
    def test_retract_reference_case(self, mem: Memory, clock: ManualClock, case: str, form: str) -> None:
        (a, b), expected = REFERENCE_CASES[case]
        _setup(mem, clock, form)
        _write(mem, form, None, a, b)
        assert _rows(mem) == _expected([r for r in expected if r[0] != "B"], form)

    @pytest.mark.parametrize("case", CASE_NAMES)
    def test_as_of_reads_see_each_belief(self, mem: Memory, clock: ManualClock, case: str) -> None:
        (a, b), _ = REFERENCE_CASES[case]
        _setup(mem, clock, "attribute")
        _write(mem, "attribute", "B", a, b)
        for valid in range(-2, 32):
            before = "A" if 10 <= valid < 20 else None
            after = "B" if a <= valid < b else before
            assert _value_at(mem, valid, 3) == before, f"as of 3, valid {valid}"
            assert _value_at(mem, valid, 4) == before, f"as of 4, valid {valid}"
            assert _value_at(mem, valid, 5) == after, f"as of 5, valid {valid}"
            assert _value_at(mem, valid, 6) == after, f"as of 6, valid {valid}"
            assert _value_at(mem, valid, 0) is None, f"as of 0 nothing was known (valid {valid})"

    def test_inside_as_of_3_and_6(self, mem: Memory, clock: ManualClock) -> None:
        _setup(mem, clock, "attribute")
        _write(mem, "attribute", "B", 12, 18)
        assert _value_at(mem, 12, 3) == "A"
        assert _value_at(mem, 12, 6) == "B"

    @pytest.mark.parametrize("portion", [(10, 20), (12, 18), (10, 15), (15, 20)])
    def test_reasserting_the_value_writes_no_row(
        self, mem: Memory, clock: ManualClock, portion: tuple[int, int]
    ) -> None:
        clock.set(1)
        e1 = mem.add_episode("s p is A", occurred_at=at(10), id="e1")
        mem.assert_fact("s", "p", value="A", valid_from=at(10), valid_to=at(20), episode=e1)
        e2 = mem.add_episode("s p is A, again", occurred_at=at(12), id="e2")
        clock.set(5)
        result = mem.assert_fact("s", "p", value="A", valid_from=at(portion[0]), valid_to=at(portion[1]), episode=e2)
        assert not result.changed
        rows = mem.audit("s", "p")
        assert [row_of(f) for f in rows] == [("A", 10, 20, 2, INF)]
        assert rows[0].episodes == ("e1", "e2")
        again = mem.assert_fact("s", "p", value="A", valid_from=at(portion[0]), valid_to=at(portion[1]), episode=e2)
        assert not again.changed and [f.episodes for f in mem.audit("s", "p")] == [("e1", "e2")]

    def test_reasserting_over_adjacent_rows_holding_the_value_writes_no_row(
        self, mem: Memory, clock: ManualClock
    ) -> None:
        clock.set(1)
        _write(mem, "attribute", "A", 10, 20)
        _write(mem, "attribute", "A", 20, 30)
        before = _rows(mem)
        assert before == [("A", 10, 20, 1, INF), ("A", 20, 30, 2, INF)]
        assert not mem.assert_fact("s", "p", value="A", valid_from=at(15), valid_to=at(25)).changed
        assert _rows(mem) == before

    def test_update_with_the_default_portion_leaves_three_rows(self, mem: Memory, clock: ManualClock) -> None:
        t1, t2 = 100, 200
        clock.set(t1)
        assert mem.assert_fact("s", "p", value="A").tx == t1
        clock.set(t2)
        assert mem.assert_fact("s", "p", value="B").tx == t2
        assert _rows(mem) == [("A", t1, INF, t1, t2), ("A", t1, t2, t2, INF), ("B", t2, INF, t2, INF)]

    def test_default_portion_starts_at_the_episode_time(self, mem: Memory, clock: ManualClock) -> None:
        clock.set(50)
        ep = mem.add_episode("from 7 on, s p is A", occurred_at=at(7), id="e7")
        mem.assert_fact("s", "p", value="A", episode=ep)
        assert _rows(mem) == [("A", 7, INF, 51, INF)]
