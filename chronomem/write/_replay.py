"""A slot rewritten to what its live sources said (:mod:`chronomem._support`), and what a statement said at a
given time knew of its slot: the steps that undo, out-of-order writes and conflicts weighed again share."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .._bitemporal import Held, Plan, Said
from .._decide import said_before
from .._support import DIRECT, ClaimRun, plan_replay, replay
from .._time import MIN_US
from .._values import Interval, WriteResult
from ..contracts import Txn
from ._execute import execute_plan

__all__ = ["live", "plan_replayed", "replay_slot", "said_by", "weighed"]

_ALWAYS = Interval(MIN_US, None)


def replay_slot(txn: Txn, slot: str, gone: frozenset[str] = frozenset()) -> WriteResult:
    """Rewrite ``slot`` to what its statements from live sources give; ``gone`` are sources to treat as not live
    although their episodes are not marked retracted (one being erased)."""
    return execute_plan(txn, slot, plan_replayed(txn, slot, gone=gone))


def plan_replayed(txn: Txn, slot: str, extra: Sequence[Said] = (), gone: frozenset[str] = frozenset()) -> Plan:
    """The plan that makes ``slot`` what its statements, and ``extra`` ones not stored yet, give from live
    sources; ``gone`` as for :func:`replay_slot`."""
    said = [*txn.said(slot), *extra]
    return plan_replay(txn.current(slot), replay(said, live(txn, said, gone)))


def said_by(txn: Txn, slot: str, at: int) -> list[ClaimRun]:
    """What ``slot`` held as said by ``at``: its statements from live sources said at or before ``at``, applied
    by the support rule (what a message said at ``at`` knew of the slot)."""
    said = [s for s in txn.said(slot) if s.at <= at]
    return replay(said, live(txn, said, frozenset()))


def weighed(txn: Txn, slot: str, at: int) -> list[Held]:
    """The current rows of ``slot`` that a claim said at ``at`` is weighed against: all of them, unless a
    statement of the slot was said after ``at``; then those holding what the slot held as said by ``at``
    (:func:`~chronomem._decide.said_before`)."""
    held = txn.current(slot)
    if not txn.said_later(slot, _ALWAYS, at):
        return held
    known = set(said_before([h.row for h in held], said_by(txn, slot, at)))
    return [h for h in held if h.row.row_id in known]


def live(txn: Txn, said: Sequence[Said], gone: frozenset[str] = frozenset()) -> Callable[[Said], bool]:
    """Whether a statement's source is live: the application, or an episode neither retracted nor ``gone``."""
    alive: dict[str, bool] = {DIRECT: True}
    for source in {s.source for s in said} - alive.keys():
        episode = txn.episode(source)
        alive[source] = source not in gone and episode is not None and episode.retracted_at is None

    def counts(s: Said) -> bool:
        return alive[s.source]

    return counts
