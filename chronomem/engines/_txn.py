"""The write transaction of the SQL engines (:class:`chronomem.contracts.Txn`), written once over a dialect.

Every method runs the shared statements of its engine's :class:`._dialect.Dialect` on one driver
cursor; only the plan executor (:meth:`SqlTxn._execute`) is the engine's own, because SQLite's
``executemany`` and PostgreSQL's pipelined ``unnest`` differ for real reasons (the pattern of httpx's
``BaseClient`` under ``Client`` and ``AsyncClient``). The engine opens the transaction, holds the lock
that serialises the namespace's writers, and commits. The transaction reads and fills the writers'
cache of rarely changing records (:mod:`._cache`).
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

from .._bitemporal import Held, Op, Plan, Said, SlotValue, Support
from .._names import digest, entity_keys, name_key, rekeyed_slot
from .._values import Contradiction, Entity, Episode, Fact, Interval, Merge, Revision, canonical_json
from ..contracts import Erasure, FactQuery

if TYPE_CHECKING:
    from ..models._embed import Matrix
from ._cache import Known
from ._dialect import Dialect, Statements
from ._fulltext import TextStatements, entity_terms, episode_terms, fact_terms
from ._load import Tables, load
from ._sql import (
    INF,
    Cursor,
    aliases_text,
    as_stored,
    build_fact_query,
    contradiction_from_row,
    end_value,
    entity_from_row,
    episode_from_row,
    fact_from_row,
    merge_from_row,
)
from ._vectors import to_blob

__all__ = ["Cursor", "SqlTxn"]


def _held(r: Sequence[Any]) -> Held:
    """A row read with its support pieces (column 13: :attr:`._dialect.Dialect.support_spans`)."""
    support: list[Support] = []
    for piece in r[13].split("\x1f") if r[13] else ():
        source, start, end = piece.split("\x1e")
        support.append((source, Interval(int(start), None if int(end) == INF else int(end))))
    episodes = "\x1f".join(source for source, _ in support if source)  # what fact_from_row reads in column 13
    return Held(fact_from_row((*r[:13], episodes)), tuple(support))


C = TypeVar("C", bound=Cursor)


class SqlTxn(ABC, Generic[C]):
    """A write transaction (see :class:`chronomem.contracts.Txn`) on cursor ``C``. Subclasses set
    :attr:`dialect` and implement :meth:`_execute`."""

    dialect: ClassVar[Dialect]
    sql: ClassVar[Statements]
    text: ClassVar[TextStatements]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "dialect" in cls.__dict__:
            cls.sql = cls.dialect.sql
            cls.text = cls.dialect.text

    def __init__(self, cursor: C, namespace: str, tx: int, known: Known | None = None) -> None:
        self._c = cursor
        self._ns = namespace
        self._tx = tx
        #: What the engine knows of the namespace's committed records (read-only here) ...
        self._known = Known() if known is None else known
        #: ... and what this transaction read or recorded, cached by the engine once it commits ...
        self.learned = Known()
        #: ... unless it changed or deleted a cached kind of record: then every writer drops its cache.
        self.forget = False
        #: How many full-text documents it added (SQLite moves waiting ones into FTS5 in batches: ._fulltext).
        self.documents = 0
        #: Statements kept so far in this transaction: the next one's ``seq``.
        self._said = 0
        #: The first fact row this transaction inserted: rows are numbered in the order they are written and a
        #: namespace's writers take turns, so every row from it on is this transaction's (:meth:`_without_fresh`).
        self._first_row: int | None = None

    @abstractmethod
    def _execute(self, plans: Sequence[tuple[str, Plan]]) -> Sequence[int]:
        """Run ``plans`` (each slot at most once): close, insert, support, unsupport and link rows, and add the
        new rows' full-text documents (:meth:`_documents`). Returns the new rows' ids in plan order."""

    def load(self, tables: Tables, erasures: Sequence[Erasure], namespace_digest: str) -> int:
        """Restore a dump's rows into this transaction's (empty) namespace (:func:`._load.load`); returns the
        full-text documents written. Every writer drops what it cached of the namespace."""
        n = load(self._c, self.dialect, self._ns, tables, erasures, namespace_digest)
        self.documents += n
        self.bump_cache_epoch()
        return n

    def bump_cache_epoch(self) -> None:
        """Called before changing or deleting a cached kind of record: no cache is trusted from here on."""
        self._c.execute(*self.dialect.cache_epoch_bump(self._ns))
        self.forget = True
        self._known, self.learned = Known(), Known()

    @property
    def tx(self) -> int:
        return self._tx

    # -- episodes and entities ----------------------------------------------------------------
    def put_episode(self, episode: Episode) -> Episode | None:
        e = episode
        cur = self._c.execute(
            self.sql.put_episode,
            (self._ns, e.id, e.content, e.occurred_at, self._tx, e.kind, e.role, e.speaker, e.session, e.source,
             canonical_json(e.metadata), e.tz),
        )  # fmt: skip
        if cur.rowcount != 1:
            return self.episode(e.id)
        self._index("episode", e.id, None, episode_terms(e))
        return None

    def index_records(self, kind: str, refs: Sequence[str]) -> int:
        d, ns, n = self.dialect, self._ns, 0
        if kind == "fact":
            for chunk in d.chunks([int(r) for r in refs]):
                sql = self.text.fact_documents.format(ids=d.in_ids("row_id", len(chunk)))
                for rid, subject, predicate, obj, value in self._c.execute(sql, (ns, *d.ids(chunk))).fetchall():
                    stored = None if value is None else json.loads(value)
                    self._index("fact", str(rid), rid, fact_terms(subject, predicate, obj, stored))
                    n += 1
            return n
        for ref in refs:
            if kind == "episode" and (ep := self.episode(ref)) is not None:
                self._index("episode", ep.id, None, episode_terms(ep))
            elif kind == "entity" and (e := self.entity(ref)) is not None and e.merged_into is None:
                self._index("entity", e.id, None, entity_terms(e))
            else:
                continue
            n += 1
        return n

    def _index(self, kind: str, ref: str, row_id: int | None, terms: list[str]) -> None:
        """Add one document to the full-text index (see :mod:`._fulltext`)."""
        self._c.execute(self.text.put, (self._ns, kind, ref, row_id, " ".join(terms), len(terms), self._tx))
        self.documents += 1

    def episode(self, episode_id: str) -> Episode | None:
        r = self._c.execute(self.sql.episode, (self._ns, episode_id)).fetchone()
        return None if r is None else episode_from_row(r)

    def mark_episode_retracted(self, episode_id: str) -> None:
        self._c.execute(self.sql.retract_episode, (self._tx, self._ns, episode_id))

    def entity(self, entity_id: str) -> Entity | None:
        hit = self.learned.entities.get(entity_id) or self._known.entities.get(entity_id)
        if hit is not None:
            return hit
        r = self._c.execute(self.sql.entity, (self._ns, entity_id)).fetchone()
        if r is None:
            return None
        found = self.learned.entities[entity_id] = entity_from_row(r)
        return found

    def put_entity(self, entity: Entity) -> None:
        e = replace(
            entity, namespace=self._ns, aliases=tuple(entity.aliases), recorded_at=entity.recorded_at or self._tx
        )
        row = (e.type, e.name, aliases_text(e), e.recorded_at, e.merged_into, e.merged_at, self._ns, e.id)
        if self._c.execute(self.sql.insert_entity, row).rowcount == 1:
            self.learned.entities[e.id] = e
        else:  # a change to a stored entity: other writers may have it cached
            self.bump_cache_epoch()
            self._c.execute(self.sql.update_entity, row)
            self._c.execute(self.text.delete, (self._ns, "entity", e.id))
        if e.merged_into is None:  # a merged entity is found through the one it joined
            self._index("entity", e.id, None, entity_terms(e))
        self._c.executemany(self.sql.put_name, [(self._ns, key, e.id) for key in entity_keys(e)])

    def drop_names(self, entity_id: str, names: Sequence[str]) -> None:
        self.bump_cache_epoch()
        keys = dict.fromkeys(name_key(n) for n in names)
        self._c.executemany(self.sql.drop_name, [(self._ns, key, entity_id) for key in keys])

    # -- vectors ----------------------------------------------------------------------------------
    def put_vectors(self, model: str, kind: str, item: str, vectors: Matrix, context: str | None = None) -> None:
        rows = [(self._ns, model, kind, item, i, self._tx, to_blob(v), context) for i, v in enumerate(vectors)]
        self._c.executemany(self.sql.put_vector, rows)

    # -- entity merges --------------------------------------------------------------------------
    def put_merge(self, merge: Merge) -> None:
        m = merge
        detail = {"closed": list(m.closed), "created": list(m.created), "conflicts": list(m.conflicts),
                  "aliases": list(m.aliases), "episode": m.episode}  # fmt: skip
        row = (self._ns, m.source, m.target, m.merged_at, m.unmerged_at, json.dumps(detail, ensure_ascii=False))
        self._c.execute(self.sql.put_merge, row)

    def active_merge(self, source: str) -> Merge | None:
        r = self._c.execute(self.sql.active_merge, (self._ns, source)).fetchone()
        return None if r is None else merge_from_row(r)

    def find_entities(self, name_key: str) -> list[Entity]:
        return [entity_from_row(r) for r in self._c.execute(self.sql.find_entities, (self._ns, name_key))]

    def predicate(self, name: str, multi: bool | None) -> bool:
        cached = self.learned.predicates.get(name)
        if cached is None:
            cached = self._known.predicates.get(name)
        if cached is not None:
            return cached
        # The namespace's writers are serialised (see the engines), so no other one can record it in between.
        r = self._c.execute(self.sql.predicate, (self._ns, name)).fetchone()
        if r is None:
            self._c.execute(self.sql.put_predicate, (self._ns, name, bool(multi)))
        chosen = self.learned.predicates[name] = bool(multi if r is None else r[0])
        return chosen

    # -- facts --------------------------------------------------------------------------------
    def current(self, slot: str, portion: Interval | None = None) -> list[Held]:
        # The engine's write lock (SQLite) or the namespace's clock row (PostgreSQL) already holds the slot.
        ns, tx = self._ns, self._tx
        start, end = (-INF, INF) if portion is None else (portion.start, end_value(portion.end))
        return [_held(r) for r in self._c.execute(self.sql.current_part, (ns, tx, tx, ns, slot, tx, tx, start, end))]

    def facts(self, query: FactQuery) -> list[Fact]:
        sql, args = build_fact_query(self._ns, query, ph=self.dialect.param, agg=self.dialect.episode_ids, now=self._tx)
        return [fact_from_row(r) for r in self._c.execute(sql, args)]

    def row(self, row_id: int) -> Fact | None:
        r = self._c.execute(self.sql.row, (self._ns, self._tx, self._ns, row_id)).fetchone()
        return None if r is None else fact_from_row(r)

    def revisions_into(self, row_id: int) -> list[Revision]:
        return [Revision(*r) for r in self._c.execute(self.sql.revisions_into, (self._ns, row_id))]

    def said(self, slot: str) -> list[Said]:
        out = []
        latest = -INF  # the latest time an episode statement so far was said
        for r in self._c.execute(self.sql.said, (self._ns, slot)):
            value = None if r[9] is None else json.loads(r[9])
            claim = SlotValue(r[6], r[7], r[8], value, r[10], r[11], float(r[12]))
            valid = Interval(r[13], None if r[14] == INF else r[14])
            tx = int(r[2])
            if r[16] is None:  # the application's or a merge's: when made, not before what was said before it
                at = max(tx, latest)
            else:
                at = int(r[16])
                latest = max(latest, at)
            out.append(Said(r[4], Op(r[5]), claim, valid, tx, int(r[3]), r[15], at))
        return out

    def said_later(self, slot: str, portion: Interval, at: int) -> bool:
        args = (self._ns, slot, end_value(portion.end), portion.start, at, at, self._ns, at)
        return self._c.execute(self.sql.said_later, args).fetchone() is not None

    def said_slots(self, source: str) -> list[str]:
        return [r[0] for r in self._c.execute(self.sql.said_slots, (self._ns, source))]

    def said_row(self, slot: str, s: Said) -> tuple[Any, ...]:
        """The stored columns of statement ``s`` about ``slot``, the next one of this transaction."""
        self._said += 1
        cl = s.claim
        assert cl is not None, "a statement names its slot's subject and predicate"
        value = None if cl.object is not None or cl.value is None else canonical_json(as_stored(cl.value))
        end = end_value(s.valid.end)
        return (self._ns, slot, self._tx, self._said, s.source, str(s.op), cl.subject, cl.predicate, cl.object,
                value, str(cl.kind), str(cl.modality), float(cl.confidence), s.valid.start, end, s.merge)  # fmt: skip

    def forget_merge(self, merged_at: int) -> None:
        self._c.execute(self.sql.delete_merge_said, (self._ns, merged_at))

    def unsay(self, slot: str, s: Said) -> None:
        self._c.execute(self.sql.delete_one_said, (self._ns, slot, s.tx, s.seq))

    def merges_at(self, tx: int) -> list[Merge]:
        return [merge_from_row(r) for r in self._c.execute(self.sql.merges_at, (self._ns, tx))]

    def support_of(self, row_ids: Sequence[int]) -> dict[int, list[Support]]:
        out: dict[int, list[Support]] = {}
        d = self.dialect
        for chunk in d.chunks(list(row_ids)):
            sql = self.sql.live_support.format(rows=d.in_ids("row_id", len(chunk)))
            for rid, source, start, end in self._c.execute(sql, (self._ns, *d.ids(chunk))):
                out.setdefault(rid, []).append((source, Interval(start, None if end == INF else end)))
        return out

    def current_many(self, portions: Mapping[str, Interval]) -> dict[str, list[Held]]:
        out: dict[str, list[Held]] = {s: [] for s in portions}
        if self._c.execute(self.sql.any_fact, (self._ns,)).fetchone() is None:
            return out  # loading into an empty namespace: no slot to look up
        d, tx = self.dialect, self._tx
        wanted = [(slot, iv.start, end_value(iv.end)) for slot, iv in portions.items()]
        step = d.max_portions
        for i in range(0, len(wanted), step):  # only the rows each write may cut: a slot's story can be long
            chunk = wanted[i : i + step]
            sql = self.sql.current.format(portions=d.in_portions(len(chunk)))
            for r in self._c.execute(sql, (self._ns, tx, tx, self._ns, *d.portions(chunk), tx, tx)).fetchall():
                out[r[14]].append(_held(r))
        return out

    def apply(self, slot: str, plan: Plan) -> list[Fact]:
        plan = self._without_fresh(plan)
        ids = self._execute([(slot, plan)])
        self._written(ids)
        # The new rows are exactly the plan's (support included), so they are built here rather than read back.
        ns, recorded = self._ns, Interval(self._tx, None)
        return [
            Fact(row_id=rid, namespace=ns, subject=n.claim.subject, predicate=n.claim.predicate,
                 object=n.claim.object, value=None if n.claim.object is not None else as_stored(n.claim.value),
                 valid=n.valid, recorded=recorded, kind=str(n.claim.kind), modality=str(n.claim.modality),
                 confidence=float(n.claim.confidence), episodes=n.episodes)
            for rid, n in zip(ids, plan.insert, strict=True)
        ]  # fmt: skip

    def apply_many(self, plans: Sequence[tuple[str, Plan]]) -> int:
        ids = self._execute([(slot, self._without_fresh(plan)) for slot, plan in plans])
        self._written(ids)
        return len(ids)

    def _written(self, ids: Sequence[int]) -> None:
        if ids and self._first_row is None:
            self._first_row = ids[0]

    def _without_fresh(self, plan: Plan) -> Plan:
        """``plan`` without closing rows this transaction inserted: such a row was never visible (its system
        time would be empty, which the schema refuses), so it is deleted with its support and document, and
        the plan's links out of it start from the rows that led into it. A message that merges two entities
        (its rows rewritten) and then changes a slot the merge rewrote needs this."""
        first = self._first_row
        fresh = [] if first is None else [r for r in plan.close if r >= first]
        if not fresh:
            return plan
        c, ns, d, q = self._c, self._ns, self.dialect, self.sql
        n, args = len(fresh), d.ids(fresh)
        led: dict[int, list[int]] = {}  # each fresh row's revision links in: the rows it replaced
        for old, new, _, _ in c.execute(q.revisions_into_rows.format(rows=d.in_ids("new_row", n)), (ns, *args)):
            led.setdefault(int(new), []).append(int(old))
        c.execute(q.delete_revisions_into.format(rows=d.in_ids("new_row", n)), (ns, *args))
        c.execute(q.delete_support.format(rows=d.in_ids("row_id", n)), (ns, *args))
        c.execute(self.text.delete_rows.format(rows=d.in_ids("ref", n)), (ns, *d.ids([str(r) for r in fresh])))
        c.execute(q.delete_facts.format(rows=d.in_ids("row_id", n)), (ns, *args))
        gone = set(fresh)
        links = []
        for old, new, reason in plan.links:
            links += [(before, new, reason) for before in led.get(old, [])] if old in gone else [(old, new, reason)]
        return replace(
            plan,
            close=tuple(r for r in plan.close if r not in gone),
            links=tuple(links),
            support=tuple(s for s in plan.support if s[0] not in gone),
            unsupport=tuple(u for u in plan.unsupport if u[0] not in gone),
        )

    def _documents(self, plans: Sequence[tuple[str, Plan]], ids: Sequence[int]) -> list[tuple[Any, ...]]:
        """The full-text documents (rows of :attr:`._fulltext.TextStatements.put`) of the rows ``plans`` insert
        (``ids``, in plan order), counted in :attr:`documents`."""
        claims = [n.claim for _, p in plans for n in p.insert]
        ns, docs = self._ns, []
        for rid, cl in zip(ids, claims, strict=True):
            terms = fact_terms(cl.subject, cl.predicate, cl.object, cl.value)
            docs.append((ns, "fact", str(rid), rid, " ".join(terms), len(terms), self._tx))
        self.documents += len(docs)
        return docs

    # -- contradictions kept open ---------------------------------------------------------------
    def open_conflict(self, conflict: Contradiction) -> int:
        c = conflict
        (ident,) = self._c.execute(self.sql.next_conflict, (self._ns,)).fetchone()
        value = None if c.object is not None else canonical_json(as_stored(c.value))
        self._c.execute(
            self.sql.open_conflict,
            (self._ns, int(ident), c.slot, c.subject, c.predicate, c.object, value, c.valid.start,
             end_value(c.valid.end), c.kind, c.modality, float(c.confidence), c.episode, json.dumps(list(c.against)),
             c.why, self._tx, None, None, bool(c.clash)),
        )  # fmt: skip
        return int(ident)

    def conflict(self, conflict_id: int) -> Contradiction | None:
        r = self._c.execute(self.sql.conflict, (self._ns, conflict_id)).fetchone()
        return None if r is None else contradiction_from_row(r)

    def drop_conflict(self, conflict_id: int) -> None:
        self._c.execute(self.sql.delete_conflict, (self._ns, conflict_id))

    def settle_conflict(self, conflict_id: int, settlement: str) -> bool:
        cur = self._c.execute(self.sql.settle_conflict, (self._tx, settlement, self._ns, conflict_id))
        return cur.rowcount == 1

    def open_conflicts(self, *, subject: str | None = None, episode: str | None = None) -> list[Contradiction]:
        filters, args, p = " AND settled IS NULL", [self._ns], self.dialect.param
        for column, wanted in (("subject", subject), ("episode_id", episode)):
            if wanted is not None:
                filters += f" AND {column} = {p}"
                args.append(wanted)
        rows = self._c.execute(self.sql.conflicts.format(filters=filters), tuple(args)).fetchall()
        return [contradiction_from_row(r) for r in rows]

    def revise_conflict(self, conflict_id: int, against: Sequence[int], why: str) -> bool:
        cur = self._c.execute(self.sql.revise_conflict, (json.dumps(list(against)), why, self._ns, conflict_id))
        return cur.rowcount == 1

    # -- erasing ------------------------------------------------------------------------------
    def erase(self, *, subject: str | None = None, episode: str | None = None) -> int:
        c, ns, q = self._c, self._ns, self.sql
        if subject is not None:
            ids = [r[0] for r in c.execute(q.subject_rows, (ns, subject, subject)).fetchall()]
            self.bump_cache_epoch()
            c.execute(q.delete_entity, (ns, subject))
            c.execute(q.delete_entity_names, (ns, subject))
            c.execute(q.delete_entity_mentions, (ns, subject))
            c.execute(self.text.delete, (ns, "entity", subject))
            c.execute(q.delete_subject_conflicts, (ns, subject, subject))
            c.execute(q.delete_subject_merges, (ns, subject, subject))
            c.execute(q.delete_subject_said, (ns, subject, subject))
        else:
            introduced = [r[0] for r in c.execute(q.introduced_by, (ns, ns, episode, ns, episode, ns, episode))]
            used = {r[0] for r in c.execute(q.predicates_said_by, (ns, episode))}
            used |= {r[0] for r in c.execute(q.episode_conflict_predicates, (ns, episode))}
            ids = [r[0] for r in c.execute(q.episode_only_rows, (ns, episode)).fetchall()]
            c.execute(q.delete_source_mentions, (ns, episode))
            c.execute(q.delete_episode_support, (ns, episode))
            c.execute(q.delete_said, (ns, episode))
            c.execute(q.delete_episode, (ns, episode))
            c.execute(self.text.delete, (ns, "episode", episode))
            c.execute(q.delete_episode_conflicts, (ns, episode))
            c.execute(q.delete_episode_vectors, (ns, episode, episode))
            self.bump_cache_epoch()  # readers' term counts and vector matrices start over (._termstats, ._vectors)
        d = self.dialect
        for chunk in d.chunks(ids):
            rows, args = d.in_ids("row_id", len(chunk)), d.ids(chunk)
            gone = c.execute(q.erasing.format(rows=rows), (ns, *args)).fetchall()
            stubs = [(ns, rid, digest(slot), *times, self._tx) for rid, slot, *times in gone]
            c.executemany(q.put_erased, stubs)  # the revision links through them stay: they hold no content
            c.execute(q.delete_facts.format(rows=rows), (ns, *args))
            c.execute(q.delete_support.format(rows=rows), (ns, *args))
            refs = d.in_ids("ref", len(chunk))
            c.execute(self.text.delete_rows.format(rows=refs), (ns, *d.ids([str(i) for i in chunk])))
        if episode is not None:  # what only this episode introduced goes with it, names and all
            for entity in introduced:
                if not self.named(entity):
                    self.erase(subject=entity)
            for name in sorted(used):  # a predicate only it used: the record of its cardinality goes too
                c.execute(q.delete_unused_predicate, (ns, name, ns, name, ns, name, ns, name))
        return len(ids)

    def named(self, entity_id: str) -> bool:
        c, ns, q, e = self._c, self._ns, self.sql, entity_id
        return any(c.execute(s, (ns, e, e)).fetchone() is not None
                   for s in (q.named_by_rows, q.named_by_said, q.named_by_conflicts))  # fmt: skip

    def rename_entity(self, old_id: str, entity: Entity) -> None:
        c, ns, q, old, new = self._c, self._ns, self.sql, old_id, entity.id
        self.bump_cache_epoch()
        slots = [r[0] for r in c.execute(q.entity_slots, (ns, old, old) * 3).fetchall()]
        rows = [str(r[0]) for r in c.execute(q.entity_rows, (ns, old, old)).fetchall()]
        d = self.dialect
        for chunk in d.chunks(rows):  # the fact documents read the ids: written again below
            c.execute(self.text.delete_rows.format(rows=d.in_ids("ref", len(chunk))), (ns, *d.ids(chunk)))
        for slot in sorted(slots):
            renamed = rekeyed_slot(slot, old, new)
            for rename in q.rename_in.values():
                c.execute(rename, (renamed, old, new, old, new, ns, slot))
            c.execute(q.rename_erased_slot, (digest(renamed), ns, digest(slot)))
        c.execute(q.delete_entity, (ns, old))
        c.execute(q.delete_entity_names, (ns, old))
        c.execute(self.text.delete, (ns, "entity", old))
        self.put_entity(entity)
        c.execute(q.rename_mentions, (new, ns, old))
        c.execute(q.rename_merged_into, (new, ns, old))
        c.execute(q.rename_merges, (old, new, old, new, ns, old, old))
        self.index_records("fact", rows)

    # -- mentions -------------------------------------------------------------------------------
    def mention(self, entity_id: str, names: Sequence[str], source: str) -> None:
        rows = [(self._ns, entity_id, name, source) for name in dict.fromkeys(names)]
        self._c.executemany(self.sql.put_mention, rows)

    def mentions_by(self, source: str) -> list[tuple[str, str]]:
        return [(r[0], r[1]) for r in self._c.execute(self.sql.mentions_by, (self._ns, source))]

    def mentions_of(self, entity_id: str) -> list[tuple[str, str]]:
        return [(r[0], r[1]) for r in self._c.execute(self.sql.mentions_of, (self._ns, entity_id))]

    def audit_erase(self, target_kind: str, target_digest: str, rows: int) -> None:
        self._c.execute(self.sql.erasure, (digest(self._ns), self._tx, target_kind, target_digest, rows))

    def erase_namespace(self, namespace_digest: str) -> int:
        """Delete every row of this transaction's namespace and file the audit record under
        ``namespace_digest``. Returns the fact rows removed. (Not part of :class:`chronomem.contracts.Txn`:
        the engine's ``erase_namespace`` runs it.)"""
        c, ns = self._c, self._ns
        n = int(c.execute(self.sql.count_facts, (ns,)).fetchone()[0])
        for delete in self.sql.delete_namespace.values():
            c.execute(delete, (ns,))
        c.execute(self.sql.erasure, (namespace_digest, self._tx, "namespace", namespace_digest, n))
        self.bump_cache_epoch()
        return n
