"""pgvector on PostgreSQL: where the server has the ``vector`` extension, each stored vector is also
a pgvector value, and a namespace with many vectors is searched in the server through an HNSW index; elsewhere,
and for smaller namespaces, vectors are searched in process (:mod:`._vectors`), exactly, as on SQLite.

* When: ``migrate`` decides (migration ``0012_pgvector``, :data:`._pgschema.PGVECTOR`, run again by every
  ``migrate``): it creates the extension where the server has it and the role may (pgvector is not a trusted
  extension: only a superuser may), then adds ``vectors.embedding`` (type ``vector``, nullable, stored inline)
  and fills it from the float32 blobs, which stay the portable copy. Without the extension nothing changes and
  nothing fails; ``chronomem doctor`` says what the server lacks. On Citus the extension is never created by
  chronomem (its workers may lack it): it is used only when already installed (untested: the test cluster's
  workers have no pgvector).
* Index: pgvector's HNSW needs a fixed dimension, so there is one partial expression index per width,
  ``((embedding::vector(d)) vector_ip_ops) WHERE vector_dims(embedding) = d``, shared by every namespace and
  model of that width (no column typed for one width: models of other widths share the table). The first
  write of a new width makes it (the table has no row of that width then, so the build is instant); ``migrate``
  makes those of the widths already stored. Inner product, the in-process score.
* Search (:meth:`PgVectors.nearest`): ``ORDER BY`` the distance ``LIMIT k`` over the width's index, scoped by
  namespace, model and ``recorded <= as_of``; ``hnsw.iterative_scan = strict_order`` keeps the scan going
  until the filtered rows are enough, ``hnsw.ef_search`` is :data:`EF_SEARCH`; items with several rows widen
  the scan, and an index scan that gives up short falls back to the exact statement. A namespace that still
  holds rows without ``embedding`` (written by a process that opened the database before ``migrate`` enabled
  pgvector) is searched in process.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

import numpy as np
import psycopg

from ..contracts import Erasure
from ..models._embed import Matrix
from ._cache import Known
from ._doctor import Check
from ._load import Tables
from ._pgschema import PGVECTOR
from ._pgtxn import PgTxn
from ._sql import INF
from ._vectors import to_blob

__all__ = ["IN_SERVER_FROM", "TUNE", "PgVectorTxn", "PgVectors", "pgvector_check", "pgvector_of", "prepare"]

Cursor = psycopg.Cursor[tuple[Any, ...]]
Read = Callable[[str, Sequence[Any]], list[tuple[Any, ...]]]

#: Below this many vectors of one namespace and model, they are searched in process (exact, and faster there:
#: see the module docstring); from it on, in the server through the HNSW index.
IN_SERVER_FROM: Final = 20_000
#: pgvector's HNSW indexes vectors up to this width; wider ones are always scanned exactly.
HNSW_MAX_DIM: Final = 2000
#: Candidates the HNSW scan keeps (``hnsw.ef_search``): at least the rows a search asks for.
EF_SEARCH: Final = 800
_INDEX_LOCK: Final = 0x6368766E  # "chvn": one writer at a time creates a width's index


_COLUMN = (
    "SELECT 1 FROM pg_attribute WHERE attrelid = to_regclass('vectors') AND attname = 'embedding' AND NOT attisdropped"
)
_VERSIONS = (
    "SELECT (SELECT extversion FROM pg_extension WHERE extname = 'vector'), "
    "(SELECT default_version FROM pg_available_extensions WHERE name = 'vector')"
)
_PUT = (
    "INSERT INTO vectors (namespace, model, kind, item, part, recorded, vec, context, embedding) "
    "VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %b::real[]::vector) ON CONFLICT DO NOTHING"
)
_UNCONVERTED = "SELECT namespace, model, kind, item, part, vec FROM vectors WHERE embedding IS NULL LIMIT 2000"
_CONVERT = (
    "UPDATE vectors SET embedding = %b::real[]::vector "
    "WHERE namespace = %s AND model = %s AND kind = %s AND item = %s AND part = %s"
)
_INDEX = "SELECT 1 FROM pg_indexes WHERE schemaname = current_schema() AND indexname = %s"
_INDEXES = "SELECT indexname FROM pg_indexes WHERE schemaname = current_schema() AND indexname LIKE 'vectors_hnsw_%'"
#: A namespace's vectors of one model, counted up to a bound.
_COUNT = "SELECT count(*) FROM (SELECT 1 FROM vectors WHERE namespace = %s AND model = %s LIMIT %s) s"
#: Whether a namespace holds vectors of a model without their pgvector value.
_UNCONVERTED_IN = "SELECT 1 FROM vectors WHERE namespace = %s AND model = %s AND embedding IS NULL LIMIT 1"
# The query vector is one parameter of type vector, in pgvector's text form: read once, when the statement is
# bound. As ``%b::real[]::vector`` the cast ran once per row under the generic plan psycopg prepares after five
# runs, twenty times as slow.
_EXACT = (
    "SELECT kind, item, embedding <#> %s::vector AS d FROM vectors "
    "WHERE namespace = %s AND model = %s AND recorded <= %s ORDER BY d LIMIT %s"
)
_HNSW = (
    "SELECT kind, item, embedding::vector({d}) <#> %s::vector({d}) AS d FROM vectors "
    "WHERE namespace = %s AND model = %s AND recorded <= %s AND vector_dims(embedding) = {d} ORDER BY d LIMIT %s"
)
#: Once per read connection that searches through an index.
TUNE = (
    "SELECT set_config('hnsw.iterative_scan', 'strict_order', false), "
    f"set_config('hnsw.ef_search', '{EF_SEARCH}', false)"
)


def _index_name(dim: int) -> str:
    return f"vectors_hnsw_{int(dim)}"


def _index_sql(dim: int) -> str:
    d = int(dim)
    return (
        f"CREATE INDEX IF NOT EXISTS {_index_name(d)} ON vectors USING hnsw ((embedding::vector({d})) vector_ip_ops) "
        f"WHERE vector_dims(embedding) = {d}"
    )


@dataclass
class PgVectors:
    """pgvector as one engine uses it: the extension's version, whether the engine may create indexes while
    writing (not on Citus), the widths known to have their HNSW index, and how many vectors each (namespace,
    model) is known to hold (up to :data:`IN_SERVER_FROM`: counted once, then grown by what the in-process search
    reads)."""

    version: str
    index_on_write: bool = True
    indexed: set[int] = field(default_factory=set)
    sizes: dict[tuple[str, str], int] = field(default_factory=dict)

    def ensure_index(self, cur: Cursor, dim: int) -> None:
        """Create the HNSW index of vectors ``dim`` wide, in the writer's transaction, unless it exists. Another
        transaction may be creating it too: the advisory lock makes the second wait, then find it."""
        if dim in self.indexed or dim > HNSW_MAX_DIM or not self.index_on_write:
            return
        if not cur.execute(_INDEX, (_index_name(dim),)).fetchall():
            cur.execute("SELECT pg_advisory_xact_lock(%s, %s)", (_INDEX_LOCK, dim))
            cur.execute(_index_sql(dim))
            return  # known once committed: the next write looks again
        self.indexed.add(dim)

    def in_server(self, read: Read, namespace: str, model: str) -> bool:
        """Whether the namespace's vectors of ``model`` are many enough to be searched in the server."""
        key = (namespace, model)
        size = self.sizes.get(key)
        if size is None:
            if len(self.sizes) >= 4096:  # bounded: many namespaces start over
                self.sizes.clear()
            size = self.sizes[key] = int(read(_COUNT, (namespace, model, IN_SERVER_FROM))[0][0])
        return size >= IN_SERVER_FROM

    def read_in_process(self, namespace: str, model: str, seen: int, rows: int) -> None:
        """The in-process search read ``rows`` vectors recorded after ``seen`` (0: all of them, anew)."""
        key = (namespace, model)
        self.sizes[key] = (0 if seen == 0 else self.sizes.get(key, 0)) + rows

    def nearest(
        self, read: Read, namespace: str, model: str, query: Matrix, k: int, as_of: int | None
    ) -> list[tuple[str, str, float]] | None:
        """See :meth:`chronomem.contracts.Engine.nearest`, in the server; ``None`` when the namespace must be
        searched in process (it holds rows written without ``embedding``)."""
        if read(_UNCONVERTED_IN, (namespace, model)):
            return None
        if k < 1:
            return []
        values = np.asarray(query, dtype=np.float32).tolist()
        q = "[" + ",".join(map(repr, values)) + "]"  # float32 values as doubles: read back exactly
        until, dim = INF if as_of is None else as_of, len(values)
        use_index, want = dim <= HNSW_MAX_DIM, k
        while True:
            # the exact statement computes every distance; the other's cast to a fixed width lets it use the index
            rows = read(_HNSW.format(d=dim) if use_index else _EXACT, (q, namespace, model, until, want))
            if use_index and len(rows) < want:  # fewer rows than asked: the index scan may have given up
                use_index = False  # (hnsw.max_scan_tuples): the exact statement finds them all
                continue
            best: dict[tuple[str, str], float] = {}
            for kind, item, distance in rows:  # negative inner product
                best.setdefault((kind, item), -float(distance))
            if len(best) >= k or len(rows) < want:
                return [(kind, item, s) for (kind, item), s in list(best.items())[:k]]
            want *= 4  # items with several rows (parts of a long text) took some of the places


class PgVectorTxn(PgTxn):
    """A write transaction that stores each vector also as a pgvector value (and makes its width's index)."""

    def __init__(
        self, cur: Cursor, namespace: str, tx: int, first_id: int, known: Known | None, vectors: PgVectors
    ) -> None:
        super().__init__(cur, namespace, tx, first_id, known)
        self._pgvectors = vectors

    def put_vectors(self, model: str, kind: str, item: str, vectors: Matrix, context: str | None = None) -> None:
        if len(vectors):
            self._pgvectors.ensure_index(self._c, int(vectors.shape[1]))
        rows = [
            (self._ns, model, kind, item, i, self._tx, to_blob(v), context, np.asarray(v, dtype=np.float32).tolist())
            for i, v in enumerate(vectors)
        ]
        self._c.executemany(_PUT, rows)

    def load(self, tables: Tables, erasures: Sequence[Erasure], namespace_digest: str) -> int:
        """A restore (:meth:`PgTxn.load`), with each restored vector also given its pgvector value: a namespace
        with a vector left without one would be searched in process until the next ``migrate``."""
        n = super().load(tables, erasures, namespace_digest)
        rows = [(np.frombuffer(bytes(r["vec"]), dtype="<f4"), r) for r in tables.get("vectors", ())]
        for dim in sorted({len(v) for v, _ in rows}):
            self._pgvectors.ensure_index(self._c, dim)
        self._c.executemany(_CONVERT, [(v.tolist(), self._ns, r["model"], r["kind"], r["item"], r["part"])
                                       for v, r in rows])  # fmt: skip
        return n


def pgvector_of(conn: psycopg.Connection[tuple[Any, ...]], *, citus: bool) -> PgVectors | None:
    """pgvector as this database offers it to chronomem: None unless the extension is installed and ``vectors``
    has its ``embedding`` column (``migrate`` adds it)."""
    if not conn.execute(_COLUMN).fetchall():
        return None
    version = conn.execute(_VERSIONS).fetchall()[0][0]
    return PgVectors(str(version), index_on_write=not citus)


def prepare(cur: Cursor, *, citus: bool) -> PgVectors | None:
    """At ``migrate``, after the migrations: enable pgvector where possible (:data:`._pgschema.PGVECTOR`), give
    every vector stored without it its ``embedding``, and make the HNSW index of every width stored. Returns what
    the engine uses (None: pgvector is not there)."""
    cur.execute(PGVECTOR)
    found = pgvector_of(cur.connection, citus=citus)
    if found is None:
        return None
    while rows := cur.execute(_UNCONVERTED).fetchall():
        cur.executemany(_CONVERT, [(np.frombuffer(bytes(r[5]), dtype="<f4").tolist(), *r[:5]) for r in rows])
    dims = cur.execute("SELECT DISTINCT vector_dims(embedding) FROM vectors").fetchall()
    for (dim,) in dims:
        if int(dim) <= HNSW_MAX_DIM:
            cur.execute(_index_sql(int(dim)))
    return found


def pgvector_check(conn: psycopg.Connection[tuple[Any, ...]], used: PgVectors | None, citus: bool) -> Iterator[Check]:
    """``chronomem doctor``'s finding about pgvector: whether the server has it, whether chronomem uses it, and
    what to do when not."""
    installed, available = conn.execute(_VERSIONS).fetchall()[0]
    in_process = "until then vectors are searched in this process, exactly (each process holds a namespace's vectors)"
    if used is not None:
        widths = sorted(int(r[0].rsplit("_", 1)[1]) for r in conn.execute(_INDEXES).fetchall())
        detail = (
            f"pgvector {used.version} is installed and used: a namespace's vectors of one model are searched in "
            f"the server through an HNSW index from {IN_SERVER_FROM:,} on, in this process below "
            f"(indexed widths: {widths or 'none yet'})"
        )
    elif installed:
        detail = f"pgvector {installed} is installed but chronomem does not use it yet: run `chronomem migrate`"
    elif available and citus:
        detail = (
            f"pgvector {available} is available on the coordinator: install it on every worker, run "
            f"CREATE EXTENSION vector on the coordinator, then `chronomem migrate`; {in_process}"
        )
    elif available:
        detail = (
            f"pgvector {available} is available but not installed in this database: a superuser runs "
            f"CREATE EXTENSION vector here, then `chronomem migrate`; {in_process}"
        )
    else:
        detail = (
            "this server has no pgvector (the extension 'vector' is not available): install it "
            "(https://github.com/pgvector/pgvector; Debian: apt-get install postgresql-NN-pgvector), run "
            f"CREATE EXTENSION vector and `chronomem migrate`; {in_process}"
        )
    yield Check("vectors", True, detail)
