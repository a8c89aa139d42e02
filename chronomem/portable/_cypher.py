"""The graph (:mod:`._graph`) as Cypher statements, one a line, that Neo4j (``cypher-shell -f``) or any openCypher
engine runs in order: the unique constraint and indexes of the Neo4j shape (:mod:`._graph`), then the nodes, then the
relationships (each found by its ends' identifying property).

Every value is a literal rendered here (:func:`literal`), every label and type quoted (:func:`name`): nothing from
the store is pasted into a statement unquoted.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterator, Mapping
from typing import Any

from ._graph import Graph, Node

__all__ = ["SCHEMA", "literal", "name", "statements"]

#: The constraint and indexes of §12 (Neo4j 5 syntax).
SCHEMA = (
    "CREATE CONSTRAINT fact_id IF NOT EXISTS FOR (f:Fact) REQUIRE f.fact_id IS UNIQUE;",
    "CREATE INDEX user_id IF NOT EXISTS FOR (u:User) ON (u.user_id);",
    "CREATE INDEX fact_type IF NOT EXISTS FOR (f:Fact) ON (f.type);",
    "CREATE INDEX fact_valid_from IF NOT EXISTS FOR (f:Fact) ON (f.valid_from);",
    "CREATE INDEX fact_tx_from IF NOT EXISTS FOR (f:Fact) ON (f.tx_from);",
    "CREATE INDEX entity_id IF NOT EXISTS FOR (e:Entity) ON (e.entity_id);",
)
_ESCAPES = {"\\": "\\\\", "'": "\\'", "\n": "\\n", "\r": "\\r", "\t": "\\t"}


def name(text: str) -> str:
    """A label, relationship type or property key, backquoted when it is not a plain identifier."""
    if text.isidentifier() and text.isascii():
        return text
    return "`" + text.replace("`", "``") + "`"


def literal(value: Any) -> str:
    """A Cypher literal for a property value: null, a boolean, number, string or list of them."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if not math.isfinite(value):
            raise ValueError(f"no Cypher literal for {value}")
        return repr(value)
    if isinstance(value, str):
        return "'" + "".join(_ESCAPES.get(ch, ch) for ch in value) + "'"
    if isinstance(value, list | tuple):
        return "[" + ", ".join(literal(v) for v in value) + "]"
    return literal(json.dumps(value, ensure_ascii=False, sort_keys=True))


def _properties(props: Mapping[str, Any]) -> str:
    # a null property is no property in Cypher: leave it out (reading it gives null all the same)
    return ", ".join(f"{name(k)}: {literal(v)}" for k, v in props.items() if v is not None)


def _find(var: str, node: Node) -> str:
    label, key, value = node.match
    return f"({var}:{name(label)} {{{name(key)}: {literal(value)}}})"


def statements(graph: Graph) -> Iterator[str]:
    """The statements of ``graph``, each one line ending in ``;``."""
    yield from SCHEMA
    for node in graph.nodes:
        yield f"CREATE (:{':'.join(name(lb) for lb in node.labels)} {{{_properties(node.properties)}}});"
    for rel in graph.relationships:
        props = _properties(rel.properties)
        yield (
            f"MATCH {_find('a', rel.start)}, {_find('b', rel.end)} "
            f"CREATE (a)-[:{name(rel.type)}{' {' + props + '}' if props else ''}]->(b);"
        )
