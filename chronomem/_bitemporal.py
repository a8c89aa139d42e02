"""The bitemporal cutting rule, as pure functions: stored rows + a request -> a plan.

This is DESIGN §3 ("FOR PORTION OF" on a graph). Engines execute a :class:`Plan` atomically and never
decide anything themselves. Rows are never changed, only closed in system time (``recorded.end`` set
to the transaction time) and new rows inserted.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from itertools import pairwise

from ._values import JSON, Fact, Interval, Reason, canonical_json

__all__ = [
    "NewRow", "Plan", "SlotValue", "claim_of", "holds", "intersect", "plan_merge", "plan_restore", "plan_write",
    "same_claim",
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


@dataclass(frozen=True, slots=True)
class NewRow:
    """A row to insert: a claim over a valid interval, supported by episodes."""

    claim: SlotValue
    valid: Interval
    episodes: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Plan:
    """What one write does to one slot.

    ``links`` are ``(closed row id, index into insert or None, reason)``; ``support`` adds
    ``(row id, episode)`` pairs to existing rows; ``unsupport`` withdraws them.
    """

    close: tuple[int, ...] = ()
    insert: tuple[NewRow, ...] = ()
    links: tuple[tuple[int, int | None, str], ...] = ()
    support: tuple[tuple[int, str], ...] = ()
    unsupport: tuple[tuple[int, str], ...] = field(default=())

    @property
    def empty(self) -> bool:
        return not (self.close or self.insert or self.support or self.unsupport)


def claim_of(row: Fact) -> SlotValue:
    return SlotValue(row.subject, row.predicate, row.object, row.value, row.kind, row.modality, row.confidence)


def same_claim(row: Fact, claim: SlotValue) -> bool:
    """Same value, held the same way. Confidence does not count: re-stating adds support, not a row."""
    return (
        row.object == claim.object
        and row.kind == claim.kind
        and row.modality == claim.modality
        and (row.object is not None or _same_value(row.value, claim.value))
    )


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
    Every overlapping row is closed; its parts outside ``portion`` come back unchanged as leftovers;
    the claim is inserted for exactly ``portion``. Re-asserting what already holds over the whole
    portion writes nothing and only records the episode as further support.
    """
    if not current:  # the common case of a bulk load: nothing to cut
        return Plan() if claim is None else Plan(insert=(NewRow(claim, portion, (episode,) if episode else ()),))
    hit = sorted((r for r in current if r.valid.overlaps(portion)), key=lambda r: r.valid.start)
    if claim is not None and holds(hit, portion, claim):
        new = () if episode is None else tuple((r.row_id, episode) for r in hit if episode not in r.episodes)
        return Plan(support=new)
    if claim is None and not hit:
        return Plan()
    inserts: list[NewRow] = []
    links: list[tuple[int, int | None, str]] = []
    first, last = (hit[0], hit[-1]) if hit else (None, None)
    if first is not None and first.valid.start < portion.start:
        inserts.append(NewRow(claim_of(first), Interval(first.valid.start, portion.start), first.episodes))
        links.append((first.row_id, len(inserts) - 1, Reason.LEFTOVER))
    new_index: int | None = None
    if claim is not None:
        inserts.append(NewRow(claim, portion, (episode,) if episode else ()))
        new_index = len(inserts) - 1
    if last is not None and portion.end is not None and (last.valid.end is None or last.valid.end > portion.end):
        inserts.append(NewRow(claim_of(last), Interval(portion.end, last.valid.end), last.episodes))
        links.append((last.row_id, len(inserts) - 1, Reason.LEFTOVER))
    for row in hit:
        links.append((row.row_id, new_index, reason if claim is not None else Reason.RETRACTION))
    return Plan(close=tuple(r.row_id for r in hit), insert=tuple(inserts), links=tuple(links))


def holds(hit: Sequence[Fact], portion: Interval, claim: SlotValue) -> bool:
    """Whether ``hit`` (the rows overlapping ``portion``, by start) hold ``claim`` at every instant of it,
    possibly over several adjacent rows ("A [10,20) + A [20,30)" holds A over [15,25))."""
    if not hit or not all(same_claim(r, claim) for r in hit) or hit[0].valid.start > portion.start:
        return False
    if any(a.valid.end != b.valid.start for a, b in pairwise(hit)):
        return False
    end = hit[-1].valid.end
    return end is None or (portion.end is not None and portion.end <= end)


def plan_restore(current: Sequence[Fact], target: Fact, predecessors: Sequence[Fact]) -> Plan:
    """Undo ``target`` (a current row whose only support is being retracted).

    ``target`` is closed; each predecessor (a row that ``target`` replaced) comes back over the part
    of ``target``'s valid time it used to cover, merged with an adjacent current row holding the same
    claim (or with the previous piece), so that "A until t2, then B" becomes "A" again, not "A, A".
    """
    pieces = [(p, part) for p in predecessors if (part := intersect(target.valid, p.valid)) is not None]
    close = [target.row_id]
    inserts: list[NewRow] = []
    links: list[tuple[int, int | None, str]] = []
    others = [r for r in current if r.row_id != target.row_id]
    for pred, part in sorted(pieces, key=lambda x: x[1].start):
        claim = claim_of(pred)
        start, end, episodes = part.start, part.end, set(pred.episodes)
        joins = bool(inserts) and inserts[-1].claim == claim and inserts[-1].valid.end == start
        if joins:  # the previous piece came from the same claim and ends here: one row, not "A, A"
            prev = inserts.pop()
            start, episodes = prev.valid.start, episodes | set(prev.episodes)
        for row in others:
            if row.row_id in close or not same_claim(row, claim):
                continue
            if row.valid.end == start or (end is not None and row.valid.start == end):
                close.append(row.row_id)
                episodes.update(row.episodes)
                start = min(start, row.valid.start)
                end = None if row.valid.end is None or end is None else max(end, row.valid.end)
                links.append((row.row_id, len(inserts), Reason.COALESCE))
        inserts.append(NewRow(replace(claim), Interval(start, end), tuple(sorted(episodes))))
        if not joins:
            links.append((target.row_id, len(inserts) - 1, Reason.RESTORATION))
    if not inserts:
        links.append((target.row_id, None, Reason.RETRACTION))
    return Plan(close=tuple(close), insert=tuple(inserts), links=tuple(links))


#: A moved row kept out of its new slot, and the ids of the current rows there it contradicts.
Clash = tuple[Fact, tuple[int, ...]]


def plan_merge(moved: Sequence[Fact], current: Sequence[Fact]) -> tuple[Plan, list[Clash]]:
    """Move ``moved`` into one slot whose rows believed now are ``current`` (an entity merge).

    ``moved`` are rows of the merged entity already rewritten to name the entity they join, each keeping
    its own ``row_id`` (the row to close). A moved row that overlaps a current row holding another value
    is a clash: it is closed and returned with the rows it contradicts, for the caller to keep open as a
    conflict. The others are inserted; rows holding the same claim that overlap or touch become one row
    (the union of their valid times and episodes), so the slot never holds two current rows at an instant.
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
        runs = groups.setdefault(_claim_key(row), [])
        end = None if not runs else _end(runs[-1])
        if runs and (end is None or row.valid.start <= end):
            runs[-1].append(row)
        else:
            runs.append([row])
    close = [m.row_id for m, _ in clashes]
    links: list[tuple[int, int | None, str]] = [(m.row_id, None, Reason.MERGE) for m, _ in clashes]
    inserts: list[NewRow] = []
    for run in (run for runs in groups.values() for run in runs):
        if not any(r.row_id in moved_ids for r in run):
            continue  # the surviving entity's rows that nothing joins stay as they are
        episodes = sorted({e for r in run for e in r.episodes})
        claim = replace(claim_of(run[0]), confidence=max(r.confidence for r in run))
        inserts.append(NewRow(claim, Interval(run[0].valid.start, _end(run)), tuple(episodes)))
        close += [r.row_id for r in run]
        links += [(r.row_id, len(inserts) - 1, Reason.MERGE) for r in run]
    return Plan(close=tuple(close), insert=tuple(inserts), links=tuple(links)), clashes


def _claim_key(row: Fact) -> tuple[object, ...]:
    value = None if row.object is not None else canonical_json(row.value)
    return (row.object, value, row.kind, row.modality)


def _end(run: Sequence[Fact]) -> int | None:
    ends = [r.valid.end for r in run]
    return None if None in ends else max(e for e in ends if e is not None)
