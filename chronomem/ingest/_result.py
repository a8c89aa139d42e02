"""What ingesting one message did: the values :meth:`Memory.add` returns."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .._display import show
from .._values import Entity, Fact, Merge

if TYPE_CHECKING:
    from .._claims import Claim
    from .._values import Usage
    from ..errors import ChronomemError

__all__ = ["IngestResult", "Skipped"]


@dataclass(frozen=True, slots=True)
class Skipped:
    """A claim that changed nothing, and why (its entity is unknown, its words name no time...)."""

    claim: Claim
    why: str


@dataclass(frozen=True, slots=True)
class IngestResult:
    """What one message did, in the transaction at system time ``tx``; every row cites ``episode``.

    ``added`` are the rows of new values (leftovers of cut rows are not listed); ``supported`` the rows
    that already held what the message says and now cite it too; ``superseded``, ``corrected`` and
    ``retracted`` the row ids the message closed, by why; ``conflicts`` the contradictions it opened;
    ``entities`` those it created; ``aliases`` the ``(entity id, alias)`` pairs it added; ``merged`` the
    entities it found to be one (an alias that named another entity; :meth:`Memory.unmerge` undoes one).
    ``duplicate`` is true when the message was already stored: nothing changed. In a batch, a message that failed has
    ``error`` set and wrote nothing. ``received_at`` is the time (UTC microseconds) a message that came without
    ``occurred_at`` was dated with, when it was received (``stamped``); ``None`` when it gave its own.
    """

    episode: str
    tx: int | None = None
    duplicate: bool = False
    added: tuple[Fact, ...] = ()
    supported: tuple[int, ...] = ()
    superseded: tuple[int, ...] = ()
    corrected: tuple[int, ...] = ()
    retracted: tuple[int, ...] = ()
    conflicts: tuple[int, ...] = ()
    entities: tuple[Entity, ...] = ()
    aliases: tuple[tuple[str, str], ...] = ()
    merged: tuple[Merge, ...] = ()
    skipped: tuple[Skipped, ...] = ()
    usage: Usage | None = None
    error: ChronomemError | None = None
    received_at: int | None = None

    @property
    def stamped(self) -> bool:
        """Whether the message came without ``occurred_at`` and is dated when it was received."""
        return self.received_at is not None

    @property
    def ok(self) -> bool:
        return self.error is None

    @property
    def status(self) -> str:
        """``"stored"``, ``"duplicate"`` (already stored: nothing changed) or ``"refused"`` (``error`` says
        why; nothing of the message was stored)."""
        return "refused" if self.error is not None else "duplicate" if self.duplicate else "stored"

    @property
    def changed(self) -> bool:
        return bool(
            self.added
            or self.supported
            or self.superseded
            or self.corrected
            or self.retracted
            or self.conflicts
            or self.merged
        )

    def __repr__(self) -> str:
        return show(self, "tx", "received_at")  # ISO 8601 times, defaults left out (chronomem._display)
