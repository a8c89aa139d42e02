"""Settling a contradiction that ingestion kept open: keep what is known, or write the claim."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .._time import from_us
from .._values import Contradiction, Reason, Settlement, WriteResult
from ..errors import Conflict, NotFound
from ._execute import merge_results
from ._facts import write_fact
from ._request import FactRecord, check_record

if TYPE_CHECKING:
    from ..contracts import Txn

__all__ = ["settle_conflict"]


def settle_conflict(txn: Txn, namespace: str, conflict_id: int, accept: bool) -> WriteResult:
    """Mark conflict ``conflict_id`` settled; with ``accept``, first write its claim over its valid time as a
    correction citing its episode (what was known there was wrong). Said when its episode was, the claim gives
    way to what was said after it about the slot (a later statement of the same person stays in force, from
    where it begins). For a clash of plans (both written),
    ``accept`` ends the plans it clashed with, and keeping what was known ends the claim's plan."""
    c = txn.conflict(conflict_id)
    if c is None:
        raise NotFound(f"no conflict {conflict_id} in namespace {namespace!r}; see Memory.conflicts()")
    if not c.open:
        raise Conflict(_closed(c))
    done = WriteResult(tx=txn.tx)
    if c.clash:  # both sides are written plans: settling ends the other side
        ends = c.against if accept else [h.row.row_id for h in txn.current(c.slot, c.valid)]
        done = merge_results(txn.tx, [_end(txn, namespace, row_id) for row_id in ends])
    elif accept:
        end = None if c.valid.end is None else from_us(c.valid.end)
        record = FactRecord(
            c.subject, c.predicate, c.object, None if c.object is not None else c.value, from_us(c.valid.start), end,
            c.kind, c.modality, c.confidence, c.episode, reason=Reason.CORRECTION,
        )  # fmt: skip
        done = write_fact(txn, namespace, check_record(record))
    txn.settle_conflict(conflict_id, Settlement.ACCEPTED if accept else Settlement.KEPT)
    return done


def _closed(c: Contradiction) -> str:
    """Why settling conflict ``c``, which is not open, does nothing."""
    when = "" if c.settled_at is None else f" at {from_us(c.settled_at).isoformat()}"
    if c.settlement == Settlement.WITHDRAWN:
        return (f"conflict {c.id} was withdrawn{when}: message {c.episode!r} was retracted or erased, so its claim "
                "was never said; there is nothing to settle")  # fmt: skip
    if c.settlement == Settlement.UNCONTESTED:
        return (f"conflict {c.id} was settled{when} when what it contradicted was retracted or erased: its claim "
                "was written then; nothing to do")  # fmt: skip
    return f"conflict {c.id} was already settled ({c.settlement}); nothing to do"


def _end(txn: Txn, namespace: str, row_id: int) -> WriteResult:
    """Retract the plan in row ``row_id`` over its valid time (a row that is no longer current: nothing)."""
    row = txn.row(row_id)
    if row is None or row.recorded.end is not None:
        return WriteResult(tx=txn.tx)
    end = None if row.valid.end is None else from_us(row.valid.end)
    record = FactRecord(
        row.subject, row.predicate, row.object, None if row.object is not None else row.value,
        from_us(row.valid.start), end, row.kind, row.modality, episode=None, reason=Reason.RETRACTION,
    )  # fmt: skip
    return write_fact(txn, namespace, check_record(record))
