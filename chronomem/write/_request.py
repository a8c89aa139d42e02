"""The one request type of every fact write, and its validation.

:class:`FactRecord` is what a caller asks for (``assert_fact``, ``correct``, ``retract`` and
``bulk_assert`` all build them); :func:`check_records` turns records into :class:`Checked` requests with
names checked and times in microseconds, refusing the first bad one with an
:class:`~chronomem.errors.InvalidInput` that says what to fix. Nothing here touches storage.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from typing import NamedTuple

from .._names import check_identifier
from .._time import to_us
from .._values import JSON, Entity, Episode, Interval, Kind, Modality, Reason
from ..errors import InvalidValue
from ._checks import check_entity_name, check_how, check_target

__all__ = ["Checked", "FactRecord", "check_record", "check_records"]


class FactRecord(NamedTuple):  # a tuple: one is built per write, and it is cheaper to build than a frozen dataclass
    """One fact write; the fields mean what :meth:`Memory.assert_fact`'s arguments do.

    Give exactly one of ``object`` (an entity name, id or :class:`Entity`: an edge) or ``value`` (JSON: an
    attribute); a retraction (``reason=Reason.RETRACTION``) may give neither and ends whatever the slot
    holds. ``reason`` says why what the record replaces ends: the world changed (supersession), it was
    wrong (correction), or it no longer holds (retraction).

    >>> FactRecord("Alice", "lives_in", "Berlin")
    FactRecord(subject='Alice', predicate='lives_in', object='Berlin', ...)
    """

    subject: str | Entity
    predicate: str
    object: str | Entity | None = None
    value: JSON = None
    valid_from: datetime | None = None
    valid_to: datetime | None = None
    kind: str = Kind.FACT
    modality: str = Modality.ASSERTED
    confidence: float = 1.0
    episode: str | Episode | None = None
    multi: bool | None = None
    reason: Reason = Reason.SUPERSESSION

    def __repr__(self) -> str:  # keeps the doctest above short
        return f"FactRecord(subject={self.subject!r}, predicate={self.predicate!r}, object={self.object!r}, ...)"


class Checked(NamedTuple):  # a tuple: built once per record, and cheaper to build than a frozen dataclass
    """A validated :class:`FactRecord`: entity references as checked names or ids, times as microseconds."""

    subject: str
    predicate: str
    object: str | None
    value: JSON
    start: int | None
    end: int | None
    portion: Interval | None  # [start, end) when start is given: shared by the records that name it
    episode: str | None
    record: FactRecord

    @property
    def retraction(self) -> bool:
        return self.record.reason == Reason.RETRACTION


_REASONS = (Reason.SUPERSESSION, Reason.CORRECTION, Reason.RETRACTION)


class _Direct:
    """Each part checked as it comes: one record, nothing to remember."""

    def predicate(self, name: object) -> None:
        check_identifier(name, "predicate")

    def name(self, ref: str | Entity) -> str:
        return ref.id if isinstance(ref, Entity) else check_entity_name(ref)

    def time(self, dt: datetime, what: str) -> int:
        return to_us(dt, name=what)

    def interval(self, start: int, end: int | None) -> Interval:
        return Interval(start, end)


class _Seen(_Direct):
    """What repeats across records (predicates, names, times, intervals) is checked once per distinct
    value: a bulk load repeats the same few values across many records."""

    def __init__(self) -> None:
        self.predicates: set[str] = set()
        self.names: dict[str, str] = {}
        self.times: dict[datetime, int] = {}
        self.intervals: dict[tuple[int, int | None], Interval] = {}

    def predicate(self, name: object) -> None:
        if type(name) is not str or name not in self.predicates:
            self.predicates.add(check_identifier(name, "predicate"))

    def name(self, ref: str | Entity) -> str:
        found = self.names.get(ref) if type(ref) is str else None
        if found is None:
            found = super().name(ref)
            if type(ref) is str:
                self.names[ref] = found
        return found

    def time(self, dt: datetime, what: str) -> int:
        # Equal aware datetimes are the same instant; a naive one never equals an aware one, so it is checked.
        found = self.times.get(dt) if type(dt) is datetime and dt.tzinfo is not None else None
        if found is None:
            found = to_us(dt, name=what)
            self.times[dt] = found
        return found

    def interval(self, start: int, end: int | None) -> Interval:
        found = self.intervals.get((start, end))
        if found is None:
            found = self.intervals[(start, end)] = Interval(start, end)
        return found


_DIRECT = _Direct()


def check_records(records: Iterable[FactRecord], namespace: str | None = None) -> list[Checked]:
    """Validate every record (an :class:`Entity` or :class:`Episode` in it must be of ``namespace`` when
    given); raises on the first bad one (see the module docstring)."""
    seen = _Seen()
    return [_check(r, seen, namespace) for r in records]


def check_record(record: FactRecord, namespace: str | None = None) -> Checked:
    """:func:`check_records` for one record."""
    return _check(record, _DIRECT, namespace)


def _check(r: FactRecord, seen: _Direct, namespace: str | None) -> Checked:
    if not isinstance(r, FactRecord):
        raise InvalidValue(f"expected FactRecord items, got {type(r).__name__}")
    if namespace is not None:
        for part in (r.subject, r.object, r.episode):
            if isinstance(part, Entity | Episode) and part.namespace != namespace:
                raise InvalidValue(
                    f"{type(part).__name__.lower()} {part.id!r} is of namespace {part.namespace!r}, not "
                    f"{namespace!r}; pass its name, or use the memory of its namespace"
                )
    seen.predicate(r.predicate)
    if r.reason not in _REASONS:
        raise InvalidValue(f"reason={r.reason!r}; a fact write is one of {[x.value for x in _REASONS]}")
    check_target(r.object, r.value, required=r.reason != Reason.RETRACTION)
    check_how(r.kind, r.modality, r.confidence)
    if r.multi is not None and not isinstance(r.multi, bool):
        raise InvalidValue(f"multi={r.multi!r}; use True, False or None (the predicate's recorded cardinality)")
    start = None if r.valid_from is None else seen.time(r.valid_from, "valid_from")
    end = None if r.valid_to is None else seen.time(r.valid_to, "valid_to")
    portion = None if start is None else seen.interval(start, end)
    episode = r.episode.id if isinstance(r.episode, Episode) else r.episode
    if episode is not None:
        check_identifier(episode, "episode id")
    obj = None if r.object is None else seen.name(r.object)
    return Checked(seen.name(r.subject), r.predicate, obj, r.value, start, end, portion, episode, r)
