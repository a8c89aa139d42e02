"""The writers' cache of records that rarely change: per namespace, its predicates and entities.

Reading them again cost statements (and, on a server, round trips) on every write, so a
writer keeps what committed transactions read or recorded. The cache is valid while the database's
*cache epoch* is unchanged: a write that changes or deletes such a record (new aliases, an erase)
bumps the epoch (:meth:`._txn.SqlTxn.bump_cache_epoch`), every write reads the epoch with its clock,
and a writer whose cached epoch is behind starts over, so writers in other processes never use a
stale record. SQLite keeps one epoch per file (migration ``0003_cache_epoch``), PostgreSQL one per
namespace (``clocks.cache_epoch``); the cache does not mind which.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from typing import Protocol

from .._values import Entity

__all__ = ["MAX_CACHED_ENTITIES", "MAX_CACHED_NAMESPACES", "Known", "Learner", "WriterCache"]

#: A namespace's cache starts over beyond this many entities (memory stays bounded) ...
MAX_CACHED_ENTITIES = 200_000
#: ... and the whole cache beyond this many namespaces.
MAX_CACHED_NAMESPACES = 1_000


@dataclass(slots=True)
class Known:
    """Committed records of one namespace: predicate -> multi-valued, and entities by id."""

    predicates: dict[str, bool] = field(default_factory=dict)
    entities: dict[str, Entity] = field(default_factory=dict)


class Learner(Protocol):
    """What a committed transaction tells the cache (:class:`._txn.SqlTxn` is one)."""

    @property
    def learned(self) -> Known: ...

    @property
    def forget(self) -> bool: ...


class WriterCache:
    """Per namespace: the cache epoch and what is :class:`Known` at it. Thread-safe; bounded."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._by_ns: dict[str, tuple[int, Known]] = {}

    def known(self, namespace: str, epoch: int) -> Known | None:
        """What is known of ``namespace`` at ``epoch``; ``None`` when nothing is (not even that it exists).

        Shared, not copied: a transaction only reads it (what it learns goes to its own :class:`Known`)."""
        with self._lock:
            hit = self._by_ns.get(namespace)
            return hit[1] if hit is not None and hit[0] == epoch else None

    def remember(self, namespace: str, epoch: int, txn: Learner) -> None:
        """After ``txn`` committed, having read ``epoch``: keep what it learned, or forget the namespace
        when it bumped the epoch (other namespaces' entries then fail the epoch check of their next write
        where the epoch is per file)."""
        with self._lock:
            if txn.forget:
                self._by_ns.pop(namespace, None)
                return
            hit = self._by_ns.get(namespace)
            if hit is not None and hit[0] > epoch:  # a newer epoch was seen meanwhile: ours is stale
                return
            learned = txn.learned
            if hit is None or hit[0] != epoch or len(hit[1].entities) + len(learned.entities) > MAX_CACHED_ENTITIES:
                if hit is None and len(self._by_ns) >= MAX_CACHED_NAMESPACES:
                    self._by_ns.clear()
                hit = self._by_ns[namespace] = (epoch, Known())
            if learned.predicates:
                hit[1].predicates.update(learned.predicates)
            if learned.entities:
                hit[1].entities.update(learned.entities)
