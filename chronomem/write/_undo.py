"""Undoing what was stored: retracting an episode's effects, and erasing rows for privacy.

Both follow from the support rule (:mod:`chronomem._support`): a retracted or erased episode stops being a
live source, and each slot it spoke of is rewritten to what the live sources' statements give
(:func:`~._replay.replay_slot`); then the open conflicts it touches are withdrawn or weighed again
(:mod:`._conflicts`), as if it had never been said. Retraction is bitemporal (rows are closed, never deleted).
Erasure then deletes the episode, its statements and support, the conflicts it kept open, and the rows no
other source ever supported, leaving a content-free audit record. Both run inside one write transaction that
the caller opens.
"""

from __future__ import annotations

from .._names import digest
from .._values import WriteResult
from ..contracts import Txn
from ..errors import NotFound
from ._conflicts import reweigh
from ._execute import merge_results
from ._replay import replay_slot

__all__ = ["erase_rows", "retract_episode"]


def retract_episode(txn: Txn, namespace: str, episode_id: str) -> WriteResult:
    """See :meth:`Memory.retract_episode`. Retracting an episode already retracted changes nothing."""
    found = txn.episode(episode_id)
    if found is None:
        raise NotFound(f"no episode {episode_id!r} in namespace {namespace!r}")
    if found.retracted_at is not None:
        return WriteResult(tx=txn.tx)
    txn.mark_episode_retracted(episode_id)
    slots = txn.said_slots(episode_id)
    done = [replay_slot(txn, slot) for slot in slots]
    return merge_results(txn.tx, [*done, reweigh(txn, episode_id, slots)])


def erase_rows(txn: Txn, namespace: str, *, subject: str | None = None, episode: str | None = None) -> int:
    """Delete a subject's (an entity id) or an episode's rows and file the audit record; see :meth:`Memory.erase`.

    An episode's slots are first replayed without it, so what it had replaced comes back and what other
    sources said stays; then its statements, its support, its conflicts and the rows only it ever supported are
    deleted, and the conflicts that contradicted what it said are weighed again without it."""
    slots: list[str] = []
    if episode is not None:
        if txn.episode(episode) is None:
            raise NotFound(f"no episode {episode!r} in namespace {namespace!r}")
        slots = txn.said_slots(episode)
        for slot in slots:
            replay_slot(txn, slot, frozenset({episode}))
    n = txn.erase(subject=subject, episode=episode)
    if episode is not None:
        reweigh(txn, episode, slots)
    kind, target = ("subject", subject) if subject is not None else ("episode", episode)
    txn.audit_erase(kind, digest(f"{namespace}\x1f{target}"), n)
    return n
