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
* Where the server has pgvector, ``migrate`` makes each vector also a ``vector`` value and a namespace with many
  vectors is searched in the server through an HNSW index (:mod:`._pgvector`); otherwise, as on SQLite, in
  process (:mod:`._vectors`).
* On a Citus coordinator (:mod:`._citus`) ``migrate`` distributes the tables by namespace, each write
  transaction sets its lock timeout for the workers too, and a lost commit is resolved by asking the
  worker that holds the namespace.
"""

from __future__ import annotations

import re
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, TypeVar

import psycopg
from psycopg_pool import ConnectionPool, PoolTimeout

from .._time import now_us
from ..errors import BackendUnavailable, ChronomemError, ConfigError, StorageError
from ._cache import WriterCache
from ._citus import (
    SESSION,
    SPANNING,
    TXN,
    WORKER_XID,
    Cluster,
    cluster_checks,
    cluster_of,
    distribute,
    local_tables,
    worker_outcome,
)
from ._doctor import Check
from ._engine import SqlEngine
from ._migrations import apply_migrations
from ._pgschema import MIGRATIONS, map_error
from ._pgtxn import POSTGRES, PgTxn
from ._pgvector import TUNE, PgVectors, PgVectorTxn, pgvector_check, pgvector_of, prepare

if TYPE_CHECKING:
    from ..models._embed import Matrix

T = TypeVar("T")

MIGRATION_LOCK = 0x6368726F6E6F  # "chrono": one migrator at a time
CLOCK_SQL = (
    "WITH ns AS (INSERT INTO namespaces (namespace, created) VALUES (%(ns)s, %(now)s) ON CONFLICT DO NOTHING), "
    "c AS (INSERT INTO clocks (namespace, last_tx) "
    # A function, not a subquery: Citus refuses subqueries in INSERT ... VALUES.
    "VALUES (%(ns)s, greatest(%(now)s, coalesce(pg_sequence_last_value('tx_high_water'), 0) + 1)) "
    "ON CONFLICT (namespace) DO UPDATE SET last_tx = greatest(clocks.last_tx + 1, excluded.last_tx) "
    "RETURNING last_tx, cache_epoch) "
    "SELECT last_tx, pg_current_xact_id()::text, cache_epoch, "
    "setval('tx_high_water', greatest(last_tx, coalesce(pg_sequence_last_value('tx_high_water'), 0))), "
    "nextval('fact_row_ids') FROM c"
)
_RETRYABLE = (psycopg.errors.SerializationFailure, psycopg.errors.DeadlockDetected)


class _Retry(Exception):
    """Internal: the transaction did not commit and may be run again."""

    def __init__(self, error: ChronomemError) -> None:
        super().__init__(str(error))
        self.error = error


def _configure(conn: psycopg.Connection[tuple[Any, ...]], lock_ms: int, citus: bool) -> None:
    conn.execute(f"SET lock_timeout = {int(lock_ms)}")
    if citus:
        for statement in SESSION:
            conn.execute(statement)


def redact(url: str) -> str:
    """The URL without its password."""
    return re.sub(r"://([^:/@]+):[^@]*@", r"://\1:***@", url)


class PostgresEngine(SqlEngine):
    """PostgreSQL engine (see module docstring). ``url`` is a libpq URL: ``postgresql://user@host/db``.

    ``durability`` is accepted for symmetry with SQLite: PostgreSQL's default (``synchronous_commit=on``)
    already keeps every acknowledged commit through a crash. ``retries`` bounds transaction re-runs after
    a lost connection or a serialisation failure. ``distribute``: on a Citus coordinator, whether
    :meth:`migrate` distributes the tables by namespace (None: when Citus is installed in the database;
    True: raise :class:`ConfigError` when it is not). A Citus worker's URL raises :class:`ConfigError`.
    """

    dialect = POSTGRES
    migrations = MIGRATIONS

    def __init__(
        self,
        url: str,
        *,
        durability: str = "normal",
        timeout_s: float = 30.0,
        pool_size: int = 10,
        retries: int = 3,
        clock: Callable[[], int] = now_us,
        distribute: bool | None = None,
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
        self._cache = WriterCache()
        try:  # one direct connection first, for a precise error when the server is unreachable
            with psycopg.connect(url, autocommit=True, connect_timeout=int(timeout_s)) as conn:
                self._cluster: Cluster | None = cluster_of(conn)
                self._pgvector: PgVectors | None = pgvector_of(conn, citus=self._cluster is not None)
        except psycopg.Error as exc:
            raise map_error(exc, self._where) from exc
        self._check_cluster(distribute)
        self._distribute = self._cluster is not None and distribute is not False
        self._lock_ms = lock_ms = int(timeout_s * 1000)
        citus = self._cluster is not None
        self._pool: ConnectionPool[psycopg.Connection[tuple[Any, ...]]] = ConnectionPool(
            url,
            min_size=1,
            max_size=pool_size,
            kwargs={"autocommit": True, "connect_timeout": int(timeout_s)},
            configure=lambda conn: _configure(conn, lock_ms, citus),
            timeout=timeout_s,
            open=False,
            name="chronomem",
        )
        try:
            self._pool.open(wait=True, timeout=timeout_s)
        except PoolTimeout as exc:
            self._pool.close()
            raise BackendUnavailable(f"cannot open connections to {self._where}; check the server") from exc

    def _check_cluster(self, distribute: bool | None) -> None:
        cluster = self._cluster
        if cluster is not None and cluster.role == "worker":
            at = f" ({cluster.coordinator})" if cluster.coordinator else ""
            raise ConfigError(
                f"{self._where} is a Citus worker node: it holds shards, not the memory. Connect to the cluster's "
                f"coordinator{at} instead"
            )
        if distribute and cluster is None:
            raise ConfigError(
                f"cannot distribute: {self._where} has no Citus extension in this database. On a Citus coordinator "
                "run CREATE EXTENSION citus and add the workers first, or migrate without distributing"
            )

    @property
    def url(self) -> str:
        return redact(self._conninfo)

    def checks(self) -> Iterator[Check]:
        """What ``chronomem doctor`` adds for PostgreSQL: whether the server has pgvector, and the Citus
        cluster's nodes and distribution."""
        with self._conn() as conn:
            yield from pgvector_check(conn, self._pgvector, self._cluster is not None)
        if self._cluster is None:
            yield Check("cluster", True, "PostgreSQL without Citus (one server)")
            return
        with self._conn() as conn:
            yield from cluster_checks(conn, self._cluster)

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
        """This thread's read connection (autocommit), so that a small read pays no pool check-out."""
        if self._closed:
            raise StorageError("this memory is closed; open it again")
        conn: psycopg.Connection[tuple[Any, ...]] | None = getattr(self._local, "conn", None)
        if conn is None or conn.closed:
            try:
                conn = psycopg.connect(self._conninfo, autocommit=True, connect_timeout=self._connect_timeout)
                if self._cluster is not None:
                    for statement in SESSION:
                        conn.execute(statement)
            except psycopg.Error as exc:
                raise map_error(exc, self._where) from exc
            with self._readers_lock:
                self._readers.append(conn)
            self._local.conn = conn
        return conn

    def _on_reader(self, run: Callable[[psycopg.Connection[tuple[Any, ...]]], T]) -> T:
        """``run`` on this thread's read connection (autocommit: each statement its own snapshot); once more on
        a fresh connection if that one was found dead."""
        for attempt in (0, 1):
            conn = self._reader()
            try:
                return run(conn)
            except psycopg.Error as exc:
                if not conn.broken or attempt:
                    raise map_error(exc, self._where) from exc
                conn.close()
        raise AssertionError("unreachable")

    def _read(self, sql: str, args: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        """One read statement."""
        return self._on_reader(lambda conn: conn.execute(sql, args).fetchall())

    def _read_snapshot(self, statements: Sequence[tuple[str, Sequence[Any]]]) -> list[list[tuple[Any, ...]]]:
        """The reads in one read-only REPEATABLE READ transaction: one snapshot for all of them."""

        def run(conn: psycopg.Connection[tuple[Any, ...]]) -> list[list[tuple[Any, ...]]]:
            with conn.transaction():
                conn.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
                return [conn.execute(sql, args).fetchall() for sql, args in statements]

        return self._on_reader(run)

    def _read_many(self, statements: Sequence[tuple[str, Sequence[Any]]]) -> list[list[tuple[Any, ...]]]:
        """Several read statements in one round trip (pipeline mode)."""
        if len(statements) < 2:
            return [self._read(sql, args) for sql, args in statements]

        def run(conn: psycopg.Connection[tuple[Any, ...]]) -> list[list[tuple[Any, ...]]]:
            with conn.pipeline():
                cursors = [conn.execute(sql, args) for sql, args in statements]
            return [c.fetchall() for c in cursors]

        return self._on_reader(run)

    def nearest(
        self, namespace: str, model: str, query: Matrix, k: int, as_of: int | None = None
    ) -> list[tuple[str, str, float]]:
        """See :meth:`chronomem.contracts.Engine.nearest`: in the server where pgvector is used and the namespace has
        many vectors (:mod:`._pgvector`), else in process."""
        vectors = self._pgvector
        if vectors is not None and vectors.in_server(self._read, namespace, model):
            self._vectors.forget(namespace)  # its matrix, if it was searched here while smaller
            found = vectors.nearest(self._read_tuned, namespace, model, query, k, as_of)
            if found is not None:
                return found
        return super().nearest(namespace, model, query, k, as_of)

    def _vectors_since(self, namespace: str, model: str, seen: int) -> list[tuple[Any, ...]]:
        rows = super()._vectors_since(namespace, model, seen)
        if self._pgvector is not None:  # how many the namespace holds: it moves to the server when they are many
            self._pgvector.read_in_process(namespace, model, seen, len(rows))
        return rows

    def _read_tuned(self, sql: str, args: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        """:meth:`_read`, on a connection whose index scans are set for chronomem's searches (:data:`TUNE`)."""
        if getattr(self._local, "tuned", None) is not self._reader():
            self._read(TUNE)
            self._local.tuned = self._reader()
        return self._read(sql, args)

    def analyze(self) -> None:
        """``VACUUM (ANALYZE)`` the tables searches read (on Citus, the coordinator runs it on every shard):
        the planner's statistics, and the GIN index's pending list merged and the visibility map set, as
        autovacuum would do minutes after a bulk load; until then searches of a large namespace wait on the
        server several times as long. ``VACUUM`` runs outside a transaction,
        on this thread's autocommit connection."""
        tables = "episodes, facts, support, entities, entity_names, fulltext, vectors"
        self._on_reader(lambda conn: conn.execute(f"VACUUM (ANALYZE) {tables}"))

    def migrate(self) -> list[str]:
        with self._conn() as conn, conn.transaction(), conn.cursor() as cur:
            cur.execute("SELECT pg_advisory_xact_lock(%s)", (MIGRATION_LOCK,))
            before: set[str] = set()
            if self._distribute:  # DDL spans shards by nature
                cur.execute(SPANNING)
                before = local_tables(cur)
            applied = apply_migrations(cur, self.dialect, self.migrations, self._where)
            self._pgvector = prepare(cur, citus=self._cluster is not None)
            if self._distribute:
                distribute(cur, self._where, before)
            return applied

    def _read_across(self, sql: str) -> list[tuple[Any, ...]]:
        if self._cluster is None:
            return self._read(sql)
        # The one statement that spans shards (see _citus): allowed even where the cluster forbids them.
        with self._conn() as conn, conn.transaction():
            conn.execute(SPANNING)
            return conn.execute(sql).fetchall()

    # -- writes ------------------------------------------------------------------------------
    def write(self, namespace: str, fn: Callable[[PgTxn], T]) -> T:
        failure: tuple[ChronomemError, BaseException | None] | None = None
        for attempt in range(self._retries + 1):
            if failure is not None:  # a re-run: wait, and do not queue on the pool while the server is down
                time.sleep(0.05 * 4 ** (attempt - 1))
                down = self._probe()
                if down is not None:
                    failure = (down, down.__cause__)
                    continue
                self._pool.check()  # drops the pool's dead connections
            try:
                return self._write_once(namespace, fn)
            except _Retry as retry:
                failure = (retry.error, retry.__cause__)
        assert failure is not None
        raise failure[0] from failure[1]

    def _probe(self) -> ChronomemError | None:
        """``None`` when a new connection to the server opens, else why not."""
        try:
            psycopg.connect(self._conninfo, connect_timeout=self._connect_timeout).close()
        except psycopg.Error as exc:
            error = map_error(exc, self._where)
            error.__cause__ = exc
            return error
        return None

    def _write_once(self, namespace: str, fn: Callable[[PgTxn], T]) -> T:
        xid: str | None = None
        worker_xid: str | None = None
        committing = False
        with self._conn() as conn:
            try:
                with conn.cursor() as cur:
                    row, worker_xid = self._begin(cur, namespace)
                    tx, xid, epoch, _, first_id = row
                    known, vectors = self._cache.known(namespace, epoch), self._pgvector
                    txn = (
                        PgTxn(cur, namespace, int(tx), int(first_id), known)
                        if vectors is None
                        else PgVectorTxn(cur, namespace, int(tx), int(first_id), known, vectors)
                    )
                    result = fn(txn)
                    committing = True
                    cur.execute("COMMIT")
                self._cache.remember(namespace, epoch, txn)
                return result
            except psycopg.Error as exc:
                error = map_error(exc, self._where)
                if conn.broken:
                    outcome = self._outcome(xid, namespace, worker_xid) if committing else "aborted"
                    if outcome == "aborted":
                        raise _Retry(error) from exc
                    if outcome == "committed":
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

    def _begin(self, cur: psycopg.Cursor[tuple[Any, ...]], namespace: str) -> tuple[tuple[Any, ...], str | None]:
        """Open the write transaction and bump the namespace's clock, in one round trip. Returns the clock
        statement's row and, on Citus, the transaction id on the namespace's worker."""
        conn, citus = cur.connection, self._cluster is not None
        with conn.cursor() as side:
            with conn.pipeline():
                cur.execute("BEGIN")
                if citus:
                    cur.execute(TXN.format(ms=self._lock_ms))
                cur.execute(CLOCK_SQL, {"ns": namespace, "now": self._clock()})
                if citus:
                    side.execute(WORKER_XID, (namespace,))
            row = cur.fetchone()
            found = side.fetchone() if citus else None
        assert row is not None
        return row, None if found is None else str(found[0])

    def _outcome(self, xid: str | None, namespace: str = "", worker_xid: str | None = None) -> str | None:
        """``committed``/``aborted``/``None`` (unknown) for a transaction whose connection died.

        On Citus a write that touched one worker committed there before the coordinator (one-phase
        commit): a coordinator transaction that reads as aborted may have stored its rows, so the
        worker's own transaction (``worker_xid``, on the worker holding ``namespace``) decides."""
        if xid is None:
            return None
        for _ in range(20):
            try:
                with psycopg.connect(self._conninfo, autocommit=True, connect_timeout=5) as conn:
                    row = conn.execute("SELECT pg_xact_status(%s::xid8)", (xid,)).fetchone()
                    status = None if row is None else row[0]
                    if status != "committed" and self._cluster is not None:
                        status = None if worker_xid is None else worker_outcome(conn, namespace, worker_xid)
            except psycopg.Error:
                return None
            if status != "in progress":
                return status if status in ("committed", "aborted") else None
            time.sleep(0.05)
        return None
