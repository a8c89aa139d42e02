"""The engine contract: what a storage engine must do for the memory, and nothing more.

An engine knows SQL and nothing about conversations. It runs one write transaction at a time per
namespace with one strictly increasing system time, executes :class:`~chronomem._bitemporal.Plan` s
it is given, and answers reads at a (valid time, system time) point. Every call is scoped by
namespace; no read or write crosses namespaces. Third-party engines implement :class:`Engine` and run
``chronomem.testing``'s conformance suite.

Conventions for every method:

* instants are ``int`` UTC microseconds; ``None`` as an interval end is +infinity;
* a missing row is ``None`` (single lookups) or an empty list (queries), never an exception;
* foreign driver errors are mapped to :mod:`chronomem.errors` (``StorageError`` and subclasses).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol, TypeVar

from ._bitemporal import Plan
from ._model import Change, Entity, Episode, Fact, Revision

__all__ = ["Engine", "Erasure", "FactQuery", "Txn"]

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class FactQuery:
    """Which fact rows to read. Unset filters match everything.

    ``valid_at=None`` matches all valid times; ``as_of=None`` matches all system time (an audit).
    ``touching`` matches rows whose subject *or* object is one of the ids.
    Results are ordered by ``(slot, valid.start, recorded.start)``.
    """

    subject: str | None = None
    predicate: str | None = None
    slot: str | None = None
    touching: tuple[str, ...] = ()
    edges_only: bool = False
    valid_at: int | None = None
    as_of: int | None = None
    limit: int | None = None


@dataclass(frozen=True, slots=True)
class Erasure:
    """The content-free record an erase leaves: when, what sort of target, its digest, rows removed.

    ``target_kind`` is ``"subject"``, ``"episode"`` or ``"namespace"``; ``target_digest`` is the
    SHA-256 the caller passed (see :func:`chronomem._names.digest`), never the content itself.
    """

    at: int
    target_kind: str
    target_digest: str
    rows_removed: int


class Txn(Protocol):
    """One write transaction in one namespace, at system time ``tx``. Reads inside it see its writes."""

    @property
    def tx(self) -> int: ...

    def put_episode(self, episode: Episode) -> Episode | None:
        """Insert; if the id exists, store nothing and return the stored episode, else ``None``."""
        ...

    def episode(self, episode_id: str) -> Episode | None: ...

    def mark_episode_retracted(self, episode_id: str) -> None: ...

    def entity(self, entity_id: str) -> Entity | None: ...

    def put_entity(self, entity: Entity) -> None:
        """Insert or replace the entity (type, name, aliases) and its name index."""
        ...

    def find_entities(self, name_key: str) -> list[Entity]:
        """Entities whose normalised name or alias equals ``name_key``."""
        ...

    def predicate(self, name: str, multi: bool | None) -> bool:
        """The predicate's cardinality (True = multi-valued); the first use records ``bool(multi)``."""
        ...

    def current(self, slot: str) -> list[Fact]:
        """The slot's rows believed now (all valid time), locking the slot for this transaction."""
        ...

    def row(self, row_id: int) -> Fact | None: ...

    def revisions_into(self, row_id: int) -> list[Revision]: ...

    def supported_by(self, episode_id: str) -> list[Fact]:
        """Rows believed now that cite ``episode_id`` among their support."""
        ...

    def apply(self, slot: str, plan: Plan) -> list[Fact]:
        """Execute ``plan`` on ``slot`` at ``tx``; return the inserted rows in plan order."""
        ...

    def current_many(self, slots: Sequence[str]) -> dict[str, list[Fact]]:
        """:meth:`current` for many slots at once (bulk loads); slots without rows map to ``[]``."""
        ...

    def apply_many(self, plans: Sequence[tuple[str, Plan]]) -> int:
        """:meth:`apply` for many ``(slot, plan)`` pairs (bulk loads), each slot at most once.

        Returns the number of rows inserted; it does not read them back."""
        ...

    def erase(self, *, subject: str | None = None, episode: str | None = None) -> int:
        """Physically delete rows about ``subject`` (as subject or object, and the entity itself) or
        cited only by ``episode`` (and the episode), across all system time. Returns rows removed."""
        ...

    def audit_erase(self, target_kind: str, target_digest: str, rows: int) -> None:
        """Leave a content-free record that an erase happened."""
        ...


class Engine(Protocol):
    """A storage engine. Thread-safe; one instance may serve many threads."""

    @property
    def url(self) -> str: ...

    def migrate(self) -> list[str]:
        """Apply pending named migrations in order; return the names applied (empty when current)."""
        ...

    def schema_version(self) -> list[str]: ...

    def pending_migrations(self) -> list[str]:
        """Named migrations not applied yet (empty when current). Raises :class:`SchemaMismatch` when the
        database has migrations this code does not know (it was migrated by a newer chronomem)."""
        ...

    def close(self) -> None: ...

    def write(self, namespace: str, fn: Callable[[Txn], T]) -> T:
        """Run ``fn`` in one atomic write transaction with a fresh, strictly increasing system time.

        Writers to a namespace are serialised; readers are never blocked. If ``fn`` raises, nothing
        is stored and the exception propagates.
        """
        ...

    def namespaces(self) -> list[str]: ...

    def ensure_namespace(self, namespace: str) -> None: ...

    def erase_namespace(self, namespace: str, digest: str) -> int:
        """Delete every row of ``namespace``; leave a content-free audit record. Returns rows removed."""
        ...

    def erasures(self, namespace_digest: str) -> list[Erasure]:
        """The erase records of the namespace whose ``chronomem._names.digest`` is ``namespace_digest``,
        oldest first (``Txn.audit_erase`` and ``erase_namespace`` file them under that digest).

        Records outlive the namespace they describe (an erased namespace still has its record)."""
        ...

    def episode(self, namespace: str, episode_id: str) -> Episode | None: ...

    def episodes(self, namespace: str, ids: Sequence[str]) -> list[Episode]: ...

    def entity(self, namespace: str, entity_id: str) -> Entity | None: ...

    def entities(self, namespace: str, ids: Sequence[str]) -> list[Entity]: ...

    def find_entities(self, namespace: str, name_key: str) -> list[Entity]: ...

    def predicates(self, namespace: str) -> dict[str, bool]:
        """Every predicate used in the namespace -> True when multi-valued."""
        ...

    def facts(self, namespace: str, query: FactQuery) -> list[Fact]: ...

    def revisions(self, namespace: str, row_ids: Sequence[int]) -> list[Revision]:
        """Links whose old or new row is among ``row_ids``, oldest first."""
        ...

    def changes(self, namespace: str, since: int, until: int) -> list[Change]:
        """Rows learned (recorded.start) or unlearned (recorded.end) in ``(since, until]``, by time."""
        ...

    def overlaps(self, namespace: str) -> list[tuple[int, int]]:
        """Pairs of current rows of one slot that overlap in valid time. Always empty unless broken."""
        ...
