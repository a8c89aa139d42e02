"""The graph (:mod:`._graph`) as CSV files in ``neo4j-admin database import``'s header format.

Four files in one directory: ``users.csv``, ``entities.csv`` and ``facts.csv`` (nodes: ``:ID``, typed properties,
``:LABEL``) and ``relationships.csv`` (``:START_ID``, ``:END_ID``, ``:TYPE``, typed properties). An empty field
is an absent property (an open ``valid_to``/``tx_to``); arrays are split on ``;``; a fact's ``content`` is a
string column: a string value as it is, any other value as its JSON text. Import with::

    neo4j-admin database import full --nodes=users.csv --nodes=entities.csv --nodes=facts.csv \\
        --relationships=relationships.csv neo4j
"""

from __future__ import annotations

import csv
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ._graph import Graph, Node

__all__ = ["FILES", "write_csv"]

#: Each file's header: property columns as ``name:type`` (neo4j-admin's types; no type is a string).
FILES: dict[str, tuple[str, ...]] = {
    "users.csv": (":ID", "user_id", ":LABEL"),
    "entities.csv": (":ID", "entity_id", "name", "type", "aliases:string[]", "merged_into", ":LABEL"),
    "facts.csv": (":ID", "fact_id:long", "type", "subject", "object", "content", "valid_from:long", "valid_to:long",
                  "tx_from:long", "tx_to:long", "source", "kind", "modality", "confidence:double", ":LABEL"),
    "relationships.csv": (":START_ID", ":END_ID", ":TYPE", "fact_id:long", "valid_from:long", "valid_to:long",
                          "tx_from:long", "tx_to:long", "reason", "at:long"),
}  # fmt: skip


def _field(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list | tuple):
        return ";".join(str(v) for v in value)
    return str(value)


def _node_row(node: Node, header: Sequence[str]) -> list[str]:
    row = []
    for column in header:
        key = column.split(":")[0]
        if column == ":ID":
            row.append(node.key)
        elif column == ":LABEL":
            row.append(";".join(node.labels))
        elif key == "content" and not isinstance(node.properties[key], str | None):
            row.append(json.dumps(node.properties[key], ensure_ascii=False, sort_keys=True))
        else:
            row.append(_field(node.properties.get(key)))
    return row


def write_csv(graph: Graph, directory: Path) -> list[Path]:
    """Write ``graph`` as :data:`FILES` into ``directory`` (made if missing); returns the files written."""
    directory.mkdir(parents=True, exist_ok=True)
    kinds = {"users.csv": "User", "entities.csv": "Entity", "facts.csv": "Fact"}
    written = []
    for file, header in FILES.items():
        path = directory / file
        with path.open("w", encoding="utf-8", newline="") as out:
            w = csv.writer(out)
            w.writerow(header)
            if file in kinds:
                w.writerows(_node_row(n, header) for n in graph.nodes if n.labels[0] == kinds[file])
            else:
                for r in graph.relationships:
                    props = [_field(r.properties.get(c.split(":")[0])) for c in header[3:]]
                    w.writerow([r.start.key, r.end.key, r.type, *props])
        written.append(path)
    return written
