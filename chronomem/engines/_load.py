"""Restoring a namespace's rows (a dump read by :mod:`chronomem.portable`) in one write transaction.

The rows go back exactly as listed, both time axes included; what the engine keeps beside them is brought in line:

* the clock: the next write's system time comes after every restored one (:meth:`._dialect.Dialect.advance`);
* row ids: PostgreSQL numbers rows per namespace, so a dump's ids are kept and its sequence moved past them;
  SQLite's ``facts.row_id`` is the file's, so when another namespace holds ids in the dump's range every row id
  (and each reference to one: support, revision links, erased stubs, contradictions, fact documents) is moved
  by one offset past them, which keeps their order (:func:`row_offset`, :func:`shifted`);
* caches: the namespace's cache epoch moves, so no writer keeps what it cached of the namespace before.

The target must hold nothing (a record of the namespace, which opening it leaves, is allowed): the check runs inside
the transaction, and any failure rolls everything back.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ..contracts import Erasure
from ..errors import Conflict
from ._dialect import DUMPED_COLUMNS, NAMESPACED_TABLES, Dialect
from ._sql import INF

if TYPE_CHECKING:
    from ._sql import Cursor

__all__ = ["ROW_ID_COLUMNS", "SYSTEM_TIME_COLUMNS", "Tables", "last_system_time", "load", "row_offset", "shifted"]

Tables = Mapping[str, Sequence[Mapping[str, Any]]]

#: Every column that holds a system time (``INF`` in an end column is an open end, not a time).
SYSTEM_TIME_COLUMNS: dict[str, tuple[str, ...]] = {
    "namespaces": ("created",),
    "episodes": ("recorded", "retracted"),
    "entities": ("recorded", "merged_at"),
    "facts": ("recorded_from", "recorded_to"),
    "support": ("added", "removed"),
    "statements": ("tx", "merge"),
    "revisions": ("at",),
    "erased_rows": ("recorded_from", "recorded_to", "erased"),
    "conflicts": ("opened", "settled"),
    "merges": ("merged", "unmerged"),
    "vectors": ("recorded",),
    "fulltext": ("recorded",),
}
#: Every column that holds a fact row id (``conflicts.against`` holds a JSON list of them; a fact document's
#: ``ref`` is its row id as text).
ROW_ID_COLUMNS: dict[str, tuple[str, ...]] = {
    "facts": ("row_id",),
    "support": ("row_id",),
    "revisions": ("old_row", "new_row"),
    "erased_rows": ("row_id",),
    "fulltext": ("row_id",),
}


def last_system_time(tables: Tables) -> int:
    """The latest system time any row of ``tables`` records (0 for none)."""
    times = [
        int(row[c])
        for table, columns in SYSTEM_TIME_COLUMNS.items()
        for row in tables.get(table, ())
        for c in columns
        if row.get(c) is not None and int(row[c]) != INF
    ]
    return max(times, default=0)


def _row_ids(tables: Tables) -> list[int]:
    return [int(r["row_id"]) for t in ("facts", "erased_rows") for r in tables.get(t, ())]


def row_offset(in_use: tuple[int | None, int | None] | None, dumped: Sequence[int]) -> int:
    """How far to move the dumped row ids ``dumped`` so that none falls in ``in_use`` (the lowest and highest
    id the database holds; None, or ``(None, None)``, when no id is taken): 0 when they do not meet."""
    if in_use is None or in_use[0] is None or in_use[1] is None or not dumped:
        return 0
    low, high = min(dumped), max(dumped)
    if high < in_use[0] or low > in_use[1]:
        return 0
    return in_use[1] + 1 - low


def shifted(tables: Tables, offset: int) -> dict[str, list[dict[str, Any]]]:
    """``tables`` with every fact row id (and every reference to one) moved by ``offset``."""
    out = {t: [dict(r) for r in rows] for t, rows in tables.items()}
    if not offset:
        return out
    for table, columns in ROW_ID_COLUMNS.items():
        for row in out.get(table, ()):
            for c in columns:
                if row.get(c) is not None:
                    row[c] = int(row[c]) + offset
            if table == "fulltext" and row["kind"] == "fact":
                row["ref"] = str(row["row_id"])
    for row in out.get("conflicts", ()):
        row["against"] = json.dumps([int(i) + offset for i in json.loads(row["against"])])
    return out


def load(
    c: Cursor, dialect: Dialect, namespace: str, tables: Tables, erasures: Sequence[Erasure], namespace_digest: str
) -> int:
    """Write ``tables`` (column -> value per row, :data:`._dialect.DUMPED_COLUMNS`) and ``erasures`` into
    ``namespace`` on cursor ``c`` of an open write transaction. Returns the full-text documents written.
    Raises :class:`~chronomem.errors.Conflict` when the namespace holds any row."""
    sql = dialect.sql
    for table in NAMESPACED_TABLES:
        if table != "namespaces" and c.execute(sql.any_row[table], (namespace,)).fetchone():
            raise Conflict(
                f"namespace {namespace!r} already holds {table}; a dump is restored only into an empty namespace. "
                "Restore into a new one (--namespace), or erase this one first (Memory.erase_namespace()); "
                "nothing was changed"
            )
    in_use = c.execute(dialect.row_ids_in_use).fetchone() if dialect.row_ids_in_use else None
    rows = shifted(tables, row_offset(in_use, _row_ids(tables)))
    for record in rows.get("namespaces", ()):
        c.execute(sql.restore_namespace, (namespace, record["created"]))
    for table, columns in DUMPED_COLUMNS.items():
        if table == "namespaces" or not rows.get(table):
            continue
        names = [n.strip() for n in columns.split(",")]
        c.executemany(sql.restore[table], [(namespace, *(r[n] for n in names)) for r in rows[table]])
    for e in erasures:
        c.execute(sql.erasure, (namespace_digest, e.at, e.target_kind, e.target_digest, e.rows_removed))
    last_row = max(_row_ids(rows), default=0)
    last_tx = max(last_system_time(rows), max((e.at for e in erasures), default=0))
    for statement, args in dialect.advance(namespace, last_tx, last_row):
        c.execute(statement, args)
    return len(rows.get("fulltext", ()))
