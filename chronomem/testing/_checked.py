"""An engine wrapper that checks the store's invariants after every write transaction.

Every write transaction must get a system time no other write got, strictly greater than the
previous write from the same thread; afterwards the namespace may not hold two current rows of one
slot that overlap in valid time, whatever writers run at once.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

from .._values import Change, Contradiction, Entity, Episode, ErasedRow, Fact, Revision
from ..contracts import Engine, Erasure, FactQuery, TextMatch, TextQuery, Txn

if TYPE_CHECKING:
    from ..models._embed import Matrix

__all__ = ["CheckedEngine"]

T = TypeVar("T")


class CheckedEngine:
    """Delegates to ``inner``; after each successful ``write`` asserts the invariants above.

    ``txs`` lists the system time of every committed write, in the order they returned.
    """

    def __init__(self, inner: Engine) -> None:
        self.inner = inner
        self.txs: list[int] = []
        self._seen: set[int] = set()
        self._lock = threading.Lock()
        self._local = threading.local()

    @property
    def url(self) -> str:
        return self.inner.url

    def migrate(self) -> list[str]:
        return self.inner.migrate()

    def schema_version(self) -> list[str]:
        return self.inner.schema_version()

    def pending_migrations(self) -> list[str]:
        return self.inner.pending_migrations()

    def close(self) -> None:
        self.inner.close()

    def analyze(self) -> None:
        self.inner.analyze()

    def settle(self, timeout: float | None = None) -> None:
        self.inner.settle(timeout)

    def write(self, namespace: str, fn: Callable[[Txn], T]) -> T:
        seen: list[int] = []

        def run(txn: Txn) -> T:
            seen.append(txn.tx)
            return fn(txn)

        result = self.inner.write(namespace, run)
        self._check(namespace, seen[-1])
        return result

    def _check(self, namespace: str, tx: int) -> None:
        last: int | None = getattr(self._local, "last", None)
        assert last is None or tx > last, f"system time went from {last} to {tx}; it must strictly increase"
        self._local.last = tx
        with self._lock:
            assert tx not in self._seen, f"two write transactions got the same system time {tx}"
            self._seen.add(tx)
            self.txs.append(tx)
        broken = self.inner.overlaps(namespace)
        assert not broken, f"after the write at {tx}, current rows overlap in valid time: {broken}"

    def namespaces(self) -> list[str]:
        return self.inner.namespaces()

    def ensure_namespace(self, namespace: str) -> None:
        self.inner.ensure_namespace(namespace)

    def holds_anything(self, namespace: str) -> bool:
        return self.inner.holds_anything(namespace)

    def erase_namespace(self, namespace: str, digest: str) -> int:
        return self.inner.erase_namespace(namespace, digest)

    def erasures(self, namespace_digest: str) -> list[Erasure]:
        return self.inner.erasures(namespace_digest)

    def dump(self, namespace: str) -> dict[str, list[dict[str, Any]]]:
        """The inner engine's ``dump`` (:func:`chronomem.testing.dump_store`); ``AttributeError`` without one."""
        dump: Callable[[str], dict[str, list[dict[str, Any]]]] = getattr(self.inner, "dump")  # noqa: B009
        return dump(namespace)

    def load(self, namespace: str, tables: Any, erasures: Sequence[Erasure] = (), namespace_digest: str = "") -> int:
        """The inner engine's ``load`` (:func:`chronomem.portable.restore`); ``AttributeError`` without one."""
        load: Callable[..., int] = getattr(self.inner, "load")  # noqa: B009
        return load(namespace, tables, erasures, namespace_digest)

    def erased_rows(self, namespace: str, row_ids: Sequence[int]) -> list[ErasedRow]:
        return self.inner.erased_rows(namespace, row_ids)

    def committed(self, namespace: str) -> int:
        return self.inner.committed(namespace)

    def episode(self, namespace: str, episode_id: str) -> Episode | None:
        return self.inner.episode(namespace, episode_id)

    def episodes(self, namespace: str, ids: Sequence[str]) -> list[Episode]:
        return self.inner.episodes(namespace, ids)

    def recent_episodes(self, namespace: str, session: str | None, before: int, limit: int) -> list[Episode]:
        return self.inner.recent_episodes(namespace, session, before, limit)

    def unindexed(self, namespace: str, kind: str, limit: int) -> list[str]:
        return self.inner.unindexed(namespace, kind, limit)

    def unembedded(self, namespace: str, model: str, limit: int) -> list[str]:
        return self.inner.unembedded(namespace, model, limit)

    def embedded_with(self, namespace: str, episode_id: str) -> list[str]:
        return self.inner.embedded_with(namespace, episode_id)

    def following_episodes(self, namespace: str, ids: Sequence[str]) -> dict[str, Episode]:
        return self.inner.following_episodes(namespace, ids)

    def conflicts(
        self, namespace: str, *, subject: str | None = None, predicate: str | None = None, open_only: bool = True
    ) -> list[Contradiction]:
        return self.inner.conflicts(namespace, subject=subject, predicate=predicate, open_only=open_only)

    def entity(self, namespace: str, entity_id: str) -> Entity | None:
        return self.inner.entity(namespace, entity_id)

    def entities(self, namespace: str, ids: Sequence[str]) -> list[Entity]:
        return self.inner.entities(namespace, ids)

    def find_entities(self, namespace: str, name_key: str) -> list[Entity]:
        return self.inner.find_entities(namespace, name_key)

    def predicates(self, namespace: str) -> dict[str, bool]:
        return self.inner.predicates(namespace)

    def facts(self, namespace: str, query: FactQuery) -> list[Fact]:
        return self.inner.facts(namespace, query)

    def revisions(self, namespace: str, row_ids: Sequence[int]) -> list[Revision]:
        return self.inner.revisions(namespace, row_ids)

    def changes(self, namespace: str, since: int, until: int) -> list[Change]:
        return self.inner.changes(namespace, since, until)

    def overlaps(self, namespace: str) -> list[tuple[int, int]]:
        return self.inner.overlaps(namespace)

    def nearest(
        self, namespace: str, model: str, query: Matrix, k: int, as_of: int | None = None
    ) -> list[tuple[str, str, float]]:
        return self.inner.nearest(namespace, model, query, k, as_of)

    def match_text(self, namespace: str, query: TextQuery) -> TextMatch:
        return self.inner.match_text(namespace, query)

    def match_texts(self, namespace: str, queries: Sequence[TextQuery]) -> list[TextMatch]:
        return self.inner.match_texts(namespace, queries)

    def content_terms(self, speaker: str | None, document: str) -> frozenset[str]:
        return self.inner.content_terms(speaker, document)

    def name_terms(self, name: str) -> frozenset[str]:
        return self.inner.name_terms(name)
