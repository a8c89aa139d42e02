"""Citus: chronomem's tables distributed by namespace, and what the PostgreSQL engine does differently on a cluster.

A Citus coordinator keeps the tables' metadata and routes each statement; the workers keep the shards.
Every table that holds memory rows is distributed by its namespace column, all in one colocation group,
so that one namespace's rows live on one worker and each statement of one namespace is a single-shard
(router) query; ``migrations`` is a reference table (:data:`._pgschema.DISTRIBUTION_COLUMN`,
:data:`._pgschema.REFERENCE_TABLES`). :func:`distribute` runs inside ``migrate``'s transaction and refuses a
table that the migrations created without a place in the plan, so none can stay behind on the coordinator alone
(another application's tables in the same schema are left alone).

What else differs on a cluster:

* Settings: Citus forwards ``SET LOCAL`` to the workers only under ``citus.propagate_set_commands =
  'local'`` (:data:`SESSION`), so each write transaction sets its ``lock_timeout`` there (:data:`TXN`);
  and every connection plans each statement for its parameters (custom plans: see :data:`SESSION`).
* Commit: a write that touches one worker commits there first (one-phase commit), then on the
  coordinator. If the coordinator's transaction dies in between, it reads as aborted while the rows are
  stored, so the outcome of a lost commit is read from the worker's own transaction (:func:`worker_outcome`).
* Listing namespaces is the one statement that spans shards (:data:`SPANNING`).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import psycopg

from ..errors import SchemaMismatch
from ._doctor import Check
from ._pgschema import DISTRIBUTION_COLUMN, REFERENCE_TABLES

__all__ = [
    "SESSION",
    "SPANNING",
    "TXN",
    "WORKER_XID",
    "Cluster",
    "cluster_checks",
    "cluster_of",
    "distribute",
    "local_tables",
    "plan_statements",
    "worker_outcome",
]

Conn = psycopg.Connection[tuple[Any, ...]]
Cursor = psycopg.Cursor[tuple[Any, ...]]

#: Per connection: forward each transaction's ``SET LOCAL`` to the workers it uses; and plan each statement for
#: its parameters, because Citus cannot route a generic plan of a statement with a subquery or a CTE ("could not
#: create distributed plan" under ``plan_cache_mode = force_generic_plan``, or once psycopg prepares it).
SESSION = ("SET citus.propagate_set_commands = 'local'", "SET plan_cache_mode = force_custom_plan")
#: First in each write transaction (after BEGIN), with the lock timeout in milliseconds.
TXN = "SET LOCAL lock_timeout = {ms}"
#: Lifts a cluster's ban on statements that span shards, for the one that must (listing namespaces).
SPANNING = "SET LOCAL citus.multi_task_query_log_level = 'off'"
#: In a write transaction: the transaction id on the worker that holds the namespace (run there, one shard).
WORKER_XID = "SELECT pg_current_xact_id()::text FROM clocks WHERE namespace = %s"
#: The table whose shards anchor the colocation group.
ANCHOR = "clocks"


@dataclass(frozen=True, slots=True)
class Cluster:
    """The Citus node a URL names: its ``role`` (``coordinator`` or ``worker``), the extension's version,
    and, on a worker, the coordinator's ``host:port`` as the cluster knows it (None when unknown)."""

    role: str
    version: str
    coordinator: str | None = None


def cluster_of(conn: Conn) -> Cluster | None:
    """The Citus node ``conn`` is connected to, or None on PostgreSQL without Citus in this database."""
    row = conn.execute("SELECT extversion FROM pg_extension WHERE extname = 'citus'").fetchone()
    if row is None:
        return None
    group = conn.execute("SELECT groupid FROM pg_dist_local_group").fetchone()
    if group is None or int(group[0]) == 0:
        return Cluster("coordinator", str(row[0]))
    found = conn.execute("SELECT nodename || ':' || nodeport FROM pg_dist_node WHERE groupid = 0").fetchone()
    return Cluster("worker", str(row[0]), None if found is None else str(found[0]))


def plan_statements(tables: list[str]) -> Iterator[str]:
    """The statements that distribute ``tables`` (undistributed ones), the colocation anchor first."""
    for table in sorted(tables, key=lambda t: (t not in REFERENCE_TABLES, t != ANCHOR, t)):
        if table in REFERENCE_TABLES:
            yield f"SELECT create_reference_table('{table}')"
        elif table == ANCHOR:
            yield f"SELECT create_distributed_table('{table}', '{DISTRIBUTION_COLUMN[table]}')"
        else:
            yield (
                f"SELECT create_distributed_table('{table}', '{DISTRIBUTION_COLUMN[table]}', "
                f"colocate_with => '{ANCHOR}')"
            )


def local_tables(cur: Cursor) -> set[str]:
    """The tables of the current schema that Citus does not manage (yet)."""
    rows = cur.execute(
        "SELECT c.relname::text FROM pg_class c WHERE c.relnamespace = current_schema()::regnamespace "
        "AND c.relkind IN ('r', 'p') AND NOT EXISTS (SELECT 1 FROM pg_dist_partition p WHERE p.logicalrelid = c.oid)"
    ).fetchall()
    return {str(r[0]) for r in rows}


def distribute(cur: Cursor, where: str, before: set[str]) -> list[str]:
    """Distribute, by the plan and in the caller's transaction, every table of the plan that Citus does not
    manage yet; return them. ``before`` lists the local tables before this run's migrations: a table created
    since that is not in the plan raises :class:`SchemaMismatch` (and the caller's transaction, with the
    migration, rolls back). Tables that were there before and are not chronomem's (another application's)
    are left alone."""
    tables = local_tables(cur)
    planned = sorted(t for t in tables if t in DISTRIBUTION_COLUMN or t in REFERENCE_TABLES)
    unplanned = sorted(t for t in tables - before if t not in planned)
    if unplanned:
        raise SchemaMismatch(
            f"{where} is a Citus cluster, and the tables {unplanned} have no place in chronomem's distribution plan; "
            "nothing was migrated. Add each to DISTRIBUTION_COLUMN (with its namespace column) or REFERENCE_TABLES "
            "in chronomem/engines/_pgschema.py"
        )
    for statement in plan_statements(planned):
        cur.execute(statement)
    return planned


def worker_outcome(conn: Conn, namespace: str, xid: str) -> str | None:
    """``committed``, ``aborted``, ``in progress`` or None (unknown) for transaction ``xid`` of the worker that
    holds ``namespace``, asked through the coordinator ``conn``."""
    node = conn.execute(
        "SELECT nodename, nodeport FROM pg_dist_shard_placement "
        "WHERE shardid = get_shard_id_for_distribution_column(%s, %s::text)",
        (ANCHOR, namespace),
    ).fetchone()
    if node is None:
        return None
    row = conn.execute(
        "SELECT success, result FROM master_run_on_worker(ARRAY[%s::text], ARRAY[%s::int], ARRAY[%s::text], false)",
        (node[0], node[1], f"SELECT pg_xact_status('{int(xid)}'::xid8)"),
    ).fetchone()
    if row is None or not row[0]:
        return None
    return str(row[1]) if row[1] in ("committed", "aborted", "in progress") else None


def cluster_checks(conn: Conn, cluster: Cluster) -> Iterator[Check]:
    """``chronomem doctor`` on a coordinator: the nodes, then how each of chronomem's tables is distributed."""
    nodes = conn.execute(
        "SELECT nodename || ':' || nodeport, isactive FROM pg_dist_node WHERE noderole = 'primary' AND groupid > 0 "
        "ORDER BY nodeid"
    ).fetchall()
    down = [str(n) for n, active in nodes if not active]
    yield Check(
        "cluster",
        bool(nodes) and not down,
        f"Citus {cluster.version} coordinator, {len(nodes) - len(down)} active worker(s) "
        f"{[str(n) for n, _ in nodes]}" + (f"; inactive: {down}: run citus_activate_node" if down else ""),
    )
    rows = conn.execute(
        "SELECT logicalrelid::regclass::text, partmethod, colocationid, "
        "CASE WHEN partkey IS NULL THEN NULL ELSE column_to_column_name(logicalrelid, partkey) END, "
        "(SELECT count(*) FROM pg_dist_shard s WHERE s.logicalrelid = p.logicalrelid) FROM pg_dist_partition p "
        "WHERE logicalrelid::regclass::text = ANY(%s)",
        (list(DISTRIBUTION_COLUMN) + list(REFERENCE_TABLES),),
    ).fetchall()
    found = {str(r[0]): r for r in rows}
    wrong = [t for t in REFERENCE_TABLES if t not in found or found[t][1] != "n"]
    wrong += [t for t, c in DISTRIBUTION_COLUMN.items() if t not in found or found[t][3] != c]
    groups = {found[t][2] for t in DISTRIBUTION_COLUMN if t in found}
    shards = found[ANCHOR][4] if ANCHOR in found else 0
    if wrong:
        detail = f"not distributed as planned: {wrong}; run `chronomem migrate --distribute`"
    elif len(groups) != 1:
        detail = f"the sharded tables are in {len(groups)} colocation groups, not one; redistribute them"
    else:
        detail = (
            f"{len(DISTRIBUTION_COLUMN)} tables sharded by namespace in one colocation group ({shards} shards), "
            f"{len(REFERENCE_TABLES)} reference table(s)"
        )
    yield Check("distribution", not wrong and len(groups) == 1, detail)
