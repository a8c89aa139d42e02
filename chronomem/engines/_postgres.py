"""The server engine: PostgreSQL through psycopg 3 and a connection pool.

* Writes take a connection from a psycopg pool; reads use one autocommit connection per thread
  (as the SQLite engine does), which saves the pool's check-out on every small read.
* Writers to one namespace are serialised by its ``clocks`` row: each write transaction bumps it to
  ``max(clock, last + 1)`` and holds its row lock until commit. So system time is strictly increasing
  per namespace, and commits become visible in system-time order (repeatable history), across any
  number of client processes. Writers to other namespaces do not wait. Readers never block.
* The schema (:mod:`._pgschema`) enforces the invariants; a plan that would break one fails loudly.
* A lost connection is retried, by re-running the whole transaction, only when it failed before
  ``COMMIT`` was sent, or when the server confirms (``pg_xact_status``) that the transaction aborted.
  A write is never half-applied: PostgreSQL rolls back a transaction whose connection dies.
"""

from __future__ import annotations

import re
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, TypeVar

import psycopg
from psycopg_pool import ConnectionPool, PoolTimeout

from .._bitemporal import Plan
from .._model import Change, Entity, Episode, Fact, Revision, canonical_json
from .._time import now_us
from ..errors import BackendUnavailable, ChronomemError, ConfigError, SchemaMismatch, StorageError
from ..types import Erasure, FactQuery
from ._pgschema import MIGRATIONS, map_error
from ._sql import FACT_COLUMNS, INF, build_fact_query, end_value, fact_from_row, support_subquery
from ._sqlite import _entity, _episode

T = TypeVar("T")
Cursor = psycopg.Cursor[tuple[Any, ...]]

AGG = "string_agg(s.episode_id, chr(31))"
EPISODE_COLS = "namespace, id, content, occurred, recorded, kind, role, speaker, session, source, metadata, retracted"
ENTITY_COLS = "namespace, id, type, name, aliases, recorded"
MIGRATION_LOCK = 0x6368726F6E6F  # "chrono": one migrator at a time
CLOCK_SQL = (
    "WITH ns AS (INSERT INTO namespaces (namespace, created) VALUES (%(ns)s, %(now)s) ON CONFLICT DO NOTHING), "
    "c AS (INSERT INTO clocks (namespace, last_tx) "
    "VALUES (%(ns)s, greatest(%(now)s, (SELECT last_value + 1 FROM tx_high_water))) ON CONFLICT (namespace) "
    "DO UPDATE SET last_tx = greatest(clocks.last_tx + 1, excluded.last_tx) RETURNING last_tx) "
    "SELECT last_tx, pg_current_xact_id()::text, "
    "setval('tx_high_water', greatest(last_tx, (SELECT last_value FROM tx_high_water))) FROM c"
)
ROWS_SQL = (
    f"SELECT {FACT_COLUMNS}, (SELECT {AGG} FROM support s WHERE s.namespace = f.namespace "
    "AND s.row_id = f.row_id AND s.removed > %s) FROM facts f WHERE f.namespace = %s AND f.row_id = ANY(%s)"
)
_RETRYABLE = (psycopg.errors.SerializationFailure, psycopg.errors.DeadlockDetected)


class _Retry(Exception):
    """Internal: the transaction did not commit and may be run again."""

    def __init__(self, error: ChronomemError) -> None:
        super().__init__(str(error))
        self.error = error


class _PgTxn:
    """A write transaction (see :class:`chronomem.types.Txn`)."""

    def __init__(self, cur: Cursor, namespace: str, tx: int) -> None:
        self._c = cur
        self._ns = namespace
        self._tx = tx

    @property
    def tx(self) -> int:
        return self._tx

    def put_episode(self, episode: Episode) -> Episode | None:
        e = episode
        self._c.execute(
            f"INSERT INTO episodes ({EPISODE_COLS}) VALUES (%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,NULL) "
            "ON CONFLICT (namespace, id) DO NOTHING",
            (self._ns, e.id, e.content, e.occurred_at, self._tx, e.kind, e.role, e.speaker, e.session, e.source,
             canonical_json(e.metadata)),
        )  # fmt: skip
        return None if self._c.rowcount == 1 else self.episode(e.id)

    def episode(self, episode_id: str) -> Episode | None:
        r = self._c.execute(
            f"SELECT {EPISODE_COLS} FROM episodes WHERE namespace = %s AND id = %s", (self._ns, episode_id)
        ).fetchone()
        return None if r is None else _episode(r)

    def entity(self, entity_id: str) -> Entity | None:
        r = self._c.execute(
            f"SELECT {ENTITY_COLS} FROM entities WHERE namespace = %s AND id = %s", (self._ns, entity_id)
        ).fetchone()
        return None if r is None else _entity(r)

    def mark_episode_retracted(self, episode_id: str) -> None:
        self._c.execute(
            "UPDATE episodes SET retracted = %s WHERE namespace = %s AND id = %s AND retracted IS NULL",
            (self._tx, self._ns, episode_id),
        )

    def put_entity(self, entity: Entity) -> None:
        import json

        from .._names import name_key

        e = entity
        self._c.execute(
            f"INSERT INTO entities ({ENTITY_COLS}) VALUES (%s,%s,%s,%s,%s,%s) ON CONFLICT (namespace, id) DO UPDATE "
            "SET type = excluded.type, name = excluded.name, aliases = excluded.aliases, recorded = excluded.recorded",
            (self._ns, e.id, e.type, e.name, json.dumps(list(e.aliases), ensure_ascii=False),
             e.recorded_at or self._tx),
        )  # fmt: skip
        self._c.executemany(
            "INSERT INTO entity_names (namespace, name_key, entity_id) VALUES (%s,%s,%s) ON CONFLICT DO NOTHING",
            [(self._ns, name_key(n), e.id) for n in dict.fromkeys((e.name, *e.aliases))],
        )

    def find_entities(self, name_key: str) -> list[Entity]:
        return _find_entities(self._c, self._ns, name_key)

    def predicate(self, name: str, multi: bool | None) -> bool:
        # One round trip, no row update: the SELECT sees the stored row, the CTE the one it inserts.
        r = self._c.execute(
            "WITH ins AS (INSERT INTO predicates (namespace, name, multi) VALUES (%s,%s,%s) ON CONFLICT DO NOTHING "
            "RETURNING multi) SELECT multi FROM ins UNION ALL "
            "SELECT multi FROM predicates WHERE namespace = %s AND name = %s LIMIT 1",
            (self._ns, name, bool(multi), self._ns, name),
        ).fetchone()
        assert r is not None
        return bool(r[0])

    def current(self, slot: str) -> list[Fact]:
        # The namespace's clock row, locked by this transaction, already serialises its writers.
        return self._facts(FactQuery(slot=slot, as_of=self._tx))

    def _facts(self, q: FactQuery) -> list[Fact]:
        sql, args = build_fact_query(self._ns, q, ph="%s", agg=AGG, now=self._tx)
        return [fact_from_row(r) for r in self._c.execute(sql, args)]

    def _rows(self, ids: Sequence[int]) -> dict[int, Fact]:
        rows = self._c.execute(ROWS_SQL, (self._tx, self._ns, list(ids)))
        return {f.row_id: f for f in map(fact_from_row, rows)}

    def row(self, row_id: int) -> Fact | None:
        return self._rows([row_id]).get(row_id)

    def revisions_into(self, row_id: int) -> list[Revision]:
        rows = self._c.execute(
            "SELECT old_row, new_row, reason, at FROM revisions WHERE namespace = %s AND new_row = %s",
            (self._ns, row_id),
        )
        return [Revision(*r) for r in rows]

    def supported_by(self, episode_id: str) -> list[Fact]:
        ids = [
            r[0]
            for r in self._c.execute(
                "SELECT s.row_id FROM support s JOIN facts f ON f.namespace = s.namespace AND f.row_id = s.row_id "
                f"WHERE s.namespace = %s AND s.episode_id = %s AND s.removed = {INF} AND f.recorded_to = {INF} "
                "ORDER BY s.row_id",
                (self._ns, episode_id),
            )
        ]
        found = self._rows(ids)
        return [found[i] for i in ids if i in found]

    def apply(self, slot: str, plan: Plan) -> list[Fact]:
        ids, found = self._execute([(slot, plan)], read_back=True)
        return [found[i] for i in ids if i in found]

    def current_many(self, slots: Sequence[str]) -> dict[str, list[Fact]]:
        out: dict[str, list[Fact]] = {s: [] for s in slots}
        sql = (
            f"SELECT {FACT_COLUMNS}, {support_subquery('%s').format(agg=AGG)}, f.slot FROM facts f "
            "WHERE f.namespace = %s AND f.slot = ANY(%s) AND f.recorded_from <= %s AND f.recorded_to > %s "
            "ORDER BY f.slot, f.valid_from, f.recorded_from"
        )
        tx = self._tx
        for r in self._c.execute(sql, (tx, tx, self._ns, list(out), tx, tx)):
            out[r[14]].append(fact_from_row(r))
        return out

    def apply_many(self, plans: Sequence[tuple[str, Plan]]) -> int:
        return len(self._execute(plans, read_back=False)[0])

    def _execute(self, plans: Sequence[tuple[str, Plan]], *, read_back: bool) -> tuple[list[int], dict[int, Fact]]:
        """Run ``plans`` with one statement per kind of change (arrays + ``unnest``), pipelined into two
        round trips; return the new row ids and, with ``read_back``, the new rows."""
        c, ns, tx = self._c, self._ns, self._tx
        conn = c.connection
        n = sum(len(p.insert) for _, p in plans)
        close = [r for _, p in plans for r in p.close]
        id_cur = conn.cursor()
        with conn.pipeline():
            if close:
                c.execute(
                    f"UPDATE facts SET recorded_to = %s WHERE namespace = %s AND row_id = ANY(%s) "
                    f"AND recorded_to = {INF}",
                    (tx, ns, close),
                )
            if n:
                id_cur.execute("SELECT nextval('fact_row_ids') FROM generate_series(1, %s) ORDER BY 1", (n,))
        ids: list[int] = [r[0] for r in id_cur.fetchall()] if n else []
        back = conn.cursor() if read_back and ids else None
        with conn.pipeline():
            self._insert(plans, ids)
            if back is not None:
                back.execute(ROWS_SQL, (tx, ns, ids))
        found = {f.row_id: f for f in map(fact_from_row, back.fetchall())} if back is not None else {}
        return ids, found

    def _insert(self, plans: Sequence[tuple[str, Plan]], ids: list[int]) -> None:
        c, ns, tx = self._c, self._ns, self._tx
        rows: list[tuple[Any, ...]] = []
        support: list[tuple[int, str]] = []
        links: list[tuple[int, int | None, str]] = []
        at = 0
        for slot, plan in plans:
            for k, nr in enumerate(plan.insert):
                cl, rid = nr.claim, ids[at + k]
                value = None if cl.object is not None else canonical_json(cl.value)
                rows.append((rid, slot, cl.subject, cl.predicate, cl.object, value, nr.valid.start,
                             end_value(nr.valid.end), cl.kind, cl.modality, cl.confidence))  # fmt: skip
                support += [(rid, ep) for ep in nr.episodes]
            support += list(plan.support)
            links += [(old, None if idx is None else ids[at + idx], why) for old, idx, why in plan.links]
            at += len(plan.insert)
        if rows:
            c.execute(
                "INSERT INTO facts (namespace, recorded_from, recorded_to, row_id, slot, subject, predicate, "
                "object_id, value, valid_from, valid_to, kind, modality, confidence) "
                "SELECT %s, %s, %s, * FROM unnest(%s::bigint[], %s::text[], %s::text[], %s::text[], %s::text[], "
                "%s::text[], %s::bigint[], %s::bigint[], %s::text[], %s::text[], %s::float8[])",
                (ns, tx, INF, *(list(col) for col in zip(*rows, strict=True))),
            )
        if support:
            c.execute(
                "INSERT INTO support (namespace, added, removed, row_id, episode_id) "
                "SELECT %s, %s, %s, * FROM unnest(%s::bigint[], %s::text[]) ON CONFLICT DO NOTHING",
                (ns, tx, INF, [r for r, _ in support], [e for _, e in support]),
            )
        unsupport = [(tx, ns, rid, ep) for _, p in plans for rid, ep in p.unsupport]
        if unsupport:
            c.executemany(
                "UPDATE support SET removed = %s WHERE namespace = %s AND row_id = %s AND episode_id = %s "
                f"AND removed = {INF}",
                unsupport,
            )
        if links:
            c.execute(
                "INSERT INTO revisions (namespace, at, old_row, new_row, reason) "
                "SELECT %s, %s, * FROM unnest(%s::bigint[], %s::bigint[], %s::text[])",
                (ns, tx, [o for o, _, _ in links], [w for _, w, _ in links], [r for _, _, r in links]),
            )

    def erase(self, *, subject: str | None = None, episode: str | None = None) -> int:
        c, ns = self._c, self._ns
        if subject is not None:
            c.execute(
                "SELECT row_id FROM facts WHERE namespace = %s AND (subject = %s OR object_id = %s)",
                (ns, subject, subject),
            )
            ids = [r[0] for r in c.fetchall()]
            c.execute("DELETE FROM entities WHERE namespace = %s AND id = %s", (ns, subject))
            c.execute("DELETE FROM entity_names WHERE namespace = %s AND entity_id = %s", (ns, subject))
        else:
            c.execute(
                "SELECT DISTINCT row_id FROM support s WHERE namespace = %s AND episode_id = %s AND NOT EXISTS "
                "(SELECT 1 FROM support o WHERE o.namespace = s.namespace AND o.row_id = s.row_id "
                "AND o.episode_id <> s.episode_id)",
                (ns, episode),
            )
            ids = [r[0] for r in c.fetchall()]
            c.execute("DELETE FROM support WHERE namespace = %s AND episode_id = %s", (ns, episode))
            c.execute("DELETE FROM episodes WHERE namespace = %s AND id = %s", (ns, episode))
        c.execute("DELETE FROM facts WHERE namespace = %s AND row_id = ANY(%s)", (ns, ids))
        c.execute("DELETE FROM support WHERE namespace = %s AND row_id = ANY(%s)", (ns, ids))
        c.execute(
            "DELETE FROM revisions WHERE namespace = %s AND (old_row = ANY(%s) OR new_row = ANY(%s))", (ns, ids, ids)
        )
        return len(ids)

    def audit_erase(self, target_kind: str, target_digest: str, rows: int) -> None:
        from .._names import digest

        self._c.execute(
            "INSERT INTO erasures (namespace_digest, at, target_kind, target_digest, rows_removed) "
            "VALUES (%s,%s,%s,%s,%s)",
            (digest(self._ns), self._tx, target_kind, target_digest, rows),
        )


def _find_entities(c: Cursor | psycopg.Connection[tuple[Any, ...]], ns: str, name_key: str) -> list[Entity]:
    rows = c.execute(
        "SELECT e.namespace, e.id, e.type, e.name, e.aliases, e.recorded FROM entity_names n JOIN entities e "
        "ON e.namespace = n.namespace AND e.id = n.entity_id WHERE n.namespace = %s AND n.name_key = %s "
        "ORDER BY e.id",
        (ns, name_key),
    )
    return [_entity(r) for r in rows]


def _configure(conn: psycopg.Connection[tuple[Any, ...]], lock_ms: int) -> None:
    conn.execute(f"SET lock_timeout = {int(lock_ms)}")


def redact(url: str) -> str:
    """The URL without its password."""
    return re.sub(r"://([^:/@]+):[^@]*@", r"://\1:***@", url)


class PostgresEngine:
    """PostgreSQL engine (see module docstring). ``url`` is a libpq URL: ``postgresql://user@host/db``.

    ``durability`` is accepted for symmetry with SQLite: PostgreSQL's default (``synchronous_commit=on``)
    already keeps every acknowledged commit through a crash. ``retries`` bounds transaction re-runs after
    a lost connection or a serialisation failure.
    """

    def __init__(
        self,
        url: str,
        *,
        durability: str = "normal",
        timeout_s: float = 30.0,
        pool_size: int = 10,
        retries: int = 3,
        clock: Callable[[], int] = now_us,
    ) -> None:
        if durability not in ("normal", "full"):
            raise ConfigError(f"durability={durability!r}; use 'normal' or 'full'")
        self._conninfo = url
        self._where = f"PostgreSQL {redact(url)}"
        self._clock = clock
        self._retries = retries
        self._closed = False
        self._connect_timeout = int(timeout_s)
        self._local = threading.local()
        self._readers: list[psycopg.Connection[tuple[Any, ...]]] = []
        self._readers_lock = threading.Lock()
        try:  # one direct connection first, for a precise error when the server is unreachable
            psycopg.connect(url, connect_timeout=int(timeout_s)).close()
        except psycopg.Error as exc:
            raise map_error(exc, self._where) from exc
        lock_ms = int(timeout_s * 1000)
        self._pool: ConnectionPool[psycopg.Connection[tuple[Any, ...]]] = ConnectionPool(
            url,
            min_size=1,
            max_size=pool_size,
            kwargs={"autocommit": True, "connect_timeout": int(timeout_s)},
            configure=lambda conn: _configure(conn, lock_ms),
            timeout=timeout_s,
            open=False,
            name="chronomem",
        )
        try:
            self._pool.open(wait=True, timeout=timeout_s)
        except PoolTimeout as exc:
            self._pool.close()
            raise BackendUnavailable(f"cannot open connections to {self._where}; check the server") from exc

    @property
    def url(self) -> str:
        return redact(self._conninfo)

    def close(self) -> None:
        if not self._closed:
            self._closed = True
            self._pool.close()
            with self._readers_lock:
                for conn in self._readers:
                    conn.close()
                self._readers.clear()

    @contextmanager
    def _conn(self) -> Iterator[psycopg.Connection[tuple[Any, ...]]]:
        if self._closed:
            raise StorageError("this memory is closed; open it again")
        try:
            with self._pool.connection() as conn:
                yield conn
        except (psycopg.Error, PoolTimeout) as exc:
            raise map_error(exc, self._where) from exc

    def _reader(self) -> psycopg.Connection[tuple[Any, ...]]:
        """This thread's read connection: reads skip the pool's check-out, a third of a small read's cost."""
        if self._closed:
            raise StorageError("this memory is closed; open it again")
        conn: psycopg.Connection[tuple[Any, ...]] | None = getattr(self._local, "conn", None)
        if conn is None or conn.closed:
            try:
                conn = psycopg.connect(self._conninfo, autocommit=True, connect_timeout=self._connect_timeout)
            except psycopg.Error as exc:
                raise map_error(exc, self._where) from exc
            with self._readers_lock:
                self._readers.append(conn)
            self._local.conn = conn
        return conn

    def _read(self, sql: str, args: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        """One read statement (autocommit: its own snapshot); retried once on a connection found dead."""
        for attempt in (0, 1):
            conn = self._reader()
            try:
                return conn.execute(sql, args).fetchall()
            except psycopg.Error as exc:
                if not conn.broken or attempt:
                    raise map_error(exc, self._where) from exc
                conn.close()
        raise AssertionError("unreachable")

    # -- schema ------------------------------------------------------------------------------
    def migrate(self) -> list[str]:
        applied: list[str] = []
        with self._conn() as conn, conn.transaction():
            conn.execute("SELECT pg_advisory_xact_lock(%s)", (MIGRATION_LOCK,))
            conn.execute("CREATE TABLE IF NOT EXISTS migrations (name text PRIMARY KEY, applied bigint NOT NULL)")
            done = {r[0] for r in conn.execute("SELECT name FROM migrations")}
            self._check_known(done)
            for name, statements in MIGRATIONS:
                if name not in done:
                    for stmt in statements:
                        conn.execute(stmt.encode())
                    conn.execute("INSERT INTO migrations (name, applied) VALUES (%s, %s)", (name, now_us()))
                    applied.append(name)
        return applied

    def _check_known(self, done: set[str]) -> None:
        unknown = done - {name for name, _ in MIGRATIONS}
        if unknown:
            raise SchemaMismatch(
                f"{self._where} has migrations {sorted(unknown)} unknown to this chronomem; upgrade chronomem"
            )

    def schema_version(self) -> list[str]:
        if self._read("SELECT to_regclass('migrations')")[0][0] is None:
            return []
        return [r[0] for r in self._read("SELECT name FROM migrations ORDER BY name")]

    def pending_migrations(self) -> list[str]:
        done = set(self.schema_version())
        self._check_known(done)
        return [name for name, _ in MIGRATIONS if name not in done]

    # -- writes ------------------------------------------------------------------------------
    def write(self, namespace: str, fn: Callable[[_PgTxn], T]) -> T:
        for attempt in range(self._retries + 1):
            try:
                return self._write_once(namespace, fn)
            except _Retry as retry:
                if attempt == self._retries:
                    raise retry.error from retry.__cause__
                self._pool.check()
                time.sleep(0.05 * 4**attempt)
        raise AssertionError("unreachable")

    def _write_once(self, namespace: str, fn: Callable[[_PgTxn], T]) -> T:
        xid: str | None = None
        committing = False
        with self._conn() as conn:
            try:
                with conn.cursor() as cur:
                    with conn.pipeline():  # one round trip
                        cur.execute("BEGIN")
                        cur.execute(CLOCK_SQL, {"ns": namespace, "now": self._clock()})
                    row = cur.fetchone()
                    assert row is not None
                    tx, xid, _ = row
                    result = fn(_PgTxn(cur, namespace, int(tx)))
                    committing = True
                    cur.execute("COMMIT")
                return result
            except psycopg.Error as exc:
                error = map_error(exc, self._where)
                if conn.broken:
                    if not committing or self._outcome(xid) == "aborted":
                        raise _Retry(error) from exc
                    if self._outcome(xid) == "committed":
                        return result
                    raise BackendUnavailable(
                        f"the connection to {self._where} was lost while committing; the write may or may not "
                        "be stored. Read it back before retrying"
                    ) from exc
                conn.rollback()
                if isinstance(exc, _RETRYABLE):
                    raise _Retry(error) from exc
                raise error from exc
            except BaseException:
                if not conn.broken:
                    conn.rollback()
                raise

    def _outcome(self, xid: str | None) -> str | None:
        """``committed``/``aborted``/``None`` (unknown) for a transaction whose connection died."""
        if xid is None:
            return None
        for _ in range(20):
            try:
                with psycopg.connect(self._conninfo, autocommit=True, connect_timeout=5) as conn:
                    row = conn.execute("SELECT pg_xact_status(%s::xid8)", (xid,)).fetchone()
            except psycopg.Error:
                return None
            status = None if row is None else row[0]
            if status != "in progress":
                return status if status in ("committed", "aborted") else None
            time.sleep(0.05)
        return None

    def ensure_namespace(self, namespace: str) -> None:
        if not self._read("SELECT 1 FROM namespaces WHERE namespace = %s", (namespace,)):
            self.write(namespace, lambda txn: None)

    def erase_namespace(self, namespace: str, digest: str) -> int:
        def run(txn: _PgTxn) -> int:
            c = txn._c
            row = c.execute("SELECT count(*) FROM facts WHERE namespace = %s", (namespace,)).fetchone()
            n = int(row[0]) if row else 0
            # The clocks row stays, so that system time never goes back if the namespace is used again.
            for table in ("facts", "support", "revisions", "episodes", "entities", "entity_names", "predicates",
                          "namespaces"):  # fmt: skip
                c.execute(f"DELETE FROM {table} WHERE namespace = %s", (namespace,))
            c.execute(
                "INSERT INTO erasures (namespace_digest, at, target_kind, target_digest, rows_removed) "
                "VALUES (%s,%s,%s,%s,%s)",
                (digest, txn.tx, "namespace", digest, n),
            )
            return n

        return self.write(namespace, run)

    # -- reads -------------------------------------------------------------------------------
    def erasures(self, namespace_digest: str) -> list[Erasure]:
        rows = self._read(
            "SELECT at, target_kind, target_digest, rows_removed FROM erasures WHERE namespace_digest = %s "
            "ORDER BY at, ctid",
            (namespace_digest,),
        )
        return [Erasure(*r) for r in rows]

    def namespaces(self) -> list[str]:
        # The one statement that spans namespaces: listing them (a multi-shard query under Citus).
        return [r[0] for r in self._read("SELECT namespace FROM namespaces ORDER BY namespace")]

    def episode(self, namespace: str, episode_id: str) -> Episode | None:
        found = self.episodes(namespace, [episode_id])
        return found[0] if found else None

    def episodes(self, namespace: str, ids: Sequence[str]) -> list[Episode]:
        if not ids:
            return []
        rows = self._read(
            f"SELECT {EPISODE_COLS} FROM episodes WHERE namespace = %s AND id = ANY(%s) ORDER BY occurred, id",
            (namespace, list(ids)),
        )
        return [_episode(r) for r in rows]

    def entity(self, namespace: str, entity_id: str) -> Entity | None:
        found = self.entities(namespace, [entity_id])
        return found[0] if found else None

    def entities(self, namespace: str, ids: Sequence[str]) -> list[Entity]:
        if not ids:
            return []
        rows = self._read(
            f"SELECT {ENTITY_COLS} FROM entities WHERE namespace = %s AND id = ANY(%s) ORDER BY id",
            (namespace, list(ids)),
        )
        return [_entity(r) for r in rows]

    def predicates(self, namespace: str) -> dict[str, bool]:
        rows = self._read("SELECT name, multi FROM predicates WHERE namespace = %s", (namespace,))
        return {r[0]: bool(r[1]) for r in rows}

    def find_entities(self, namespace: str, name_key: str) -> list[Entity]:
        rows = self._read(
            "SELECT e.namespace, e.id, e.type, e.name, e.aliases, e.recorded FROM entity_names n JOIN entities e "
            "ON e.namespace = n.namespace AND e.id = n.entity_id WHERE n.namespace = %s AND n.name_key = %s "
            "ORDER BY e.id",
            (namespace, name_key),
        )
        return [_entity(r) for r in rows]

    def facts(self, namespace: str, query: FactQuery) -> list[Fact]:
        sql, args = build_fact_query(namespace, query, ph="%s", agg=AGG, now=INF - 1)
        return [fact_from_row(r) for r in self._read(sql, args)]

    def revisions(self, namespace: str, row_ids: Sequence[int]) -> list[Revision]:
        if not row_ids:
            return []
        rows = self._read(
            "SELECT old_row, new_row, reason, at FROM revisions WHERE namespace = %s "
            "AND (old_row = ANY(%s) OR new_row = ANY(%s)) ORDER BY at, old_row, new_row",
            (namespace, list(row_ids), list(row_ids)),
        )
        return [Revision(*r) for r in rows]

    def changes(self, namespace: str, since: int, until: int) -> list[Change]:
        # One statement, so both halves come from one snapshot.
        rows = self._read(
            f"SELECT {FACT_COLUMNS}, NULL, f.recorded_from, 'learned' FROM facts f WHERE f.namespace = %s "
            "AND f.recorded_from > %s AND f.recorded_from <= %s UNION ALL "
            f"SELECT {FACT_COLUMNS}, NULL, f.recorded_to, 'unlearned' FROM facts f WHERE f.namespace = %s "
            "AND f.recorded_to > %s AND f.recorded_to <= %s",
            (namespace, since, until, namespace, since, until),
        )
        out = [Change(r[14], r[15], fact_from_row(r)) for r in rows]
        return sorted(out, key=lambda ch: (ch.at, ch.action != "unlearned", ch.fact.row_id))

    def overlaps(self, namespace: str) -> list[tuple[int, int]]:
        rows = self._read(
            "SELECT a.row_id, b.row_id FROM facts a JOIN facts b ON a.namespace = b.namespace AND a.slot = b.slot "
            f"AND a.row_id < b.row_id WHERE a.namespace = %s AND a.recorded_to = {INF} AND b.recorded_to = {INF} "
            "AND a.valid_from < b.valid_to AND b.valid_from < a.valid_to ORDER BY 1, 2",
            (namespace,),
        )
        return [(r[0], r[1]) for r in rows]
