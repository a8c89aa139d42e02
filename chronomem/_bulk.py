"""Bulk loading: many assertions, the same cutting rule as one-by-one asserts, few transactions.

Each record goes through :func:`~chronomem._bitemporal.plan_write` against its slot's current rows,
exactly as :meth:`Memory.assert_fact` would. Records are grouped into *rounds*: round ``k`` holds the
``k``-th record of every slot, so a slot is written at most once per transaction and every record
sees the rows its predecessors left. The rows stored are those of one-by-one asserts in input order;
only the system times differ (one per transaction instead of one per record).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, NamedTuple

from ._bitemporal import Claim, NewRow, Plan, plan_write
from ._claims import MISSING, check_entity_name, check_how, check_target
from ._model import JSON, Entity, Interval, Kind, Modality, Reason
from ._names import check_identifier, slot_key
from ._time import now_us, to_us
from .errors import Conflict, InvalidInterval, InvalidValue, NotFound
from .types import Txn

if TYPE_CHECKING:
    from ._memory import Memory

__all__ = ["FactRecord", "bulk_assert"]


@dataclass(frozen=True, slots=True)
class FactRecord:
    """One assertion for :meth:`Memory.bulk_assert`; the fields mean what :meth:`Memory.assert_fact`'s do.

    Give exactly one of ``object`` (an entity name or id: an edge) or ``value`` (JSON: an attribute).

    >>> FactRecord("Alice", "lives_in", "Berlin")
    FactRecord(subject='Alice', predicate='lives_in', object='Berlin', value=None, ...)
    """

    subject: str
    predicate: str
    object: str | None = None
    value: JSON = None
    valid_from: datetime | None = None
    valid_to: datetime | None = None
    kind: str = Kind.FACT
    modality: str = Modality.ASSERTED
    confidence: float = 1.0
    episode: str | None = None
    multi: bool | None = None
    correction: bool = False

    def __repr__(self) -> str:  # keeps the doctest above short
        return f"FactRecord(subject={self.subject!r}, predicate={self.predicate!r}, object={self.object!r}, ...)"


class _Checked(NamedTuple):  # a tuple: built once per record, ~4x cheaper than a frozen dataclass
    subject: str
    predicate: str
    object: str | None
    value: JSON
    start: int | None
    end: int | None
    portion: Interval | None  # [start, end) when start is given: shared by the records that name it
    record: FactRecord


@dataclass(frozen=True, slots=True)
class _Resolved:
    entities: dict[str, Entity]
    multi: dict[str, bool]
    occurred: dict[str, int]


def _check(mem: Memory, records: Iterable[FactRecord]) -> list[_Checked]:
    """Validate every record as :meth:`Memory.assert_fact` would. What repeats across records
    (predicates, names, times) is checked once per distinct value: a bulk-load hot spot (issue #2)."""
    out: list[_Checked] = []
    preds: set[str] = set()
    names: dict[str, str] = {}
    times: dict[datetime, int] = {}
    intervals: dict[tuple[int, int | None], Interval] = {}
    for r in records:
        if not isinstance(r, FactRecord):
            raise InvalidValue(f"bulk_assert() takes FactRecord items, got {type(r).__name__}")
        value = MISSING if r.value is None else r.value
        if type(r.predicate) is not str or r.predicate not in preds:
            preds.add(check_identifier(r.predicate, "predicate"))
        check_target(r.object, value)
        check_how(r.kind, r.modality, r.confidence)
        start = None if r.valid_from is None else _time(times, r.valid_from, "valid_from")
        end = None if r.valid_to is None else _time(times, r.valid_to, "valid_to")
        portion = None
        if start is not None:
            portion = intervals.get((start, end))
            if portion is None:
                portion = intervals[(start, end)] = Interval(start, end)
        obj = None if r.object is None else _name(names, r.object)
        out.append(_Checked(_name(names, r.subject), r.predicate, obj, r.value, start, end, portion, r))
    return out


def _name(seen: dict[str, str], name: str) -> str:
    found = seen.get(name) if type(name) is str else None
    if found is None:
        found = check_entity_name(name)
        seen[name] = found
    return found


def _time(seen: dict[datetime, int], dt: datetime, what: str) -> int:
    # Equal aware datetimes are the same instant; a naive one never equals an aware one, so it is checked.
    found = seen.get(dt) if type(dt) is datetime and dt.tzinfo is not None else None
    if found is None:
        found = to_us(dt, name=what)
        seen[dt] = found
    return found


def _resolve(mem: Memory, txn: Txn, checked: list[_Checked]) -> _Resolved:
    """Entities (created when new), predicate cardinalities and episode times, in record order."""
    from ._memory import DEFAULT_MULTI_VALUED

    res = _Resolved({}, {}, {})
    for c in checked:
        for name in (c.subject, c.object):
            if name is not None and name not in res.entities:
                res.entities[name] = mem._upsert(txn, name)
        ep = c.record.episode
        if ep is not None and ep not in res.occurred:
            found = txn.episode(ep)
            if found is None:
                raise NotFound(f"no episode {ep!r} in namespace {mem.namespace!r}; add_episode() it first")
            res.occurred[ep] = found.occurred_at
        multi = c.record.multi
        if c.predicate not in res.multi:
            default = c.predicate in DEFAULT_MULTI_VALUED if multi is None else multi
            res.multi[c.predicate] = txn.predicate(c.predicate, default)
        if multi is not None and multi != res.multi[c.predicate]:
            kind = "multi" if res.multi[c.predicate] else "single"
            raise Conflict(f"predicate {c.predicate!r} is {kind}-valued here")
        if c.start is None and c.end is not None and c.end <= res.occurred.get(ep or "", now_us()):
            raise InvalidInterval(f"valid_to={c.record.valid_to} is before the default valid_from; give valid_from")
    return res


_Item = tuple[str, Claim, Interval | None, int | None, str | None, Reason]


def _rounds(checked: list[_Checked], res: _Resolved) -> list[list[_Item]]:
    rounds: list[list[_Item]] = []
    seen: dict[str, int] = {}
    for c in checked:
        sub = res.entities[c.subject].id
        obj = None if c.object is None else res.entities[c.object].id
        value = None if obj is not None else c.value
        slot = slot_key(sub, c.predicate, obj, value, multi=res.multi[c.predicate])
        k = seen.get(slot, 0)
        seen[slot] = k + 1
        if k == len(rounds):
            rounds.append([])
        r = c.record
        claim = Claim(sub, c.predicate, obj, value, r.kind, r.modality, float(r.confidence))
        reason = Reason.CORRECTION if r.correction else Reason.SUPERSESSION
        rounds[k].append((slot, claim, c.portion, c.end, r.episode, reason))
    return rounds


def bulk_assert(mem: Memory, records: Iterable[FactRecord], batch: int) -> int:
    """See :meth:`Memory.bulk_assert`."""
    if not isinstance(batch, int) or batch < 1:
        raise InvalidValue(f"batch={batch!r}; use a positive integer")
    checked = _check(mem, records)
    if not checked:
        return 0
    res = mem.engine.write(mem.namespace, lambda txn: _resolve(mem, txn, checked))
    inserted = 0
    for items in _rounds(checked, res):
        for i in range(0, len(items), batch):
            chunk = items[i : i + batch]
            inserted += mem.engine.write(mem.namespace, lambda txn, chunk=chunk: _apply(txn, chunk, res))  # type: ignore[misc]
    return inserted


def _apply(txn: Txn, chunk: list[_Item], res: _Resolved) -> int:
    current = txn.current_many([item[0] for item in chunk])
    plans: list[tuple[str, Plan]] = []
    for slot, claim, portion, end, ep, reason in chunk:
        if portion is None:
            portion = Interval(txn.tx if ep is None else res.occurred[ep], end)
        rows = current[slot]
        if not rows:  # the common case of a load: nothing to cut, so the plan is the new row
            plans.append((slot, Plan(insert=(NewRow(claim, portion, (ep,) if ep else ()),))))
            continue
        plan = plan_write(rows, portion, claim, ep, reason)
        if not plan.empty or plan.links:
            plans.append((slot, plan))
    return txn.apply_many(plans) if plans else 0
