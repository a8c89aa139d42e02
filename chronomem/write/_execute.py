"""Handing a plan to the engine and saying what it did: the last step of every write."""

from __future__ import annotations

from collections.abc import Sequence

from .._bitemporal import Plan
from .._values import WriteResult
from ..contracts import Txn

__all__ = ["execute_plan", "merge_results"]


def execute_plan(txn: Txn, slot: str, plan: Plan) -> WriteResult:
    """Apply ``plan`` to ``slot`` and say what it did (nothing is written for an empty plan)."""
    if plan.empty and not plan.links:
        return WriteResult(tx=txn.tx)
    inserted = txn.apply(slot, plan)
    return WriteResult(
        tx=txn.tx,
        closed=plan.close,
        inserted=tuple(inserted),
        supported=tuple(dict.fromkeys(r for r, _, _ in plan.support)),
    )


def merge_results(tx: int, results: Sequence[WriteResult]) -> WriteResult:
    """One result for several plans applied in the transaction at ``tx``."""
    return WriteResult(
        tx=tx,
        closed=tuple(i for r in results for i in r.closed),
        inserted=tuple(f for r in results for f in r.inserted),
        supported=tuple(i for r in results for i in r.supported),
    )
