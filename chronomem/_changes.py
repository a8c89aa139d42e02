"""What changed about an entity over a period, on either time axis, from the rows that touch it: pure
functions over fact rows, so the rule is plain to read and test.

* **System time** (``axis="system"``): what the store learned (a row began to be believed) or unlearned (a row
  stopped being believed) in ``(since, until]``: :class:`~chronomem.Change` ``learned`` / ``unlearned`` at the
  system time it happened, as :meth:`chronomem.Memory.changes` reports namespace-wide.
* **Valid time** (``axis="valid"``): what began or ended to hold in the world in ``(since, until]``, as the
  store believes at one system time: ``began`` at a row's valid start, ``ended`` at its valid end. A value that
  goes on across two rows (a row cut where support changed, the rest re-inserted) neither ends nor begins
  where they meet: "Ann lives in Paris from March; Ann lives in Paris from May" is one change, in March.
"""

from __future__ import annotations

from collections.abc import Iterable

from ._values import Change, Fact, canonical_json

__all__ = ["AXES", "system_changes", "valid_changes"]

#: The time axes a change is read on.
AXES = ("system", "valid")


def system_changes(rows: Iterable[Fact], since: int, until: int) -> list[Change]:
    """What ``rows`` (every row ever recorded, e.g. an audit) say the store learned and unlearned in
    ``(since, until]``, by system time, an ending before a beginning at the same instant."""
    out = []
    for f in rows:
        if since < f.recorded.start <= until:
            out.append(Change(f.recorded.start, "learned", f))
        end = f.recorded.end
        if end is not None and since < end <= until:
            out.append(Change(end, "unlearned", f))
    return _ordered(out)


def valid_changes(rows: Iterable[Fact], since: int, until: int) -> list[Change]:
    """What ``rows`` (the rows believed at one system time) say began and ended to hold in ``(since, until]``,
    by valid time; a value that goes on from one row into the next of the same slot makes no change there."""
    believed = list(rows)
    starts = {(_value_key(f), f.valid.start) for f in believed}
    ends = {(_value_key(f), f.valid.end) for f in believed if f.valid.end is not None}
    out = []
    for f in believed:
        key = _value_key(f)
        if since < f.valid.start <= until and (key, f.valid.start) not in ends:
            out.append(Change(f.valid.start, "began", f))
        end = f.valid.end
        if end is not None and since < end <= until and (key, end) not in starts:
            out.append(Change(end, "ended", f))
    return _ordered(out)


def _value_key(f: Fact) -> tuple[str, str, str]:
    return (f.subject, f.predicate, f.object if f.object is not None else "=" + canonical_json(f.value))


def _ordered(changes: list[Change]) -> list[Change]:
    first = {"unlearned": 0, "ended": 0}
    return sorted(changes, key=lambda ch: (ch.at, first.get(ch.action, 1), ch.fact.row_id))
