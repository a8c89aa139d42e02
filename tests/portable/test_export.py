"""The Cypher export loads into a real openCypher engine (graphqlite: Cypher over SQLite) and answers the three
queries of the Neo4j shape (current value, as of a past time, revision chain) exactly as chronomem's own reads
do; the CSV export is neo4j-admin's header format."""

from __future__ import annotations

import csv
import io
import itertools
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import graphqlite
import pysqlite3.dbapi2 as sqlite3  # graphqlite is an extension: this Python's sqlite3 cannot load one
import pytest
from hypothesis import HealthCheck, given, settings

from chronomem import Fact, Memory
from chronomem.contracts import FactQuery
from chronomem.engines._sql import INF
from chronomem.engines._sqlite import SqliteEngine
from chronomem.portable import export_csv, export_cypher
from chronomem.testing import ManualClock, at
from chronomem.testing._portable import build_store, memory, steps

#: §12's queries, with the slot named (type and subject) where a user holds many.
CURRENT = (
    "MATCH (u:User {user_id: $user})-[:HAS_FACT]->(f:Fact) WHERE f.type = $type AND f.subject = $subject "
    "AND f.tx_to IS NULL AND (f.valid_to IS NULL OR f.valid_to > $now) RETURN f.fact_id AS id, f.content AS content "
    "ORDER BY f.tx_from DESC"
)
AS_OF = (
    "MATCH (u:User {user_id: $user})-[:HAS_FACT]->(f:Fact) WHERE f.type = $type AND f.subject = $subject "
    "AND f.valid_from <= $t AND (f.valid_to IS NULL OR f.valid_to > $t) AND f.tx_from <= $as_of "
    "AND (f.tx_to IS NULL OR f.tx_to > $as_of) RETURN f.fact_id AS id"
)
# graphqlite returns nulls for ``UNWIND nodes(p) AS n RETURN n.fact_id``; a list comprehension over nodes(p) works
CHAIN = (
    "MATCH p = (start:Fact {fact_id: $id})-[:REVISED_TO*]->(latest:Fact) WHERE latest.tx_to IS NULL "
    "RETURN [n IN nodes(p) | n.fact_id] AS ids, [n IN nodes(p) | n.tx_from] AS times"
)
NOW = 2_000_000_000_000_000  # 2033: after every valid time the stores below use


def _loaded(mem: Memory) -> graphqlite.Connection:
    out = io.StringIO()
    export_cypher(mem, out)
    graph = graphqlite.wrap(sqlite3.connect(":memory:"))
    for statement in out.getvalue().splitlines():
        graph.cypher(statement.removesuffix(";"))
    return graph


@pytest.fixture
def mem(tmp_path: Path) -> Iterator[Memory]:
    engine = SqliteEngine(tmp_path / "m.db", clock=ManualClock())
    engine.migrate()
    yield memory(engine, "alice")
    engine.close()


def _chain(mem: Memory, start: int) -> list[int]:
    """The rows on a revision path from ``start`` to a row believed now (chronomem's ``versions``), by tx_from."""
    rows = {f.row_id: f for f in mem.engine.facts(mem.namespace, FactQuery())}  # every row, all system time
    links = [(r.old, r.new) for r in mem.versions(start) if r.new in rows and r.old in rows]
    forward: dict[int, set[int]] = {}
    for old, new in links:
        forward.setdefault(old, set()).add(new)

    def reach(i: int) -> set[int]:
        seen, frontier = set(), {i}
        while frontier:
            seen |= frontier
            frontier = {n for f in frontier for n in forward.get(f, ())} - seen
        return seen

    after = reach(start) - {start}
    ends = {i for i in after if rows[i].recorded.end is None}
    on_path = {i for i in after if reach(i) & ends} | ({start} if ends else set())
    return sorted(on_path, key=lambda i: (rows[i].recorded.start, i))


def _slot(mem: Memory, subject: str, predicate: str, valid_at: int, as_of: int | None = None) -> list[Fact]:
    """chronomem's read of one slot: ``Memory.values`` for an entity of its own; the engine's read by entity id
    for a merged one (``Memory`` reads the entity it was merged into by its id, which the graph does not)."""
    entity = mem.engine.entity(mem.namespace, subject)
    if entity is not None and entity.merged_into is None:
        return mem.values(subject, predicate, valid_at=at(valid_at), as_of=None if as_of is None else at(as_of))
    query = FactQuery(
        subject=subject, predicate=predicate, valid_at=valid_at, as_of=INF - 1 if as_of is None else as_of
    )
    return mem.engine.facts(mem.namespace, query)


def _same_answers(mem: Memory) -> int:
    """Run the three queries over every slot and probed point; returns how many answers were compared."""
    graph, compared = _loaded(mem), 0
    facts = mem.engine.dump(mem.namespace)["facts"]  # type: ignore[attr-defined]
    slots = sorted({(f["subject"], f["predicate"]) for f in facts})
    valid = sorted({int(f["valid_from"]) for f in facts} | {int(f["valid_from"]) + 1 for f in facts})
    system = sorted({int(f[c]) for f in facts for c in ("recorded_from", "recorded_to") if int(f[c]) < 1 << 62})
    for subject, predicate in slots:
        args = {"user": mem.namespace, "type": predicate, "subject": subject}
        got = graph.cypher(CURRENT, {**args, "now": NOW}).to_list()
        mine = _slot(mem, subject, predicate, NOW)
        assert sorted(r["id"] for r in got) == sorted(f.row_id for f in mine)
        if got:
            newest = max(mine, key=lambda f: (f.recorded.start, f.row_id))
            content = got[0]["content"]
            if isinstance(newest.value, dict):  # a map is no property value: its JSON text
                content = json.loads(content)
            assert content == (newest.object if newest.is_edge else newest.value)
        for t, as_of in itertools.product(valid, system):
            got = graph.cypher(AS_OF, {**args, "t": t, "as_of": as_of}).to_list()
            mine = _slot(mem, subject, predicate, t, as_of)
            assert sorted(r["id"] for r in got) == sorted(f.row_id for f in mine), (subject, predicate, t, as_of)
            compared += 1
    for f in facts:
        paths = graph.cypher(CHAIN, {"id": int(f["row_id"])}).to_list()
        found = {i: t for p in paths for i, t in zip(p["ids"], p["times"], strict=True)}
        assert sorted(found, key=lambda i: (found[i], i)) == _chain(mem, int(f["row_id"]))
        compared += 1
    return compared


def test_the_three_queries_answer_as_chronomem_does(mem: Memory) -> None:
    mem.assert_fact("Alice", "lives_in", "Berlin", valid_from=at(10))
    mem.assert_fact("Alice", "lives_in", "Paris", valid_from=at(20))  # a supersession: [10, 20) Berlin, then Paris
    mem.correct("Alice", "lives_in", "Rome", valid_from=at(20))  # Paris was wrong
    mem.assert_fact("Alice", "profile", value={"diet": "vegan", "tags": ["a", "b"]}, valid_from=at(5))
    mem.assert_fact("Alice", "age", value=30, valid_from=at(1))
    mem.correct("Alice", "age", value=31, valid_from=at(1))
    mem.retract("Alice", "age", value=31, valid_from=at(40))
    graph = _loaded(mem)
    current = graph.cypher(CURRENT, {"user": "alice", "type": "lives_in", "subject": "alice", "now": NOW}).to_list()
    assert [r["content"] for r in current] == ["rome"] and mem.value("Alice", "lives_in").object == "rome"  # type: ignore[union-attr]
    profile = graph.cypher(CURRENT, {"user": "alice", "type": "profile", "subject": "alice", "now": NOW}).to_list()
    assert profile[0]["content"] == '{"diet": "vegan", "tags": ["a", "b"]}'  # a map: its JSON text
    paris = mem.history("Alice", "lives_in", as_of=at(2))[-1]  # believed before the correction (tx 3)
    assert paris.object == "paris"
    (chain,) = graph.cypher(CHAIN, {"id": paris.row_id}).to_list()
    assert chain["ids"][0] == paris.row_id and mem.value("Alice", "lives_in").row_id == chain["ids"][-1]  # type: ignore[union-attr]
    edges = graph.cypher("MATCH (a:Entity)-[r:LIVES_IN]->(b:Entity) RETURN b.name AS place, r.tx_to AS tx_to").to_list()
    assert sorted(e["place"] for e in edges if e["tx_to"] is None) == ["Berlin", "Rome"]
    assert _same_answers(mem) > 50
    with pytest.raises(sqlite3.Error, match="constraint"):  # the export's unique constraint on Fact.fact_id
        graph.cypher(f"CREATE (:Fact {{fact_id: {paris.row_id}}})")


def test_the_queries_answer_as_chronomem_does_on_random_stores(tmp_path: Path) -> None:
    examples = itertools.count()

    @settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(script=steps())
    def same(script: list[tuple[Any, ...]]) -> None:
        engine = SqliteEngine(tmp_path / f"r{next(examples)}.db", clock=ManualClock())
        engine.migrate()
        try:
            mem = memory(engine, "alice")
            build_store(mem, script)
            _same_answers(mem)
        finally:
            engine.close()

    same()


def test_the_csv_files_are_neo4j_admin_import_files(mem: Memory, tmp_path: Path) -> None:
    mem.assert_fact("Alice", "lives_in", "Berlin", valid_from=at(10))
    mem.correct("Alice", "lives_in", "Paris", valid_from=at(10))
    mem.assert_fact("Alice", "nicknames", value=["Al", "Ali"], valid_from=at(10))
    files = {
        p.name: list(csv.reader(io.StringIO(p.read_text(encoding="utf-8")))) for p in export_csv(mem, tmp_path / "csv")
    }
    assert files["users.csv"] == [[":ID", "user_id", ":LABEL"], ["user:alice", "alice", "User"]]
    header, *facts = files["facts.csv"]
    assert header[:2] == [":ID", "fact_id:long"] and header[-1] == ":LABEL"
    by_id = {row[0]: dict(zip(header, row, strict=True)) for row in facts}
    berlin, paris = by_id["fact:1"], by_id["fact:2"]
    assert (berlin["content"], berlin["valid_to:long"], berlin["tx_to:long"] != "") == ("berlin", "", True)
    assert (paris["content"], paris["tx_to:long"]) == ("paris", "")  # an open end is an empty field
    assert by_id["fact:3"]["content"] == '["Al", "Ali"]'
    rels = files["relationships.csv"]
    assert rels[0][:3] == [":START_ID", ":END_ID", ":TYPE"]
    assert rels[[r[:3] for r in rels].index(["fact:1", "fact:2", "REVISED_TO"])][:3] == [
        "fact:1",
        "fact:2",
        "REVISED_TO",
    ]
    assert ["entity:alice", "entity:paris", "LIVES_IN"] in [r[:3] for r in rels]
    ids = {row[0] for name in ("users.csv", "entities.csv", "facts.csv") for row in files[name][1:]}
    assert all(r[0] in ids and r[1] in ids for r in rels[1:])  # every relationship joins two exported nodes
