"""The rule of :mod:`chronomem._changes` on hand-made rows: a value that goes on across two rows is no change."""

from __future__ import annotations

from chronomem._changes import system_changes, valid_changes
from chronomem._values import Fact, Interval


def _row(row_id: int, obj: str | None, valid: tuple[int, int | None], recorded: tuple[int, int | None]) -> Fact:
    value = None if obj is not None else {"n": row_id}
    return Fact(row_id, "ns", "ann", "lives_in", obj, value, Interval(*valid), Interval(*recorded))


def test_a_value_that_goes_on_across_two_rows_neither_ends_nor_begins_where_they_meet() -> None:
    rows = [
        _row(1, "paris", (10, 20), (1, None)),
        _row(2, "paris", (20, 30), (1, None)),
        _row(3, "rome", (30, None), (2, None)),
    ]
    got = [(c.at, c.action, c.fact.object) for c in valid_changes(rows, 0, 100)]
    assert got == [(10, "began", "paris"), (30, "ended", "paris"), (30, "began", "rome")]


def test_valid_changes_keep_the_period_open_below_and_closed_above() -> None:
    rows = [_row(1, "paris", (10, 20), (1, None)), _row(2, "rome", (20, None), (1, None))]
    assert [c.action for c in valid_changes(rows, 10, 20)] == ["ended", "began"]
    assert valid_changes(rows, 20, 25) == []


def test_attribute_values_are_told_apart_by_their_json() -> None:
    rows = [_row(1, None, (10, 20), (1, None)), _row(2, None, (20, None), (1, None))]  # {"n": 1} then {"n": 2}
    assert [(c.at, c.action) for c in valid_changes(rows, 0, 100)] == [(10, "began"), (20, "ended"), (20, "began")]


def test_system_changes_put_an_ending_before_a_beginning_at_one_instant() -> None:
    rows = [
        _row(1, "paris", (10, None), (1, 5)),
        _row(2, "paris", (10, 20), (5, None)),
        _row(3, "rome", (20, None), (5, None)),
    ]
    got = [(c.at, c.action, c.fact.row_id) for c in system_changes(rows, 0, 10)]
    assert got == [(1, "learned", 1), (5, "unlearned", 1), (5, "learned", 2), (5, "learned", 3)]
    assert [c.fact.row_id for c in system_changes(rows, 1, 4)] == []
