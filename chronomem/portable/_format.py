"""The dump format: JSON lines, a header first, an end line last; written and read by pure functions.

::

    {"format": "chronomem-dump", "version": 1, "chronomem": "0.1.0", "namespace": "alice", "embedder": "…", …}
    {"table": "episodes", "row": {"id": "m1", "content": "I live in Berlin.", "occurred": 1700000000000000, ...}}
    {"table": "facts", "row": {"row_id": 1, "valid_from": ..., "valid_to": 9223372036854775807, ...}}
    ...
    {"table": "erasures", "row": {"at": ..., "target_kind": "episode", "target_digest": "…", "rows_removed": 2}}
    {"end": {"rows": 123}}

Every row of every table a namespace holds is listed with its columns as stored (:data:`TABLES`): times are
integers, UTC microseconds, and an open end is ``9223372036854775807`` (both axes, exactly as the engines keep
them); a vector is base64 of its bytes; a flag is ``true``/``false`` on either engine. The end line counts the
rows, so a file cut short is refused as a whole. A reader refuses a version it does not know.
"""

from __future__ import annotations

import base64
import json
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..contracts import Erasure
from ..engines._dialect import DUMPED_COLUMNS
from ..errors import InvalidValue

__all__ = ["FORMAT", "TABLES", "VERSION", "Dump", "Header", "read_lines", "write_lines"]

FORMAT = "chronomem-dump"
#: The format version this code writes and reads. A change to what is dumped moves it on.
VERSION = 1
#: Each table's columns, in the order they are written (the namespace is the header's, not a column).
TABLES: dict[str, tuple[str, ...]] = {t: tuple(c.strip() for c in cs.split(",")) for t, cs in DUMPED_COLUMNS.items()}
_ERASURE_COLUMNS = ("at", "target_kind", "target_digest", "rows_removed")
_BYTES = {("vectors", "vec")}
_FLAGS = {("predicates", "multi"), ("conflicts", "clash")}


@dataclass(frozen=True)
class Header:
    """What the first line says: the format version, the chronomem that wrote it, the namespace dumped and the
    embedder whose vectors it holds (``None`` when the memory had none)."""

    namespace: str
    embedder: str | None
    chronomem: str
    version: int = VERSION
    schema: tuple[str, ...] = ()


@dataclass(frozen=True)
class Dump:
    """A whole dump: its header, every table's rows (column -> value, as the engines store them) and the erase
    records of the namespace."""

    header: Header
    tables: Mapping[str, Sequence[Mapping[str, Any]]]
    erasures: Sequence[Erasure] = field(default_factory=tuple)

    @property
    def rows(self) -> int:
        return sum(len(rows) for rows in self.tables.values()) + len(self.erasures)


def write_lines(dump: Dump) -> Iterator[str]:
    """The lines of ``dump``, each ending in a newline."""
    h = dump.header
    tables = {t: list(c) for t, c in TABLES.items()}
    yield _line({"format": FORMAT, "version": h.version, "chronomem": h.chronomem, "namespace": h.namespace,
                 "embedder": h.embedder, "schema": list(h.schema), "tables": tables})  # fmt: skip
    for table, columns in TABLES.items():
        for row in dump.tables.get(table, ()):
            yield _line({"table": table, "row": {c: _encoded(table, c, row[c]) for c in columns}})
    for e in dump.erasures:
        yield _line({"table": "erasures", "row": {c: getattr(e, c) for c in _ERASURE_COLUMNS}})
    yield _line({"end": {"rows": dump.rows}})


def read_lines(lines: Iterable[str]) -> Dump:
    """The :class:`Dump` that ``lines`` hold. Raises :class:`~chronomem.errors.InvalidValue`, saying which line,
    for anything but a whole dump of a version this code reads."""
    tables: dict[str, list[dict[str, Any]]] = {t: [] for t in TABLES}
    erasures: list[Erasure] = []
    header: Header | None = None
    for n, text in enumerate(lines, 1):
        if not text.strip():
            continue
        try:
            item = json.loads(text)
        except json.JSONDecodeError as exc:
            raise InvalidValue(f"dump line {n} is not JSON ({exc}); the file is damaged, nothing was restored") from exc
        if header is None:
            header = _header(item)
            continue
        if isinstance(item, dict) and "end" in item:
            found = Dump(header, tables, tuple(erasures))
            if item["end"] != {"rows": found.rows}:
                raise InvalidValue(f"the dump's end line counts {item['end']} but {found.rows} rows were read")
            return found
        _add_row(item, tables, erasures, f"dump line {n}")
    if header is None:
        raise InvalidValue("the dump is empty: no header line")
    raise InvalidValue("the dump ends before its end line: the file was cut short, nothing was restored; dump again")


def _add_row(item: object, tables: dict[str, list[dict[str, Any]]], erasures: list[Erasure], where: str) -> None:
    """Add the row of one line to ``tables`` or ``erasures``; raise for anything else."""
    table, row = (item.get("table"), item.get("row")) if isinstance(item, dict) else (None, None)
    if table == "erasures" and isinstance(row, dict) and set(row) == set(_ERASURE_COLUMNS):
        erasures.append(Erasure(*(row[c] for c in _ERASURE_COLUMNS)))
    elif isinstance(table, str) and table in TABLES and isinstance(row, dict) and set(row) == set(TABLES[table]):
        tables[table].append({c: _decoded(table, c, v) for c, v in row.items()})
    else:
        raise InvalidValue(f"{where} is not a row of a known table with its columns; nothing was restored")


def _header(item: object) -> Header:
    if not isinstance(item, dict) or item.get("format") != FORMAT:
        raise InvalidValue(f"not a chronomem dump: the first line should say format {FORMAT!r}")
    if item.get("version") != VERSION:
        raise InvalidValue(
            f"dump format version {item.get('version')!r} (written by chronomem {item.get('chronomem')}); this "
            f"chronomem reads version {VERSION}: restore it with the version that wrote it, or upgrade"
        )
    if item.get("tables") != {t: list(c) for t, c in TABLES.items()}:
        raise InvalidValue("the dump's tables or columns differ from this chronomem's; nothing was restored")
    return Header(item["namespace"], item.get("embedder"), item["chronomem"], VERSION, tuple(item.get("schema", ())))


def _encoded(table: str, column: str, value: Any) -> Any:
    if (table, column) in _BYTES:
        return base64.b64encode(bytes(value)).decode("ascii")
    if (table, column) in _FLAGS:
        return bool(value)
    return value


def _decoded(table: str, column: str, value: Any) -> Any:
    if (table, column) in _BYTES:
        return base64.b64decode(value)
    return value


def _line(item: Mapping[str, Any]) -> str:
    return json.dumps(item, ensure_ascii=False, separators=(",", ":")) + "\n"
