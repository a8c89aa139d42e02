"""The write path: every change to a memory goes through here, on one engine and one namespace.

>>> from chronomem.engines import open_engine                                   # doctest: +SKIP
>>> writer = Writer(open_engine("memory.db"), "alice")                           # doctest: +SKIP
>>> writer.fact(FactRecord("Alice", "lives_in", "Berlin"))                       # doctest: +SKIP

:class:`Writer` runs each operation in one engine transaction. The stages it composes are functions over
an open transaction (:mod:`._facts`: resolve, target, plan, execute; :mod:`._undo`; :mod:`._replay`;
:mod:`._episodes`; :mod:`._entities`), so a caller that must do several things atomically (ingesting one
message: its episode, its entities, its facts) composes them inside one ``engine.write``. Decisions are pure
(:func:`chronomem._bitemporal.plan_write`, :func:`chronomem._support.plan_replay`); the engine only
executes plans.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from .._names import digest
from ._bulk import bulk_write
from ._checks import check_entity_name
from ._entities import (
    GENERIC,
    Names,
    candidates,
    compatible,
    find_entity,
    find_known,
    find_or_create,
    find_person,
    find_similar,
    mention,
    most_similar,
    need_entity,
)
from ._episodes import (
    MAX_CONTENT,
    MAX_PARTS,
    PART_CHARS,
    PART_OVERLAP,
    Embedded,
    context_before,
    embed_episode,
    embedding_parts,
    new_episode,
    store_episode,
)
from ._erase import erase_rows
from ._execute import execute_plan
from ._facts import Aim, Statement, aim_claim, plan_claim, plan_statement, resolve, write_fact
from ._merge import merge_entities, unmerge_entity
from ._reindex import Reindexed, reindex
from ._replay import weighed
from ._request import Checked, FactRecord, check_record, check_records
from ._settle import settle_conflict
from ._undo import retract_episode

if TYPE_CHECKING:
    from .._values import Entity, Episode, Merge, WriteResult
    from ..contracts import Engine, Txn

__all__ = [
    "GENERIC",
    "MAX_CONTENT",
    "MAX_PARTS",
    "PART_CHARS",
    "PART_OVERLAP",
    "Aim",
    "Checked",
    "Embedded",
    "FactRecord",
    "Names",
    "Reindexed",
    "Statement",
    "Writer",
    "aim_claim",
    "bulk_write",
    "candidates",
    "check_entity_name",
    "check_record",
    "check_records",
    "compatible",
    "context_before",
    "embed_episode",
    "embedding_parts",
    "erase_rows",
    "execute_plan",
    "find_entity",
    "find_known",
    "find_or_create",
    "find_person",
    "find_similar",
    "mention",
    "merge_entities",
    "most_similar",
    "need_entity",
    "new_episode",
    "plan_claim",
    "plan_statement",
    "reindex",
    "resolve",
    "retract_episode",
    "settle_conflict",
    "store_episode",
    "unmerge_entity",
    "weighed",
    "write_fact",
]


class Writer:
    """Writes to ``namespace`` of ``engine``, one transaction per call. Arguments are checked values
    (:func:`new_episode`, :func:`check_records`); what goes wrong in the transaction raises and stores
    nothing."""

    def __init__(self, engine: Engine, namespace: str) -> None:
        self.engine = engine
        self.namespace = namespace

    def episode(self, ep: Episode, embedded: Embedded | None = None) -> Episode:
        """Store ``ep`` (idempotent by id) and, when new, what an embedder made of its text; the stored
        episode."""

        def store(txn: Txn) -> Episode:
            stored = store_episode(txn, ep)
            if embedded is not None and stored.recorded_at == txn.tx:
                txn.put_vectors(embedded.model, "episode", ep.id, embedded.vectors, embedded.context)
            return stored

        return self.engine.write(self.namespace, store)

    def vectors(self, episode_id: str, embedded: Embedded) -> bool:
        """Store new vectors of a stored episode (after the one they read as context was erased); ``False``
        when the episode is gone."""

        def store(txn: Txn) -> bool:
            if txn.episode(episode_id) is None:
                return False
            txn.put_vectors(embedded.model, "episode", episode_id, embedded.vectors, embedded.context)
            return True

        return self.engine.write(self.namespace, store)

    def entity(self, name: str, type: str = "thing", aliases: tuple[str, ...] = ()) -> Entity:
        """The entity ``name`` refers to (created when new), with ``aliases`` added."""
        return self.engine.write(self.namespace, lambda txn: find_or_create(txn, self.namespace, name, type, aliases))

    def merge(self, source: str, target: str) -> Merge:
        """Merge entity ``source`` into ``target`` (:mod:`._merge`)."""
        return self.engine.write(self.namespace, lambda txn: merge_entities(txn, self.namespace, source, target))

    def unmerge(self, source: str) -> Merge:
        """Undo the merge of entity ``source`` (:mod:`._merge`)."""
        return self.engine.write(self.namespace, lambda txn: unmerge_entity(txn, self.namespace, source))

    def fact(self, record: FactRecord) -> WriteResult:
        """Assert, correct or retract one fact (``record.reason`` says which)."""
        checked = check_record(record, self.namespace)
        return self.engine.write(self.namespace, lambda txn: write_fact(txn, self.namespace, checked))

    def bulk(self, records: Iterable[FactRecord], batch: int) -> int:
        """Every record, checked first, then written in rounds (:mod:`._bulk`); rows inserted."""
        return bulk_write(self.engine, self.namespace, check_records(records, self.namespace), batch)

    def retract_episode(self, episode_id: str) -> WriteResult:
        """End what only ``episode_id`` supports; what it replaced comes back."""
        return self.engine.write(self.namespace, lambda txn: retract_episode(txn, self.namespace, episode_id))

    def erase_subject(self, entity_id: str) -> int:
        """Delete every row about the entity, across all system time; rows removed."""
        return self.engine.write(self.namespace, lambda txn: erase_rows(txn, self.namespace, subject=entity_id))

    def erase_episode(self, episode_id: str) -> int:
        """Undo the episode and delete its rows and itself, in one transaction; rows removed."""
        return self.engine.write(self.namespace, lambda txn: erase_rows(txn, self.namespace, episode=episode_id))

    def settle(self, conflict_id: int, *, accept: bool) -> WriteResult:
        """Settle an open conflict: write its claim as a correction (``accept``) or leave what is known."""
        return self.engine.write(self.namespace, lambda txn: settle_conflict(txn, self.namespace, conflict_id, accept))

    def erase_namespace(self) -> int:
        """Delete the whole namespace, leaving a content-free audit record; rows removed."""
        return self.engine.erase_namespace(self.namespace, digest(self.namespace))
