"""Dump a memory's namespace to a file and restore it into another, on either engine (parse -> engine -> write).

>>> with open("alice.jsonl", "w", encoding="utf-8") as out:  # doctest: +SKIP
...     dump(chronomem.open("memory.db", namespace="alice"), out)
>>> with open("alice.jsonl", encoding="utf-8") as src:  # doctest: +SKIP
...     restore(chronomem.open("postgresql://…", namespace="alice"), src)

What is dumped: every row of every table of the namespace (:data:`._format.TABLES`: episodes, entities, their
names and mentions, predicates, fact rows with both time axes, support, statements, revision links, erased rows'
stubs, contradictions, merges, vectors and full-text documents) and the namespace's erase records. The full-text
documents are dumped as terms; the engine's index over them (SQLite's FTS5, PostgreSQL's tsvector and GIN) is
rebuilt from them on restore. Vectors are dumped as their bytes, under the embedder's name that made them.
"""

from __future__ import annotations

import importlib.metadata
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import IO, TYPE_CHECKING, Any, Protocol

from .._names import digest
from ..contracts import Erasure
from ..errors import ConfigError
from ._format import Dump, Header, read_lines, write_lines

if TYPE_CHECKING:
    from .._memory import Memory

__all__ = ["Portable", "Restored", "dump", "embedder_of", "read_dump", "restore"]


class Portable(Protocol):
    """An engine that lists a namespace's rows and writes them back (both SQL engines)."""

    def dump(self, namespace: str) -> dict[str, list[dict[str, Any]]]: ...

    def load(
        self,
        namespace: str,
        tables: Mapping[str, Sequence[Mapping[str, Any]]],
        erasures: Sequence[Erasure] = (),
        namespace_digest: str = "",
    ) -> int: ...

    def erasures(self, namespace_digest: str) -> list[Erasure]: ...

    def schema_version(self) -> list[str]: ...


@dataclass(frozen=True)
class Restored:
    """What :func:`restore` wrote: the dump's header and how many rows of each table."""

    header: Header
    rows: Mapping[str, int]


def _portable(memory: Memory) -> Portable:
    engine = memory.engine
    if not all(callable(getattr(engine, m, None)) for m in ("dump", "load", "erasures", "schema_version")):
        raise ConfigError(f"the engine {type(engine).__name__} cannot dump or restore; use SQLite or PostgreSQL")
    return engine  # type: ignore[return-value]


def read_dump(memory: Memory) -> Dump:
    """``memory``'s namespace as a :class:`Dump`: every row, all tables read from one snapshot (writers go on
    meanwhile; the erase records are read just after)."""
    engine = _portable(memory)
    tables = engine.dump(memory.namespace)
    embedder = memory.embedder.name if memory.embedder is not None else embedder_of(tables)
    header = Header(memory.namespace, embedder, importlib.metadata.version("chronomem"),
                    schema=tuple(engine.schema_version()))  # fmt: skip
    return Dump(header, tables, tuple(engine.erasures(digest(memory.namespace))))


def embedder_of(tables: Mapping[str, Sequence[Mapping[str, Any]]]) -> str | None:
    """The embedder whose vectors most of a namespace's episodes have (None without vectors): what a memory
    opened without one (the CLI's) names in a dump's header."""
    counts = Counter(v["model"] for v in tables.get("vectors", ()))
    return min(counts, key=lambda m: (-counts[m], m)) if counts else None


def dump(memory: Memory, out: IO[str]) -> int:
    """Write ``memory``'s namespace to ``out`` as JSON lines (:mod:`._format`); returns the rows written."""
    found = read_dump(memory)
    out.writelines(write_lines(found))
    return found.rows


def restore(memory: Memory, source: Dump | IO[str] | Iterable[str]) -> Restored:
    """Restore the dump ``source`` (lines, or a :class:`Dump` from :func:`._format.read_lines`) into ``memory``'s
    namespace, which must hold nothing, in one transaction. The namespace may differ from the dumped one.

    Raises :class:`~chronomem.errors.InvalidValue` for a damaged, cut or unknown-version file and
    :class:`~chronomem.errors.Conflict` for a namespace that holds rows; nothing is written then."""
    engine = _portable(memory)
    found = source if isinstance(source, Dump) else read_lines(source)
    engine.load(memory.namespace, found.tables, found.erasures, digest(memory.namespace))
    counts = {t: len(rows) for t, rows in found.tables.items()}
    return Restored(found.header, {**counts, "erasures": len(found.erasures)})
