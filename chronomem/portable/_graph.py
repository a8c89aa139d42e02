"""A namespace's rows as the property graph graph-memory users keep in Neo4j (a pure function of a dump).

The shape graph-memory users keep in Neo4j::

    (:User {user_id})-[:HAS_FACT]->(:Fact {fact_id, type, content, valid_from, valid_to, tx_from, tx_to, source, ...})
    (:Fact)-[:ABOUT]->(:Entity:<Type> {entity_id, name, type, aliases})
    (old:Fact)-[:REVISED_TO {reason, at}]->(new:Fact)
    (:Entity)-[:<PREDICATE> {fact_id, valid_from, valid_to, tx_from, tx_to}]->(:Entity)     a relationship fact

* The user is the namespace (``user_id`` is its name): a namespace is one user's, agent's or tenant's memory.
* Every fact row of every system time is a ``Fact``: ``type`` is its predicate, ``valid_from``/``tx_from`` its
  starts and ``valid_to``/``tx_to`` its ends, integers in UTC microseconds, ``null`` when open (``tx_to = null``
  is the record believed now). ``content`` is the value: a string, number, boolean or list of them as it is; a
  map (which a Neo4j property cannot hold) as its JSON text; an entity's id for a relationship fact, whose object
  is also ``object``. ``source`` lists the episodes that ever supported the row, comma-separated (``null`` for
  the application's own writes).
* A revision link with a new row (a correction, supersession, leftover of a cut, restoration, coalesce or merge:
  its ``reason``) is ``REVISED_TO``; a retraction closes a row (its ``tx_to``) with no link.
* Each entity is an ``Entity`` node also labelled by its type (``person`` -> ``Person``); a fact whose object is
  an entity is also an edge between the two entity nodes, typed by its predicate in capitals (``LIVES_IN``).
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..engines._sql import INF

__all__ = ["Graph", "Node", "Relationship", "graph_of", "label_of", "relationship_type"]

Tables = Mapping[str, Sequence[Mapping[str, Any]]]
_NOT_A_NAME = re.compile(r"\W+", re.UNICODE)


@dataclass(frozen=True)
class Node:
    """A node: ``key`` identifies it in the export (neo4j-admin's ``:ID``); ``match`` is the label, property and
    value a Cypher statement finds it by."""

    key: str
    labels: tuple[str, ...]
    properties: Mapping[str, Any]
    match: tuple[str, str, Any]


@dataclass(frozen=True)
class Relationship:
    start: Node
    end: Node
    type: str
    properties: Mapping[str, Any]


@dataclass(frozen=True)
class Graph:
    nodes: tuple[Node, ...]
    relationships: tuple[Relationship, ...]


def label_of(name: str) -> str:
    """A node label for an entity type: word characters only, first letter upper-cased (``person`` -> ``Person``)."""
    text = _NOT_A_NAME.sub("_", name).strip("_") or "Thing"
    return text[0].upper() + text[1:]


def relationship_type(predicate: str) -> str:
    """A relationship type for a predicate: word characters only, upper-cased (``lives_in`` -> ``LIVES_IN``)."""
    return _NOT_A_NAME.sub("_", predicate).strip("_").upper() or "RELATED_TO"


def _end(value: int) -> int | None:
    return None if int(value) == INF else int(value)


def _content(value: str | None, object_id: str | None) -> Any:
    if object_id is not None:
        return object_id
    decoded = None if value is None else json.loads(value)
    if isinstance(decoded, dict) or (isinstance(decoded, list) and any(isinstance(v, dict | list) for v in decoded)):
        return json.dumps(decoded, ensure_ascii=False, sort_keys=True)
    return decoded


def _entity(e: Mapping[str, Any]) -> Node:
    props = {"entity_id": e["id"], "name": e["name"], "type": e["type"], "aliases": sorted(json.loads(e["aliases"])),
             "merged_into": e["merged_into"]}  # fmt: skip
    return Node(f"entity:{e['id']}", ("Entity", label_of(e["type"])), props, ("Entity", "entity_id", e["id"]))


def graph_of(namespace: str, tables: Tables) -> Graph:
    """The graph of a namespace's ``tables`` (as :meth:`chronomem.engines.SqlEngine.dump` lists them)."""
    user = Node(f"user:{namespace}", ("User",), {"user_id": namespace}, ("User", "user_id", namespace))
    entities = {e["id"]: _entity(e) for e in sorted(tables["entities"], key=lambda e: e["id"])}
    sources: dict[int, set[str]] = {}
    for s in tables["support"]:
        if s["episode_id"]:
            sources.setdefault(int(s["row_id"]), set()).add(s["episode_id"])
    facts: dict[int, Node] = {}
    rels: list[Relationship] = []
    for f in sorted(tables["facts"], key=lambda f: int(f["row_id"])):
        rid = int(f["row_id"])
        times = {"valid_from": int(f["valid_from"]), "valid_to": _end(f["valid_to"]),
                 "tx_from": int(f["recorded_from"]), "tx_to": _end(f["recorded_to"])}  # fmt: skip
        props = {"fact_id": rid, "type": f["predicate"], "subject": f["subject"], "object": f["object_id"],
                 "content": _content(f["value"], f["object_id"]), **times,
                 "source": ",".join(sorted(sources[rid])) if rid in sources else None, "kind": f["kind"],
                 "modality": f["modality"], "confidence": float(f["confidence"])}  # fmt: skip
        node = facts[rid] = Node(f"fact:{rid}", ("Fact",), props, ("Fact", "fact_id", rid))
        rels.append(Relationship(user, node, "HAS_FACT", {}))
        subject, obj = entities.get(f["subject"]), entities.get(f["object_id"] or "")
        if subject is not None:
            rels.append(Relationship(node, subject, "ABOUT", {}))
            if obj is not None:
                rels.append(Relationship(subject, obj, relationship_type(f["predicate"]), {"fact_id": rid, **times}))
    for r in sorted(tables["revisions"], key=lambda r: (int(r["at"]), int(r["old_row"]), r["new_row"] or 0)):
        old, new = facts.get(int(r["old_row"])), None if r["new_row"] is None else facts.get(int(r["new_row"]))
        if old is not None and new is not None:
            rels.append(Relationship(old, new, "REVISED_TO", {"reason": r["reason"], "at": int(r["at"])}))
    return Graph((user, *entities.values(), *facts.values()), tuple(rels))
