"""The PostgreSQL write transaction: :class:`chronomem.types.Txn` over one psycopg cursor.

A plan runs in one pipelined round trip, one statement per kind of change: plain multi-row VALUES
for the few rows of a normal write, arrays through ``unnest`` for bulk loads. Row ids come from a
block reserved in the transaction's first round trip. Every statement names the namespace (Citus).
"""

from __future__ import annotations

import json
import threading
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import psycopg

from .._bitemporal import Plan
from .._model import JSON, Entity, Episode, Fact, Interval, Revision, canonical_json
from .._names import digest, name_key
from ..types import FactQuery
from ._pgschema import ROW_ID_BLOCK
from ._sql import FACT_COLUMNS, INF, build_fact_query, end_value, fact_from_row, support_subquery
from ._sqlite_txn import _entity, _episode

__all__ = ["AGG", "ENTITY_COLS", "EPISODE_COLS", "Known", "PgTxn", "WriterCache", "find_entities"]

Cursor = psycopg.Cursor[tuple[Any, ...]]
SMALL_BATCH = 32  # rows up to which an INSERT sends plain values rather than arrays
MAX_CACHED_ENTITIES = 200_000
MAX_CACHED_NAMESPACES = 1_000

AGG = "string_agg(s.episode_id, chr(31))"
EPISODE_COLS = "namespace, id, content, occurred, recorded, kind, role, speaker, session, source, metadata, retracted"
ENTITY_COLS = "namespace, id, type, name, aliases, recorded"
ROWS_SQL = (
    f"SELECT {FACT_COLUMNS}, (SELECT {AGG} FROM support s WHERE s.namespace = f.namespace "
    "AND s.row_id = f.row_id AND s.removed > %s) FROM facts f WHERE f.namespace = %s AND f.row_id = ANY(%s)"
)


@dataclass
class Known:
    """Committed entities and predicates of one namespace, cached by writers: they rarely change, and
    reading them again cost two of a correction's round trips. Valid while the namespace's
    ``clocks.cache_epoch`` is unchanged; a write that changes or deletes one bumps it."""

    predicates: dict[str, bool] = field(default_factory=dict)
    entities: dict[str, Entity] = field(default_factory=dict)


class WriterCache:
    """Per namespace: the epoch and what is :class:`Known` at it. Thread-safe; bounded."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._by_ns: dict[str, tuple[int, Known]] = {}

    def known(self, namespace: str, epoch: int) -> Known:
        with self._lock:
            hit = self._by_ns.get(namespace)
            # Shared, not copied: a transaction only reads it (it writes what it learns elsewhere).
            return hit[1] if hit is not None and hit[0] == epoch else Known()

    def remember(self, namespace: str, epoch: int, txn: PgTxn) -> None:
        """After ``txn`` committed at ``epoch``: keep what it learned, or forget what it invalidated."""
        with self._lock:
            if txn.forget:
                self._by_ns.pop(namespace, None)
                return
            hit = self._by_ns.get(namespace)
            if hit is not None and hit[0] > epoch:  # a newer epoch was seen meanwhile: ours is stale
                return
            if hit is None or hit[0] != epoch or len(hit[1].entities) > MAX_CACHED_ENTITIES:
                if len(self._by_ns) >= MAX_CACHED_NAMESPACES:
                    self._by_ns.clear()
                hit = self._by_ns[namespace] = (epoch, Known())
            hit[1].predicates.update(txn.learned.predicates)
            hit[1].entities.update(txn.learned.entities)


class PgTxn:
    """A write transaction (see :class:`chronomem.types.Txn`)."""

    def __init__(self, cur: Cursor, namespace: str, tx: int, first_id: int, known: Known | None = None) -> None:
        self._c = cur
        self._ns = namespace
        self._tx = tx
        self._ids = list(range(first_id, first_id + ROW_ID_BLOCK))  # row ids reserved for this transaction
        self._known = Known() if known is None else known
        #: What this transaction read or created, cached once it commits ...
        self.learned = Known()
        #: ... unless it changed or deleted a cached kind of record.
        self.forget = False

    def bump_cache_epoch(self) -> None:
        """Before changing or deleting an entity or predicate: every client's cache of them goes."""
        self._c.execute("UPDATE clocks SET cache_epoch = cache_epoch + 1 WHERE namespace = %s", (self._ns,))
        self.forget = True
        self._known, self.learned = Known(), Known()

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
        hit = self.learned.entities.get(entity_id) or self._known.entities.get(entity_id)
        if hit is not None:
            return hit
        r = self._c.execute(
            f"SELECT {ENTITY_COLS} FROM entities WHERE namespace = %s AND id = %s", (self._ns, entity_id)
        ).fetchone()
        if r is None:
            return None
        found = self.learned.entities[entity_id] = _entity(r)
        return found

    def mark_episode_retracted(self, episode_id: str) -> None:
        self._c.execute(
            "UPDATE episodes SET retracted = %s WHERE namespace = %s AND id = %s AND retracted IS NULL",
            (self._tx, self._ns, episode_id),
        )

    def put_entity(self, entity: Entity) -> None:
        e = Entity(id=entity.id, namespace=self._ns, type=entity.type, name=entity.name,
                   aliases=tuple(entity.aliases), recorded_at=entity.recorded_at or self._tx)  # fmt: skip
        row = (e.type, e.name, json.dumps(list(e.aliases), ensure_ascii=False), e.recorded_at, self._ns, e.id)
        self._c.execute(
            "INSERT INTO entities (type, name, aliases, recorded, namespace, id) VALUES (%s,%s,%s,%s,%s,%s) "
            "ON CONFLICT (namespace, id) DO NOTHING",
            row,
        )
        if self._c.rowcount == 1:
            self.learned.entities[e.id] = e
        else:  # a change to a stored entity: other clients may have it cached
            self.bump_cache_epoch()
            self._c.execute(
                "UPDATE entities SET type = %s, name = %s, aliases = %s, recorded = %s "
                "WHERE namespace = %s AND id = %s",
                row,
            )
        self._c.executemany(
            "INSERT INTO entity_names (namespace, name_key, entity_id) VALUES (%s,%s,%s) ON CONFLICT DO NOTHING",
            [(self._ns, name_key(n), e.id) for n in dict.fromkeys((e.name, *e.aliases))],
        )

    def find_entities(self, name_key: str) -> list[Entity]:
        return find_entities(self._c, self._ns, name_key)

    def predicate(self, name: str, multi: bool | None) -> bool:
        cached = self.learned.predicates.get(name, self._known.predicates.get(name))
        if cached is not None:
            return cached
        # One round trip, no row update: the SELECT sees the stored row, the CTE the one it inserts.
        r = self._c.execute(
            "WITH ins AS (INSERT INTO predicates (namespace, name, multi) VALUES (%s,%s,%s) ON CONFLICT DO NOTHING "
            "RETURNING multi) SELECT multi FROM ins UNION ALL "
            "SELECT multi FROM predicates WHERE namespace = %s AND name = %s LIMIT 1",
            (self._ns, name, bool(multi), self._ns, name),
        ).fetchone()
        assert r is not None
        chosen = self.learned.predicates[name] = bool(r[0])
        return chosen

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
        ids = self._execute([(slot, plan)])
        tx, ns = self._tx, self._ns
        return [
            Fact(row_id=rid, namespace=ns, subject=n.claim.subject, predicate=n.claim.predicate,
                 object=n.claim.object, value=None if n.claim.object is not None else _stored(n.claim.value),
                 valid=n.valid, recorded=Interval(tx, None), kind=n.claim.kind, modality=n.claim.modality,
                 confidence=float(n.claim.confidence), episodes=tuple(sorted(set(n.episodes))))
            for rid, n in zip(ids, plan.insert, strict=True)
        ]  # fmt: skip

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
        return len(self._execute(plans))

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
        return ids

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
        self._put(
            "INSERT INTO facts (namespace, recorded_from, recorded_to, row_id, slot, subject, predicate, "
            "object_id, value, valid_from, valid_to, kind, modality, confidence)",
            (ns, tx, INF),
            rows,
            ("bigint", "text", "text", "text", "text", "text", "bigint", "bigint", "text", "text", "float8"),
        )
        self._put(
            "INSERT INTO support (namespace, added, removed, row_id, episode_id)",
            (ns, tx, INF),
            support,
            ("bigint", "text"),
            "ON CONFLICT DO NOTHING",
        )
        unsupport = [(tx, ns, rid, ep) for _, p in plans for rid, ep in p.unsupport]
        if unsupport:
            c.executemany(
                "UPDATE support SET removed = %s WHERE namespace = %s AND row_id = %s AND episode_id = %s "
                f"AND removed = {INF}",
                unsupport,
            )
        self._put(
            "INSERT INTO revisions (namespace, at, old_row, new_row, reason)",
            (ns, tx),
            links,
            ("bigint", "bigint", "text"),
        )

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

    def erase(self, *, subject: str | None = None, episode: str | None = None) -> int:
        c, ns = self._c, self._ns
        if subject is not None:
            c.execute(
                "SELECT row_id FROM facts WHERE namespace = %s AND (subject = %s OR object_id = %s)",
                (ns, subject, subject),
            )
            ids = [r[0] for r in c.fetchall()]
            self.bump_cache_epoch()
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

        self._c.execute(
            "INSERT INTO erasures (namespace_digest, at, target_kind, target_digest, rows_removed) "
            "VALUES (%s,%s,%s,%s,%s)",
            (digest(self._ns), self._tx, target_kind, target_digest, rows),
        )


def find_entities(c: Cursor | psycopg.Connection[tuple[Any, ...]], ns: str, name_key: str) -> list[Entity]:
    rows = c.execute(
        "SELECT e.namespace, e.id, e.type, e.name, e.aliases, e.recorded FROM entity_names n JOIN entities e "
        "ON e.namespace = n.namespace AND e.id = n.entity_id WHERE n.namespace = %s AND n.name_key = %s "
        "ORDER BY e.id",
        (ns, name_key),
    )
    return [_entity(r) for r in rows]


def _stored(value: JSON) -> JSON:
    """``value`` as it reads back from the database (canonical JSON, parsed)."""
    return json.loads(canonical_json(value))  # type: ignore[no-any-return]
