"""The SQL engines' :class:`chronomem.contracts.Engine` methods that do not depend on how the engine connects.

:class:`SqlEngine` writes every read, the schema-version checks, ``ensure_namespace`` and
``erase_namespace`` once over the engine's :class:`._dialect.Dialect`; a subclass supplies connections
(:meth:`SqlEngine._read`), write transactions (:meth:`SqlEngine.write`) and its migrations.
"""

from __future__ import annotations

import functools
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

from .._values import Change, Contradiction, Entity, Episode, ErasedRow, Fact, Interval, Revision
from ..contracts import Erasure, FactQuery, TextMatch, TextQuery
from ..errors import InvalidValue
from ._dialect import DUMPED_COLUMNS, Dialect, Statements
from ._fulltext import TextStatements, content_terms, fact_terms, has_term
from ._load import Tables
from ._migrations import Migration, pending
from ._sql import INF, build_fact_query, contradiction_from_row, entity_from_row, episode_from_row, fact_from_row
from ._termstats import TermStats, match_terms
from ._txn import SqlTxn
from ._vectors import VectorSpaces

if TYPE_CHECKING:
    from ..models._embed import Matrix

__all__ = ["SqlEngine"]

T = TypeVar("T")


class SqlEngine(ABC):
    """Engine methods written once (see module docstring). Subclasses set :attr:`dialect` and
    :attr:`migrations`, and :attr:`_where` (the database, as messages name it)."""

    dialect: ClassVar[Dialect]
    sql: ClassVar[Statements]
    text: ClassVar[TextStatements]
    migrations: ClassVar[Sequence[Migration]]
    _where: str

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "dialect" in cls.__dict__:
            cls.sql = cls.dialect.sql
            cls.text = cls.dialect.text

    @abstractmethod
    def _read(self, sql: str, args: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        """The rows of one read statement, on this thread's read connection; driver errors mapped."""

    @abstractmethod
    def write(self, namespace: str, fn: Callable[[SqlTxn[Any]], T]) -> T:
        """See :meth:`chronomem.contracts.Engine.write`."""

    # -- schema ------------------------------------------------------------------------------
    def schema_version(self) -> list[str]:
        if not self._read(self.sql.migrations_exist):
            return []
        return [r[0] for r in self._read(self.sql.migrations)]

    def pending_migrations(self) -> list[str]:
        return pending(self.schema_version(), self.migrations, self._where)

    # -- namespaces --------------------------------------------------------------------------
    def namespaces(self) -> list[str]:
        return [r[0] for r in self._read_across(self.sql.namespaces)]

    def _read_across(self, sql: str) -> list[tuple[Any, ...]]:
        """The rows of the one read that spans namespaces (listing them). An engine on a cluster that forbids
        such statements (Citus, in chronomem's tests) lifts the ban here for this one."""
        return self._read(sql)

    def holds_anything(self, namespace: str) -> bool:
        return bool(self._read(self.sql.any_episode, (namespace,)) or self._read(self.sql.any_entity, (namespace,)))

    def dump(self, namespace: str) -> dict[str, list[dict[str, Any]]]:
        """Every row ``namespace`` holds, table by table, each as column -> value, in storage order (the
        audit records of erases, kept by namespace digest, are not the namespace's), all read from one snapshot.
        What :mod:`chronomem.portable` dumps and :func:`chronomem.testing.dump_store` compares."""
        found = self._read_snapshot([(self.sql.dump[t], (namespace,)) for t in DUMPED_COLUMNS])
        out = {}
        for (table, columns), rows in zip(DUMPED_COLUMNS.items(), found, strict=True):
            names = [c.strip() for c in columns.split(",")]
            out[table] = [dict(zip(names, row, strict=True)) for row in rows]
        return out

    def _read_snapshot(self, statements: Sequence[tuple[str, Sequence[Any]]]) -> list[list[tuple[Any, ...]]]:
        """Several reads that see one snapshot of the database (a dump's tables: no write between two of them)."""
        return [self._read(sql, args) for sql, args in statements]

    def load(self, namespace: str, tables: Tables, erasures: Sequence[Erasure] = (), namespace_digest: str = "") -> int:
        """Write a dump's rows (``tables``, as :meth:`dump` lists them) and erase records into ``namespace``, which
        must hold no row, in one write transaction (see :mod:`._load`). Returns the full-text documents written.
        Raises :class:`~chronomem.errors.Conflict` for a namespace that holds rows; nothing is written then."""
        n = self.write(namespace, lambda txn: txn.load(tables, erasures, namespace_digest))
        self._vectors.forget(namespace)
        self._terms.forget(namespace)
        return n

    def ensure_namespace(self, namespace: str) -> None:
        if not self._read(self.sql.has_namespace, (namespace,)):
            self.write(namespace, lambda txn: None)

    def erase_namespace(self, namespace: str, digest: str) -> int:
        n = self.write(namespace, lambda txn: txn.erase_namespace(digest))
        self._vectors.forget(namespace)
        self._terms.forget(namespace)
        return n

    def erasures(self, namespace_digest: str) -> list[Erasure]:
        return [Erasure(*r) for r in self._read(self.sql.erasures, (namespace_digest,))]

    # -- reads -------------------------------------------------------------------------------
    @functools.cached_property
    def _vectors(self) -> VectorSpaces:
        return VectorSpaces()

    @functools.cached_property
    def _terms(self) -> TermStats:
        return TermStats()

    def settle(self, timeout: float | None = None) -> None:
        """See :meth:`chronomem.contracts.Engine.settle`."""
        self._vectors.settle(timeout)

    def committed(self, namespace: str) -> int:
        """See :meth:`chronomem.contracts.Engine.committed`."""
        found = self._read(self.dialect.committed, (namespace,))
        return int(found[0][0]) if found else 0

    def nearest(
        self, namespace: str, model: str, query: Matrix, k: int, as_of: int | None = None
    ) -> list[tuple[str, str, float]]:
        """See :meth:`chronomem.contracts.Engine.nearest`."""
        stamp = self._read(self.text.stamp, (namespace,))
        if not stamp:
            return []
        created, last, epoch = (int(v) for v in stamp[0])
        since = functools.partial(self._vectors_since, namespace, model)
        return self._vectors.search(namespace, model, (created, last, epoch), since, query, k, as_of)

    def _vectors_since(self, namespace: str, model: str, seen: int) -> list[tuple[Any, ...]]:
        return self._read(self.sql.vectors_since, (namespace, model, seen))

    def episode(self, namespace: str, episode_id: str) -> Episode | None:
        found = self.episodes(namespace, [episode_id])
        return found[0] if found else None

    def episodes(self, namespace: str, ids: Sequence[str]) -> list[Episode]:
        return [episode_from_row(r) for r in self._by_ids(self.sql.episodes, namespace, ids)]

    def unindexed(self, namespace: str, kind: str, limit: int) -> list[str]:
        if kind not in self.text.unindexed:
            raise InvalidValue(f"full-text kind {kind!r}; use one of {sorted(self.text.unindexed)}")
        return [r[0] for r in self._read(self.text.unindexed[kind], (namespace, limit))]

    def unembedded(self, namespace: str, model: str, limit: int) -> list[str]:
        return [r[0] for r in self._read(self.sql.unembedded, (namespace, model, limit))]

    def embedded_with(self, namespace: str, episode_id: str) -> list[str]:
        return [r[0] for r in self._read(self.sql.embedded_with, (namespace, episode_id))]

    def recent_episodes(self, namespace: str, session: str | None, before: int, limit: int) -> list[Episode]:
        if session is None:
            rows = self._read(self.sql.recent_unsessioned, (namespace, before, limit))
        else:
            rows = self._read(self.sql.recent_episodes, (namespace, session, before, limit))
        return [episode_from_row(r) for r in reversed(rows)]

    def following_episodes(self, namespace: str, ids: Sequence[str]) -> dict[str, Episode]:
        d, out = self.dialect, dict[str, Episode]()
        for chunk in d.chunks(list(dict.fromkeys(ids))):  # bound twice: 1,000 of SQLite's 32,766 at most
            sql = self.sql.following.format(ids=d.in_ids("e.id", len(chunk)))
            args = (namespace, namespace, *d.ids(chunk))
            out.update((r[0], episode_from_row(r[1:])) for r in self._read(sql, (*args, *args, namespace)))
        return out

    def conflicts(
        self, namespace: str, *, subject: str | None = None, predicate: str | None = None, open_only: bool = True
    ) -> list[Contradiction]:
        filters, args = "", [namespace]
        for column, wanted in (("subject", subject), ("predicate", predicate)):
            if wanted is not None:
                filters += f" AND {column} = {self.dialect.param}"
                args.append(wanted)
        if open_only:
            filters += " AND settled IS NULL"
        sql = self.sql.conflicts.format(filters=filters)
        return [contradiction_from_row(r) for r in self._read(sql, tuple(args))]

    def entity(self, namespace: str, entity_id: str) -> Entity | None:
        found = self.entities(namespace, [entity_id])
        return found[0] if found else None

    def entities(self, namespace: str, ids: Sequence[str]) -> list[Entity]:
        return [entity_from_row(r) for r in self._by_ids(self.sql.entities, namespace, ids)]

    def _by_ids(self, template: str, namespace: str, ids: Sequence[str]) -> list[tuple[Any, ...]]:
        """The rows of ``template`` (a statement with an ``{ids}`` condition) for the records ``ids``."""
        if not ids:
            return []
        d = self.dialect
        return self._read(template.format(ids=d.in_ids("id", len(ids))), (namespace, *d.ids(ids)))

    def find_entities(self, namespace: str, name_key: str) -> list[Entity]:
        return [entity_from_row(r) for r in self._read(self.sql.find_entities, (namespace, name_key))]

    def predicates(self, namespace: str) -> dict[str, bool]:
        return {r[0]: bool(r[1]) for r in self._read(self.sql.predicates, (namespace,))}

    def facts(self, namespace: str, query: FactQuery) -> list[Fact]:
        d = self.dialect
        sql, args = build_fact_query(namespace, query, ph=d.param, agg=d.episode_ids, now=INF - 1)
        return [fact_from_row(r) for r in self._read(sql, args)]

    def revisions(self, namespace: str, row_ids: Sequence[int]) -> list[Revision]:
        if not row_ids:
            return []
        d, n = self.dialect, len(row_ids)
        sql = self.sql.revisions.format(old=d.in_ids("old_row", n), new=d.in_ids("new_row", n))
        return [Revision(*r) for r in self._read(sql, (namespace, *d.ids(row_ids), *d.ids(row_ids)))]

    def erased_rows(self, namespace: str, row_ids: Sequence[int]) -> list[ErasedRow]:
        d, out = self.dialect, []
        for chunk in d.chunks(sorted(set(row_ids))):
            sql = self.sql.erased_rows.format(ids=d.in_ids("row_id", len(chunk)))
            for r in self._read(sql, (namespace, *d.ids(chunk))):
                out.append(ErasedRow(r[0], r[1], _interval(r[2], r[3]), _interval(r[4], r[5]), r[6]))
        return out

    def changes(self, namespace: str, since: int, until: int) -> list[Change]:
        rows = self._read(self.sql.changes, (namespace, since, until, namespace, since, until))
        out = [Change(r[14], r[15], fact_from_row(r)) for r in rows]
        return sorted(out, key=lambda ch: (ch.at, ch.action != "unlearned", ch.fact.row_id))

    def overlaps(self, namespace: str) -> list[tuple[int, int]]:
        return [(r[0], r[1]) for r in self._read(self.sql.overlaps, (namespace,))]

    def match_text(self, namespace: str, query: TextQuery) -> TextMatch:
        """See :meth:`chronomem.contracts.Engine.match_text`."""
        return self.match_texts(namespace, [query])[0]

    def match_texts(self, namespace: str, queries: Sequence[TextQuery]) -> list[TextMatch]:
        """See :meth:`chronomem.contracts.Engine.match_texts`: the namespace's stamp once, each kind's term
        statistics caught up, then the lookups that have something to match, together (:meth:`_read_many`)."""
        t = self.text
        for q in queries:
            if q.kind not in t.match:
                raise InvalidValue(f"full-text kind {q.kind!r}; use one of {sorted(t.match)}")
        stamp = self._read(t.stamp, (namespace,)) if queries else []
        if not stamp:  # no such namespace
            return [TextMatch([], 0, 0, dict.fromkeys(q.terms, 0)) for q in queries]
        out: list[TextMatch] = []
        last = int(stamp[0][1])  # the namespace's last write: a lookup as of then or later needs no join
        lookups: dict[int, tuple[str, tuple[Any, ...], tuple[str, ...]]] = {}
        for i, q in enumerate(queries):
            since = functools.partial(self._read_since, namespace, q.kind)
            stats = self._terms.statistics(namespace, q.kind, tuple(stamp[0]), since, q.terms)
            out.append(TextMatch([], stats.documents, stats.terms_total, stats.frequencies))
            df = stats.frequencies
            if q.terms and q.limit >= 1 and any(df.values()):  # else nothing holds a term: no statement
                terms = match_terms({k: n for k, n in df.items() if n}, q.limit)  # the rare ones, when many
                sql = (t.match_latest if q.as_of >= last else t.match)[q.kind]
                lookups[i] = (sql, t.match_args(namespace, terms, q.as_of, q.limit), terms)
        results = self._read_many([(sql, args) for sql, args, _ in lookups.values()])
        for (i, (_, _, terms)), rows in zip(lookups.items(), results, strict=True):
            # r[2]: a document waiting outside the index (SQLite, see ._fulltext): matched here, and first
            waiting = [(r[0], r[1]) for r in rows if r[2] and has_term(r[1], terms)]
            found = waiting + [(r[0], r[1]) for r in rows if not r[2]]
            out[i] = replace(out[i], records=found[: queries[i].limit])
        return out

    def content_terms(self, speaker: str | None, document: str) -> frozenset[str]:
        """See :meth:`chronomem.contracts.Engine.content_terms`."""
        return _content_terms(speaker, document)

    def name_terms(self, name: str) -> frozenset[str]:
        """See :meth:`chronomem.contracts.Engine.name_terms`."""
        return _name_terms(name)

    def _read_many(self, statements: Sequence[tuple[str, Sequence[Any]]]) -> list[list[tuple[Any, ...]]]:
        """Several reads, each its own statement (PostgreSQL sends them in one round trip)."""
        return [self._read(sql, args) for sql, args in statements]

    def _read_since(self, namespace: str, kind: str, seen: int) -> list[tuple[Any, ...]]:
        return self._read(self.text.since, (namespace, kind, seen))


@functools.lru_cache(maxsize=20_000)
def _content_terms(speaker: str | None, document: str) -> frozenset[str]:
    """Cached: a search reads the terms of every episode it found, mostly the same ones as the search before it."""
    return frozenset(content_terms(speaker, document))


@functools.lru_cache(maxsize=4096)
def _name_terms(name: str) -> frozenset[str]:
    """What a fact row's document holds of a subject named ``name`` (cached: subjects repeat)."""
    return frozenset(fact_terms(name, "", None, None))


def _interval(start: int, end: int) -> Interval:
    return Interval(start, None if end == INF else end)
