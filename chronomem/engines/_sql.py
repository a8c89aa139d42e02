"""The table layout the SQL engines share: the driver protocols, its columns, the row <-> value mapping and the
fact-query builder.

Both engines store the same rows; only placeholders, DDL and locking differ (see :mod:`._dialect`).
Open ends are stored as :data:`INF` (int64 max) so that range predicates need no ``IS NULL`` branches.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Iterable, Iterator, Sequence
from typing import Any, Protocol, cast

from .._values import JSON, Contradiction, Entity, Episode, Fact, Interval, Merge, canonical_json
from ..contracts import FactQuery


class Rows(Protocol):
    """What a statement returns: a driver cursor."""

    @property
    def rowcount(self) -> int: ...

    def fetchone(self) -> Any: ...

    def fetchall(self) -> list[Any]: ...

    def __iter__(self) -> Iterator[Any]: ...


class Cursor(Protocol):
    """What the shared code needs of a driver connection or cursor (sqlite3's and psycopg's both fit)."""

    def execute(self, sql: str, params: Any = ..., /) -> Rows: ...

    def executemany(self, sql: str, params: Iterable[Any], /) -> object: ...


INF = 9223372036854775807

EPISODE_COLUMNS = (
    "namespace, id, content, occurred, recorded, kind, role, speaker, session, source, metadata, retracted, tz"
)
CONFLICT_COLUMNS = (
    "namespace, id, slot, subject, predicate, object_id, value, valid_from, valid_to, kind, modality, confidence, "
    "episode_id, against, why, opened, settled, settlement, clash"
)
ENTITY_COLUMNS = "namespace, id, type, name, aliases, recorded, merged_into, merged_at"

FACT_COLUMNS = (
    "f.row_id, f.namespace, f.subject, f.predicate, f.object_id, f.value, f.valid_from, f.valid_to, "
    "f.recorded_from, f.recorded_to, f.kind, f.modality, f.confidence"
)


#: The columns of a statement (chronomem._bitemporal.Said), as stored.
SAID_COLUMNS = (
    "namespace, slot, tx, seq, source, op, subject, predicate, object_id, value, kind, modality, confidence, "
    "valid_from, valid_to, merge"
)


def support_subquery(ph: str, valid_at: bool = False) -> str:
    """Episode ids supporting row ``f`` at a system time (the application's support, ``""``, is not an
    episode), joined; an episode that supports several parts of the row is named once per part. Three
    placeholders ``ph``: the namespace, then the time twice; with ``valid_at``, two more for the valid instant,
    where only the support covering it counts (support is per valid instant: an episode supports the parts of a
    row's valid time it spoke of, not the whole row). The subquery names the namespace itself, not only through
    ``s.namespace = f.namespace``: Citus routes a correlated subquery to one shard only then."""
    at = f" AND s.valid_from <= {ph} AND s.valid_to > {ph}" if valid_at else ""
    return (
        f"(SELECT {{agg}} FROM support s WHERE s.namespace = {ph} AND s.row_id = f.row_id "
        f"AND s.episode_id <> '' AND s.added <= {ph} AND s.removed > {ph}{at})"
    )


def _stored_interval(start: int, end: int) -> Interval:
    """An :class:`Interval` from stored columns. They were validated on the way in (and the table
    CHECKs ``start < end``), so re-validating every row read is skipped: reads are hot."""
    iv = object.__new__(Interval)
    object.__setattr__(iv, "start", start)
    object.__setattr__(iv, "end", None if end == INF else end)
    return iv


def decode_value(text: str) -> JSON:
    """A stored (canonical JSON) value. Plain integers and strings without escapes, the common
    cases, skip the JSON parser: canonical JSON writes a string with any special character escaped."""
    if text.isascii() and (text.isdigit() or (text[:1] == "-" and text[1:].isdigit())):
        return int(text)
    if len(text) >= 2 and text[0] == '"' and "\\" not in text:
        return text[1:-1]
    return cast(JSON, json.loads(text))


_INTERVALS: dict[tuple[int, int], Interval] = {}


def _shared_interval(start: int, end: int) -> Interval:
    """:func:`_stored_interval`, shared between rows: intervals are immutable and valid times repeat."""
    key = (start, end)
    found = _INTERVALS.get(key)
    if found is None:
        if len(_INTERVALS) >= 65536:
            _INTERVALS.clear()
        found = _INTERVALS[key] = _stored_interval(start, end)
    return found


def fact_from_row(r: Sequence[Any]) -> Fact:
    # Positional arguments, in Fact's field order: keywords cost ~1 us per row on the hottest path.
    return Fact(
        r[0],
        r[1],
        r[2],
        r[3],
        r[4],
        None if r[5] is None else decode_value(r[5]),
        _shared_interval(r[6], r[7]),
        _stored_interval(r[8], r[9]),
        r[10],
        r[11],
        r[12],
        tuple(sorted(set(r[13].split("\x1f")))) if r[13] else (),
    )


def episode_from_row(r: Sequence[Any]) -> Episode:
    """An :class:`Episode` from the columns :data:`EPISODE_COLUMNS`."""
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
        metadata={} if r[10] == "{}" else json.loads(r[10]),
        retracted_at=r[11],
        tz=r[12],
    )


def contradiction_from_row(r: Sequence[Any]) -> Contradiction:
    """A :class:`Contradiction` from the columns :data:`CONFLICT_COLUMNS`."""
    return Contradiction(
        namespace=r[0],
        id=int(r[1]),
        slot=r[2],
        subject=r[3],
        predicate=r[4],
        object=r[5],
        value=None if r[6] is None else decode_value(r[6]),
        valid=_stored_interval(r[7], r[8]),
        kind=r[9],
        modality=r[10],
        confidence=float(r[11]),
        episode=r[12],
        against=tuple(json.loads(r[13])),
        why=r[14],
        opened_at=r[15],
        settled_at=r[16],
        settlement=r[17],
        clash=bool(r[18]),
    )


def entity_from_row(r: Sequence[Any]) -> Entity:
    """An :class:`Entity` from the columns :data:`ENTITY_COLUMNS`."""
    aliases = () if r[4] == "[]" else tuple(json.loads(r[4]))  # most entities have none; skip the parser
    return Entity(namespace=r[0], id=r[1], type=r[2], name=r[3], aliases=aliases, recorded_at=r[5],
                  merged_into=r[6], merged_at=r[7])  # fmt: skip


def merge_from_row(r: Sequence[Any]) -> Merge:
    """A :class:`Merge` from ``source, target, merged, unmerged, detail``."""
    d = json.loads(r[4])
    return Merge(source=r[0], target=r[1], merged_at=r[2], unmerged_at=r[3], closed=tuple(d["closed"]),
                 created=tuple(d["created"]), conflicts=tuple(d["conflicts"]), aliases=tuple(d["aliases"]),
                 episode=d.get("episode"))  # fmt: skip


def aliases_text(entity: Entity) -> str:
    """How an entity's aliases are stored: a JSON list."""
    return json.dumps(list(entity.aliases), ensure_ascii=False)


def as_stored(value: JSON) -> JSON:
    """``value`` as reading it back would give it (tuples become lists, ...)."""
    if value is None or type(value) in (str, int, float, bool):
        return value
    return cast(JSON, json.loads(canonical_json(value)))


def end_value(end: int | None) -> int:
    return INF if end is None else end


def build_fact_query(namespace: str, q: FactQuery, *, ph: str, agg: str, now: int) -> tuple[str, list[Any]]:
    """SELECT for ``q``. ``ph`` is the placeholder (``?`` or ``%s``), ``agg`` the string aggregate.

    Support is read as of ``q.as_of`` (or ``now`` for an audit over all system time), and so is each
    row's recorded end: as of T a row believed at T has ``recorded.end is None``.
    """
    support_at = q.as_of if q.as_of is not None else now
    shape = (q.slot is not None, q.subject is not None, q.predicate is not None, len(q.touching), q.edges_only)
    sql = _fact_sql(
        ph, agg, *shape, q.as_of is not None, q.valid_at is not None, q.limit, len(q.supported_by), len(q.rows)
    )
    if q.touching and q.edges_only:
        return sql, _edges_args(namespace, q, support_at)
    args: list[Any] = [namespace, support_at, support_at, *_instant(q), namespace]
    if q.slot is not None:
        args.append(q.slot)
    if q.subject is not None:
        args.append(q.subject)
    if q.predicate is not None:
        args.append(q.predicate)
    if q.touching:
        args += [*q.touching, *q.touching]
    if q.supported_by:
        args += [*q.supported_by, support_at, support_at]
    if q.rows:
        args += list(q.rows)
    if q.as_of is not None:
        args += [q.as_of, q.as_of]
    if q.valid_at is not None:
        args += [q.valid_at, q.valid_at]
    return sql, args


@functools.lru_cache(maxsize=512)
def _fact_sql(
    ph: str,
    agg: str,
    slot: bool,
    subject: bool,
    predicate: bool,
    touching: int,
    edges_only: bool,
    as_of: bool,
    valid_at: bool,
    limit: int | None,
    supported_by: int = 0,
    rows: int = 0,
) -> str:
    """The SQL text for one query shape, built once (reads are hot)."""
    if touching and edges_only:
        return _edges_sql(ph, agg, slot, subject, predicate, touching, as_of, valid_at, limit)
    support = support_subquery(ph, valid_at).format(agg=agg)
    sql = [f"SELECT {_columns(as_of)}, {support} FROM facts f WHERE f.namespace = {ph}"]
    sql += _key_filters(ph, slot, subject, predicate)
    if touching:
        marks = ", ".join([ph] * touching)
        sql.append(f"AND (f.subject IN ({marks}) OR f.object_id IN ({marks}))")
    if edges_only:
        sql.append("AND f.object_id IS NOT NULL")
    if supported_by:
        marks = ", ".join([ph] * supported_by)
        sql.append(
            "AND EXISTS (SELECT 1 FROM support b WHERE b.namespace = f.namespace AND b.row_id = f.row_id "
            f"AND b.episode_id IN ({marks}) AND b.added <= {ph} AND b.removed > {ph})"
        )
    if rows:
        sql.append(f"AND f.row_id IN ({', '.join([ph] * rows)})")
    sql += _time_filters(ph, as_of, valid_at)
    sql.append("ORDER BY f.slot, f.valid_from, f.recorded_from")
    if limit is not None:
        sql.append(f"LIMIT {int(limit)}")
    return " ".join(sql)


def _edges_sql(
    ph: str,
    agg: str,
    slot: bool,
    subject: bool,
    predicate: bool,
    touching: int,
    as_of: bool,
    valid_at: bool,
    limit: int | None,
) -> str:
    """Edges touching some ids as two SELECTs, outgoing then incoming, so that each can use its own
    index (an ``OR`` made SQLite read every fact of each subject to find its few edges).
    An edge whose subject and object are both among the ids comes from the first only."""
    marks = ", ".join([ph] * touching)
    rest = _key_filters(ph, slot, subject, predicate) + _time_filters(ph, as_of, valid_at)
    support = support_subquery(ph, valid_at).format(agg=agg)
    head = f"SELECT {_columns(as_of)}, {support}, f.slot FROM facts f WHERE f.namespace = {ph}"
    out = f"{head} AND f.subject IN ({marks}) AND f.object_id IS NOT NULL {' '.join(rest)}"
    into = f"{head} AND f.object_id IN ({marks}) AND f.subject NOT IN ({marks}) {' '.join(rest)}"
    # Result columns 15, 7, 9 are slot, valid_from, recorded_from: the order of every fact query.
    sql = f"{out} UNION ALL {into} ORDER BY 15, 7, 9"
    return sql if limit is None else f"{sql} LIMIT {int(limit)}"


def _edges_args(namespace: str, q: FactQuery, support_at: int) -> list[Any]:
    """The arguments of :func:`_edges_sql`: each SELECT takes its own copy."""
    rest: list[Any] = [x for x in (q.slot, q.subject, q.predicate) if x is not None]
    if q.as_of is not None:
        rest += [q.as_of, q.as_of]
    if q.valid_at is not None:
        rest += [q.valid_at, q.valid_at]
    head = [namespace, support_at, support_at, *_instant(q), namespace]
    return [*head, *q.touching, *rest, *head, *q.touching, *q.touching, *rest]


def _instant(q: FactQuery) -> list[int]:
    """The support subquery's valid-instant arguments: a read at one valid instant names the episodes
    supporting that instant."""
    return [] if q.valid_at is None else [q.valid_at, q.valid_at]


def _columns(as_of: bool) -> str:
    # As of T every matching row was still believed at T; its later recorded_to is knowledge from after T,
    # so it reads as open: an as-of read returns exactly what a read at T returned (reads at a past system time
    # are repeatable).
    return FACT_COLUMNS if not as_of else FACT_COLUMNS.replace("f.recorded_to", str(INF))


def _key_filters(ph: str, slot: bool, subject: bool, predicate: bool) -> list[str]:
    keys = (("slot", slot), ("subject", subject), ("predicate", predicate))
    return [f"AND f.{name} = {ph}" for name, wanted in keys if wanted]


def _time_filters(ph: str, as_of: bool, valid_at: bool) -> list[str]:
    out = []
    if as_of:
        out.append(f"AND f.recorded_from <= {ph} AND f.recorded_to > {ph}")
    if valid_at:
        out.append(f"AND f.valid_from <= {ph} AND f.valid_to > {ph}")
    return out
