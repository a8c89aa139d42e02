"""The bitemporal cutting rule, as pure functions: stored rows + a statement -> a plan.

This is SQL:2011's "FOR PORTION OF" on a graph: a statement over a valid portion closes every current row of
its slot that overlaps the portion and re-inserts the parts outside it unchanged. Engines execute a
:class:`Plan` atomically and never decide anything themselves. Rows are never changed, only closed in
system time (``recorded.end`` set to the transaction time) and new rows inserted. Each write is also kept
as a statement (:class:`Said`), from which :mod:`chronomem._support` derives what undoing a source leaves.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from itertools import pairwise
from typing import NamedTuple

from ._values import JSON, Fact, Interval, Reason, canonical_json

__all__ = [
    "DIRECT", "Held", "NewRow", "Op", "Plan", "Said", "SlotValue", "Support", "claim_key", "claim_of",
    "clip_support", "covers", "intersect", "plan_merge", "plan_write", "same_claim",
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


class Held(NamedTuple):
    """A row believed now, with its live support: who said it, over which parts of its valid time (the
    application as :data:`DIRECT`). What a write transaction reads of a slot before cutting it."""

    row: Fact
    support: tuple[Support, ...]


class Op(StrEnum):
    """What a statement does over its portion (see :mod:`chronomem._support`)."""

    ASSERT = "assert"  # the claim holds: it overrides another value, or adds its source to the same one
    CORRECT = "correct"  # as ASSERT; the words said what was stored was wrong (weighed again as a correction)
    RETRACT = "retract"  # nothing holds (the value named, for a multi-valued slot)
    JOIN = "join"  # an entity merge brings the claim in: it adds to the same value or fills a gap, never overrides
    LEAVE = "leave"  # an entity merge takes the merged entity's claim out over its portion (only that claim)


@dataclass(frozen=True, slots=True)
class Said:
    """One statement about a slot: ``source`` (an episode id, or ``""`` for the application) did ``op`` with
    ``claim`` (``None`` for a retraction that names no value) over ``valid``. ``at`` is when it was said
    (:mod:`chronomem._support`): ``(at, tx, seq)`` orders them (``tx`` and ``seq`` set by the engine when stored,
    ``at`` read with them); ``merge`` is the system time of the entity merge that made it."""

    source: str
    op: Op
    claim: SlotValue | None
    valid: Interval
    tx: int = 0
    seq: int = 0
    merge: int | None = None
    at: int = 0


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
    of a row ``(row id, episode)``; ``said`` are the statements to keep. An inserted row carries its whole
    support (:attr:`NewRow.support`), what it inherits from the rows it replaces included.
    """

    close: tuple[int, ...] = ()
    insert: tuple[NewRow, ...] = ()
    links: tuple[tuple[int, int | None, str], ...] = ()
    support: tuple[tuple[int, str, Interval], ...] = ()
    unsupport: tuple[tuple[int, str], ...] = ()
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
    current: Sequence[Held],
    portion: Interval,
    claim: SlotValue | None,
    episode: str | None = None,
    reason: Reason = Reason.SUPERSESSION,
) -> Plan:
    """Assert ``claim`` (or retract, when ``claim is None``) over ``portion`` of one slot.

    ``current`` are the slot's rows believed now, with their support; rows not overlapping ``portion`` are
    ignored. Every overlapping row is closed; its parts outside ``portion`` come back unchanged as leftovers
    (with their support, clipped); the claim is inserted for exactly ``portion``, keeping the support of rows
    that held the same claim over part of it. Re-asserting what already holds over the whole portion writes
    nothing and only records the episode as further support, over the portion.
    """
    mine: tuple[Support, ...] = () if episode is None else ((episode, portion),)
    if not current:  # the common case of a bulk load: nothing to cut
        return Plan() if claim is None else Plan(insert=(NewRow(claim, portion, mine),))
    hit = sorted((h for h in current if h.row.valid.overlaps(portion)), key=lambda h: h.row.valid.start)
    rows = [h.row for h in hit]
    if claim is not None and covers(rows, portion, claim):
        if episode is None:
            return Plan()
        return Plan(support=tuple((r.row_id, episode, _clip(r.valid, portion)) for r in rows))
    if claim is None and not hit:
        return Plan()
    inserts: list[NewRow] = []
    links: list[tuple[int, int | None, str]] = []
    first, last = (hit[0], hit[-1]) if hit else (None, None)
    if first is not None and first.row.valid.start < portion.start:
        inserts.append(_leftover(first, Interval(first.row.valid.start, portion.start)))
        links.append((first.row.row_id, len(inserts) - 1, Reason.LEFTOVER))
    new_index: int | None = None
    if claim is not None:
        kept = [p for h in hit if same_claim(h.row, claim) for p in clip_support(h.support, portion)]
        inserts.append(NewRow(claim, portion, (*mine, *kept)))
        new_index = len(inserts) - 1
    if (
        last is not None
        and portion.end is not None
        and (last.row.valid.end is None or last.row.valid.end > portion.end)
    ):
        inserts.append(_leftover(last, Interval(portion.end, last.row.valid.end)))
        links.append((last.row.row_id, len(inserts) - 1, Reason.LEFTOVER))
    for row in rows:
        links.append((row.row_id, new_index, reason if claim is not None else Reason.RETRACTION))
    return Plan(close=tuple(r.row_id for r in rows), insert=tuple(inserts), links=tuple(links))


def _leftover(held: Held, part: Interval) -> NewRow:
    return NewRow(claim_of(held.row), part, clip_support(held.support, part))


def clip_support(support: Sequence[Support], part: Interval) -> tuple[Support, ...]:
    """``support`` restricted to ``part`` of valid time (pieces outside it dropped)."""
    out = []
    for source, iv in support:
        both = intersect(iv, part)
        if both is not None:
            out.append((source, both))
    return tuple(out)


def _clip(a: Interval, b: Interval) -> Interval:
    both = intersect(a, b)
    assert both is not None, f"{a} and {b} do not overlap"
    return both


def covers(hit: Sequence[Fact], portion: Interval, claim: SlotValue) -> bool:
    """Whether ``hit`` (the rows overlapping ``portion``, by start) hold ``claim`` at every instant of it,
    possibly over several adjacent rows ("A [10,20) + A [20,30)" cover A over [15,25))."""
    if not hit or not all(same_claim(r, claim) for r in hit) or hit[0].valid.start > portion.start:
        return False
    if any(a.valid.end != b.valid.start for a, b in pairwise(hit)):
        return False
    end = hit[-1].valid.end
    return end is None or (portion.end is not None and portion.end <= end)


#: A moved row kept out of its new slot, and the ids of the current rows there it contradicts.
Clash = tuple[Fact, tuple[int, ...]]


def plan_merge(moved: Sequence[Held], current: Sequence[Held]) -> tuple[Plan, list[Clash]]:
    """Move ``moved`` into one slot whose rows believed now are ``current`` (an entity merge).

    ``moved`` are rows of the merged entity already rewritten to name the entity they join, each keeping
    its own ``row_id`` (the row to close) and its support. A moved row that overlaps a current row holding
    another value is a clash: it is closed and returned with the rows it contradicts, for the caller to keep
    open as a conflict. The others are inserted; rows holding the same claim that overlap or touch become one
    row (the union of their valid times, each keeping its support), so the slot never holds two current rows
    at an instant. Every closed row links to what replaced it with :attr:`Reason.MERGE`.
    """
    clashes: list[Clash] = []
    fits: list[Held] = []
    for m in moved:
        claim = claim_of(m.row)
        against = tuple(
            c.row.row_id for c in current if c.row.valid.overlaps(m.row.valid) and not same_claim(c.row, claim)
        )
        if against:
            clashes.append((m.row, against))
        else:
            fits.append(m)
    moved_ids = {m.row.row_id for m in fits}
    groups: dict[tuple[object, ...], list[list[Held]]] = {}
    for held in sorted([*current, *fits], key=lambda h: (h.row.valid.start, h.row.row_id)):
        runs = groups.setdefault(claim_key(held.row), [])
        end = None if not runs else _end([h.row for h in runs[-1]])
        if runs and (end is None or held.row.valid.start <= end):
            runs[-1].append(held)
        else:
            runs.append([held])
    close = [m.row_id for m, _ in clashes]
    links: list[tuple[int, int | None, str]] = [(m.row_id, None, Reason.MERGE) for m, _ in clashes]
    inserts: list[NewRow] = []
    for run in (run for runs in groups.values() for run in runs):
        rows = [h.row for h in run]
        if not any(r.row_id in moved_ids for r in rows):
            continue  # the surviving entity's rows that nothing joins stay as they are
        claim = replace(claim_of(rows[0]), confidence=max(r.confidence for r in rows))
        inserts.append(
            NewRow(claim, Interval(rows[0].valid.start, _end(rows)), tuple(p for h in run for p in h.support))
        )
        close += [r.row_id for r in rows]
        links += [(r.row_id, len(inserts) - 1, Reason.MERGE) for r in rows]
    return Plan(close=tuple(close), insert=tuple(inserts), links=tuple(links)), clashes


def _end(run: Sequence[Fact]) -> int | None:
    ends = [r.valid.end for r in run]
    return None if None in ends else max(e for e in ends if e is not None)
