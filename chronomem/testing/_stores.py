"""Whole-store comparison: a namespace's every table in a form without ids or system times.

Erasing an episode must leave what a store that never saw it holds, and nothing more: no entity, alias, name
key, mention, full-text document, vector, contradiction or statement that exists only because of it. So the
test that checks it compares the whole store, every table, with a store that ingested only the other messages
in the same order (:class:`EraseMixTests`). What two such stores cannot share is left out, and only that:

* ids the store makes up (fact row ids, contradiction ids, full-text document ids): each reference to one is
  replaced by what it references (a fact row by its subject, predicate, value, valid time, kind and modality);
  an entity id by the entity's type and name, so a slug taken by an erased entity cannot hide a difference;
* system time (when rows were recorded, closed, settled): only whether a row is believed now, whether an
  episode is retracted and whether a contradiction is settled are kept;
* history: an erase replays the episode's slots, so the erased store holds closed rows the other never
  wrote. Of all system time, what is compared is which claims were ever stored (the same set), which episodes
  ever supported a row and which terms fact documents ever held; the rows believed now are compared whole,
  with their support;
* revision links and the erased rows' stubs (``revisions``, ``erased_rows``), and the audit record of erases
  (``erasures``): they are content-free by design and exist because an erase happened.

:func:`dump_store` reads a namespace through ``engine.dump`` (:class:`Dumps`; both SQL engines have it) and
gives a :class:`StoreDump`; ``view="now"`` keeps only what reads as of now see (the rows believed now, the
open contradictions): what a retraction, which keeps history, must leave equal.

>>> mine, fresh = dump_store(engine, "erased"), dump_store(engine, "fresh")  # doctest: +SKIP
>>> assert mine == fresh, "\\n".join(mine.diff(fresh))  # doctest: +SKIP
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal, Protocol

from .._names import name_key
from ..engines._sql import INF

__all__ = ["Dumps", "StoreDump", "dump_store"]

Table = Sequence[Mapping[str, Any]]


class Dumps(Protocol):
    """An engine that can list a namespace's rows table by table (``SqlEngine.dump``)."""

    def dump(self, namespace: str) -> dict[str, list[dict[str, Any]]]: ...


@dataclass(frozen=True)
class StoreDump:
    """A namespace's store, id-free: per part (a table, or one view of one), its rows as sorted text."""

    parts: Mapping[str, tuple[str, ...]]

    def diff(self, other: StoreDump) -> list[str]:
        """What differs, one line per row: ``- part: row`` only here, ``+ part: row`` only in ``other``."""
        out = []
        for part in sorted(self.parts.keys() | other.parts.keys()):
            mine, theirs = Counter(self.parts.get(part, ())), Counter(other.parts.get(part, ()))
            out += [f"- {part}: {row}" for row in sorted((mine - theirs).elements())]
            out += [f"+ {part}: {row}" for row in sorted((theirs - mine).elements())]
        return out


def dump_store(engine: Dumps, namespace: str, view: Literal["all", "now"] = "all") -> StoreDump:
    """``namespace`` of ``engine`` as a :class:`StoreDump` (see the module docstring for what is compared)."""
    tables = engine.dump(namespace)
    keys = _Keys(tables)
    parts = {"facts now": _facts_now(tables, keys), "conflicts open": _conflicts(tables, keys, open_only=True)}
    if view == "all":
        parts.update(_everything(tables, keys))
    return StoreDump({name: tuple(sorted(rows)) for name, rows in parts.items()})


class _Keys:
    """What the made-up ids of one dump stand for: an entity's type and name, a fact row's claim and time."""

    def __init__(self, tables: Mapping[str, Table]) -> None:
        self.entities = {e["id"]: f"{e['type']}:{e['name']}" for e in tables["entities"]}
        self.rows = {f["row_id"]: self.fact(f) for f in tables["facts"]}

    def entity(self, ident: str | None) -> str | None:
        return None if ident is None else self.entities.get(ident, f"?{ident}")  # "?": names no stored entity

    def claim(self, r: Mapping[str, Any]) -> str:
        return _text(self.entity(r["subject"]), r["predicate"], self.entity(r["object_id"]), r["value"], r["kind"],
                     r["modality"])  # fmt: skip

    def fact(self, r: Mapping[str, Any]) -> str:
        return _text(self.claim(r), r["valid_from"], r["valid_to"])

    def row(self, row_id: int | None) -> str:
        return "-" if row_id is None else self.rows.get(int(row_id), f"?row {row_id}")


def _text(*values: object) -> str:
    return json.dumps(values, ensure_ascii=False, default=str)


def _facts_now(tables: Mapping[str, Table], keys: _Keys) -> list[str]:
    support: dict[int, list[tuple[str, int, int]]] = {}
    for s in tables["support"]:
        if s["removed"] == INF:
            support.setdefault(s["row_id"], []).append((s["episode_id"], s["valid_from"], s["valid_to"]))
    return [_text(keys.fact(f), float(f["confidence"]), sorted(support.get(f["row_id"], [])))
            for f in tables["facts"] if f["recorded_to"] == INF]  # fmt: skip


def _conflicts(tables: Mapping[str, Table], keys: _Keys, *, open_only: bool) -> list[str]:
    return [
        _text(keys.claim(c), c["valid_from"], c["valid_to"], float(c["confidence"]), c["episode_id"],
              sorted(keys.row(r) for r in json.loads(c["against"])), c["why"], c["settled"] is not None,
              c["settlement"], bool(c["clash"]))
        for c in tables["conflicts"] if not open_only or c["settled"] is None
    ]  # fmt: skip


def _everything(tables: Mapping[str, Table], keys: _Keys) -> dict[str, list[str]]:
    """Every table but the content-free ones (see the module docstring), each as rows of text."""
    t, e = tables, keys.entity
    return {
        "namespaces": ["(its record)" for _ in t["namespaces"]],  # the name is the one thing that differs
        "episodes": [
            _text(
                x["id"],
                x["content"],
                x["occurred"],
                x["kind"],
                x["role"],
                x["speaker"],
                x["session"],
                x["source"],
                x["metadata"],
                x["tz"],
                x["retracted"] is not None,
            )
            for x in t["episodes"]
        ],
        "entities": [
            _text(e(x["id"]), sorted(json.loads(x["aliases"]), key=name_key), e(x["merged_into"]))
            for x in t["entities"]
        ],
        "entity_names": [_text(x["name_key"], e(x["entity_id"])) for x in t["entity_names"]],
        "mentions": [_text(e(x["entity_id"]), x["name"], x["source"]) for x in t["mentions"]],
        "predicates": [_text(x["name"], bool(x["multi"])) for x in t["predicates"]],
        "claims ever stored": sorted({keys.claim(f) for f in t["facts"]}),
        "supporters ever": sorted({_text(s["episode_id"]) for s in t["support"]}),
        "statements": [
            _text(
                x["source"],
                x["op"],
                keys.claim(x),
                float(x["confidence"]),
                x["valid_from"],
                x["valid_to"],
                x["merge"] is not None,
            )
            for x in t["statements"]
        ],
        "conflicts": _conflicts(t, keys, open_only=False),
        "merges": [_text(e(x["source"]), e(x["target"]), x["unmerged"] is not None) for x in t["merges"]],
        "vectors": [_vector(x) for x in t["vectors"]],
        "documents": [
            _text(x["kind"], e(x["ref"]) if x["kind"] == "entity" else x["ref"], x["terms"])
            for x in t["fulltext"]
            if x["kind"] != "fact"
        ],
        "fact documents ever": sorted({_text(x["terms"]) for x in t["fulltext"] if x["kind"] == "fact"}),
    }


def _vector(x: Mapping[str, Any]) -> str:
    """A stored vector: what it is of, and a digest of its numbers (which are the embedder's)."""
    digest = hashlib.sha256(bytes(x["vec"])).hexdigest()[:16]
    return _text(x["model"], x["kind"], x["item"], x["part"], digest, x["context"])
