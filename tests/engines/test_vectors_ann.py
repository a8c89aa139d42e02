"""engines/_vectors.py above its graph threshold: the approximate path agrees with the exact one, keeps to
``as_of``, catches up with new rows and starts over after an erase."""

from __future__ import annotations

import os
import sys
import threading
from collections.abc import Sequence
from typing import Any

import numpy as np
import pytest

from chronomem.engines import _vectors
from chronomem.engines._vectors import VectorSpaces, to_blob

pytest.importorskip("voyager", reason="the graph needs voyager (a dependency)")

THRESHOLD = 1000
DIM = 64


class Table:
    """A stand-in for the vectors table: rows ``(kind, item, recorded, blob)`` in system-time order."""

    def __init__(self) -> None:
        self.rows: list[tuple[Any, ...]] = []
        self.reads = 0

    def add(self, vectors: np.ndarray, *, first_time: int, items: Sequence[str] | None = None) -> None:
        for i, v in enumerate(vectors):
            t = first_time + i
            self.rows.append(("episode", items[i] if items else f"e{t}", t, to_blob(v)))

    def since(self, seen: int) -> list[tuple[Any, ...]]:
        self.reads += 1
        return [r for r in self.rows if r[2] > seen]

    @property
    def last(self) -> int:
        """The namespace's last write (the newest row's time)."""
        return int(self.rows[-1][2]) if self.rows else 0


def unit(rng: np.random.Generator, n: int, clustered: bool = False) -> np.ndarray:
    if clustered:  # 50 tight clusters, as topics make real text embeddings
        centres = rng.standard_normal((50, DIM))
        x = centres[rng.integers(0, 50, n)] + 0.35 * rng.standard_normal((n, DIM))
    else:
        x = rng.standard_normal((n, DIM))
    return (x / np.linalg.norm(x, axis=1, keepdims=True)).astype(np.float32)


def search(spaces: VectorSpaces, table: Table, q: np.ndarray, k: int, as_of: int | None = None, epoch: int = 0):
    return spaces.search("ns", "m", (1, table.last, epoch), table.since, q, k, as_of)


def built(spaces: VectorSpaces, table: Table, q: np.ndarray, epoch: int = 0) -> None:
    """One search to wake the builder, then wait for it."""
    search(spaces, table, q, 1, epoch=epoch)
    spaces.settle(60)
    space = spaces._spaces[("ns", "m")]
    assert space.graph is not None and space.n - space.graph.size < _vectors._TAIL


def recall(found: list[tuple[str, str, float]], truth: list[tuple[str, str, float]]) -> float:
    return len({f[1] for f in found} & {t[1] for t in truth}) / len(truth)


@pytest.mark.parametrize("clustered", [False, True], ids=["random", "clustered"])
@pytest.mark.parametrize("k", [10, 100])
def test_the_graph_agrees_with_exact_search(clustered: bool, k: int) -> None:
    rng = np.random.default_rng(1)
    table = Table()
    table.add(unit(rng, 6000, clustered), first_time=1)
    graph, exact = VectorSpaces(approximate_from=THRESHOLD), VectorSpaces(approximate_from=10**9)
    queries = unit(rng, 40, clustered)
    built(graph, table, queries[0])
    recalls = []
    for q in queries:
        found, truth = search(graph, table, q, k), search(exact, table, q, k)
        assert len(found) == k
        assert [s for *_, s in found] == sorted((s for *_, s in found), reverse=True)
        recalls.append(recall(found, truth))
    assert np.mean(recalls) >= 0.95, recalls


def test_the_rows_are_read_again_only_after_a_new_write() -> None:
    rng, table, spaces = np.random.default_rng(3), Table(), VectorSpaces(approximate_from=10**9)
    table.add(unit(rng, 20), first_time=1)
    q = unit(rng, 1)[0]
    first = search(spaces, table, q, 5)
    assert search(spaces, table, q, 5) == first and table.reads == 1  # the same last write: nothing to read
    table.add(q[None, :], first_time=100, items=["new"])
    assert search(spaces, table, q, 1)[0][1] == "new" and table.reads == 2


@pytest.mark.skipif(sys.platform != "linux", reason="a niceness per thread is Linux's")
def test_the_graph_is_built_at_a_lower_priority_than_searches(monkeypatch: pytest.MonkeyPatch) -> None:
    """The builder (and the threads voyager starts from it) yields the cores to searches and writes."""
    seen: list[int] = []
    add = _vectors._Graph.add

    def spy(graph: Any, matrix: np.ndarray, end: int) -> None:
        seen.append(os.getpriority(os.PRIO_PROCESS, threading.get_native_id()))
        add(graph, matrix, end)

    monkeypatch.setattr(_vectors._Graph, "add", spy)
    rng, table = np.random.default_rng(4), Table()
    table.add(unit(rng, 1500), first_time=1)
    mine = os.getpriority(os.PRIO_PROCESS, threading.get_native_id())
    built(VectorSpaces(approximate_from=THRESHOLD), table, unit(rng, 1)[0])
    assert seen and min(seen) >= _vectors.BUILDER_NICE
    assert os.getpriority(os.PRIO_PROCESS, threading.get_native_id()) == mine  # the caller's own is untouched


def test_small_spaces_are_searched_exactly_and_never_get_a_graph() -> None:
    rng = np.random.default_rng(2)
    table = Table()
    table.add(unit(rng, THRESHOLD - 1), first_time=1)
    spaces, exact = VectorSpaces(approximate_from=THRESHOLD), VectorSpaces(approximate_from=10**9)
    q = unit(rng, 1)[0]
    assert search(spaces, table, q, 50) == search(exact, table, q, 50)
    spaces.settle(60)
    assert spaces._spaces[("ns", "m")].graph is None


def test_as_of_in_the_past_returns_only_rows_recorded_by_then() -> None:
    rng = np.random.default_rng(3)
    table = Table()
    table.add(unit(rng, 5000), first_time=1)
    spaces, exact = VectorSpaces(approximate_from=THRESHOLD), VectorSpaces(approximate_from=10**9)
    built(spaces, table, unit(rng, 1)[0])
    for as_of in (4900, 4000, 200):  # nearly all (the graph, over-fetching), most, few (exact)
        for q in unit(rng, 10):
            found = search(spaces, table, q, 20, as_of)
            assert len(found) == 20
            assert all(int(item[1:]) <= as_of for _, item, _ in found)
            assert recall(found, search(exact, table, q, 20, as_of)) >= 0.8


def test_rows_added_after_the_graph_are_found_and_join_it() -> None:
    rng = np.random.default_rng(4)
    table = Table()
    table.add(unit(rng, 3000), first_time=1)
    spaces = VectorSpaces(approximate_from=THRESHOLD)
    built(spaces, table, unit(rng, 1)[0])
    fresh = unit(rng, 5)
    table.add(fresh, first_time=10_001)  # fewer than the tail: scanned exactly beside the graph
    for i, v in enumerate(fresh):
        assert search(spaces, table, v, 3)[0][1] == f"e{10_001 + i}"
    many = unit(rng, 2 * _vectors._TAIL)
    table.add(many, first_time=20_001)  # more: the builder adds them to the graph
    built(spaces, table, many[0])
    assert spaces._spaces[("ns", "m")].graph.size == 3005 + 2 * _vectors._TAIL  # type: ignore[union-attr]
    for i in (0, 100, 2 * _vectors._TAIL - 1):
        assert search(spaces, table, many[i], 3)[0][1] == f"e{20_001 + i}"


def test_a_new_epoch_drops_the_graph_and_the_erased_vectors() -> None:
    rng = np.random.default_rng(5)
    table = Table()
    vectors = unit(rng, 3000)
    table.add(vectors, first_time=1)
    spaces = VectorSpaces(approximate_from=THRESHOLD)
    built(spaces, table, vectors[0])
    assert search(spaces, table, vectors[7], 1)[0][1] == "e8"
    table.rows = [r for r in table.rows if r[1] != "e8"]  # an erase: the cache epoch moves
    found = search(spaces, table, vectors[7], 5, epoch=1)
    assert "e8" not in {item for _, item, _ in found}
    spaces.settle(60)
    assert spaces._spaces[("ns", "m")].graph is not None  # rebuilt for the new epoch
    assert "e8" not in {item for _, item, _ in search(spaces, table, vectors[7], 5, epoch=1)}


def test_identical_vectors_share_a_node_and_each_item_is_returned_once() -> None:
    rng = np.random.default_rng(6)
    table = Table()
    base = unit(rng, 300)
    repeated = np.tile(base, (10, 1))  # as bench search stores LoCoMo's repeats
    table.add(repeated, first_time=1)
    spaces, exact = VectorSpaces(approximate_from=THRESHOLD), VectorSpaces(approximate_from=10**9)
    built(spaces, table, base[0])
    assert len(spaces._spaces[("ns", "m")].graph.rows) == 300  # type: ignore[union-attr]
    for q in unit(rng, 10):
        found, truth = search(spaces, table, q, 100), search(exact, table, q, 100)
        assert len({item for _, item, _ in found}) == 100
        assert [round(s, 5) for *_, s in found] == [round(s, 5) for *_, s in truth]


@pytest.mark.parametrize("chunk", [7, 10_000], ids=["chunks", "one-call"])
def test_a_graph_keeps_each_distinct_vector_once_even_when_keys_collide(chunk: int) -> None:
    """Nodes by the vectors themselves, whatever their keys: with every key the same (weights zero), the
    300 distinct vectors of 3,000 rows still make 300 nodes, each holding its rows in order."""
    rng = np.random.default_rng(9)
    base = unit(rng, 300)
    order = rng.permutation(np.tile(np.arange(300), 10))
    matrix = base[order]
    for weights in ("random", "zero"):
        graph = _vectors._Graph(DIM)
        if weights == "zero":
            graph._weights[:] = 0
        for end in range(chunk, len(matrix) + chunk, chunk):
            graph.add(matrix, min(end, len(matrix)))
        assert len(graph.rows) == 300 and graph.size == len(matrix)
        for rows in graph.rows:
            assert rows == sorted(rows) and len(set(order[rows].tolist())) == 1
        assert sorted(r for rows in graph.rows for r in rows) == list(range(len(matrix)))


def test_several_rows_of_one_item_give_its_best_row_once() -> None:
    rng = np.random.default_rng(7)
    table = Table()
    vectors = unit(rng, 4000)
    table.add(vectors, first_time=1, items=[f"i{t // 4}" for t in range(4000)])  # 4 parts per item
    spaces, exact = VectorSpaces(approximate_from=THRESHOLD), VectorSpaces(approximate_from=10**9)
    built(spaces, table, vectors[0])
    for q in unit(rng, 10):
        found = search(spaces, table, q, 50)
        assert len({item for _, item, _ in found}) == 50
        assert recall(found, search(exact, table, q, 50)) >= 0.9


def test_without_voyager_search_stays_exact(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_vectors, "_graph_type", lambda: None)
    rng = np.random.default_rng(8)
    table = Table()
    table.add(unit(rng, 2000), first_time=1)
    spaces, exact = VectorSpaces(approximate_from=THRESHOLD), VectorSpaces(approximate_from=10**9)
    q = unit(rng, 1)[0]
    assert search(spaces, table, q, 30) == search(exact, table, q, 30)
    spaces.settle(60)
    assert spaces._spaces[("ns", "m")].graph is None


def test_the_graph_shares_a_process_with_onnxruntime() -> None:
    """usearch, the first choice, crashed the interpreter when onnxruntime was imported after it (CI)."""
    import subprocess
    import sys

    code = "import voyager, onnxruntime; print('ok')"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and done.stdout.strip() == "ok", done.stderr[-500:]
