"""chronomem in CrewAI: a storage backend for ``crewai.Memory`` (``Memory(storage=..., embedder=...)``).

Needs the extra: ``pip install -e '.[crewai]'`` (CrewAI pins its own pydantic and brings dozens of packages:
``scripts/setup --dev`` gives it a venv of its own, ``.venv-crewai``).

:class:`ChronomemStorage` follows CrewAI's ``StorageBackend`` protocol. Each record CrewAI saves is an episode of
the session ``session_id``, dated when the record was created and kept with it (so ``get_record`` and
``list_records`` give it back), and read into facts, the speaker of ``"user"`` records (the default role) being
the record's ``source``, else ``user_id``. A search runs chronomem's search
(:func:`~chronomem.integrations._recall.recall`): facts first, each a record whose content says when it held and
whose metadata is its record (:func:`~chronomem.integrations._recall.hit_record`), then what was said. ``delete``
and ``reset`` retract (:meth:`Memory.retract_episode`: reads as of before still see them); ``update`` replaces
the episode.

CrewAI hands a storage only the query's *vector*. So give ``crewai.Memory`` the storage's :attr:`embedder`: it
embeds text with chronomem's hashing embedder (what CrewAI compares items with) and remembers which text each
vector came from, and ``search`` finds that text again and searches it. Scores are chronomem's, not cosines (CrewAI
weighs them with recency and importance, and asks its LLM to consolidate records scored above its threshold).
What a crew recalls is untrusted input: CrewAI puts it in the task's (user) message, not the system one.
"""

from __future__ import annotations

import asyncio
import threading
from collections import OrderedDict
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

import numpy as np
from crewai.memory.types import MemoryRecord, ScopeInfo

from .._memory import Memory
from .._time import MAX_US
from ..errors import ConfigError, NotFound
from ..models import HashingEmbedder
from ..retrieve import Hit
from ._recall import hit_record, hit_text, recall

__all__ = ["ChronomemStorage"]

#: Where an episode keeps the CrewAI record it stores.
_RECORD = "crewai_record"
#: How many query vectors the embedder remembers the text of.
_REMEMBERED = 4096


class ChronomemStorage:
    """CrewAI's ``StorageBackend`` over a chronomem memory (see the module).

    >>> storage = ChronomemStorage(chronomem.open("memory.db", embedder=None), user_id="Alice")   # doctest: +SKIP
    >>> crew_memory = crewai.Memory(storage=storage, embedder=storage.embedder, llm=...)        # doctest: +SKIP
    """

    def __init__(self, memory: Memory, *, user_id: str | None = None, session_id: str | None = None) -> None:
        self.memory = memory
        self.user_id = user_id
        self.session_id = session_id
        self._hashing = HashingEmbedder()
        self._texts: OrderedDict[bytes, str] = OrderedDict()
        self._lock = threading.Lock()

    # -- the embedder CrewAI calls ------------------------------------------------------------------
    def embedder(self, texts: Sequence[str]) -> list[list[float]]:
        """CrewAI's embedder callable: ``texts`` as vectors, each one's text remembered for :meth:`search`."""
        vectors = self._hashing.embed(list(texts)) if texts else np.zeros((0, self._hashing.dim), np.float32)
        with self._lock:
            for text, vector in zip(texts, vectors, strict=True):
                self._texts[vector.tobytes()] = text
                self._texts.move_to_end(vector.tobytes())
            while len(self._texts) > _REMEMBERED:
                self._texts.popitem(last=False)
        return [[float(x) for x in v] for v in vectors]

    # -- StorageBackend -----------------------------------------------------------------------------
    def save(self, records: list[MemoryRecord]) -> None:
        for record in records:
            self._save(record)

    def search(
        self,
        query_embedding: list[float],
        scope_prefix: str | None = None,
        categories: list[str] | None = None,
        metadata_filter: dict[str, Any] | None = None,
        limit: int = 10,
        min_score: float = 0.0,
    ) -> list[tuple[MemoryRecord, float]]:
        """The records that answer the text ``query_embedding`` was made from, best first (facts, then episodes).

        Raises :class:`~chronomem.errors.ConfigError` for a vector :attr:`embedder` did not make."""
        key = np.asarray(query_embedding, dtype=np.float32).tobytes()
        with self._lock:
            query = self._texts.get(key)
        if query is None:
            raise ConfigError("ChronomemStorage searches text: give crewai's Memory embedder=storage.embedder")
        found = [(self._record(h), h.score) for h in recall(self.memory, query, k=max(limit, 1) * 2)]
        kept = [(r, s) for r, s in found if s >= min_score and _matches(r, scope_prefix, categories, metadata_filter)]
        return kept[:limit]

    def delete(
        self,
        scope_prefix: str | None = None,
        categories: list[str] | None = None,
        record_ids: list[str] | None = None,
        older_than: datetime | None = None,
        metadata_filter: dict[str, Any] | None = None,
    ) -> int:
        """Retract the records that match every criterion given; how many."""
        gone = 0
        for r in self._records():
            if record_ids is not None and r.id not in record_ids:
                continue
            if older_than is not None and _utc(r.created_at) >= _utc(older_than):
                continue
            if _matches(r, scope_prefix, categories, metadata_filter):
                self.memory.retract_episode(r.id)
                gone += 1
        return gone

    def update(self, record: MemoryRecord) -> None:
        """Replace the record with ``record.id`` (its episode is erased and stored again)."""
        self.memory.erase(episode=record.id)
        self._save(record)

    def get_record(self, record_id: str) -> MemoryRecord | None:
        try:
            episode = self.memory.get_episode(record_id)
        except NotFound:
            return None
        stored = episode.metadata.get(_RECORD)
        return MemoryRecord.model_validate(stored) if isinstance(stored, dict) else None

    def list_records(self, scope_prefix: str | None = None, limit: int = 200, offset: int = 0) -> list[MemoryRecord]:
        """The session's records under ``scope_prefix``, newest first."""
        return [r for r in self._records() if _under(r.scope, scope_prefix)][offset : offset + limit]

    def get_scope_info(self, scope: str) -> ScopeInfo:
        records = self.list_records(scope, limit=1_000_000)
        return ScopeInfo(
            path=scope,
            record_count=len(records),
            categories=sorted({c for r in records for c in r.categories}),
            oldest_record=min((r.created_at for r in records), default=None),
            newest_record=max((r.created_at for r in records), default=None),
            child_scopes=self.list_scopes(scope),
        )

    def list_scopes(self, parent: str = "/") -> list[str]:
        base = "/" + parent.strip("/") if parent.strip("/") else ""
        children = set()
        for r in self._records():
            if _under(r.scope, parent) and r.scope.rstrip("/") != base:
                children.add(f"{base}/{r.scope[len(base) :].strip('/').split('/')[0]}")
        return sorted(children)

    def list_categories(self, scope_prefix: str | None = None) -> dict[str, int]:
        counts: dict[str, int] = {}
        for r in self.list_records(scope_prefix, limit=1_000_000):
            for c in r.categories:
                counts[c] = counts.get(c, 0) + 1
        return counts

    def count(self, scope_prefix: str | None = None) -> int:
        return len(self.list_records(scope_prefix, limit=1_000_000))

    def reset(self, scope_prefix: str | None = None) -> None:
        """Retract every record under ``scope_prefix`` (all of the session's with ``None``)."""
        self.delete(scope_prefix=scope_prefix)

    async def asave(self, records: list[MemoryRecord]) -> None:
        await asyncio.to_thread(self.save, records)

    async def asearch(
        self,
        query_embedding: list[float],
        scope_prefix: str | None = None,
        categories: list[str] | None = None,
        metadata_filter: dict[str, Any] | None = None,
        limit: int = 10,
        min_score: float = 0.0,
    ) -> list[tuple[MemoryRecord, float]]:
        return await asyncio.to_thread(
            self.search, query_embedding, scope_prefix, categories, metadata_filter, limit, min_score
        )

    async def adelete(
        self,
        scope_prefix: str | None = None,
        categories: list[str] | None = None,
        record_ids: list[str] | None = None,
        older_than: datetime | None = None,
        metadata_filter: dict[str, Any] | None = None,
    ) -> int:
        return await asyncio.to_thread(self.delete, scope_prefix, categories, record_ids, older_than, metadata_filter)

    # -- records and episodes -----------------------------------------------------------------------
    def _save(self, record: MemoryRecord) -> None:
        role = record.metadata.get("role", "user")
        said = {
            "id": record.id,
            "role": role,
            "content": record.content,
            "occurred_at": _utc(record.created_at),
            "metadata": {_RECORD: record.model_dump(mode="json")},
        }
        self.memory.add(said, user_id=record.source or self.user_id, session_id=self.session_id)

    def _records(self) -> list[MemoryRecord]:
        episodes = self.memory.engine.recent_episodes(self.memory.namespace, self.session_id, MAX_US, 1_000_000)
        stored = [ep.metadata.get(_RECORD) for ep in reversed(episodes)]  # newest first
        return [MemoryRecord.model_validate(s) for s in stored if isinstance(s, dict)]

    def _record(self, hit: Hit) -> MemoryRecord:
        if hit.kind == "episode":
            stored = self.get_record(hit.id)
            if stored is not None:
                return stored
        cited = [r for r in (self.get_record(c) for c in hit.cites) if r is not None]
        valid = (hit.valid_from or datetime.now(UTC)).astimezone(UTC).replace(tzinfo=None)  # CrewAI's naive UTC
        return MemoryRecord(
            id=f"{hit.kind}:{hit.id}",
            content=hit_text(hit),
            scope=cited[0].scope if cited else "/",
            categories=sorted({c for r in cited for c in r.categories}),
            importance=max((r.importance for r in cited), default=0.5),  # as important as what said it
            metadata=dict(hit_record(hit)),
            created_at=valid,
            last_accessed=valid,
        )


def _utc(at: datetime) -> datetime:
    """CrewAI dates records with naive UTC (``datetime.utcnow``)."""
    return at.replace(tzinfo=UTC) if at.tzinfo is None else at.astimezone(UTC)


def _under(scope: str, prefix: str | None) -> bool:
    base = (prefix or "").strip("/")
    path = scope.strip("/")
    return not base or path == base or path.startswith(base + "/")


def _matches(
    record: MemoryRecord, scope: str | None, categories: list[str] | None, metadata: dict[str, Any] | None
) -> bool:
    return (
        _under(record.scope, scope)
        and (not categories or bool(set(categories) & set(record.categories)))
        and all(record.metadata.get(k) == v for k, v in (metadata or {}).items())
    )
