"""The bitemporal cutting rule, as pure functions: stored rows + a statement -> a plan.

This is DESIGN §3 ("FOR PORTION OF" on a graph). Engines execute a :class:`Plan` atomically and never
decide anything themselves. Rows are never changed, only closed in system time (``recorded.end`` set
to the transaction time) and new rows inserted. Each write is also kept as a statement (:class:`Said`),
from which :mod:`chronomem._support` derives what undoing a source leaves.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from itertools import pairwise

from ._values import JSON, Fact, Interval, Reason, canonical_json

__all__ = [
    "DIRECT", "NewRow", "Op", "Plan", "Said", "SlotValue", "Support", "claim_key", "claim_of", "holds", "intersect",
    "plan_merge", "plan_write", "same_claim",
]  # fmt: skip


@dataclass(frozen=True, slots=True)
class SlotValue:
    """What is asserted about a slot, without its times: the value and how it is held."""

    subject: str
    predicate: str
    object: str | None
    value: JSON
    kind: str
    modality: str
    confidence: float = 1.0


#: An episode supporting a row over part of its valid time: ``(episode id, interval)``.
Support = tuple[str, Interval]

#: The source of a write that cites no episode: the application. It is never retracted.
DIRECT = ""


class Op(StrEnum):
    """What a statement does over its portion (see :mod:`chronomem._support`)."""

    ASSERT = "assert"  # the claim holds: it overrides another value, or adds its source to the same one
    RETRACT = "retract"  # nothing holds (the value named, for a multi-valued slot)
    JOIN = "join"  # an entity merge brings the claim in: it adds to the same value or fills a gap, never overrides
    LEAVE = "leave"  # an entity merge takes the merged entity's claim out over its portion (only that claim)


@dataclass(frozen=True, slots=True)
class Said:
    """One statement about a slot: ``source`` (an episode id, or ``""`` for the application) did ``op`` with
    ``claim`` (``None`` for a retraction that names no value) over ``valid``. ``(tx, seq)`` orders them
    (set by the engine when stored); ``merge`` is the system time of the entity merge that made it."""

    source: str
    op: Op
    claim: SlotValue | None
    valid: Interval
    tx: int = 0
    seq: int = 0
    merge: int | None = None


@dataclass(frozen=True, slots=True)
class NewRow:
    """A row to insert: a claim over a valid interval, supported by episodes over parts of it."""

    claim: SlotValue
    valid: Interval
    support: tuple[Support, ...] = ()

    @property
    def episodes(self) -> tuple[str, ...]:
        """The episodes among its sources (not the application)."""
        return tuple(sorted({e for e, _ in self.support if e != DIRECT}))


@dataclass(frozen=True, slots=True)
class Plan:
    """What one write does to one slot.

    ``links`` are ``(closed row id, index into insert or None, reason)``; ``support`` adds
    ``(row id, episode, interval)`` to existing rows; ``unsupport`` withdraws all of an episode's support
    of a row ``(row id, episode)``; ``carry`` copies a closed row's support, clipped to an interval, to
    an inserted row ``(row id, index into insert, interval)``; ``said`` are the statements to keep.
    """

    close: tuple[int, ...] = ()
    insert: tuple[NewRow, ...] = ()
    links: tuple[tuple[int, int | None, str], ...] = ()
    support: tuple[tuple[int, str, Interval], ...] = ()
    unsupport: tuple[tuple[int, str], ...] = ()
    carry: tuple[tuple[int, int, Interval], ...] = ()
    said: tuple[Said, ...] = ()

    @property
    def empty(self) -> bool:
        return not (self.close or self.insert or self.support or self.unsupport or self.said)


def claim_of(row: Fact) -> SlotValue:
    return SlotValue(row.subject, row.predicate, row.object, row.value, row.kind, row.modality, row.confidence)


def same_claim(row: Fact | SlotValue, claim: SlotValue) -> bool:
    """Same value, held the same way. Confidence does not count: re-stating adds support, not a row."""
    return (
        row.object == claim.object
        and row.kind == claim.kind
        and row.modality == claim.modality
        and (row.object is not None or _same_value(row.value, claim.value))
    )


def claim_key(row: Fact | SlotValue) -> tuple[object, ...]:
    """What :func:`same_claim` compares, as a hashable key (a slot's subject and predicate are its own)."""
    value = None if row.object is not None else canonical_json(row.value)
    return (row.object, value, row.kind, row.modality)


def _same_value(a: JSON, b: JSON) -> bool:
    if type(a) is type(b) and type(a) in (int, str):  # the common scalars: equal exactly when their JSON is
        return a == b
    return canonical_json(a) == canonical_json(b)


def intersect(a: Interval, b: Interval) -> Interval | None:
    start = max(a.start, b.start)
    ends = [e for e in (a.end, b.end) if e is not None]
    end = min(ends) if ends else None
    if end is not None and end <= start:
        return None
    return Interval(start, end)


def plan_write(
    current: Sequence[Fact],
    portion: Interval,
    claim: SlotValue | None,
    episode: str | None = None,
    reason: Reason = Reason.SUPERSESSION,
) -> Plan:
    """Assert ``claim`` (or retract, when ``claim is None``) over ``portion`` of one slot.

    ``current`` are the slot's rows believed now; rows not overlapping ``portion`` are ignored.
    Every overlapping row is closed; its parts outside ``portion`` come back unchanged as leftovers
    (with their support, clipped); the claim is inserted for exactly ``portion``, keeping the support
    of rows that held the same claim over part of it. Re-asserting what already holds over the whole
    portion writes nothing and only records the episode as further support, over the portion.
    """
    mine: tuple[Support, ...] = () if episode is None else ((episode, portion),)
    if not current:  # the common case of a bulk load: nothing to cut
        return Plan() if claim is None else Plan(insert=(NewRow(claim, portion, mine),))
    hit = sorted((r for r in current if r.valid.overlaps(portion)), key=lambda r: r.valid.start)
    if claim is not None and holds(hit, portion, claim):
        if episode is None:
            return Plan()
        return Plan(support=tuple((r.row_id, episode, _clip(r.valid, portion)) for r in hit))
    if claim is None and not hit:
        return Plan()
    inserts: list[NewRow] = []
    links: list[tuple[int, int | None, str]] = []
    carry: list[tuple[int, int, Interval]] = []
    first, last = (hit[0], hit[-1]) if hit else (None, None)
    if first is not None and first.valid.start < portion.start:
        inserts.append(NewRow(claim_of(first), left := Interval(first.valid.start, portion.start)))
        links.append((first.row_id, len(inserts) - 1, Reason.LEFTOVER))
        carry.append((first.row_id, len(inserts) - 1, left))
    new_index: int | None = None
    if claim is not None:
        inserts.append(NewRow(claim, portion, mine))
        new_index = len(inserts) - 1
        carry += [(r.row_id, new_index, _clip(r.valid, portion)) for r in hit if same_claim(r, claim)]
    if last is not None and portion.end is not None and (last.valid.end is None or last.valid.end > portion.end):
        inserts.append(NewRow(claim_of(last), right := Interval(portion.end, last.valid.end)))
        links.append((last.row_id, len(inserts) - 1, Reason.LEFTOVER))
        carry.append((last.row_id, len(inserts) - 1, right))
    for row in hit:
        links.append((row.row_id, new_index, reason if claim is not None else Reason.RETRACTION))
    return Plan(close=tuple(r.row_id for r in hit), insert=tuple(inserts), links=tuple(links), carry=tuple(carry))


def _clip(a: Interval, b: Interval) -> Interval:
    both = intersect(a, b)
    assert both is not None, f"{a} and {b} do not overlap"
    return both


def holds(hit: Sequence[Fact], portion: Interval, claim: SlotValue) -> bool:
    """Whether ``hit`` (the rows overlapping ``portion``, by start) hold ``claim`` at every instant of it,
    possibly over several adjacent rows ("A [10,20) + A [20,30)" holds A over [15,25))."""
    if not hit or not all(same_claim(r, claim) for r in hit) or hit[0].valid.start > portion.start:
        return False
    if any(a.valid.end != b.valid.start for a, b in pairwise(hit)):
        return False
    end = hit[-1].valid.end
    return end is None or (portion.end is not None and portion.end <= end)


#: A moved row kept out of its new slot, and the ids of the current rows there it contradicts.
Clash = tuple[Fact, tuple[int, ...]]


def plan_merge(moved: Sequence[Fact], current: Sequence[Fact]) -> tuple[Plan, list[Clash]]:
    """Move ``moved`` into one slot whose rows believed now are ``current`` (an entity merge).

    ``moved`` are rows of the merged entity already rewritten to name the entity they join, each keeping
    its own ``row_id`` (the row to close). A moved row that overlaps a current row holding another value
    is a clash: it is closed and returned with the rows it contradicts, for the caller to keep open as a
    conflict. The others are inserted; rows holding the same claim that overlap or touch become one row
    (the union of their valid times, each keeping its support), so the slot never holds two current rows at an instant.
    Every closed row links to what replaced it with :attr:`Reason.MERGE`.
    """
    clashes: list[Clash] = []
    fits: list[Fact] = []
    for m in moved:
        claim = claim_of(m)
        against = tuple(c.row_id for c in current if c.valid.overlaps(m.valid) and not same_claim(c, claim))
        if against:
            clashes.append((m, against))
        else:
            fits.append(m)
    moved_ids = {m.row_id for m in fits}
    groups: dict[tuple[object, ...], list[list[Fact]]] = {}
    for row in sorted([*current, *fits], key=lambda r: (r.valid.start, r.row_id)):
        runs = groups.setdefault(claim_key(row), [])
        end = None if not runs else _end(runs[-1])
        if runs and (end is None or row.valid.start <= end):
            runs[-1].append(row)
        else:
            runs.append([row])
    close = [m.row_id for m, _ in clashes]
    links: list[tuple[int, int | None, str]] = [(m.row_id, None, Reason.MERGE) for m, _ in clashes]
    inserts: list[NewRow] = []
    carry: list[tuple[int, int, Interval]] = []
    for run in (run for runs in groups.values() for run in runs):
        if not any(r.row_id in moved_ids for r in run):
            continue  # the surviving entity's rows that nothing joins stay as they are
        claim = replace(claim_of(run[0]), confidence=max(r.confidence for r in run))
        inserts.append(NewRow(claim, Interval(run[0].valid.start, _end(run))))
        close += [r.row_id for r in run]
        links += [(r.row_id, len(inserts) - 1, Reason.MERGE) for r in run]
        carry += [(r.row_id, len(inserts) - 1, r.valid) for r in run]
    return Plan(close=tuple(close), insert=tuple(inserts), links=tuple(links), carry=tuple(carry)), clashes


def _end(run: Sequence[Fact]) -> int | None:
    ends = [r.valid.end for r in run]
    return None if None in ends else max(e for e in ends if e is not None)
