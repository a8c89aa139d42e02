"""What the SQL engines say differently, and every statement they share, rendered once per dialect.

The engines share one table layout, one write transaction (:class:`._txn.SqlTxn`) and one set of
reads (:class:`._engine.SqlEngine`); the pattern is Django's ``BaseDatabaseOperations``. A
:class:`Dialect` holds the little that differs (the placeholder, the string aggregate, how an id
list is passed, the cache-epoch row); each engine module defines its subclass. :class:`Statements`
is the shared SQL, written once with ``?`` placeholders and rendered for a dialect when that dialect
is made, so that no hot path builds or translates SQL text.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any, ClassVar

from ._fulltext import TextStatements
from ._sql import CONFLICT_COLUMNS, ENTITY_COLUMNS, EPISODE_COLUMNS, FACT_COLUMNS, INF, SAID_COLUMNS

__all__ = ["DUMPED_COLUMNS", "NAMESPACED_TABLES", "Dialect", "Statements"]

#: Every table whose rows belong to one namespace (erasing a namespace empties them of it).
NAMESPACED_TABLES = (
    "facts", "support", "revisions", "episodes", "entities", "entity_names", "predicates", "conflicts",
    "merges", "vectors", "namespaces", "fulltext", "statements", "erased_rows", "mentions",
)  # fmt: skip


#: Every namespaced table's columns, as both engines store them: what :meth:`._engine.SqlEngine.dump` reads.
DUMPED_COLUMNS = {
    "namespaces": "namespace, created",
    "episodes": "id, content, occurred, recorded, kind, role, speaker, session, source, metadata, retracted, tz",
    "entities": "id, type, name, aliases, recorded, merged_into, merged_at",
    "entity_names": "name_key, entity_id",
    "mentions": "entity_id, name, source",
    "predicates": "name, multi",
    "facts": "row_id, slot, subject, predicate, object_id, value, valid_from, valid_to, recorded_from, recorded_to, "
    "kind, modality, confidence",
    "support": "row_id, episode_id, added, removed, valid_from, valid_to",
    "statements": "slot, tx, seq, source, op, subject, predicate, object_id, value, kind, modality, confidence, "
    "valid_from, valid_to, merge",
    "revisions": "old_row, new_row, reason, at",
    "erased_rows": "row_id, slot_digest, valid_from, valid_to, recorded_from, recorded_to, erased",
    "conflicts": "id, slot, subject, predicate, object_id, value, valid_from, valid_to, kind, modality, confidence, "
    "episode_id, against, why, opened, settled, settlement, clash",
    "merges": "source, target, merged, unmerged, detail",
    "vectors": "model, kind, item, part, recorded, vec, context",
    "fulltext": "kind, ref, row_id, terms, length, recorded",
}
assert set(DUMPED_COLUMNS) == set(NAMESPACED_TABLES), "dump every namespaced table"


class Dialect:
    """What one engine's SQL says differently. Subclasses set the class attributes and may override
    the id-list methods; an instance carries the shared statements rendered for it (:attr:`sql`)."""

    #: The driver's parameter placeholder (``?`` for qmark, ``%s`` for format).
    param: ClassVar[str]
    #: The episode ids of the support rows ``s`` of one fact, joined by ``\\x1f`` (see ``fact_from_row``).
    episode_ids: ClassVar[str]
    #: A row's support pieces joined: ``source 0x1e valid_from 0x1e valid_to``, pieces split by 0x1f.
    support_spans: ClassVar[str]
    #: The most ids one statement binds (a driver's limit on parameters); longer lists go in chunks.
    max_ids: ClassVar[int]
    #: A column that orders a table's rows as they were inserted.
    insertion_order: ClassVar[str]
    committed: ClassVar[str]
    #: A query with a row when the ``migrations`` table exists, and none before the first migration.
    migrations_exist: ClassVar[str]
    #: The full-text match (see :mod:`._fulltext`): a FROM clause giving the index table as ``f``, a
    #: condition and an order (the newest first); one of the first two takes :meth:`text_query`.
    text_match: ClassVar[tuple[str, str, str]]
    #: Whether new documents wait outside the full-text index until a batch of them is added (SQLite; see
    #: :mod:`._fulltext`): a match then also reads the waiting ones, flagged, for the engine to filter.
    text_pending: ClassVar[bool] = False
    #: One row, ``(created, last system time, cache epoch)``, of a namespace (one parameter): what the caches a
    #: process keeps of it (full-text statistics, vector matrices) are current for.
    namespace_stamp: ClassVar[str]

    def __init__(self) -> None:
        self.sql = Statements(self)
        self.text = TextStatements(self)

    def text_query(self, terms: Sequence[str]) -> str:
        """The match parameter for documents holding any of ``terms`` (index terms, never empty)."""
        raise NotImplementedError

    def render(self, template: str) -> str:
        """``template``, written with ``?`` placeholders, in this dialect's paramstyle."""
        return template.replace("?", self.param)

    #: Slots per :meth:`in_portions` condition.
    max_portions: ClassVar[int] = 200  # SQLite: an OR of more than ~1,000 terms is too deep an expression

    def in_portions(self, n: int) -> str:
        """A condition: row ``f`` is of one of ``n`` slots and overlaps that slot's valid portion, bound by
        :meth:`portions` (an ``OR`` of the three comparisons per slot here, each served by ``facts_slot``)."""
        p = self.param
        return "(" + " OR ".join([f"(f.slot = {p} AND f.valid_to > {p} AND f.valid_from < {p})"] * n) + ")"

    def portions(self, items: Sequence[tuple[str, int, int]]) -> tuple[Any, ...]:
        """The parameters of :meth:`in_portions` for ``(slot, start, stored end)`` triples."""
        return tuple(v for item in items for v in item)

    def in_ids(self, column: str, n: int) -> str:
        """A condition: ``column`` is one of ``n`` ids, bound by :meth:`ids` (``IN (?, ?, …)`` here)."""
        return f"{column} IN ({', '.join([self.param] * n)})"

    def ids(self, values: Sequence[Any]) -> tuple[Any, ...]:
        """The parameters of :meth:`in_ids` for ``values``."""
        return tuple(values)

    def chunks(self, values: Sequence[Any]) -> Iterator[Sequence[Any]]:
        """``values`` in pieces of at most :attr:`max_ids` (none for an empty list)."""
        for i in range(0, len(values), self.max_ids):
            yield values[i : i + self.max_ids]

    #: A query giving the lowest and highest fact row id any namespace holds when row ids are the database's,
    #: not a namespace's (SQLite's ``facts.row_id`` is the table's key): a restore must then not reuse them.
    #: None when each namespace numbers its own rows (PostgreSQL's key is ``(namespace, row_id)``).
    row_ids_in_use: ClassVar[str | None] = None

    def advance(self, namespace: str, last_tx: int, last_row: int) -> list[tuple[str, tuple[Any, ...]]]:
        """The statements (with their parameters) that move the clock of ``namespace`` to at least ``last_tx``
        and the row id counter past ``last_row``, after a restore wrote rows with those times and ids."""
        raise NotImplementedError

    def cache_epoch_bump(self, namespace: str) -> tuple[str, tuple[Any, ...]]:
        """The statement (and its parameters) that moves ``namespace``'s cache epoch on: writers that
        cached its entities or predicates drop them (see :mod:`._cache`)."""
        raise NotImplementedError


class Statements:
    """The statements both engines run, rendered for one dialect. Each filters by namespace (Citus)."""

    def __init__(self, d: Dialect) -> None:
        r = d.render
        e_columns = ", ".join(f"e.{c}" for c in ENTITY_COLUMNS.split(", "))
        # A row's live support, whole: what a write cuts and carries over (the application's "" included).
        spans = (
            f"(SELECT {d.support_spans} FROM support s WHERE s.namespace = ? AND s.row_id = f.row_id "
            "AND s.added <= ? AND s.removed > ?)"
        )
        # -- episodes and entities
        self.episode = r(f"SELECT {EPISODE_COLUMNS} FROM episodes WHERE namespace = ? AND id = ?")
        self.put_episode = r(
            f"INSERT INTO episodes ({EPISODE_COLUMNS}) VALUES (?,?,?,?,?,?,?,?,?,?,?,NULL,?) "
            "ON CONFLICT (namespace, id) DO NOTHING"
        )
        self.retract_episode = r(
            "UPDATE episodes SET retracted = ? WHERE namespace = ? AND id = ? AND retracted IS NULL"
        )
        self.entity = r(f"SELECT {ENTITY_COLUMNS} FROM entities WHERE namespace = ? AND id = ?")
        self.insert_entity = r(
            "INSERT INTO entities (type, name, aliases, recorded, merged_into, merged_at, namespace, id) "
            "VALUES (?,?,?,?,?,?,?,?) "
            "ON CONFLICT (namespace, id) DO NOTHING"
        )
        self.update_entity = r(
            "UPDATE entities SET type = ?, name = ?, aliases = ?, recorded = ?, merged_into = ?, merged_at = ? "
            "WHERE namespace = ? AND id = ?"
        )
        self.put_name = r(
            "INSERT INTO entity_names (namespace, name_key, entity_id) VALUES (?,?,?) ON CONFLICT DO NOTHING"
        )
        self.find_entities = r(
            f"SELECT {e_columns} FROM entity_names n JOIN entities e ON e.namespace = n.namespace "
            "AND e.id = n.entity_id WHERE n.namespace = ? AND n.name_key = ? AND e.merged_into IS NULL ORDER BY e.id"
        )
        recent = (
            f"SELECT {EPISODE_COLUMNS} FROM episodes WHERE namespace = ? AND {{session}} AND occurred <= ? "
            "AND retracted IS NULL ORDER BY occurred DESC, recorded DESC LIMIT ?"
        )
        self.recent_episodes = r(recent.format(session="session = ?"))
        self.recent_unsessioned = r(recent.format(session="session IS NULL"))
        # the episode said just after each of some (in its session; without one, among those without one),
        # by (occurred, id): one statement (its parameters twice), an index range from the episode's time
        # (``>=`` first: an OR alone made SQLite read the whole session); the namespace
        # is a parameter of the inner query too, or Citus cannot route it to one shard
        following = (
            "SELECT e.id AS prev, (SELECT n.id FROM episodes n WHERE n.namespace = ? AND {same} AND "
            "n.occurred >= e.occurred AND (n.occurred > e.occurred OR n.id > e.id) "
            "ORDER BY n.occurred, n.id LIMIT 1) AS next FROM episodes e WHERE e.namespace = ? AND {own} AND {{ids}}"
        )
        # (the outer test is a CASE so that no planner reads it through the session index: with
        # ``e.session IS NOT NULL`` SQLite scanned every episode of the namespace);
        # the episodes themselves are read by the same statement (a round trip less on a server)
        sessioned = "(CASE WHEN e.session IS NULL THEN 0 ELSE 1 END) = {}"
        columns = ", ".join(f"x.{c}" for c in EPISODE_COLUMNS.split(", "))
        self.following = r(
            f"SELECT f.prev, {columns} FROM ("
            + following.format(same="n.session = e.session", own=sessioned.format(1))
            + " UNION ALL "
            + following.format(same="n.session IS NULL", own=sessioned.format(0))
            + ") f JOIN episodes x ON x.namespace = ? AND x.id = f.next"
        )
        self.drop_name = r("DELETE FROM entity_names WHERE namespace = ? AND name_key = ? AND entity_id = ?")
        # -- entity merges
        self.put_merge = r(
            "INSERT INTO merges (namespace, source, target, merged, unmerged, detail) VALUES (?,?,?,?,?,?) "
            "ON CONFLICT (namespace, source, merged) DO UPDATE SET unmerged = excluded.unmerged"
        )
        self.active_merge = r(
            "SELECT source, target, merged, unmerged, detail FROM merges "
            "WHERE namespace = ? AND source = ? AND unmerged IS NULL"
        )
        self.merges_at = r(
            "SELECT source, target, merged, unmerged, detail FROM merges WHERE namespace = ? AND merged = ? "
            "ORDER BY source"
        )
        self.delete_subject_merges = r("DELETE FROM merges WHERE namespace = ? AND (source = ? OR target = ?)")
        # -- vectors (engines/_vectors.py)
        self.put_vector = r(
            "INSERT INTO vectors (namespace, model, kind, item, part, recorded, vec, context) "
            "VALUES (?,?,?,?,?,?,?,?) ON CONFLICT DO NOTHING"
        )
        self.vectors_since = r(
            "SELECT kind, item, recorded, vec FROM vectors WHERE namespace = ? AND model = ? AND recorded > ? "
            "ORDER BY recorded, kind, item, part"
        )
        self.delete_episode_vectors = r(
            "DELETE FROM vectors WHERE namespace = ? AND (kind = 'episode' AND item = ? OR context = ?)"
        )
        self.unembedded = r(
            "SELECT e.id FROM episodes e WHERE e.namespace = ? AND NOT EXISTS (SELECT 1 FROM vectors v "
            "WHERE v.namespace = e.namespace AND v.model = ? AND v.kind = 'episode' AND v.item = e.id) "
            "ORDER BY e.id LIMIT ?"
        )
        self.embedded_with = r(
            "SELECT DISTINCT item FROM vectors WHERE namespace = ? AND context = ? AND kind = 'episode' ORDER BY item"
        )
        # -- contradictions kept open (ingestion)
        self.next_conflict = r("SELECT coalesce(max(id), 0) + 1 FROM conflicts WHERE namespace = ?")
        self.open_conflict = r(f"INSERT INTO conflicts ({CONFLICT_COLUMNS}) VALUES ({', '.join('?' * 19)})")
        self.conflict = r(f"SELECT {CONFLICT_COLUMNS} FROM conflicts WHERE namespace = ? AND id = ?")
        self.settle_conflict = r(
            "UPDATE conflicts SET settled = ?, settlement = ? WHERE namespace = ? AND id = ? AND settled IS NULL"
        )
        self.revise_conflict = r(
            "UPDATE conflicts SET against = ?, why = ? WHERE namespace = ? AND id = ? AND settled IS NULL"
        )
        # {filters}: " AND subject = ?", " AND predicate = ?", " AND episode_id = ?", " AND settled IS NULL"
        self.conflicts = r(f"SELECT {CONFLICT_COLUMNS} FROM conflicts WHERE namespace = ?{{filters}} ORDER BY id")
        self.delete_subject_conflicts = r(
            "DELETE FROM conflicts WHERE namespace = ? AND (subject = ? OR object_id = ?)"
        )
        self.delete_episode_conflicts = r("DELETE FROM conflicts WHERE namespace = ? AND episode_id = ?")
        self.delete_conflict = r("DELETE FROM conflicts WHERE namespace = ? AND id = ?")
        self.episode_conflict_predicates = r(
            "SELECT DISTINCT predicate FROM conflicts WHERE namespace = ? AND episode_id = ? ORDER BY predicate"
        )
        # -- predicates
        self.predicate = r("SELECT multi FROM predicates WHERE namespace = ? AND name = ?")
        self.put_predicate = r("INSERT INTO predicates (namespace, name, multi) VALUES (?,?,?)")
        self.predicates = r("SELECT name, multi FROM predicates WHERE namespace = ?")
        # -- facts in a write transaction: support as of the transaction, recorded_to as stored
        self.row = r(
            f"SELECT {FACT_COLUMNS}, (SELECT {d.episode_ids} FROM support s WHERE s.namespace = ? "
            "AND s.row_id = f.row_id AND s.episode_id <> '' AND s.removed > ?) FROM facts f WHERE f.namespace = ? "
            "AND f.row_id = ?"
        )
        self.any_fact = r("SELECT 1 FROM facts WHERE namespace = ? LIMIT 1")
        self.put_said = r(f"INSERT INTO statements ({SAID_COLUMNS}) VALUES ({', '.join('?' * 16)})")
        # When a statement was said (chronomem._support): an episode's at the episode's time (read here with it);
        # the application's own and an entity merge's at their tx, never before an earlier statement of the slot.
        said_from = (
            "FROM statements s LEFT JOIN episodes e ON e.namespace = s.namespace AND e.id = s.source "
            "WHERE s.namespace = ? AND s.slot = ?"
        )
        self.said = r(
            f"SELECT {_prefixed('s', SAID_COLUMNS)}, CASE WHEN s.merge IS NULL THEN e.occurred END {said_from} "
            "ORDER BY s.tx, s.seq, s.source"
        )
        self.said_later = r(
            f"SELECT 1 {said_from} AND s.valid_from < ? AND s.valid_to > ? "
            "AND ((s.merge IS NULL AND e.occurred IS NOT NULL AND e.occurred > ?) "
            "OR ((s.merge IS NOT NULL OR e.occurred IS NULL) AND (s.tx > ? OR EXISTS (SELECT 1 FROM statements p "
            "JOIN episodes pe ON pe.namespace = p.namespace AND pe.id = p.source WHERE p.namespace = ? "
            "AND p.slot = s.slot AND p.merge IS NULL AND (p.tx < s.tx OR (p.tx = s.tx AND p.seq < s.seq)) "
            "AND pe.occurred > ?)))) LIMIT 1"
        )
        self.said_slots = r("SELECT DISTINCT slot FROM statements WHERE namespace = ? AND source = ? ORDER BY slot")
        self.live_support = r(
            f"SELECT row_id, episode_id, valid_from, valid_to FROM support WHERE namespace = ? AND removed = {INF} "
            "AND {rows} ORDER BY row_id, episode_id, valid_from"
        )
        self.delete_said = r("DELETE FROM statements WHERE namespace = ? AND source = ?")
        self.delete_one_said = r("DELETE FROM statements WHERE namespace = ? AND slot = ? AND tx = ? AND seq = ?")
        # The entities an episode introduced: made in the transaction of one of its statements naming them, and
        # named by no other source's statement or mention (run before the episode's statements are deleted).
        self.introduced_by = r(
            "SELECT e.id FROM entities e WHERE e.namespace = ? AND EXISTS (SELECT 1 FROM statements m "
            "WHERE m.namespace = ? AND m.source = ? AND m.tx = e.recorded "
            "AND (m.subject = e.id OR m.object_id = e.id)) "
            "AND NOT EXISTS (SELECT 1 FROM statements o WHERE o.namespace = ? AND o.source <> ? "
            "AND (o.subject = e.id OR o.object_id = e.id)) "
            "AND NOT EXISTS (SELECT 1 FROM mentions n WHERE n.namespace = ? AND n.entity_id = e.id "
            "AND n.source <> ?) ORDER BY e.id"
        )
        self.named_by_rows = r("SELECT 1 FROM facts WHERE namespace = ? AND (subject = ? OR object_id = ?) LIMIT 1")
        self.named_by_said = r(
            "SELECT 1 FROM statements WHERE namespace = ? AND (subject = ? OR object_id = ?) LIMIT 1"
        )
        self.named_by_conflicts = r(
            "SELECT 1 FROM conflicts WHERE namespace = ? AND (subject = ? OR object_id = ?) LIMIT 1"
        )
        # -- mentions: which source called an entity by which name (write/_forget.py)
        self.put_mention = r(
            "INSERT INTO mentions (namespace, entity_id, name, source) VALUES (?,?,?,?) ON CONFLICT DO NOTHING"
        )
        self.mentions_by = r(
            "SELECT entity_id, name FROM mentions WHERE namespace = ? AND source = ? ORDER BY entity_id, name"
        )
        self.mentions_of = r(
            "SELECT name, source FROM mentions WHERE namespace = ? AND entity_id = ? ORDER BY name, source"
        )
        self.delete_source_mentions = r("DELETE FROM mentions WHERE namespace = ? AND source = ?")
        self.delete_entity_mentions = r("DELETE FROM mentions WHERE namespace = ? AND entity_id = ?")
        self.predicates_said_by = r(
            "SELECT DISTINCT predicate FROM statements WHERE namespace = ? AND source = ? ORDER BY predicate"
        )
        # a predicate's record goes when nothing stored uses it any more (an erase took its last use)
        self.delete_unused_predicate = r(
            "DELETE FROM predicates WHERE namespace = ? AND name = ? "
            "AND NOT EXISTS (SELECT 1 FROM facts f WHERE f.namespace = ? AND f.predicate = ?) "
            "AND NOT EXISTS (SELECT 1 FROM statements s WHERE s.namespace = ? AND s.predicate = ?) "
            "AND NOT EXISTS (SELECT 1 FROM conflicts c WHERE c.namespace = ? AND c.predicate = ?)"
        )
        # -- renaming an entity an erase left with a name only the erased episode gave (write/_erase.py):
        # every reference to its old id (each pair of parameters: the old id, then the new one)
        self.entity_slots = r(
            "SELECT slot FROM facts WHERE namespace = ? AND (subject = ? OR object_id = ?) UNION "
            "SELECT slot FROM statements WHERE namespace = ? AND (subject = ? OR object_id = ?) UNION "
            "SELECT slot FROM conflicts WHERE namespace = ? AND (subject = ? OR object_id = ?)"
        )
        self.entity_rows = r("SELECT row_id FROM facts WHERE namespace = ? AND (subject = ? OR object_id = ?)")
        self.rename_in = {
            table: r(
                f"UPDATE {table} SET slot = ?, subject = CASE WHEN subject = ? THEN ? ELSE subject END, "
                "object_id = CASE WHEN object_id = ? THEN ? ELSE object_id END WHERE namespace = ? AND slot = ?"
            )
            for table in ("facts", "statements", "conflicts")
        }
        self.rename_erased_slot = r("UPDATE erased_rows SET slot_digest = ? WHERE namespace = ? AND slot_digest = ?")
        self.rename_mentions = r("UPDATE mentions SET entity_id = ? WHERE namespace = ? AND entity_id = ?")
        self.rename_merged_into = r("UPDATE entities SET merged_into = ? WHERE namespace = ? AND merged_into = ?")
        self.rename_merges = r(
            "UPDATE merges SET source = CASE WHEN source = ? THEN ? ELSE source END, "
            "target = CASE WHEN target = ? THEN ? ELSE target END WHERE namespace = ? AND (source = ? OR target = ?)"
        )
        self.delete_subject_said = r("DELETE FROM statements WHERE namespace = ? AND (subject = ? OR object_id = ?)")
        self.delete_merge_said = r("DELETE FROM statements WHERE namespace = ? AND merge = ?")
        self.revisions_into = r(
            "SELECT old_row, new_row, reason, at FROM revisions WHERE namespace = ? AND new_row = ?"
        )
        self.revisions_into_rows = r(
            "SELECT old_row, new_row, reason, at FROM revisions WHERE namespace = ? AND {rows}"
        )
        self.delete_revisions_into = r("DELETE FROM revisions WHERE namespace = ? AND {rows}")
        self.current_part = r(
            f"SELECT {FACT_COLUMNS}, {spans} FROM facts f WHERE f.namespace = ? AND f.slot = ? "
            "AND f.recorded_from <= ? AND f.recorded_to > ? AND f.valid_to > ? AND f.valid_from < ? "
            "ORDER BY f.valid_from, f.recorded_from"
        )
        self.current = r(
            f"SELECT {FACT_COLUMNS}, {spans}, f.slot FROM facts f WHERE f.namespace = ? AND {{portions}} "
            "AND f.recorded_from <= ? AND f.recorded_to > ? ORDER BY f.slot, f.valid_from, f.recorded_from"
        )
        # -- erasing
        self.subject_rows = r("SELECT row_id FROM facts WHERE namespace = ? AND (subject = ? OR object_id = ?)")
        self.episode_only_rows = r(
            "SELECT DISTINCT row_id FROM support s WHERE namespace = ? AND episode_id = ? AND NOT EXISTS "
            "(SELECT 1 FROM support o WHERE o.namespace = s.namespace AND o.row_id = s.row_id "
            "AND o.episode_id <> s.episode_id)"
        )
        self.delete_entity = r("DELETE FROM entities WHERE namespace = ? AND id = ?")
        self.delete_entity_names = r("DELETE FROM entity_names WHERE namespace = ? AND entity_id = ?")
        self.delete_episode_support = r("DELETE FROM support WHERE namespace = ? AND episode_id = ?")
        self.delete_episode = r("DELETE FROM episodes WHERE namespace = ? AND id = ?")
        self.erasing = r(
            "SELECT row_id, slot, valid_from, valid_to, recorded_from, recorded_to FROM facts WHERE namespace = ? "
            "AND {rows}"
        )
        self.put_erased = r("INSERT INTO erased_rows VALUES (?,?,?,?,?,?,?,?) ON CONFLICT DO NOTHING")
        self.erased_rows = r(
            "SELECT row_id, slot_digest, valid_from, valid_to, recorded_from, recorded_to, erased FROM erased_rows "
            "WHERE namespace = ? AND {ids} ORDER BY row_id"
        )
        self.delete_facts = r("DELETE FROM facts WHERE namespace = ? AND {rows}")
        self.delete_support = r("DELETE FROM support WHERE namespace = ? AND {rows}")
        self.count_facts = r("SELECT count(*) FROM facts WHERE namespace = ?")
        self.delete_namespace = {t: r(f"DELETE FROM {t} WHERE namespace = ?") for t in NAMESPACED_TABLES}
        self.dump = {
            t: r(f"SELECT {c} FROM {t} WHERE namespace = ? ORDER BY {d.insertion_order}")
            for t, c in DUMPED_COLUMNS.items()
        }
        # -- restoring a dump (engines/_load.py): into a namespace with no row in any table but its record
        self.any_row = {t: r(f"SELECT 1 FROM {t} WHERE namespace = ? LIMIT 1") for t in NAMESPACED_TABLES}
        self.restore = {
            t: r(f"INSERT INTO {t} (namespace, {c}) VALUES ({', '.join('?' * (1 + len(c.split(','))))})")
            for t, c in DUMPED_COLUMNS.items()
            if t != "namespaces"
        }
        self.restore_namespace = r(
            "INSERT INTO namespaces (namespace, created) VALUES (?, ?) "
            "ON CONFLICT (namespace) DO UPDATE SET created = excluded.created"
        )
        self.erasure = r(
            "INSERT INTO erasures (namespace_digest, at, target_kind, target_digest, rows_removed) VALUES (?,?,?,?,?)"
        )
        # -- reads outside a write transaction
        self.episodes = r(
            f"SELECT {EPISODE_COLUMNS} FROM episodes WHERE namespace = ? AND {{ids}} ORDER BY occurred, id"
        )
        self.entities = r(f"SELECT {ENTITY_COLUMNS} FROM entities WHERE namespace = ? AND {{ids}} ORDER BY id")
        self.revisions = r(
            "SELECT old_row, new_row, reason, at FROM revisions WHERE namespace = ? AND ({old} OR {new}) "
            "ORDER BY at, old_row, new_row"
        )
        # One statement, so that both halves come from one snapshot; column 14 is the time, 15 the action.
        self.changes = r(
            f"SELECT {FACT_COLUMNS}, NULL, f.recorded_from, 'learned' FROM facts f WHERE f.namespace = ? "
            "AND f.recorded_from > ? AND f.recorded_from <= ? UNION ALL "
            f"SELECT {FACT_COLUMNS}, NULL, f.recorded_to, 'unlearned' FROM facts f WHERE f.namespace = ? "
            "AND f.recorded_to > ? AND f.recorded_to <= ?"
        )
        self.overlaps = r(
            "SELECT a.row_id, b.row_id FROM facts a JOIN facts b ON a.namespace = b.namespace AND a.slot = b.slot "
            f"AND a.row_id < b.row_id WHERE a.namespace = ? AND a.recorded_to = {INF} AND b.recorded_to = {INF} "
            "AND a.valid_from < b.valid_to AND b.valid_from < a.valid_to ORDER BY 1, 2"
        )
        self.erasures = r(
            "SELECT at, target_kind, target_digest, rows_removed FROM erasures WHERE namespace_digest = ? "
            f"ORDER BY at, {d.insertion_order}"
        )
        self.has_namespace = r("SELECT 1 FROM namespaces WHERE namespace = ?")
        self.any_episode = r("SELECT 1 FROM episodes WHERE namespace = ? LIMIT 1")
        self.any_entity = r("SELECT 1 FROM entities WHERE namespace = ? LIMIT 1")
        # The one statement that spans namespaces: listing them (a multi-shard query under Citus).
        self.namespaces = "SELECT namespace FROM namespaces ORDER BY namespace"
        self.migrations_exist = d.migrations_exist
        self.migrations = "SELECT name FROM migrations ORDER BY name"


def _prefixed(alias: str, columns: str) -> str:
    return ", ".join(f"{alias}.{c.strip()}" for c in columns.split(","))
