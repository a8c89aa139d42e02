"""Retracting an episode's effects (erasing one starts the same way, :mod:`._erase`).

Both follow from the support rule (:mod:`chronomem._support`): a retracted or erased episode stops being a
live source, and each slot it spoke of is rewritten to what the live sources' statements give
(:func:`~._replay.replay_slot`); then the open conflicts it touches are withdrawn or weighed again
(:mod:`._conflicts`), as if it had never been said. An entity merge its words made ("Robert, we call him
Bob") is undone first. Retraction is bitemporal (rows are closed, never deleted).
It runs inside one write transaction that the caller opens.
"""

from __future__ import annotations

from .._values import WriteResult
from ..contracts import Txn
from ..errors import NotFound
from ._conflicts import reweigh
from ._execute import merge_results
from ._merge import unmerge_by
from ._replay import replay_slot

__all__ = ["retract_episode"]


def retract_episode(txn: Txn, namespace: str, episode_id: str) -> WriteResult:
    """See :meth:`Memory.retract_episode`. Retracting an episode already retracted changes nothing."""
    found = txn.episode(episode_id)
    if found is None:
        raise NotFound(f"no episode {episode_id!r} in namespace {namespace!r}")
    if found.retracted_at is not None:
        return WriteResult(tx=txn.tx)
    unmerge_by(txn, namespace, found)
    txn.mark_episode_retracted(episode_id)
    slots = txn.said_slots(episode_id)
    done = [replay_slot(txn, slot) for slot in slots]
    return merge_results(txn.tx, [*done, reweigh(txn, episode_id, found.occurred_at, slots)])
