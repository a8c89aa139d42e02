"""The embedded engine: one SQLite file in WAL mode.

* One writer at a time: a process-wide lock plus ``BEGIN IMMEDIATE`` across processes; readers use
  their own per-thread connections and are never blocked (WAL).
* System time comes from the ``clock`` row, bumped inside each write transaction to
  ``max(wall clock, last + 1)``, so it is strictly increasing even when the wall clock steps back.
* Durability: ``synchronous=NORMAL`` by default (a committed write survives a killed process; a power
  cut may lose the last commits); ``durability="full"`` survives power loss at a cost in speed.
"""

from __future__ import annotations

import json
import sqlite3
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar, cast

from .._bitemporal import Plan
from .._model import JSON, Change, Entity, Episode, Fact, Interval, Revision, canonical_json
from .._time import now_us
from ..errors import BackendUnavailable, ConfigError, SchemaMismatch, StorageError, StorageTimeout
from ..types import Erasure, FactQuery
from ._sql import FACT_COLUMNS, INF, build_current_query, build_fact_query, end_value, fact_from_row

T = TypeVar("T")

AGG = "group_concat(s.episode_id, char(31))"

MIGRATIONS: list[tuple[str, list[str]]] = [
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
]


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


def _episode(r: Sequence[Any]) -> Episode:
    return Episode(
        namespace=r[0],
        id=r[1],
        content=r[2],
        occurred_at=r[3],
        recorded_at=r[4],
        kind=r[5],
        role=r[6],
        speaker=r[7],
        session=r[8],
        source=r[9],
        metadata=json.loads(r[10]),
        retracted_at=r[11],
    )


def _entity(r: Sequence[Any]) -> Entity:
    aliases = () if r[4] == "[]" else tuple(json.loads(r[4]))  # most entities have none; skip the parser
    return Entity(namespace=r[0], id=r[1], type=r[2], name=r[3], aliases=aliases, recorded_at=r[5])


class _SqliteTxn:
    """A write transaction (see :class:`chronomem.types.Txn`)."""

    def __init__(self, conn: sqlite3.Connection, namespace: str, tx: int) -> None:
        self._c = conn
        self._ns = namespace
        self._tx = tx
        self._next_row: int | None = None

    @property
    def tx(self) -> int:
        return self._tx

    def put_episode(self, episode: Episode) -> Episode | None:
        found = self.episode(episode.id)
        if found is not None:
            return found
        e = episode
        self._c.execute(
            "INSERT INTO episodes VALUES (?,?,?,?,?,?,?,?,?,?,?,NULL)",
            (
                self._ns,
                e.id,
                e.content,
                e.occurred_at,
                self._tx,
                e.kind,
                e.role,
                e.speaker,
                e.session,
                e.source,
                canonical_json(e.metadata),
            ),
        )
        return None

    def episode(self, episode_id: str) -> Episode | None:
        r = self._c.execute("SELECT * FROM episodes WHERE namespace = ? AND id = ?", (self._ns, episode_id)).fetchone()
        return None if r is None else _episode(r)

    def entity(self, entity_id: str) -> Entity | None:
        r = self._c.execute("SELECT * FROM entities WHERE namespace = ? AND id = ?", (self._ns, entity_id)).fetchone()
        return None if r is None else _entity(r)

    def mark_episode_retracted(self, episode_id: str) -> None:
        self._c.execute(
            "UPDATE episodes SET retracted = ? WHERE namespace = ? AND id = ? AND retracted IS NULL",
            (self._tx, self._ns, episode_id),
        )

    def put_entity(self, entity: Entity) -> None:
        from .._names import name_key

        e = entity
        self._c.execute(
            "INSERT OR REPLACE INTO entities VALUES (?,?,?,?,?,?)",
            (
                self._ns,
                e.id,
                e.type,
                e.name,
                json.dumps(list(e.aliases), ensure_ascii=False),
                e.recorded_at or self._tx,
            ),
        )
        self._c.executemany(
            "INSERT OR IGNORE INTO entity_names VALUES (?,?,?)",
            [(self._ns, name_key(n), e.id) for n in (e.name, *e.aliases)],
        )

    def find_entities(self, name_key: str) -> list[Entity]:
        return _find_entities(self._c, self._ns, name_key)

    def predicate(self, name: str, multi: bool | None) -> bool:
        r = self._c.execute(
            "SELECT multi FROM predicates WHERE namespace = ? AND name = ?", (self._ns, name)
        ).fetchone()
        if r is not None:
            return bool(r[0])
        chosen = bool(multi)
        self._c.execute("INSERT INTO predicates VALUES (?,?,?)", (self._ns, name, int(chosen)))
        return chosen

    def current(self, slot: str) -> list[Fact]:
        # BEGIN IMMEDIATE already holds the database's write lock: the slot is locked.
        return self._facts(FactQuery(slot=slot, as_of=self._tx))

    def _facts(self, q: FactQuery) -> list[Fact]:
        sql, args = build_fact_query(self._ns, q, ph="?", agg=AGG, now=self._tx)
        return [fact_from_row(r) for r in self._c.execute(sql, args)]

    def row(self, row_id: int) -> Fact | None:
        sql = (
            f"SELECT {FACT_COLUMNS}, (SELECT {AGG} FROM support s WHERE s.namespace = f.namespace "
            "AND s.row_id = f.row_id AND s.removed > ?) FROM facts f WHERE f.namespace = ? AND f.row_id = ?"
        )
        r = self._c.execute(sql, (self._tx, self._ns, row_id)).fetchone()
        return None if r is None else fact_from_row(r)

    def revisions_into(self, row_id: int) -> list[Revision]:
        rows = self._c.execute(
            "SELECT old_row, new_row, reason, at FROM revisions WHERE namespace = ? AND new_row = ?",
            (self._ns, row_id),
        )
        return [Revision(*r) for r in rows]

    def supported_by(self, episode_id: str) -> list[Fact]:
        ids = [
            r[0]
            for r in self._c.execute(
                f"SELECT s.row_id FROM support s JOIN facts f ON f.namespace = s.namespace AND f.row_id = s.row_id "
                f"WHERE s.namespace = ? AND s.episode_id = ? AND s.removed = {INF} AND f.recorded_to = {INF}",
                (self._ns, episode_id),
            )
        ]
        return [f for i in ids if (f := self.row(i)) is not None]

    def apply(self, slot: str, plan: Plan) -> list[Fact]:
        first = self._execute([(slot, plan)])
        # The new rows are exactly the plan's, so they are built here rather than read back.
        recorded = Interval(self._tx, None)
        return [
            Fact(
                row_id=first + i,
                namespace=self._ns,
                subject=n.claim.subject,
                predicate=n.claim.predicate,
                object=n.claim.object,
                value=None if n.claim.object is not None else _as_stored(n.claim.value),
                valid=n.valid,
                recorded=recorded,
                kind=str(n.claim.kind),
                modality=str(n.claim.modality),
                confidence=float(n.claim.confidence),
                episodes=tuple(sorted(set(n.episodes))),
            )
            for i, n in enumerate(plan.insert)
        ]

    def current_many(self, slots: Sequence[str]) -> dict[str, list[Fact]]:
        out: dict[str, list[Fact]] = {s: [] for s in slots}
        unique = list(out)
        for i in range(0, len(unique), 500):
            chunk = unique[i : i + 500]
            sql, args = build_current_query(self._ns, chunk, self._tx, ph="?", agg=AGG)
            for r in self._c.execute(sql, args):
                out[r[14]].append(fact_from_row(r))
        return out

    def apply_many(self, plans: Sequence[tuple[str, Plan]]) -> int:
        first = self._execute(plans)
        return (self._next_row or first) - first

    def _execute(self, plans: Sequence[tuple[str, Plan]]) -> int:
        """Run ``plans`` with one ``executemany`` per statement; return the first new row id."""
        c, ns, tx = self._c, self._ns, self._tx
        if self._next_row is None:
            self._next_row = (c.execute("SELECT max(row_id) FROM facts").fetchone()[0] or 0) + 1
        first = next_row = self._next_row
        close: list[tuple[int, str, int]] = []
        rows: list[tuple[Any, ...]] = []
        support: list[tuple[str, int, str, int, int]] = []
        unsupport: list[tuple[int, str, int, str]] = []
        links: list[tuple[str, int, int | None, str, int]] = []
        for slot, plan in plans:
            base = next_row
            close += [(tx, ns, r) for r in plan.close]
            for n in plan.insert:
                cl = n.claim
                value = None if cl.object is not None else canonical_json(cl.value)
                rows.append(
                    (
                        next_row,
                        ns,
                        slot,
                        cl.subject,
                        cl.predicate,
                        cl.object,
                        value,
                        n.valid.start,
                        end_value(n.valid.end),
                        tx,
                        INF,
                        cl.kind,
                        cl.modality,
                        cl.confidence,
                    )
                )
                support += [(ns, next_row, ep, tx, INF) for ep in n.episodes]
                next_row += 1
            support += [(ns, rid, ep, tx, INF) for rid, ep in plan.support]
            unsupport += [(tx, ns, rid, ep) for rid, ep in plan.unsupport]
            links += [(ns, old, None if idx is None else base + idx, reason, tx) for old, idx, reason in plan.links]
        self._next_row = next_row
        if close:
            c.executemany(
                f"UPDATE facts SET recorded_to = ? WHERE namespace = ? AND row_id = ? AND recorded_to = {INF}", close
            )
        c.executemany("INSERT INTO facts VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?)", rows)
        if support:
            c.executemany("INSERT OR IGNORE INTO support VALUES (?,?,?,?,?)", support)
        if unsupport:
            c.executemany(
                "UPDATE support SET removed = ? WHERE namespace = ? AND row_id = ? AND episode_id = ? "
                f"AND removed = {INF}",
                unsupport,
            )
        if links:
            c.executemany("INSERT INTO revisions VALUES (?,?,?,?,?)", links)
        return first

    def erase(self, *, subject: str | None = None, episode: str | None = None) -> int:
        c, ns = self._c, self._ns
        if subject is not None:
            ids = [
                r[0]
                for r in c.execute(
                    "SELECT row_id FROM facts WHERE namespace = ? AND (subject = ? OR object_id = ?)",
                    (ns, subject, subject),
                )
            ]
            c.execute("DELETE FROM entities WHERE namespace = ? AND id = ?", (ns, subject))
            c.execute("DELETE FROM entity_names WHERE namespace = ? AND entity_id = ?", (ns, subject))
        else:
            ids = [
                r[0]
                for r in c.execute(
                    "SELECT row_id FROM support s WHERE namespace = ? AND episode_id = ? AND NOT EXISTS "
                    "(SELECT 1 FROM support o WHERE o.namespace = s.namespace AND o.row_id = s.row_id "
                    "AND o.episode_id <> s.episode_id)",
                    (ns, episode),
                )
            ]
            c.execute("DELETE FROM support WHERE namespace = ? AND episode_id = ?", (ns, episode))
            c.execute("DELETE FROM episodes WHERE namespace = ? AND id = ?", (ns, episode))
        args = [(ns, i) for i in ids]
        c.executemany("DELETE FROM facts WHERE namespace = ? AND row_id = ?", args)
        c.executemany("DELETE FROM support WHERE namespace = ? AND row_id = ?", args)
        c.executemany(
            "DELETE FROM revisions WHERE namespace = ? AND (old_row = ? OR new_row = ?)", [(ns, i, i) for i in ids]
        )
        return len(ids)

    def audit_erase(self, target_kind: str, target_digest: str, rows: int) -> None:
        from .._names import digest

        self._c.execute(
            "INSERT INTO erasures VALUES (?,?,?,?,?)", (self._tx, digest(self._ns), target_kind, target_digest, rows)
        )


def _as_stored(value: JSON) -> JSON:
    """``value`` as reading it back would give it (tuples become lists, ...)."""
    if value is None or type(value) in (str, int, float, bool):
        return value
    return cast(JSON, json.loads(canonical_json(value)))


def _find_entities(c: sqlite3.Connection, ns: str, name_key: str) -> list[Entity]:
    rows = c.execute(
        "SELECT e.* FROM entity_names n JOIN entities e ON e.namespace = n.namespace AND e.id = n.entity_id "
        "WHERE n.namespace = ? AND n.name_key = ? ORDER BY e.id",
        (ns, name_key),
    )
    return [_entity(r) for r in rows]


class SqliteEngine:
    """SQLite engine over one file (see module docstring)."""

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
        self._path = str(path)
        self._sync = durability.upper()
        self._timeout = timeout_s
        self._clock = clock
        self._local = threading.local()
        self._write_lock = threading.Lock()
        self._conns: list[sqlite3.Connection] = []
        self._conns_lock = threading.Lock()
        self._closed = False
        with _mapped():
            self._writer = self._connect()

    @property
    def url(self) -> str:
        return f"sqlite:///{self._path}"

    def _connect(self) -> sqlite3.Connection:
        try:
            conn = sqlite3.connect(self._path, timeout=self._timeout, isolation_level=None, check_same_thread=False)
        except sqlite3.Error as exc:
            raise BackendUnavailable(f"cannot open SQLite file {self._path!r}: {exc}; check the path") from exc
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute(f"PRAGMA synchronous={self._sync}")
        conn.execute("PRAGMA foreign_keys=ON")
        conn.execute("PRAGMA cache_size=-65536")
        with self._conns_lock:
            self._conns.append(conn)
        return conn

    def _reader(self) -> sqlite3.Connection:
        if self._closed:
            raise StorageError("this memory is closed; open it again")
        conn: sqlite3.Connection | None = getattr(self._local, "conn", None)
        if conn is None:
            conn = self._local.conn = self._connect()
        return conn

    def close(self) -> None:
        self._closed = True
        with self._conns_lock:
            for conn in self._conns:
                conn.close()
            self._conns.clear()

    # -- schema ------------------------------------------------------------------------------
    def migrate(self) -> list[str]:
        applied: list[str] = []
        with self._write_lock, _mapped():
            c = self._writer
            c.execute("BEGIN IMMEDIATE")
            try:
                c.execute("CREATE TABLE IF NOT EXISTS migrations (name TEXT PRIMARY KEY, applied INTEGER NOT NULL)")
                done = {r[0] for r in c.execute("SELECT name FROM migrations")}
                unknown = done - {name for name, _ in MIGRATIONS}
                if unknown:
                    raise SchemaMismatch(
                        f"{self._path} has migrations {sorted(unknown)} unknown to this chronomem; upgrade chronomem"
                    )
                for name, statements in MIGRATIONS:
                    if name in done:
                        continue
                    for stmt in statements:
                        c.execute(stmt)
                    c.execute("INSERT INTO migrations VALUES (?, ?)", (name, now_us()))
                    applied.append(name)
                c.execute("COMMIT")
            except BaseException:
                c.execute("ROLLBACK")
                raise
        return applied

    def schema_version(self) -> list[str]:
        with _mapped():
            c = self._reader()
            if not c.execute("SELECT 1 FROM sqlite_master WHERE name = 'migrations'").fetchone():
                return []
            return [r[0] for r in c.execute("SELECT name FROM migrations ORDER BY name")]

    def pending_migrations(self) -> list[str]:
        done = set(self.schema_version())
        unknown = done - {name for name, _ in MIGRATIONS}
        if unknown:
            raise SchemaMismatch(
                f"{self._path} has migrations {sorted(unknown)} unknown to this chronomem; upgrade chronomem"
            )
        return [name for name, _ in MIGRATIONS if name not in done]

    # -- writes ------------------------------------------------------------------------------
    def write(self, namespace: str, fn: Callable[[_SqliteTxn], T]) -> T:
        if self._closed:
            raise StorageError("this memory is closed; open it again")
        with self._write_lock:
            c = self._writer
            try:
                c.execute("BEGIN IMMEDIATE")
            except sqlite3.Error as exc:
                raise _map_error(exc) from exc
            try:
                tx = c.execute(
                    "UPDATE clock SET last_tx = max(last_tx + 1, ?) WHERE id = 1 RETURNING last_tx", (self._clock(),)
                ).fetchall()[0][0]
                c.execute("INSERT OR IGNORE INTO namespaces VALUES (?, ?)", (namespace, tx))
                result = fn(_SqliteTxn(c, namespace, tx))
                c.execute("COMMIT")
                return result
            except sqlite3.Error as exc:
                c.execute("ROLLBACK")
                raise _map_error(exc) from exc
            except BaseException:
                c.execute("ROLLBACK")
                raise

    def ensure_namespace(self, namespace: str) -> None:
        if namespace not in self.namespaces():
            self.write(namespace, lambda txn: None)

    def erase_namespace(self, namespace: str, digest: str) -> int:
        def run(txn: _SqliteTxn) -> int:
            c = txn._c
            n = int(c.execute("SELECT count(*) FROM facts WHERE namespace = ?", (namespace,)).fetchone()[0])
            for table in (
                "facts",
                "support",
                "revisions",
                "episodes",
                "entities",
                "entity_names",
                "predicates",
                "namespaces",
            ):
                c.execute(f"DELETE FROM {table} WHERE namespace = ?", (namespace,))
            c.execute("INSERT INTO erasures VALUES (?,?,?,?,?)", (txn.tx, digest, "namespace", digest, n))
            return n

        return self.write(namespace, run)

    # -- reads -------------------------------------------------------------------------------
    def erasures(self, namespace_digest: str) -> list[Erasure]:
        with _mapped():
            rows = self._reader().execute(
                "SELECT at, target_kind, target_digest, rows_removed FROM erasures WHERE namespace_digest = ? "
                "ORDER BY at, rowid",
                (namespace_digest,),
            )
            return [Erasure(*r) for r in rows]

    def namespaces(self) -> list[str]:
        with _mapped():
            return [r[0] for r in self._reader().execute("SELECT namespace FROM namespaces ORDER BY namespace")]

    def episode(self, namespace: str, episode_id: str) -> Episode | None:
        found = self.episodes(namespace, [episode_id])
        return found[0] if found else None

    def episodes(self, namespace: str, ids: Sequence[str]) -> list[Episode]:
        if not ids:
            return []
        marks = ",".join("?" * len(ids))
        with _mapped():
            rows = self._reader().execute(
                f"SELECT * FROM episodes WHERE namespace = ? AND id IN ({marks}) ORDER BY occurred, id",
                (namespace, *ids),
            )
            return [_episode(r) for r in rows]

    def entity(self, namespace: str, entity_id: str) -> Entity | None:
        found = self.entities(namespace, [entity_id])
        return found[0] if found else None

    def entities(self, namespace: str, ids: Sequence[str]) -> list[Entity]:
        if not ids:
            return []
        marks = ",".join("?" * len(ids))
        with _mapped():
            rows = self._reader().execute(
                f"SELECT * FROM entities WHERE namespace = ? AND id IN ({marks}) ORDER BY id", (namespace, *ids)
            )
            return [_entity(r) for r in rows]

    def predicates(self, namespace: str) -> dict[str, bool]:
        with _mapped():
            rows = self._reader().execute("SELECT name, multi FROM predicates WHERE namespace = ?", (namespace,))
            return {r[0]: bool(r[1]) for r in rows}

    def find_entities(self, namespace: str, name_key: str) -> list[Entity]:
        with _mapped():
            return _find_entities(self._reader(), namespace, name_key)

    def facts(self, namespace: str, query: FactQuery) -> list[Fact]:
        sql, args = build_fact_query(namespace, query, ph="?", agg=AGG, now=INF - 1)
        try:  # not `with _mapped()`: this is the hottest read path
            return [fact_from_row(r) for r in self._reader().execute(sql, args)]
        except sqlite3.Error as exc:
            raise _map_error(exc) from exc

    def revisions(self, namespace: str, row_ids: Sequence[int]) -> list[Revision]:
        if not row_ids:
            return []
        marks = ",".join("?" * len(row_ids))
        with _mapped():
            rows = self._reader().execute(
                f"SELECT old_row, new_row, reason, at FROM revisions WHERE namespace = ? "
                f"AND (old_row IN ({marks}) OR new_row IN ({marks})) ORDER BY at, old_row, new_row",
                (namespace, *row_ids, *row_ids),
            )
            return [Revision(*r) for r in rows]

    def changes(self, namespace: str, since: int, until: int) -> list[Change]:
        base = f"SELECT {FACT_COLUMNS}, NULL FROM facts f WHERE f.namespace = ? "
        with _mapped():
            c = self._reader()
            c.execute("BEGIN")
            try:
                learned = c.execute(
                    base + "AND f.recorded_from > ? AND f.recorded_from <= ?", (namespace, since, until)
                )
                out = [Change(f.recorded.start, "learned", f) for f in map(fact_from_row, learned.fetchall())]
                gone = c.execute(base + "AND f.recorded_to > ? AND f.recorded_to <= ?", (namespace, since, until))
                out += [Change(f.recorded.end or 0, "unlearned", f) for f in map(fact_from_row, gone.fetchall())]
            finally:
                c.execute("COMMIT")
        return sorted(out, key=lambda ch: (ch.at, ch.action != "unlearned", ch.fact.row_id))

    def overlaps(self, namespace: str) -> list[tuple[int, int]]:
        with _mapped():
            rows = self._reader().execute(
                f"SELECT a.row_id, b.row_id FROM facts a JOIN facts b ON a.namespace = b.namespace AND a.slot = b.slot "
                f"AND a.row_id < b.row_id WHERE a.namespace = ? AND a.recorded_to = {INF} AND b.recorded_to = {INF} "
                "AND a.valid_from < b.valid_to AND b.valid_from < a.valid_to",
                (namespace,),
            )
            return [(r[0], r[1]) for r in rows]
