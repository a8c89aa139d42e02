"""PostgreSQL schema: named migrations, the Citus distribution plan, and driver-error mapping.

Every table that holds memory rows carries ``namespace`` as its first key column, so a distributed
PostgreSQL (Citus) can shard by it (:data:`DISTRIBUTION_COLUMN`; ``migrate`` distributes by it on a
Citus coordinator, see :mod:`._citus`). ``migrations`` is global (a Citus reference table); ``erasures``
keeps no namespace name, only its digest, and is distributed by that. A migration that creates a table
must add it to the plan: ``migrate`` refuses it on Citus, and a test reads every migration to check.

The database enforces the invariants itself, so a bad row written by hand fails loudly:

* ``facts_no_overlap``: the current rows (``recorded_to = INF``) of one slot never overlap in valid
  time (an exclusion constraint over ``int8range(valid_from, valid_to)``; needs ``btree_gist``);
* ``CHECK`` constraints: non-empty valid and recorded intervals;
* ``clocks``: one row per namespace holding its last system time, bumped and locked by each write;
  the sequence ``tx_high_water`` is a hint of the last system time of any namespace, so that writes
  made one after another get increasing times even across namespaces. It is never locked for the
  length of a transaction, so writers to different namespaces do not wait for each other; racing
  writers may leave it lower than the highest time, which only weakens ordering across namespaces,
  and no read depends on that.
"""

from __future__ import annotations

import psycopg
from psycopg_pool import PoolTimeout

from ..errors import (
    BackendUnavailable,
    ChronomemError,
    Conflict,
    InvalidValue,
    SchemaMismatch,
    StorageError,
    StorageTimeout,
)
from ._fulltext import PG_MIGRATION, RECORDED_MIGRATION
from ._sql import INF

__all__ = ["DISTRIBUTION_COLUMN", "MIGRATIONS", "PGVECTOR", "REFERENCE_TABLES", "ROW_ID_BLOCK", "map_error"]

ROW_ID_BLOCK = 64
_T = 'text COLLATE "C" NOT NULL'  # binary order, as SQLite compares text
_TN = 'text COLLATE "C"'
#: Where the server has pgvector and this role may create it (or it is installed): ``vectors.embedding``.
#: Idempotent: migration 0012_pgvector runs it, and so does every ``migrate`` (the extension may come later).
#: Never creates the extension on Citus, whose workers may lack it.
PGVECTOR = """DO $$
BEGIN
    IF NOT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'vector')
       AND EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'vector')
       AND NOT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'citus') THEN
        BEGIN
            CREATE EXTENSION vector;
        EXCEPTION WHEN insufficient_privilege THEN
            NULL;  -- only a superuser may: vectors stay searched in process, and doctor says what to do
        END;
    END IF;
    IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'vector') THEN
        ALTER TABLE vectors ADD COLUMN IF NOT EXISTS embedding vector;
        -- inline, not in TOAST (a 512-d vector is 2,056 bytes, over its 2,032-byte threshold): an exact scan
        -- reads every vector, and out of line each is a second lookup
        ALTER TABLE vectors ALTER COLUMN embedding SET STORAGE MAIN;
        CREATE INDEX IF NOT EXISTS vectors_unconverted ON vectors (namespace, model) WHERE embedding IS NULL;
    END IF;
END $$"""

MIGRATIONS: list[tuple[str, list[str]]] = [
    (
        "0001_core",
        [
            "CREATE EXTENSION IF NOT EXISTS btree_gist",
            # cache_epoch: bumped by a write that changes or deletes an entity or predicate, so that
            # every client drops what it cached of this namespace (see _cache).
            f"""CREATE TABLE clocks (namespace {_T} PRIMARY KEY, last_tx bigint NOT NULL,
                cache_epoch bigint NOT NULL DEFAULT 0)""",
            # A sequence, not a row: setval takes no lock held to commit, so writers to different
            # namespaces never queue on it; UNLOGGED, so it adds no WAL (after a crash it restarts at 0
            # and the per-namespace clocks alone keep system time increasing).
            "CREATE UNLOGGED SEQUENCE tx_high_water MINVALUE 0 START 0",
            f"CREATE TABLE namespaces (namespace {_T} PRIMARY KEY, created bigint NOT NULL)",
            f"""CREATE TABLE episodes (namespace {_T}, id {_T}, content text NOT NULL, occurred bigint NOT NULL,
                recorded bigint NOT NULL, kind {_T}, role {_TN}, speaker {_TN}, session {_TN}, source {_TN},
                metadata text NOT NULL, retracted bigint, PRIMARY KEY (namespace, id))""",
            f"""CREATE TABLE entities (namespace {_T}, id {_T}, type {_T}, name {_T}, aliases text NOT NULL,
                recorded bigint NOT NULL, PRIMARY KEY (namespace, id))""",
            f"""CREATE TABLE entity_names (namespace {_T}, name_key {_T}, entity_id {_T},
                PRIMARY KEY (namespace, name_key, entity_id))""",
            f"""CREATE TABLE predicates (namespace {_T}, name {_T}, multi boolean NOT NULL,
                PRIMARY KEY (namespace, name))""",
            # Each write transaction takes a block of ROW_ID_BLOCK ids in its first round trip.
            f"CREATE SEQUENCE fact_row_ids INCREMENT BY {ROW_ID_BLOCK}",
            f"""CREATE TABLE facts (namespace {_T}, row_id bigint NOT NULL, slot {_T}, subject {_T},
                predicate {_T}, object_id {_TN}, value text, valid_from bigint NOT NULL, valid_to bigint NOT NULL,
                recorded_from bigint NOT NULL, recorded_to bigint NOT NULL, kind {_T}, modality {_T},
                confidence double precision NOT NULL,
                PRIMARY KEY (namespace, row_id),
                CONSTRAINT facts_valid_nonempty CHECK (valid_from < valid_to),
                CONSTRAINT facts_recorded_nonempty CHECK (recorded_from < recorded_to),
                CONSTRAINT facts_no_overlap EXCLUDE USING gist
                    (namespace WITH =, slot WITH =, int8range(valid_from, valid_to) WITH &&)
                    WHERE (recorded_to = {INF}))""",
            "CREATE INDEX facts_slot ON facts (namespace, slot, valid_from)",
            "CREATE INDEX facts_subject ON facts (namespace, subject, predicate)",
            "CREATE INDEX facts_object ON facts (namespace, object_id) WHERE object_id IS NOT NULL",
            "CREATE INDEX facts_edges_out ON facts (namespace, subject) WHERE object_id IS NOT NULL",
            "CREATE INDEX facts_learned ON facts (namespace, recorded_from)",
            f"CREATE INDEX facts_unlearned ON facts (namespace, recorded_to) WHERE recorded_to < {INF}",
            f"""CREATE TABLE support (namespace {_T}, row_id bigint NOT NULL, episode_id {_T},
                added bigint NOT NULL, removed bigint NOT NULL, PRIMARY KEY (namespace, row_id, episode_id, added))""",
            "CREATE INDEX support_episode ON support (namespace, episode_id)",
            f"""CREATE TABLE revisions (namespace {_T}, old_row bigint NOT NULL, new_row bigint,
                reason {_T}, at bigint NOT NULL)""",
            "CREATE INDEX revisions_old ON revisions (namespace, old_row)",
            "CREATE INDEX revisions_new ON revisions (namespace, new_row)",
            f"""CREATE TABLE erasures (namespace_digest {_T}, at bigint NOT NULL, target_kind {_T},
                target_digest {_T}, rows_removed bigint NOT NULL)""",
        ],
    ),
    (
        # Ingestion: the speaker's zone with each episode, a session's last messages for the
        # extractor's context, and contradictions kept open until someone settles them.
        "0005_ingestion",
        [
            f"ALTER TABLE episodes ADD COLUMN tz {_TN}",
            "CREATE INDEX episodes_session ON episodes (namespace, session, occurred)",
            f"""CREATE TABLE conflicts (namespace {_T}, id bigint NOT NULL, slot {_T}, subject {_T},
                predicate {_T}, object_id {_TN}, value text, valid_from bigint NOT NULL, valid_to bigint NOT NULL,
                kind {_T}, modality {_T}, confidence double precision NOT NULL, episode_id {_TN},
                against text NOT NULL, why text NOT NULL, opened bigint NOT NULL, settled bigint, settlement {_TN},
                clash boolean NOT NULL, PRIMARY KEY (namespace, id))""",
            "CREATE INDEX conflicts_subject ON conflicts (namespace, subject, predicate)",
        ],
    ),
    (
        # Entity merges: a merged entity points at the one it was merged into, each merge is
        # kept as a reversible event, and the links that joined adjacent rows get their own reason.
        "0006_entity_merges",
        [
            f"ALTER TABLE entities ADD COLUMN merged_into {_TN}",
            "ALTER TABLE entities ADD COLUMN merged_at bigint",
            f"""CREATE TABLE merges (namespace {_T}, source {_T}, target {_T}, merged bigint NOT NULL,
                unmerged bigint, detail text NOT NULL, PRIMARY KEY (namespace, source, merged))""",
            "UPDATE revisions SET reason = 'coalesce' WHERE reason = 'merge'",
        ],
    ),
    PG_MIGRATION,  # 0007_fulltext (engines/_fulltext.py)
    (
        # Vectors: what an embedder made of an episode's text, stored in its write transaction and
        # searched in process (engines/_vectors.py); read by system time to catch up.
        "0008_vectors",
        [
            f"""CREATE TABLE vectors (namespace {_T}, model {_T}, kind {_T}, item {_T}, part integer NOT NULL,
                recorded bigint NOT NULL, vec bytea NOT NULL, PRIMARY KEY (namespace, model, kind, item, part))""",
            "CREATE INDEX vectors_recorded ON vectors (namespace, model, recorded)",
        ],
    ),
    (
        # A vector may be made of an episode's text with the message before it (write/_episodes.py):
        # ``context`` names that one, so erasing it also deletes the vectors that read it.
        "0010_vector_context",
        [
            'ALTER TABLE vectors ADD COLUMN context text COLLATE "C"',
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
            f"""CREATE TABLE statements (namespace {_T}, slot {_T}, tx bigint NOT NULL, seq bigint NOT NULL,
                source {_T}, op {_T}, subject {_T}, predicate {_T}, object_id {_TN}, value text, kind {_T},
                modality {_T}, confidence double precision NOT NULL, valid_from bigint NOT NULL,
                valid_to bigint NOT NULL, merge bigint)""",
            "CREATE INDEX statements_slot ON statements (namespace, slot, tx, seq)",
            "CREATE INDEX statements_source ON statements (namespace, source)",
            f"""CREATE TABLE erased_rows (namespace {_T}, row_id bigint NOT NULL, slot_digest {_T},
                valid_from bigint NOT NULL, valid_to bigint NOT NULL, recorded_from bigint NOT NULL,
                recorded_to bigint NOT NULL, erased bigint NOT NULL, PRIMARY KEY (namespace, row_id))""",
            "ALTER TABLE support ADD COLUMN valid_from bigint, ADD COLUMN valid_to bigint",
            """UPDATE support s SET valid_from = f.valid_from, valid_to = f.valid_to FROM facts f
                WHERE f.namespace = s.namespace AND f.row_id = s.row_id""",
            f"""INSERT INTO support (namespace, row_id, episode_id, added, removed, valid_from, valid_to)
                SELECT f.namespace, f.row_id, '', f.recorded_from, {INF}, f.valid_from, f.valid_to FROM facts f
                WHERE NOT EXISTS (SELECT 1 FROM support s WHERE s.namespace = f.namespace AND s.row_id = f.row_id)""",
            "ALTER TABLE support ALTER COLUMN valid_from SET NOT NULL, ALTER COLUMN valid_to SET NOT NULL",
            "ALTER TABLE support DROP CONSTRAINT support_pkey",
            "ALTER TABLE support ADD PRIMARY KEY (namespace, row_id, episode_id, added, valid_from, valid_to)",
            f"""INSERT INTO statements SELECT f.namespace, f.slot, s.added, f.row_id, s.episode_id, 'assert',
                f.subject, f.predicate, f.object_id, f.value, f.kind, f.modality, f.confidence, f.valid_from,
                f.valid_to, NULL FROM facts f JOIN support s ON s.namespace = f.namespace AND s.row_id = f.row_id
                WHERE f.recorded_to = {INF} AND s.removed = {INF}""",
        ],
    ),
    # pgvector (engines/_pgvector.py): where the server has it, each vector is also a ``vector`` value.
    ("0012_pgvector", [PGVECTOR]),
    RECORDED_MIGRATION,  # 0013_fulltext_recorded (engines/_fulltext.py)
    (
        # Which source called an entity by which of its names (an episode, or "" for the application): erasing
        # an episode takes the names and the entities only it gave (write/_forget.py). Entities stored before
        # have none recorded; an erase decides for them by the statements that name them, as before.
        "0014_mentions",
        [
            f"""CREATE TABLE mentions (namespace {_T}, entity_id {_T}, name {_T}, source {_T},
                PRIMARY KEY (namespace, entity_id, name, source))""",
            "CREATE INDEX mentions_source ON mentions (namespace, source)",
        ],
    ),
]

#: The table that is not sharded: replicated to every node under Citus.
REFERENCE_TABLES = ("migrations",)

#: Each sharded table's distribution column.
DISTRIBUTION_COLUMN = {
    "clocks": "namespace",
    "namespaces": "namespace",
    "episodes": "namespace",
    "entities": "namespace",
    "entity_names": "namespace",
    "mentions": "namespace",
    "predicates": "namespace",
    "facts": "namespace",
    "support": "namespace",
    "statements": "namespace",
    "erased_rows": "namespace",
    "revisions": "namespace",
    "conflicts": "namespace",
    "merges": "namespace",
    "vectors": "namespace",
    "fulltext": "namespace",
    "erasures": "namespace_digest",
}


def map_error(exc: Exception, where: str) -> ChronomemError:
    """A chronomem error for a psycopg or pool error, saying what to do. ``where`` names the server."""
    if isinstance(exc, PoolTimeout):
        return StorageTimeout(
            f"no free connection to {where} in time ({exc}); write from fewer threads or pass a larger pool_size"
        )
    if isinstance(exc, psycopg.errors.QueryCanceled | psycopg.errors.LockNotAvailable):
        return StorageTimeout(f"{where} did not answer in time ({_first_line(exc)}); nothing was stored; retry")
    if isinstance(exc, psycopg.errors.ExclusionViolation | psycopg.errors.CheckViolation):
        return Conflict(
            f"{where} rejected the write: {_first_line(exc)}. Nothing was stored. The database enforces "
            "chronomem's invariants; this means a bug or a writer bypassing chronomem: run `chronomem doctor`"
        )
    if isinstance(exc, psycopg.errors.IntegrityError):
        return Conflict(f"{where} rejected the write: {_first_line(exc)}. Nothing was stored")
    if isinstance(exc, psycopg.errors.InsufficientPrivilege):
        return StorageError(
            f"{where} refused: {_first_line(exc)}. Connect as the database owner (it needs CREATE on the "
            "database for the btree_gist extension and the tables), or have the owner run `chronomem migrate`"
        )
    if isinstance(exc, psycopg.errors.UndefinedTable | psycopg.errors.UndefinedColumn):
        return SchemaMismatch(f"{where} lacks chronomem's schema ({_first_line(exc)}); run `chronomem migrate`")
    if isinstance(exc, psycopg.DataError):
        return InvalidValue(f"{where} cannot store a value: {_first_line(exc)}")
    if isinstance(exc, psycopg.OperationalError):
        return BackendUnavailable(
            f"lost or could not open the connection to {where} ({_first_line(exc)}); check that the server "
            "is running and the URL is right, then retry"
        )
    return StorageError(f"PostgreSQL error from {where}: {_first_line(exc)}")


def _first_line(exc: Exception) -> str:
    text = str(exc).strip()
    return text.splitlines()[0] if text else type(exc).__name__
