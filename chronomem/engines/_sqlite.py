"""The embedded engine: one SQLite file in WAL mode.

* One writer at a time: a process-wide lock plus ``BEGIN IMMEDIATE`` across processes; readers use
  their own per-thread connections and are never blocked (WAL).
* System time comes from the ``clock`` row, bumped inside each write transaction to
  ``max(wall clock, last + 1)``, so it is strictly increasing even when the wall clock steps back.
* Durability: ``synchronous=NORMAL`` by default (a committed write survives a killed process; a power
  cut may lose the last commits); ``durability="full"`` survives power loss at a cost in speed.
* Checkpoints run once the write-ahead log holds :data:`._checkpoint.WAL_PAGES` pages, not SQLite's default 1,000:
  a message's transaction writes about a dozen pages, and each checkpoint syncs the files, so the
  default checkpointed every ~80 messages, a noticeable share of ingestion's time.
  They run in a thread of the engine, off the write path (:mod:`._checkpoint`).
* A file that cannot be written (a read-only file, directory or file system) opens read-only: reads work, a write
  raises :class:`~chronomem.errors.StorageError` saying so, and nothing is created beside it. Where even SQLite's
  shared-memory file cannot be made (a read-only file system), the file is opened as immutable, which is what it
  is there.
"""

from __future__ import annotations

import os
import sqlite3
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar
from urllib.parse import quote

from .._time import now_us
from ..errors import BackendUnavailable, ConfigError, SchemaMismatch, StorageError, StorageTimeout
from ._cache import WriterCache
from ._checkpoint import BACKSTOP_PAGES, Checkpointer
from ._engine import SqlEngine
from ._fulltext import PENDING_DOCS, RECORDED_MIGRATION, SQLITE_MERGE, SQLITE_MIGRATION, SQLITE_PENDING_MIGRATION
from ._migrations import Migration, apply_migrations
from ._sqlite_txn import SQLITE, SqliteTxn

__all__ = ["MIGRATIONS", "SqliteEngine"]

T = TypeVar("T")


#: The name ``tests/stress/_workers.py`` subclasses the transaction by.
_SqliteTxn = SqliteTxn

MIGRATIONS: list[Migration] = [
    (
        "0001_core",
        [
            "CREATE TABLE clock (id INTEGER PRIMARY KEY CHECK (id = 1), last_tx INTEGER NOT NULL)",
            "INSERT INTO clock VALUES (1, 0)",
            "CREATE TABLE namespaces (namespace TEXT PRIMARY KEY, created INTEGER NOT NULL)",
            """CREATE TABLE episodes (namespace TEXT NOT NULL, id TEXT NOT NULL, content TEXT NOT NULL,
                occurred INTEGER NOT NULL, recorded INTEGER NOT NULL, kind TEXT NOT NULL, role TEXT,
                speaker TEXT, session TEXT, source TEXT, metadata TEXT NOT NULL, retracted INTEGER,
                PRIMARY KEY (namespace, id))""",
            """CREATE TABLE entities (namespace TEXT NOT NULL, id TEXT NOT NULL, type TEXT NOT NULL,
                name TEXT NOT NULL, aliases TEXT NOT NULL, recorded INTEGER NOT NULL,
                PRIMARY KEY (namespace, id))""",
            """CREATE TABLE entity_names (namespace TEXT NOT NULL, name_key TEXT NOT NULL,
                entity_id TEXT NOT NULL, PRIMARY KEY (namespace, name_key, entity_id))""",
            """CREATE TABLE predicates (namespace TEXT NOT NULL, name TEXT NOT NULL, multi INTEGER NOT NULL,
                PRIMARY KEY (namespace, name))""",
            """CREATE TABLE facts (row_id INTEGER PRIMARY KEY, namespace TEXT NOT NULL, slot TEXT NOT NULL,
                subject TEXT NOT NULL, predicate TEXT NOT NULL, object_id TEXT, value TEXT,
                valid_from INTEGER NOT NULL, valid_to INTEGER NOT NULL,
                recorded_from INTEGER NOT NULL, recorded_to INTEGER NOT NULL,
                kind TEXT NOT NULL, modality TEXT NOT NULL, confidence REAL NOT NULL,
                CHECK (valid_from < valid_to), CHECK (recorded_from < recorded_to))""",
            "CREATE INDEX facts_slot ON facts (namespace, slot, valid_from)",
            "CREATE INDEX facts_subject ON facts (namespace, subject, predicate)",
            "CREATE INDEX facts_object ON facts (namespace, object_id) WHERE object_id IS NOT NULL",
            "CREATE INDEX facts_learned ON facts (namespace, recorded_from)",
            "CREATE INDEX facts_unlearned ON facts (namespace, recorded_to) WHERE recorded_to < 9223372036854775807",
            """CREATE TABLE support (namespace TEXT NOT NULL, row_id INTEGER NOT NULL, episode_id TEXT NOT NULL,
                added INTEGER NOT NULL, removed INTEGER NOT NULL,
                PRIMARY KEY (namespace, row_id, episode_id, added))""",
            "CREATE INDEX support_episode ON support (namespace, episode_id)",
            """CREATE TABLE revisions (namespace TEXT NOT NULL, old_row INTEGER NOT NULL, new_row INTEGER,
                reason TEXT NOT NULL, at INTEGER NOT NULL)""",
            "CREATE INDEX revisions_old ON revisions (namespace, old_row)",
            "CREATE INDEX revisions_new ON revisions (namespace, new_row)",
            """CREATE TABLE erasures (at INTEGER NOT NULL, namespace_digest TEXT NOT NULL, target_kind TEXT NOT NULL,
                target_digest TEXT NOT NULL, rows_removed INTEGER NOT NULL)""",
        ],
    ),
    (
        # Without statistics SQLite's planner reads a whole namespace through facts_learned for a slot
        # lookup (~100x slower at 100k facts). Typical shapes keep it on the selective indexes;
        # a later ANALYZE replaces them with measured ones.
        "0002_planner_stats",
        [
            "ANALYZE sqlite_schema",
            "DELETE FROM sqlite_stat1 WHERE tbl = 'facts'",
            """INSERT INTO sqlite_stat1 (tbl, idx, stat) VALUES
                ('facts', 'facts_slot', '1000000 100000 3 1'),
                ('facts', 'facts_subject', '1000000 100000 100 3'),
                ('facts', 'facts_object', '1000000 100000 10'),
                ('facts', 'facts_learned', '1000000 100000 1000'),
                ('facts', 'facts_unlearned', '1000000 100000 1000')""",
            "ANALYZE sqlite_schema",
        ],
    ),
    (
        # Writers cache records that rarely change ("namespace exists", a predicate's cardinality, an
        # entity) to skip those statements on every write. A write that changes or deletes
        # such a record (an erase, new aliases) bumps this counter; every write reads it with the clock
        # and drops its caches when it moved, so writers in other processes never use a stale record.
        "0003_cache_epoch",
        ["ALTER TABLE clock ADD COLUMN cache_epoch INTEGER NOT NULL DEFAULT 0"],
    ),
    (
        # Graph walks want a subject's edges, not its attributes: through facts_subject a 2-hop walk
        # read every fact of every node. Only edges pay for this index on write.
        "0004_edges_out",
        [
            "CREATE INDEX facts_edges_out ON facts (namespace, subject) WHERE object_id IS NOT NULL",
            "DELETE FROM sqlite_stat1 WHERE tbl = 'facts' AND idx = 'facts_edges_out'",
            "INSERT INTO sqlite_stat1 (tbl, idx, stat) VALUES ('facts', 'facts_edges_out', '1000000 100000 5')",
            "ANALYZE sqlite_schema",
        ],
    ),
    (
        # Ingestion: the speaker's zone with each episode, a session's last messages for the
        # extractor's context, and contradictions kept open until someone settles them.
        "0005_ingestion",
        [
            "ALTER TABLE episodes ADD COLUMN tz TEXT",
            "CREATE INDEX episodes_session ON episodes (namespace, session, occurred)",
            """CREATE TABLE conflicts (namespace TEXT NOT NULL, id INTEGER NOT NULL, slot TEXT NOT NULL,
                subject TEXT NOT NULL, predicate TEXT NOT NULL, object_id TEXT, value TEXT,
                valid_from INTEGER NOT NULL, valid_to INTEGER NOT NULL, kind TEXT NOT NULL, modality TEXT NOT NULL,
                confidence REAL NOT NULL, episode_id TEXT, against TEXT NOT NULL, why TEXT NOT NULL,
                opened INTEGER NOT NULL, settled INTEGER, settlement TEXT, clash INTEGER NOT NULL,
                PRIMARY KEY (namespace, id))""",
            "CREATE INDEX conflicts_subject ON conflicts (namespace, subject, predicate)",
        ],
    ),
    (
        # Entity merges: a merged entity points at the one it was merged into, each merge is
        # kept as a reversible event, and the links that joined adjacent rows get their own reason.
        "0006_entity_merges",
        [
            "ALTER TABLE entities ADD COLUMN merged_into TEXT",
            "ALTER TABLE entities ADD COLUMN merged_at INTEGER",
            """CREATE TABLE merges (namespace TEXT NOT NULL, source TEXT NOT NULL, target TEXT NOT NULL,
                merged INTEGER NOT NULL, unmerged INTEGER, detail TEXT NOT NULL,
                PRIMARY KEY (namespace, source, merged))""",
            "UPDATE revisions SET reason = 'coalesce' WHERE reason = 'merge'",
        ],
    ),
    SQLITE_MIGRATION,  # 0007_fulltext (engines/_fulltext.py)
    (
        # Vectors: what an embedder made of an episode's text, stored in its write transaction and
        # searched in process (engines/_vectors.py); read by system time to catch up.
        "0008_vectors",
        [
            """CREATE TABLE vectors (namespace TEXT NOT NULL, model TEXT NOT NULL, kind TEXT NOT NULL,
                item TEXT NOT NULL, part INTEGER NOT NULL, recorded INTEGER NOT NULL, vec BLOB NOT NULL,
                PRIMARY KEY (namespace, model, kind, item, part))""",
            "CREATE INDEX vectors_recorded ON vectors (namespace, model, recorded)",
        ],
    ),
    SQLITE_PENDING_MIGRATION,  # 0009_fulltext_pending (engines/_fulltext.py)
    (
        # A vector may be made of an episode's text with the message before it (write/_episodes.py):
        # ``context`` names that one, so erasing it also deletes the vectors that read it.
        "0010_vector_context",
        [
            "ALTER TABLE vectors ADD COLUMN context TEXT",
            "CREATE INDEX vectors_context ON vectors (namespace, context) WHERE context IS NOT NULL",
        ],
    ),
    (
        # The support model (chronomem/_support.py): every write is kept as a statement, and support
        # covers the part of a row's valid time its source spoke of (the application's support is stored too,
        # as episode ""). Data from before: each row's support covers the whole row, a row without support is
        # the application's, and each row believed now is one statement per source. An erased row leaves a
        # content-free stub (erased_rows), so version chains through it stay whole.
        "0011_support_model",
        [
            """CREATE TABLE statements (namespace TEXT NOT NULL, slot TEXT NOT NULL, tx INTEGER NOT NULL,
                seq INTEGER NOT NULL, source TEXT NOT NULL, op TEXT NOT NULL, subject TEXT NOT NULL,
                predicate TEXT NOT NULL, object_id TEXT, value TEXT, kind TEXT NOT NULL, modality TEXT NOT NULL,
                confidence REAL NOT NULL, valid_from INTEGER NOT NULL, valid_to INTEGER NOT NULL, merge INTEGER)""",
            "CREATE INDEX statements_slot ON statements (namespace, slot, tx, seq)",
            "CREATE INDEX statements_source ON statements (namespace, source)",
            """CREATE TABLE erased_rows (namespace TEXT NOT NULL, row_id INTEGER NOT NULL, slot_digest TEXT NOT NULL,
                valid_from INTEGER NOT NULL, valid_to INTEGER NOT NULL, recorded_from INTEGER NOT NULL,
                recorded_to INTEGER NOT NULL, erased INTEGER NOT NULL, PRIMARY KEY (namespace, row_id))""",
            """CREATE TABLE support_new (namespace TEXT NOT NULL, row_id INTEGER NOT NULL, episode_id TEXT NOT NULL,
                added INTEGER NOT NULL, removed INTEGER NOT NULL, valid_from INTEGER NOT NULL,
                valid_to INTEGER NOT NULL, PRIMARY KEY (namespace, row_id, episode_id, added, valid_from, valid_to))""",
            """INSERT INTO support_new SELECT s.namespace, s.row_id, s.episode_id, s.added, s.removed, f.valid_from,
                f.valid_to FROM support s JOIN facts f ON f.namespace = s.namespace AND f.row_id = s.row_id""",
            """INSERT INTO support_new SELECT f.namespace, f.row_id, '', f.recorded_from, 9223372036854775807,
                f.valid_from, f.valid_to FROM facts f WHERE NOT EXISTS
                (SELECT 1 FROM support s WHERE s.namespace = f.namespace AND s.row_id = f.row_id)""",
            "DROP TABLE support",
            "ALTER TABLE support_new RENAME TO support",
            "CREATE INDEX support_episode ON support (namespace, episode_id)",
            """INSERT INTO statements SELECT f.namespace, f.slot, s.added, f.row_id, s.episode_id, 'assert',
                f.subject, f.predicate, f.object_id, f.value, f.kind, f.modality, f.confidence, f.valid_from,
                f.valid_to, NULL FROM facts f JOIN support s ON s.namespace = f.namespace AND s.row_id = f.row_id
                WHERE f.recorded_to = 9223372036854775807 AND s.removed = 9223372036854775807""",
        ],
    ),
    RECORDED_MIGRATION,  # 0013_fulltext_recorded (engines/_fulltext.py)
    (
        # Which source called an entity by which of its names (an episode, or "" for the application): erasing
        # an episode takes the names and the entities only it gave (write/_forget.py). Entities stored before
        # have none recorded; an erase decides for them by the statements that name them, as before.
        "0014_mentions",
        [
            """CREATE TABLE mentions (namespace TEXT NOT NULL, entity_id TEXT NOT NULL, name TEXT NOT NULL,
                source TEXT NOT NULL, PRIMARY KEY (namespace, entity_id, name, source))""",
            "CREATE INDEX mentions_source ON mentions (namespace, source)",
        ],
    ),
]


def _index_waiting(c: sqlite3.Connection, indexed: int) -> None:
    """Move the full-text documents waiting after ``indexed`` into FTS5 once :data:`PENDING_DOCS` have
    gathered (see :mod:`._fulltext`)."""
    (last,) = c.execute("SELECT max(doc) FROM fulltext").fetchone()
    if last is not None and last - indexed >= PENDING_DOCS:
        add, mark = SQLITE_MERGE
        c.execute(add, (indexed,))
        c.execute(mark, (indexed,))


def read_only(path: str) -> bool:
    """Whether the SQLite file at ``path`` exists and cannot be written: the file, or its directory (where SQLite
    keeps the write-ahead log), is read-only to this process."""
    where = Path(path)
    return where.is_file() and not (os.access(where, os.W_OK) and os.access(where.parent, os.W_OK))


def _map_error(exc: sqlite3.Error) -> StorageError:
    text = str(exc)
    if isinstance(exc, sqlite3.OperationalError) and ("locked" in text or "busy" in text):
        return StorageTimeout(f"SQLite database is locked by another writer for too long ({text}); retry")
    if isinstance(exc, sqlite3.OperationalError) and ("unable to open" in text or "disk I/O" in text):
        return BackendUnavailable(f"cannot use the SQLite file: {text}")
    return StorageError(f"SQLite error: {text}")


@contextmanager
def _mapped() -> Iterator[None]:
    try:
        yield
    except sqlite3.Error as exc:
        raise _map_error(exc) from exc


class SqliteEngine(SqlEngine):
    """SQLite engine over one file (see module docstring)."""

    dialect = SQLITE
    migrations = MIGRATIONS

    def __init__(
        self,
        path: str | Path,
        *,
        durability: str = "normal",
        timeout_s: float = 30.0,
        clock: Callable[[], int] = now_us,
    ) -> None:
        if durability not in ("normal", "full"):
            raise ConfigError(f"durability={durability!r}; use 'normal' or 'full'")
        self._path = self._where = str(path)
        self._sync = durability.upper()
        self._timeout = timeout_s
        self._clock = clock
        self._local = threading.local()
        self._write_lock = threading.Lock()
        self._conns: list[sqlite3.Connection] = []
        self._conns_lock = threading.Lock()
        self._closed = False
        self._cache = WriterCache()  # see migration 0003_cache_epoch
        self.read_only = read_only(self._path)
        with _mapped():
            self._writer = self._connect()
            page_size = self._writer.execute("PRAGMA page_size").fetchone()[0]
        self._checkpoints = Checkpointer(self._checkpoint_conn, self._path + "-wal", page_size)

    @property
    def url(self) -> str:
        return f"sqlite:///{self._path}"

    def _connect(self) -> sqlite3.Connection:
        if self.read_only:
            conn = self._connect_read_only()
        else:
            try:
                conn = sqlite3.connect(self._path, timeout=self._timeout, isolation_level=None, check_same_thread=False)
            except sqlite3.Error as exc:
                raise BackendUnavailable(f"cannot open SQLite file {self._path!r}: {exc}; check the path") from exc
            conn.execute("PRAGMA journal_mode=WAL")
            conn.execute(f"PRAGMA synchronous={self._sync}")
            conn.execute(f"PRAGMA wal_autocheckpoint={BACKSTOP_PAGES}")  # a backstop: see ._checkpoint
        conn.execute("PRAGMA foreign_keys=ON")
        conn.execute("PRAGMA cache_size=-65536")
        with self._conns_lock:
            self._conns.append(conn)
        return conn

    def _connect_read_only(self) -> sqlite3.Connection:
        """A connection that never writes: ``mode=ro``, or ``immutable=1`` where SQLite cannot make its
        shared-memory file beside the database (a read-only file system; nothing can change the file there)."""
        where = quote(str(Path(self._path).resolve()))
        last: sqlite3.Error | None = None
        for flag in ("mode=ro", "immutable=1"):
            try:
                conn = sqlite3.connect(
                    f"file:{where}?{flag}", uri=True, timeout=self._timeout, isolation_level=None,
                    check_same_thread=False,
                )  # fmt: skip
                conn.execute("SELECT count(*) FROM sqlite_master").fetchall()  # SQLite opens the file lazily
            except sqlite3.Error as exc:
                last = exc
                continue
            return conn
        raise BackendUnavailable(f"cannot read the read-only SQLite file {self._path!r}: {last}; check the path")

    def _refuse_read_only(self, doing: str) -> None:
        if self.read_only:
            raise StorageError(
                f"the SQLite file {self._path!r} is read-only (the file or its directory cannot be written), so "
                f"{doing} is refused; reads work; to write, use a writable copy"
            )

    def _checkpoint_conn(self) -> sqlite3.Connection:
        """The checkpoint thread's connection: its own, syncing as the writer's does."""
        conn = sqlite3.connect(self._path, timeout=self._timeout, isolation_level=None, check_same_thread=False)
        conn.execute(f"PRAGMA synchronous={self._sync}")
        return conn

    def _reader(self) -> sqlite3.Connection:
        if self._closed:
            raise StorageError("this memory is closed; open it again")
        conn: sqlite3.Connection | None = getattr(self._local, "conn", None)
        if conn is None:
            conn = self._local.conn = self._connect()
        return conn

    def _read(self, sql: str, args: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        try:  # not `with _mapped()`: this is the hottest read path
            return self._reader().execute(sql, args).fetchall()
        except sqlite3.Error as exc:
            raise _map_error(exc) from exc

    def _read_snapshot(self, statements: Sequence[tuple[str, Sequence[Any]]]) -> list[list[tuple[Any, ...]]]:
        """The reads in one read transaction: in WAL mode it sees one snapshot, and writers are not blocked."""
        conn = self._reader()
        with _mapped():
            conn.execute("BEGIN")
            try:
                return [conn.execute(sql, args).fetchall() for sql, args in statements]
            finally:
                conn.execute("COMMIT")

    def close(self) -> None:
        self._closed = True
        self._checkpoints.close()
        with self._conns_lock:
            for conn in self._conns:
                conn.close()
            self._conns.clear()

    def analyze(self) -> None:
        """A no-op: migration 0002 gives the planner the statistics of typical shapes, which hold at any size;
        statistics measured on a small file could steer a grown one off its selective indexes."""

    def migrate(self) -> list[str]:
        if self.read_only:
            pending = self.pending_migrations()
            if pending:
                raise SchemaMismatch(
                    f"the read-only SQLite file {self._path!r} needs migrations ({', '.join(pending)}) to be read "
                    "by this chronomem; open a writable copy once to migrate it"
                )
            return []
        with self._write_lock, _mapped():
            c = self._writer
            c.execute("BEGIN IMMEDIATE")
            try:
                applied = apply_migrations(c, self.dialect, self.migrations, self._where)
                c.execute("COMMIT")
            except BaseException:
                c.execute("ROLLBACK")
                raise
        return applied

    def write(self, namespace: str, fn: Callable[[SqliteTxn], T]) -> T:
        if self._closed:
            raise StorageError("this memory is closed; open it again")
        self._refuse_read_only("writing")
        with self._write_lock:
            c = self._writer
            try:
                c.execute("BEGIN IMMEDIATE")
            except sqlite3.Error as exc:
                raise _map_error(exc) from exc
            try:
                tx, epoch, last_row, indexed = c.execute(
                    "UPDATE clock SET last_tx = max(last_tx + 1, ?) WHERE id = 1 RETURNING last_tx, cache_epoch, "
                    "(SELECT max(row_id) FROM facts), (SELECT indexed FROM fulltext_state WHERE id = 1)",
                    (self._clock(),),
                ).fetchall()[0]
                known = self._cache.known(namespace, epoch)
                if known is None:  # a namespace is known once a write to it committed at this epoch
                    c.execute(
                        "INSERT INTO namespaces (namespace, created) VALUES (?, ?) ON CONFLICT DO NOTHING",
                        (namespace, tx),
                    )
                txn = SqliteTxn(c, namespace, tx, (last_row or 0) + 1, known)
                result = fn(txn)
                if txn.documents:
                    _index_waiting(c, indexed)
                c.execute("COMMIT")
                self._cache.remember(namespace, epoch, txn)
                self._checkpoints.nudge()
                return result
            except sqlite3.Error as exc:
                c.execute("ROLLBACK")
                raise _map_error(exc) from exc
            except BaseException:
                c.execute("ROLLBACK")
                raise
