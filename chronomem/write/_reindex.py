"""Bringing a namespace's search indexes up to date with what it stores.

Writes keep both indexes in their own transaction; what they miss is what was stored before an index
existed (full text: migration ``0007_fulltext``; vectors: ``0008_vectors``), without an embedder, or with
another embedder than the one the memory has now (vectors are per model). :func:`reindex` adds the
full-text documents that are missing and embeds every episode that has no vector of the memory's
embedder, each with the message before it as ingestion embeds it (:func:`~._episodes.embed_episode`), a
batch per write transaction. Nothing already indexed is touched, so running it again does nothing.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ._episodes import context_before, embedding_parts

if TYPE_CHECKING:
    from ..contracts import Embedder, Engine, Txn
    from ..models._embed import Matrix

__all__ = ["BATCH", "Reindexed", "reindex"]

#: Records per read and per write transaction.
BATCH = 256
_KINDS = ("episode", "fact", "entity")


@dataclass(frozen=True, slots=True)
class Reindexed:
    """What :func:`reindex` did: full-text documents added, episodes embedded (and with which model)."""

    documents: int = 0
    embedded: int = 0
    model: str | None = None


def reindex(
    engine: Engine, namespace: str, embedder: Embedder | None, *, progress: Callable[[int], None] | None = None
) -> Reindexed:
    """Index and embed what ``namespace`` stores without (see the module docstring); ``progress`` is told how
    many records each batch handled."""
    tell = progress or (lambda n: None)
    documents = sum(_index_kind(engine, namespace, kind, tell) for kind in _KINDS)
    embedded = 0 if embedder is None else _embed_all(engine, namespace, embedder, tell)
    return Reindexed(documents, embedded, None if embedder is None else embedder.name)


def _index_kind(engine: Engine, namespace: str, kind: str, tell: Callable[[int], None]) -> int:
    added = 0
    while refs := engine.unindexed(namespace, kind, BATCH):
        done = engine.write(namespace, functools.partial(_index, kind=kind, refs=refs))
        added += done
        tell(len(refs))
        if done == 0:  # what was listed is gone (erased meanwhile): nothing left of this kind
            break
    return added


def _index(txn: Txn, *, kind: str, refs: Sequence[str]) -> int:
    return txn.index_records(kind, refs)


def _embed_all(engine: Engine, namespace: str, embedder: Embedder, tell: Callable[[int], None]) -> int:
    embedded = 0
    while ids := engine.unembedded(namespace, embedder.name, BATCH):
        episodes = engine.episodes(namespace, ids)
        befores = [context_before(engine, namespace, ep) for ep in episodes]
        parts = [embedding_parts(ep, before) for ep, before in zip(episodes, befores, strict=True)]
        matrix = embedder.embed([p for ps in parts for p in ps])
        made: list[tuple[str, Matrix, str | None]] = []
        at = 0
        for ep, before, ps in zip(episodes, befores, parts, strict=True):
            made.append((ep.id, matrix[at : at + len(ps)], None if before is None else before.id))
            at += len(ps)
        done = engine.write(namespace, functools.partial(_store, model=embedder.name, made=made))
        embedded += done
        tell(len(ids))
        if done == 0:
            break
    return embedded


def _store(txn: Txn, *, model: str, made: Sequence[tuple[str, Matrix, str | None]]) -> int:
    """Store the vectors of the episodes that still exist; how many."""
    n = 0
    for item, vectors, context in made:
        if txn.episode(item) is not None:
            txn.put_vectors(model, "episode", item, vectors, context)
            n += 1
    return n
