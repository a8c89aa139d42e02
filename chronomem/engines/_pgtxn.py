"""PostgreSQL's side of the shared SQL: its :class:`PgDialect` and the write transaction's plan executor.

Every other :class:`chronomem.contracts.Txn` method is :class:`._txn.SqlTxn`'s. A plan runs in one
pipelined round trip, one statement per kind of change: plain multi-row VALUES for the few rows of a
normal write, arrays through ``unnest`` for bulk loads. Row ids come from a block reserved in the
transaction's first round trip. Every statement names the namespace (Citus).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

import psycopg

from .._bitemporal import Plan
from .._values import canonical_json
from ._cache import Known
from ._dialect import Dialect
from ._pgschema import ROW_ID_BLOCK
from ._sql import INF, SAID_COLUMNS, end_value
from ._txn import SqlTxn

__all__ = ["POSTGRES", "PgDialect", "PgTxn"]

Cursor = psycopg.Cursor[tuple[Any, ...]]
SMALL_BATCH = 32  # rows up to which an INSERT sends plain values rather than arrays


class PgDialect(Dialect):
    param: ClassVar[str] = "%s"
    episode_ids: ClassVar[str] = "string_agg(s.episode_id, chr(31))"
    support_spans: ClassVar[str] = (
        "string_agg(s.episode_id || chr(30) || s.valid_from || chr(30) || s.valid_to, chr(31))"
    )
    max_ids: ClassVar[int] = 1 << 30  # one array parameter, whatever its length
    insertion_order: ClassVar[str] = "ctid"
    migrations_exist: ClassVar[str] = "SELECT 1 WHERE to_regclass('migrations') IS NOT NULL"
    #: The newest committed system time of a namespace's writes (the file's, on SQLite).
    committed: ClassVar[str] = "SELECT last_tx FROM clocks WHERE namespace = %s"
    namespace_stamp: ClassVar[str] = (
        "SELECT n.created, c.last_tx, c.cache_epoch FROM namespaces n JOIN clocks c ON c.namespace = n.namespace "
        "WHERE n.namespace = %s"
    )
    text_match: ClassVar[tuple[str, str, str]] = (
        "fulltext f CROSS JOIN CAST(%s AS tsquery) q",
        "f.tsv @@ q",
        "f.recorded DESC, f.ref",
    )

    def text_query(self, terms: Sequence[str]) -> str:
        # Quoted lexemes are taken as written (no parser, no dictionary), as array_to_tsvector stored them.
        return " | ".join("'" + t.replace("\\", "\\\\").replace("'", "''") + "'" for t in terms)

    def in_ids(self, column: str, n: int) -> str:
        return f"{column} = ANY(%s)"

    max_portions: ClassVar[int] = 1 << 30  # three array parameters, whatever their length

    def in_portions(self, n: int) -> str:
        return (
            "f.slot = ANY(%s) AND EXISTS (SELECT 1 FROM unnest(%s::text[], %s::bigint[], %s::bigint[]) AS "
            "p(slot, lo, hi) WHERE p.slot = f.slot AND f.valid_to > p.lo AND f.valid_from < p.hi)"
        )

    def portions(self, items: Sequence[tuple[str, int, int]]) -> tuple[Any, ...]:
        slots = [s for s, _, _ in items]
        return (slots, slots, [lo for _, lo, _ in items], [hi for _, _, hi in items])

    def ids(self, values: Sequence[Any]) -> tuple[Any, ...]:
        return (list(values),)

    def advance(self, namespace: str, last_tx: int, last_row: int) -> list[tuple[str, tuple[Any, ...]]]:
        # sequences only move forward here (setval is not undone by a rollback, and a higher value is harmless)
        return [
            ("UPDATE clocks SET last_tx = greatest(last_tx, %s) WHERE namespace = %s", (last_tx, namespace)),
            (
                "SELECT setval('tx_high_water', greatest(coalesce(pg_sequence_last_value('tx_high_water'), 0), %s))",
                (last_tx,),
            ),
            (
                "SELECT setval('fact_row_ids', greatest(coalesce(pg_sequence_last_value('fact_row_ids'), 1), %s))",
                (max(last_row, 1),),
            ),
        ]

    def cache_epoch_bump(self, namespace: str) -> tuple[str, tuple[Any, ...]]:
        return "UPDATE clocks SET cache_epoch = cache_epoch + 1 WHERE namespace = %s", (namespace,)


POSTGRES = PgDialect()


class PgTxn(SqlTxn[Cursor]):
    """A write transaction (see :class:`chronomem.contracts.Txn`) on one cursor of a pooled connection.

    ``first_id`` starts the block of row ids reserved for it with the clock."""

    dialect = POSTGRES

    def __init__(self, cur: Cursor, namespace: str, tx: int, first_id: int, known: Known | None = None) -> None:
        super().__init__(cur, namespace, tx, known)
        self._ids = list(range(first_id, first_id + ROW_ID_BLOCK))  # row ids reserved for this transaction

    def _take(self, n: int) -> list[int]:
        """``n`` fresh row ids: from this transaction's reserved block, else from new blocks."""
        if n > len(self._ids):
            blocks = -(-n // ROW_ID_BLOCK)
            self._c.execute("SELECT nextval('fact_row_ids') FROM generate_series(1, %s) ORDER BY 1", (blocks,))
            self._ids = [i for (first,) in self._c.fetchall() for i in range(first, first + ROW_ID_BLOCK)]
        taken, self._ids = self._ids[:n], self._ids[n:]
        return taken

    def _execute(self, plans: Sequence[tuple[str, Plan]]) -> list[int]:
        """Run ``plans`` in one round trip: one statement per kind of change, pipelined.
        Returns the new row ids in plan order."""
        c, ns, tx = self._c, self._ns, self._tx
        ids = self._take(sum(len(p.insert) for _, p in plans))
        close = [r for _, p in plans for r in p.close]
        with c.connection.pipeline():
            if close:  # first: the exclusion constraint checks each row as it is inserted
                small = len(close) <= SMALL_BATCH
                rows = f"IN ({', '.join(['%s'] * len(close))})" if small else "= ANY(%s)"
                c.execute(
                    f"UPDATE facts SET recorded_to = %s WHERE namespace = %s AND row_id {rows} AND recorded_to = {INF}",
                    (tx, ns, *close) if small else (tx, ns, close),
                )
            self._insert(plans, ids)
            docs = [d[2:] for d in self._documents(plans, ids)]  # in the same round trip as the rows
            head = "INSERT INTO fulltext (namespace, kind, ref, row_id, terms, length, recorded)"
            types = ("text", "bigint", "text", "integer", "bigint")
            self._put(head, (ns, "fact"), docs, types, "ON CONFLICT (namespace, kind, ref) DO NOTHING")
        return ids

    def _insert(self, plans: Sequence[tuple[str, Plan]], ids: list[int]) -> None:
        c, ns, tx = self._c, self._ns, self._tx
        rows: list[tuple[Any, ...]] = []
        support: list[tuple[int, str, int, int]] = []
        links: list[tuple[int, int | None, str]] = []
        said: list[tuple[Any, ...]] = []
        at = 0
        for slot, plan in plans:
            for k, nr in enumerate(plan.insert):
                cl, rid = nr.claim, ids[at + k]
                value = None if cl.object is not None else canonical_json(cl.value)
                rows.append((rid, slot, cl.subject, cl.predicate, cl.object, value, nr.valid.start,
                             end_value(nr.valid.end), cl.kind, cl.modality, cl.confidence))  # fmt: skip
                support += [(rid, ep, iv.start, end_value(iv.end)) for ep, iv in nr.support]
            support += [(rid, ep, iv.start, end_value(iv.end)) for rid, ep, iv in plan.support]
            links += [(old, None if idx is None else ids[at + idx], why) for old, idx, why in plan.links]
            said += [self.said_row(slot, st) for st in plan.said]
            at += len(plan.insert)
        self._put(
            "INSERT INTO facts (namespace, recorded_from, recorded_to, row_id, slot, subject, predicate, "
            "object_id, value, valid_from, valid_to, kind, modality, confidence)",
            (ns, tx, INF),
            rows,
            ("bigint", "text", "text", "text", "text", "text", "bigint", "bigint", "text", "text", "float8"),
        )
        unsupport = [(tx, ns, rid, ep) for _, p in plans for rid, ep in p.unsupport]
        if unsupport:  # before the support added: a row's support may be replaced in one plan
            c.executemany(
                "UPDATE support SET removed = %s WHERE namespace = %s AND row_id = %s AND episode_id = %s "
                f"AND removed = {INF}",
                unsupport,
            )
        self._put(
            "INSERT INTO support (namespace, added, removed, row_id, episode_id, valid_from, valid_to)",
            (ns, tx, INF),
            support,
            ("bigint", "text", "bigint", "bigint"),
            "ON CONFLICT DO NOTHING",
        )
        self._put(
            "INSERT INTO revisions (namespace, at, old_row, new_row, reason)",
            (ns, tx),
            links,
            ("bigint", "bigint", "text"),
        )
        self._put(
            f"INSERT INTO statements ({SAID_COLUMNS})",
            (ns,),
            [s[1:] for s in said],
            ("text", "bigint", "bigint", "text", "text", "text", "text", "text", "text", "text", "text", "float8",
             "bigint", "bigint", "bigint"),
        )  # fmt: skip

    def _put(
        self, head: str, fixed: tuple[Any, ...], rows: Sequence[tuple[Any, ...]], types: tuple[str, ...], tail: str = ""
    ) -> None:
        """INSERT ``rows``, each after the ``fixed`` values: a multi-row VALUES when they are few (cheap to
        send), arrays + ``unnest`` when many (one parameter per column, not per value)."""
        if not rows:
            return
        if len(rows) <= SMALL_BATCH:
            row = "(" + ", ".join(["%s"] * (len(fixed) + len(types))) + ")"
            args = [v for r in rows for v in (*fixed, *r)]
            self._c.execute(f"{head} VALUES {', '.join([row] * len(rows))} {tail}", args)
            return
        consts = ", ".join(["%s"] * len(fixed))
        arrays = ", ".join(f"%s::{t}[]" for t in types)
        columns = [list(col) for col in zip(*rows, strict=True)]
        self._c.execute(f"{head} SELECT {consts}, * FROM unnest({arrays}) {tail}", (*fixed, *columns))
