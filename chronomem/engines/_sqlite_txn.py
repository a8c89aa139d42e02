"""The SQLite engine's write transaction (:class:`chronomem.types.Txn`) and its row mappings.

A transaction runs on the engine's writer connection inside ``BEGIN IMMEDIATE`` (see ``_sqlite``),
so reading a slot and writing it cannot interleave with another writer. It also reads and fills the
engine's caches of records that rarely change (:class:`_Known`; migration ``0003_cache_epoch``).
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, cast

from .._bitemporal import Plan
from .._model import JSON, Entity, Episode, Fact, Interval, Revision, canonical_json
from ..types import FactQuery
from ._sql import FACT_COLUMNS, INF, build_current_query, build_fact_query, fact_from_row

AGG = "group_concat(s.episode_id, char(31))"


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


@dataclass(slots=True)
class _Known:
    """Committed records of one namespace that writers cache (see migration ``0003_cache_epoch``)."""

    predicates: dict[str, bool] = field(default_factory=dict)
    entities: dict[str, Entity] = field(default_factory=dict)

    def update(self, other: _Known) -> None:
        self.predicates.update(other.predicates)
        self.entities.update(other.entities)


class _SqliteTxn:
    """A write transaction (see :class:`chronomem.types.Txn`)."""

    def __init__(
        self,
        conn: sqlite3.Connection,
        namespace: str,
        tx: int,
        next_row: int | None = None,
        known: _Known | None = None,
    ) -> None:
        self._c = conn
        self._ns = namespace
        self._tx = tx
        self._next_row = next_row
        #: What the engine knows of the namespace's committed records (read-only here) ...
        self._known = _Known() if known is None else known
        #: ... and what this transaction read or recorded, cached by the engine once it commits.
        self.learned = _Known()
        #: Set when this transaction changed or deleted a cached kind of record: every cache is dropped.
        self.forget = False

    def _bump_cache_epoch(self) -> None:
        """Called before changing or deleting a cached kind of record: no cache is trusted from here on."""
        self._c.execute("UPDATE clock SET cache_epoch = cache_epoch + 1 WHERE id = 1")
        self.forget = True
        self._known, self.learned = _Known(), _Known()

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
        hit = self.learned.entities.get(entity_id) or self._known.entities.get(entity_id)
        if hit is not None:
            return hit
        r = self._c.execute("SELECT * FROM entities WHERE namespace = ? AND id = ?", (self._ns, entity_id)).fetchone()
        if r is None:
            return None
        found = self.learned.entities[entity_id] = _entity(r)
        return found

    def mark_episode_retracted(self, episode_id: str) -> None:
        self._c.execute(
            "UPDATE episodes SET retracted = ? WHERE namespace = ? AND id = ? AND retracted IS NULL",
            (self._tx, self._ns, episode_id),
        )

    def put_entity(self, entity: Entity) -> None:
        from .._names import name_key

        e = Entity(
            id=entity.id,
            namespace=self._ns,
            type=entity.type,
            name=entity.name,
            aliases=tuple(entity.aliases),
            recorded_at=entity.recorded_at or self._tx,
        )
        row = (e.type, e.name, json.dumps(list(e.aliases), ensure_ascii=False), e.recorded_at, self._ns, e.id)
        cur = self._c.execute(
            "INSERT OR IGNORE INTO entities (type, name, aliases, recorded, namespace, id) VALUES (?,?,?,?,?,?)", row
        )
        if cur.rowcount:
            self.learned.entities[e.id] = e
        else:  # a change to a stored entity: other writers may have it cached
            self._bump_cache_epoch()
            self._c.execute(
                "UPDATE entities SET type = ?, name = ?, aliases = ?, recorded = ? WHERE namespace = ? AND id = ?", row
            )
        self._c.executemany(
            "INSERT OR IGNORE INTO entity_names VALUES (?,?,?)",
            [(self._ns, name_key(n), e.id) for n in (e.name, *e.aliases)],
        )

    def find_entities(self, name_key: str) -> list[Entity]:
        return _find_entities(self._c, self._ns, name_key)

    def predicate(self, name: str, multi: bool | None) -> bool:
        known = self._known.predicates.get(name)
        if known is None:
            known = self.learned.predicates.get(name)
        if known is not None:
            return known
        r = self._c.execute(
            "SELECT multi FROM predicates WHERE namespace = ? AND name = ?", (self._ns, name)
        ).fetchone()
        if r is not None:
            chosen = self.learned.predicates[name] = bool(r[0])
            return chosen
        chosen = self.learned.predicates[name] = bool(multi)
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
        if self._c.execute("SELECT 1 FROM facts WHERE namespace = ? LIMIT 1", (self._ns,)).fetchone() is None:
            return out  # loading into an empty namespace: no slot to look up
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
        if self._next_row is None:  # not given by the engine's write()
            self._next_row = (c.execute("SELECT max(row_id) FROM facts").fetchone()[0] or 0) + 1
        first = next_row = self._next_row
        close: list[tuple[int, str, int]] = []
        rows: list[tuple[Any, ...]] = []
        support: list[tuple[str, int, str, int, int]] = []
        unsupport: list[tuple[int, str, int, str]] = []
        links: list[tuple[str, int, int | None, str, int]] = []
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
                if n.episodes:
                    support += [(ns, next_row, ep, tx, INF) for ep in n.episodes]
                next_row += 1
            if plan.support:
                support += [(ns, rid, ep, tx, INF) for rid, ep in plan.support]
            if plan.unsupport:
                unsupport += [(tx, ns, rid, ep) for rid, ep in plan.unsupport]
            if plan.links:
                links += [(ns, old, None if i is None else base + i, reason, tx) for old, i, reason in plan.links]
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
            self._bump_cache_epoch()
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
