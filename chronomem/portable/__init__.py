"""Moving a memory: dump a namespace to a file, restore it on either engine, export it in the Neo4j shape.

>>> import chronomem
>>> from chronomem import portable
>>> with open("alice.jsonl", "w", encoding="utf-8") as out:  # doctest: +SKIP
...     portable.dump(chronomem.open("memory.db", namespace="alice"), out)
>>> with open("alice.jsonl", encoding="utf-8") as src:  # doctest: +SKIP
...     portable.restore(chronomem.open("postgresql://localhost/mem", namespace="alice"), src)
>>> with open("alice.cypher", "w", encoding="utf-8") as out:  # doctest: +SKIP
...     portable.export_cypher(chronomem.open("memory.db", namespace="alice"), out)

* :func:`dump` / :func:`restore`: JSON lines (:mod:`._format`), every stored row with both time axes; a restore
  gives a store whose every read at every (valid, as-of) point equals the original's, on either engine;
* :func:`export_cypher` / :func:`export_csv`: the Neo4j shape of a bitemporal memory (:mod:`._graph`).

The CLI: ``chronomem dump``, ``chronomem restore`` and ``chronomem export``.
"""

from __future__ import annotations

from ._dump import Portable, Restored, dump, read_dump, restore
from ._export import export_csv, export_cypher, graph
from ._format import FORMAT, VERSION, Dump, Header, read_lines, write_lines
from ._graph import Graph, Node, Relationship, graph_of

__all__ = [
    "FORMAT",
    "VERSION",
    "Dump",
    "Graph",
    "Header",
    "Node",
    "Portable",
    "Relationship",
    "Restored",
    "dump",
    "export_csv",
    "export_cypher",
    "graph",
    "graph_of",
    "read_dump",
    "read_lines",
    "restore",
    "write_lines",
]
