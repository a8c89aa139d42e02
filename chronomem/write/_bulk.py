"""Bulk writes: the fact pipeline of :mod:`._facts`, run in rounds over many requests.

Requests are resolved in one transaction (entities created, episodes and cardinalities read); then
round ``k`` holds the ``k``-th request of every slot, so a slot named by ``k`` requests takes ``k``
transactions and every round plans each of its slots once, against the rows the previous round left.
The rows stored are those of writing the requests one by one, in order (a property test proves it).
"""

from __future__ import annotations

from collections.abc import Sequence

from .._bitemporal import Plan
from ..contracts import Engine, Txn
from ..errors import InvalidValue
from ._facts import Aim, Resolved, aim, plan_statement, resolve, slot_of
from ._request import Checked

__all__ = ["bulk_write"]


def bulk_write(engine: Engine, namespace: str, requests: Sequence[Checked], batch: int) -> int:
    """Write ``requests`` with one system time per transaction of at most ``batch`` of them; return the
    number of rows inserted. A failure of the engine mid-way keeps the transactions already committed."""
    if isinstance(batch, bool) or not isinstance(batch, int) or batch < 1:
        raise InvalidValue(f"batch={batch!r}; use a positive integer")
    if not requests:
        return 0
    res = engine.write(namespace, lambda txn: resolve(txn, namespace, requests))
    inserted = 0
    for round_ in _rounds(requests, res):
        for i in range(0, len(round_), batch):
            chunk = round_[i : i + batch]
            inserted += engine.write(namespace, lambda txn, chunk=chunk: _apply(txn, chunk, res))  # type: ignore[misc]
    return inserted


def _rounds(requests: Sequence[Checked], res: Resolved) -> list[list[Checked]]:
    rounds: list[list[Checked]] = []
    seen: dict[str, int] = {}
    for c in requests:
        key = slot_of(c, res)
        k = seen.get(key, 0)
        seen[key] = k + 1
        if k == len(rounds):
            rounds.append([])
        rounds[k].append(c)
    return rounds


def _apply(txn: Txn, chunk: list[Checked], res: Resolved) -> int:
    aims: list[Aim] = [aim(c, res, txn.tx) for c in chunk]
    current = txn.current_many({a.slot: a.portion for a in aims})
    plans: list[tuple[str, Plan]] = []
    for a in aims:
        plan = plan_statement(txn, a, current[a.slot])
        if not plan.empty or plan.links:
            plans.append((a.slot, plan))
    return txn.apply_many(plans) if plans else 0
