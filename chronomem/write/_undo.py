"""Undoing what was stored: retracting an episode's effects, and erasing rows for privacy.

Retraction is bitemporal (rows are closed, what they replaced comes back; DESIGN §5); erasure is the
one destructive operation and leaves only a content-free audit record. Both run inside one write
transaction that the caller opens.
"""

from __future__ import annotations

from dataclasses import replace

from .._bitemporal import Plan, intersect, plan_restore
from .._model import Fact, Reason, WriteResult
from .._names import digest, slot_key
from ..errors import NotFound
from ..types import Txn
from ._execute import execute_plan, merge_results

__all__ = ["erase_rows", "retract_episode"]


def retract_episode(txn: Txn, namespace: str, episode_id: str) -> WriteResult:
    """See :meth:`Memory.retract_episode`."""
    if txn.episode(episode_id) is None:
        raise NotFound(f"no episode {episode_id!r} in namespace {namespace!r}")
    txn.mark_episode_retracted(episode_id)
    results: list[WriteResult] = []
    for row in txn.supported_by(episode_id):
        if set(row.episodes) - {episode_id}:
            results.append(execute_plan(txn, _slot_of(txn, row), Plan(unsupport=((row.row_id, episode_id),))))
            continue
        slot = _slot_of(txn, row)
        # Merge only with rows believed before this transaction that this episode does not cite: a row
        # inserted a moment ago cannot be closed at the same instant, and the episode's rows are going.
        merge_with = [r for r in txn.current(slot) if r.recorded.start < txn.tx and episode_id not in r.episodes]
        results.append(execute_plan(txn, slot, plan_restore(merge_with, row, _restorable(txn, row))))
    return merge_results(txn.tx, results)


def erase_rows(txn: Txn, namespace: str, *, subject: str | None = None, episode: str | None = None) -> int:
    """Delete a subject's (an entity id) or an episode's rows and file the audit record; see :meth:`Memory.erase`."""
    n = txn.erase(subject=subject, episode=episode)
    kind, target = ("subject", subject) if subject is not None else ("episode", episode)
    txn.audit_erase(kind, digest(f"{namespace}\x1f{target}"), n)
    return n


def _slot_of(txn: Txn, row: Fact) -> str:
    multi = txn.predicate(row.predicate, None)
    return slot_key(row.subject, row.predicate, row.object, row.value, multi=multi, modality=row.modality)


def _restorable(txn: Txn, row: Fact) -> list[Fact]:
    """What comes back when ``row`` goes: the rows it replaced (reached through the leftover, merge and
    restoration links back to its origins), each cut to the part of valid time the links cover, so every
    instant has one line of descent. Where a replaced row was itself retracted, what *it* replaced comes
    back instead; so the order episodes are retracted in does not matter."""
    out: list[Fact] = []
    todo = [(row.row_id, row.valid)]
    while todo:
        rid, clip = todo.pop()
        for link in txn.revisions_into(rid):
            old = txn.row(link.old)
            part = None if old is None else intersect(clip, old.valid)
            if old is None or part is None:
                continue
            if link.reason in (Reason.SUPERSESSION, Reason.CORRECTION) and _alive(txn, old):
                out.append(replace(old, valid=part))
            else:  # an origin (leftover, merge, restoration) or a retracted predecessor: look further back
                todo.append((old.row_id, part))
    return out


def _alive(txn: Txn, row: Fact) -> bool:
    """A replaced row may come back unless every episode that supported it was retracted."""
    if not row.episodes:
        return True
    found = [txn.episode(e) for e in row.episodes]
    return any(ep is not None and ep.retracted_at is None for ep in found)
