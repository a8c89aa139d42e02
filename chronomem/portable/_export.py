"""Export a memory's namespace in the Neo4j shape (:mod:`._graph`): Cypher statements or neo4j-admin CSV files.

>>> with open("alice.cypher", "w", encoding="utf-8") as out:  # doctest: +SKIP
...     export_cypher(chronomem.open("memory.db", namespace="alice"), out)
"""

from __future__ import annotations

from pathlib import Path
from typing import IO, TYPE_CHECKING

from ._csv import write_csv
from ._cypher import statements
from ._dump import read_dump
from ._graph import Graph, graph_of

if TYPE_CHECKING:
    from .._memory import Memory

__all__ = ["export_csv", "export_cypher", "graph"]


def graph(memory: Memory) -> Graph:
    """``memory``'s namespace as a property graph (see :mod:`._graph` for its shape)."""
    return graph_of(memory.namespace, read_dump(memory).tables)


def export_cypher(memory: Memory, out: IO[str]) -> int:
    """Write ``memory``'s namespace to ``out`` as Cypher statements, one a line; returns how many."""
    n = 0
    for n, statement in enumerate(statements(graph(memory)), 1):  # noqa: B007 (n counts them)
        out.write(statement + "\n")
    return n


def export_csv(memory: Memory, directory: str | Path) -> list[Path]:
    """Write ``memory``'s namespace into ``directory`` as neo4j-admin import CSV files; returns their paths."""
    return write_csv(graph(memory), Path(directory))
