"""SQLite's side of the shared SQL: its :class:`SqliteDialect` and the write transaction's plan executor.

Every other :class:`chronomem.contracts.Txn` method is :class:`._txn.SqlTxn`'s. A transaction runs on the
engine's writer connection inside ``BEGIN IMMEDIATE`` (see ``_sqlite``), so reading a slot and
writing it cannot interleave with another writer.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from typing import Any, ClassVar

from .._bitemporal import Plan
from .._values import canonical_json
from ._cache import Known
from ._dialect import Dialect
from ._sql import INF, end_value
from ._txn import SqlTxn

__all__ = ["SQLITE", "SqliteDialect", "SqliteTxn"]


class SqliteDialect(Dialect):
    param: ClassVar[str] = "?"
    episode_ids: ClassVar[str] = "group_concat(s.episode_id, char(31))"
    support_spans: ClassVar[str] = (
        "group_concat(s.episode_id || char(30) || s.valid_from || char(30) || s.valid_to, char(31))"
    )
    max_ids: ClassVar[int] = 500  # well under SQLite's limit of bound parameters (32766)
    insertion_order: ClassVar[str] = "rowid"
    migrations_exist: ClassVar[str] = "SELECT 1 FROM sqlite_master WHERE name = 'migrations'"
    #: The newest committed system time of a namespace's writes (the file's, on SQLite).
    committed: ClassVar[str] = "SELECT last_tx FROM clock WHERE id = 1 AND ? IS NOT NULL"
    namespace_stamp: ClassVar[str] = (
        "SELECT n.created, c.last_tx, c.cache_epoch FROM namespaces n JOIN clock c ON c.id = 1 WHERE n.namespace = ?"
    )
    text_pending: ClassVar[bool] = True
    text_match: ClassVar[tuple[str, str, str]] = (
        "fulltext_terms m JOIN fulltext f ON f.doc = m.rowid",
        "fulltext_terms MATCH ?",
        "m.rowid DESC",
    )

    def text_query(self, terms: Sequence[str]) -> str:
        # Each term a quoted phrase: FTS5 splits it as it split the document, so it matches as written.
        return " OR ".join('"' + t.replace('"', '""') + '"' for t in terms)

    row_ids_in_use: ClassVar[str | None] = "SELECT min(row_id), max(row_id) FROM facts"

    def advance(self, namespace: str, last_tx: int, last_row: int) -> list[tuple[str, tuple[Any, ...]]]:
        # the next row id is read as max(row_id) + 1 with the clock: nothing to move
        return [("UPDATE clock SET last_tx = max(last_tx, ?) WHERE id = 1", (last_tx,))]

    def cache_epoch_bump(self, namespace: str) -> tuple[str, tuple[Any, ...]]:
        return "UPDATE clock SET cache_epoch = cache_epoch + 1 WHERE id = 1", ()  # one epoch per file


SQLITE = SqliteDialect()


class SqliteTxn(SqlTxn[sqlite3.Connection]):
    """A write transaction (see :class:`chronomem.contracts.Txn`) on the engine's writer connection.

    ``next_row`` is the first free row id (the engine reads it with the clock); ``None`` reads it."""

    dialect = SQLITE

    def __init__(
        self,
        conn: sqlite3.Connection,
        namespace: str,
        tx: int,
        next_row: int | None = None,
        known: Known | None = None,
    ) -> None:
        super().__init__(conn, namespace, tx, known)
        self._next_row = next_row

    def _execute(self, plans: Sequence[tuple[str, Plan]]) -> range:
        """Run ``plans`` with one ``executemany`` per statement; return the new row ids."""
        c, ns, tx = self._c, self._ns, self._tx
        if self._next_row is None:  # not given by the engine's write()
            self._next_row = (c.execute("SELECT max(row_id) FROM facts").fetchone()[0] or 0) + 1
        first = next_row = self._next_row
        close: list[tuple[int, str, int]] = []
        rows: list[tuple[Any, ...]] = []
        support: list[tuple[str, int, str, int, int, int, int]] = []
        unsupport: list[tuple[int, str, int, str]] = []
        links: list[tuple[str, int, int | None, str, int]] = []
        said: list[tuple[Any, ...]] = []
        for slot, plan in plans:  # a bulk-load hot loop: no work for a plan's empty parts
            base = next_row
            if plan.close:
                close += [(tx, ns, r) for r in plan.close]
            for n in plan.insert:
                cl, valid = n.claim, n.valid
                obj = cl.object
                rows.append(
                    (
                        next_row,
                        ns,
                        slot,
                        cl.subject,
                        cl.predicate,
                        obj,
                        None if obj is not None else canonical_json(cl.value),
                        valid.start,
                        INF if valid.end is None else valid.end,
                        tx,
                        INF,
                        cl.kind,
                        cl.modality,
                        cl.confidence,
                    )
                )
                if n.support:
                    support += [(ns, next_row, ep, tx, INF, iv.start, end_value(iv.end)) for ep, iv in n.support]
                next_row += 1
            if plan.support:
                support += [(ns, rid, ep, tx, INF, iv.start, end_value(iv.end)) for rid, ep, iv in plan.support]
            if plan.unsupport:
                unsupport += [(tx, ns, rid, ep) for rid, ep in plan.unsupport]
            if plan.links:
                links += [(ns, old, None if i is None else base + i, reason, tx) for old, i, reason in plan.links]
            if plan.said:
                said += [self.said_row(slot, s) for s in plan.said]
        self._next_row = next_row
        if close:
            c.executemany(
                f"UPDATE facts SET recorded_to = ? WHERE namespace = ? AND row_id = ? AND recorded_to = {INF}", close
            )
        c.executemany("INSERT INTO facts VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?)", rows)
        if unsupport:  # before the support added: a row's support may be replaced in one plan
            c.executemany(
                "UPDATE support SET removed = ? WHERE namespace = ? AND row_id = ? AND episode_id = ? "
                f"AND removed = {INF}",
                unsupport,
            )
        if support:
            c.executemany("INSERT OR IGNORE INTO support VALUES (?,?,?,?,?,?,?)", support)
        if links:
            c.executemany("INSERT INTO revisions VALUES (?,?,?,?,?)", links)
        if said:
            c.executemany(self.sql.put_said, said)
        ids = range(first, next_row)
        if rows:
            c.executemany(self.text.put, self._documents(plans, ids))
        return ids
