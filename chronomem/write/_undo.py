"""Undoing what was stored: retracting an episode's effects (erasing one starts the same way, :mod:`._erase`).

Both follow from the support rule (:mod:`chronomem._support`): a retracted or erased episode stops being a
live source, and each slot it spoke of is rewritten to what the live sources' statements give
(:func:`replay_slot`). Retraction is bitemporal (rows are closed, never deleted). Both run inside one write
transaction that the caller opens.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .._bitemporal import Plan, Said
from .._support import DIRECT, ClaimRun, plan_replay, replay
from .._values import WriteResult
from ..contracts import Txn
from ..errors import NotFound
from ._execute import execute_plan, merge_results

__all__ = ["plan_replayed", "replay_slot", "retract_episode", "said_by"]


def retract_episode(txn: Txn, namespace: str, episode_id: str) -> WriteResult:
    """See :meth:`Memory.retract_episode`. Retracting an episode already retracted changes nothing."""
    found = txn.episode(episode_id)
    if found is None:
        raise NotFound(f"no episode {episode_id!r} in namespace {namespace!r}")
    if found.retracted_at is not None:
        return WriteResult(tx=txn.tx)
    txn.mark_episode_retracted(episode_id)
    return merge_results(txn.tx, [replay_slot(txn, slot) for slot in txn.said_slots(episode_id)])


def replay_slot(txn: Txn, slot: str, gone: frozenset[str] = frozenset()) -> WriteResult:
    """Rewrite ``slot`` to what its statements from live sources give; ``gone`` are sources to treat as not live
    although their episodes are not marked retracted (one being erased)."""
    return execute_plan(txn, slot, plan_replayed(txn, slot, gone=gone))


def plan_replayed(txn: Txn, slot: str, extra: Sequence[Said] = (), gone: frozenset[str] = frozenset()) -> Plan:
    """The plan that makes ``slot`` what its statements, and ``extra`` ones not stored yet, give from live
    sources; ``gone`` as for :func:`replay_slot`."""
    said = [*txn.said(slot), *extra]
    return plan_replay(txn.current(slot), replay(said, _live(txn, said, gone)))


def said_by(txn: Txn, slot: str, at: int) -> list[ClaimRun]:
    """What ``slot`` held as said by ``at``: its statements from live sources said at or before ``at``, applied
    by the support rule (what a message said at ``at`` knew of the slot)."""
    said = [s for s in txn.said(slot) if s.at <= at]
    return replay(said, _live(txn, said, frozenset()))


def _live(txn: Txn, said: Sequence[Said], gone: frozenset[str]) -> Callable[[Said], bool]:
    """Whether a statement's source is live: the application, or an episode neither retracted nor ``gone``."""
    live: dict[str, bool] = {DIRECT: True}
    for source in {s.source for s in said} - live.keys():
        episode = txn.episode(source)
        live[source] = source not in gone and episode is not None and episode.retracted_at is None

    def counts(s: Said) -> bool:
        return live[s.source]

    return counts
