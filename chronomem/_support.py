"""Who supports what: the support rule, and undo derived from it, as pure functions.

**The rule.** Every write to a slot is a *statement*: a source (an episode, or the application itself for a
write that cites none, :data:`DIRECT`) asserting a claim over a portion of valid time, or retracting whatever
holds there. Statements are ordered by when they were said (:attr:`Said.at`), then by the order they were
recorded in (``(tx, seq)``). An episode's statement is said at the episode's time. The application's own
statement, and an entity merge's, is said when it is made, and never before a statement of its slot recorded
earlier: at its system time, or at the latest time an earlier-recorded statement of the slot was said if that
is later (what the application says, it says knowing all that). At each instant of valid time a slot believes
what its statements from *live* sources say there when applied in that order, each overriding the earlier ones
over its portion; the believed value's support at that instant is the set of live sources that asserted that
very value there since the last statement that set another value or retracted. A source is live until it is
retracted (:meth:`Memory.retract_episode`) or erased; the application is always live. So the same statements
give the same valid-time history whatever order they are recorded in: backfilling an old chat log, or a
message that comes late, gives what ingesting them in order gives.

The rule has two evaluations, checked against the same model (:class:`chronomem.testing.SupportModel`). The
write path (:func:`chronomem._bitemporal.plan_write`) keeps the stored rows equal to it one statement at a
time, which is exact when the statement is said at or after every statement of the slot that overlaps its
portion (in-order ingestion, bulk loads, every write of the application's own: the common case). Otherwise,
and for undo, it is recomputed: :func:`replay` applies a slot's statements from live sources in order, and
:func:`plan_replay` turns the difference between the rows believed now and that result into a
:class:`~chronomem._bitemporal.Plan`. So retracting or erasing episodes in any order leaves exactly what the
remaining sources said, on every engine.

Support is stored per row as ``(source, valid interval)`` pieces, the application's as source ``""``: an
episode that repeated a value for a day supports that day of the row, not the whole row. Reads name a
row's episodes (the application is not one). Erasing an episode deletes the rows no other source ever
supported, so a value the application also stated is never lost with an episode.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import pairwise

from ._bitemporal import DIRECT, Held, NewRow, Op, Plan, Said, SlotValue, Support, claim_key, same_claim
from ._values import Fact, Interval, Reason

__all__ = ["DIRECT", "ClaimRun", "plan_replay", "replay", "said_order"]


@dataclass(frozen=True, slots=True)
class ClaimRun:
    """A maximal run of valid time over which the slot holds one claim, with its live sources."""

    claim: SlotValue
    valid: Interval
    support: tuple[Support, ...]


def replay(said: Sequence[Said], live: Callable[[Said], bool]) -> list[ClaimRun]:
    """What the statements ``said`` (of one slot, any order) give, counting only those ``live`` accepts."""
    kept = sorted((s for s in said if live(s)), key=said_order)
    cuts = sorted({t for s in kept for t in (s.valid.start, s.valid.end) if t is not None})
    if not cuts:
        return []
    bounds: list[tuple[int, int | None]] = list(pairwise(cuts))
    if any(s.valid.end is None for s in kept):
        bounds.append((cuts[-1], None))
    runs: list[ClaimRun] = []
    for start, end in bounds:
        claim, sources = _at(kept, start)
        if claim is not None:
            _extend(runs, claim, Interval(start, end), sources)
    return runs


def said_order(s: Said) -> tuple[int, int, int, str]:
    """The order statements apply in: when said, then when recorded."""
    return (s.at, s.tx, s.seq, s.source)


def _at(said: Sequence[Said], t: int) -> tuple[SlotValue | None, list[str]]:
    """The claim ordered statements ``said`` give at instant ``t``, and its sources: the rule, for one instant."""
    claim: SlotValue | None = None
    sources: list[str] = []
    for s in said:
        if not s.valid.contains(t):
            continue
        if s.op is Op.LEAVE:  # the merged entity's value goes; what the slot holds otherwise stays
            if claim is not None and s.claim is not None and same_claim(claim, s.claim):
                claim, sources = None, []
        elif s.op is Op.RETRACT or s.claim is None:
            claim, sources = None, []
        elif claim is not None and same_claim(claim, s.claim):
            if s.source not in sources:
                sources.append(s.source)
        elif claim is None or s.op is Op.ASSERT or s.op is Op.CORRECT:
            claim, sources = s.claim, [s.source]
    return claim, sources


def _extend(runs: list[ClaimRun], claim: SlotValue, valid: Interval, sources: list[str]) -> None:
    last = runs[-1] if runs else None
    if last is None or not same_claim(last.claim, claim) or last.valid.end != valid.start:
        runs.append(ClaimRun(claim, valid, tuple((s, valid) for s in sources)))
        return
    support = list(last.support)
    for source in sources:
        at = next((i for i, (s, iv) in enumerate(support) if s == source and iv.end == valid.start), None)
        if at is None:
            support.append((source, valid))
        else:
            support[at] = (source, Interval(support[at][1].start, valid.end))
    runs[-1] = ClaimRun(claim, Interval(last.valid.start, valid.end), tuple(support))


def plan_replay(current: Sequence[Held], desired: Sequence[ClaimRun]) -> Plan:
    """Make the slot's rows believed now (``current``, with their stored support) equal ``desired``.

    A row equal to a run (the same claim, confidence aside, over the same valid interval) stays, its support
    brought in line with the run's; every other row is closed and the runs no row equals are inserted.
    Each closed row links to the inserted rows it overlaps (:attr:`Reason.COALESCE` for the same claim, else
    :attr:`Reason.RESTORATION`), or to nothing (:attr:`Reason.RETRACTION`).
    """
    by_key: dict[tuple[tuple[object, ...], Interval], ClaimRun] = {(claim_key(p.claim), p.valid): p for p in desired}
    kept: dict[tuple[tuple[object, ...], Interval], Held] = {}
    closed: list[Fact] = []
    for held in current:
        key = (claim_key(held.row), held.row.valid)
        if key in by_key and key not in kept:
            kept[key] = held
        else:
            closed.append(held.row)
    inserts = tuple(
        NewRow(p.claim, p.valid, _stored(p.support)) for p in desired if (claim_key(p.claim), p.valid) not in kept
    )
    add: list[tuple[int, str, Interval]] = []
    drop: list[tuple[int, str]] = []
    for key, (row, support) in kept.items():
        want, have = _by_source(_stored(by_key[key].support)), _by_source(support)
        for source in sorted(want.keys() | have.keys()):
            if want.get(source) != have.get(source):
                if source in have:
                    drop.append((row.row_id, source))
                add += [(row.row_id, source, iv) for iv in want.get(source, ())]
    links: list[tuple[int, int | None, str]] = []
    for row in closed:
        over = [i for i, n in enumerate(inserts) if n.valid.overlaps(row.valid)]
        links += [(row.row_id, i, _why(row, inserts[i])) for i in over] or [(row.row_id, None, Reason.RETRACTION)]
    return Plan(close=tuple(r.row_id for r in closed), insert=inserts, links=tuple(links), support=tuple(add),
                unsupport=tuple(drop))  # fmt: skip


def _stored(support: Sequence[Support]) -> tuple[Support, ...]:
    return tuple(sorted(support, key=lambda x: (x[0], x[1].start)))


def _by_source(support: Sequence[Support]) -> dict[str, list[Interval]]:
    out: dict[str, list[Interval]] = {}
    for source, iv in sorted(support, key=lambda x: (x[0], x[1].start)):
        out.setdefault(source, []).append(iv)
    return out


def _why(row: Fact, new: NewRow) -> str:
    return Reason.COALESCE if same_claim(row, new.claim) else Reason.RESTORATION
