"""Vector search: vectors are stored with what they embed, in its write transaction; they are searched in
process, by a matrix that catches up with the table before every search, exactly or, in a large space,
through an HNSW graph beside it.

Why not an index inside the database: exact search in numpy over a namespace's vectors is several times faster
than ``sqlite-vec``'s exact search (which also needs ``pysqlite3``, as the stdlib module cannot load
extensions). Both engines share this one path, so they return the same results (the core never branches on
the engine); PostgreSQL's ``pgvector``, where installed, is what a larger-than-memory namespace wants, and
``chronomem doctor`` reports whether the server has it.

The matrix of a namespace and a model is keyed by what makes it current: the namespace's creation time (an
erased and re-created namespace starts over), its cache epoch (an erase moves it, see :mod:`._cache`), and the
system time of the last row it holds (writers to one namespace are serialised and system time increases, so
``recorded > seen`` is exactly what it has not read). A search therefore never misses a committed vector and
never returns an erased one.

**Exact or approximate.** A search of a large namespace must stay within a few milliseconds for its vectors. A
space is searched exactly (every row, as above) unless all of these hold, and then through its graph:

* it has at least :data:`APPROXIMATE_FROM` (20,000) rows, where exact search starts to cost milliseconds;
  smaller spaces (and so the conformance suite) get exactly the same results on every engine;
* ``voyager`` is importable (a dependency; without it every search stays exact);
* its graph is not being built and lags the matrix by fewer than 256 rows (those are scored exactly beside it);
* ``as_of`` admits at least 90% of the rows (``None`` or at/after the newest row: all): the graph is asked for
  ``4 k`` nodes divided by that share, its candidates are scored exactly on the float32 matrix, rows recorded
  after ``as_of`` are dropped, and if fewer than ``k`` items remain the search is redone exactly.

The graph (voyager's HNSW: inner product, M = 16, efConstruction = 128, efSearch = max(200, asked); vectors held
as 8-bit floats (E4M3), a quarter of the matrix's float32 bytes, as the candidates are re-scored on the
matrix) has one node per distinct vector: identical vectors (a text stored again; the bench's repeats) crowd
each other out of the neighbour lists and hide the true neighbours. A builder thread makes it (all cores; the
search that wakes it does not wait, and searches stay exact until it is done) and catches it up when 256 or
more rows arrived; a new epoch starts a new space and so a new graph; the builder drops a graph whose space
was dropped. The lock still guards every search; the builder takes it only to read and to publish. The
builder runs at a lower priority (niceness 10, Linux) and keys and compares rows in numpy, so that searches
meanwhile wait neither for a core nor for the interpreter's lock.

The library is voyager (Spotify; no dependencies, a small wheel) because it searches as fast and as well as
the alternatives measured and can share a process with onnxruntime: usearch, faster to build, crashes the
interpreter when ``usearch.index`` is imported before ``onnxruntime``; faiss's IVF recalls less; hnswlib has no
wheel. E4M3 storage keeps the recall of float32 in a quarter of its memory, for a slower build in the
background. The measurements behind these choices are in ``bench/README.md``.

On PostgreSQL with pgvector (:mod:`._pgvector`), a namespace with 20,000 vectors of one model or more is searched
in the server through pgvector's HNSW index instead, and smaller ones here.
"""

from __future__ import annotations

import functools
import math
import os
import sys
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final, cast

import numpy as np
import numpy.typing as npt

from .._log import logger
from ..errors import InvalidValue

if TYPE_CHECKING:
    from types import ModuleType

__all__ = ["APPROXIMATE_FROM", "VectorSpaces", "to_blob"]

_GROWTH: Final = 1.5
#: Rows from which a space is searched through a graph (exact below, where exact search is cheap).
APPROXIMATE_FROM: Final = 20_000
#: Rows the graph may lag behind the space: a search scans them exactly; more wake the builder.
_TAIL: Final = 256
#: Rows the builder adds between two looks at whether its space is still current.
_CHUNK: Final = 8192
#: The graph is used when ``as_of`` admits at least this share of the rows (over-fetching by its inverse).
_ADMIT: Final = 0.9
#: Least candidates a graph search explores (HNSW's efSearch); a search asks ``4 k`` nodes.
_EXPLORE: Final = 200
#: The builder thread's niceness (Linux): searches and writes go first when both want a core.
BUILDER_NICE: Final = 10
#: Graph parameters (M and efConstruction in HNSW's terms); see the module docstring.
_CONNECTIVITY: Final = 16
_EXPANSION_ADD: Final = 128


def to_blob(vector: npt.NDArray[np.float32]) -> bytes:
    """How a vector is stored: float32, little-endian."""
    return np.ascontiguousarray(vector, dtype="<f4").tobytes()


@functools.cache
def _graph_type() -> ModuleType | None:
    """The ``voyager`` module, or ``None`` when it cannot be imported: search stays exact."""
    try:
        import voyager  # type: ignore[import-untyped]  # no type information shipped
    except ImportError:
        return None
    return cast("ModuleType", voyager)


class _Graph:
    """An HNSW graph over the first ``size`` rows of a space, one node per distinct vector (a node's rows are
    the rows holding that vector, oldest first). Identical vectors as separate nodes crowd each other out of
    the neighbour lists and hide the rest: on LoCoMo's turns repeated to 100,000 (as ``bench search`` loads
    them), recall@100 fell to 0.94 on average and 0.31 at worst at ``expansion_search=400``."""

    def __init__(self, dim: int) -> None:
        voyager = _graph_type()
        assert voyager is not None  # the caller checked
        self.index = voyager.Index(
            voyager.Space.InnerProduct,
            num_dimensions=dim,
            M=_CONNECTIVITY,
            ef_construction=_EXPANSION_ADD,
            storage_data_type=voyager.StorageDataType.E4M3,  # 8-bit floats: a quarter of the matrix's memory
        )
        self.size = 0
        self.rows: list[list[int]] = []
        self._by_key: dict[int, list[int]] = {}  # a vector's key -> its nodes (more than one only by chance)
        # a row's key: its 32-bit words weighted by odd 64-bit numbers, summed modulo 2**64 (in numpy)
        self._weights = np.random.default_rng(0).integers(1, 2**63, size=dim, dtype=np.uint64) | np.uint64(1)

    def add(self, matrix: npt.NDArray[np.float32], end: int) -> None:
        """Take rows ``size`` to ``end`` of ``matrix`` (a row's vector never changes once stored).

        Rows are keyed and compared with their node's first row in numpy, a chunk at a time, so that the
        builder holds the interpreter's lock for a dictionary lookup a row: a loop that hashed and compared
        each row in Python held it for much of a build, and searches meanwhile waited for it at every call
        into C."""
        keys = (matrix[self.size : end].view(np.uint32) @ self._weights).tolist()
        new: list[int] = []
        seen: list[tuple[int, list[int]]] = []  # (row, the nodes of its key): to be confirmed
        for row, key in enumerate(keys, self.size):
            nodes = self._by_key.get(key)
            if nodes is None:
                self._by_key[key] = [len(self.rows)]
                self.rows.append([row])
                new.append(row)
            else:
                seen.append((row, nodes))
        for lo in range(0, len(seen), _CHUNK):
            part = seen[lo : lo + _CHUNK]
            firsts = [self.rows[nodes[0]][0] for _, nodes in part]
            same = (matrix[[row for row, _ in part]] == matrix[firsts]).all(axis=1).tolist()
            for (row, nodes), equal in zip(part, same, strict=True):
                if equal:
                    self.rows[nodes[0]].append(row)
                else:  # another vector with the same key
                    self._place(matrix, row, nodes, new)
        if new:
            first = len(self.rows) - len(new)
            self.index.add_items(matrix[new], ids=list(range(first, len(self.rows))), num_threads=-1)
        self.size = end

    def _place(self, matrix: npt.NDArray[np.float32], row: int, nodes: list[int], new: list[int]) -> None:
        """Add ``row`` to the node among ``nodes`` (one key's) that holds its vector, else to a new one."""
        for node in nodes[1:]:
            if np.array_equal(matrix[self.rows[node][0]], matrix[row]):
                self.rows[node].append(row)
                return
        nodes.append(len(self.rows))
        self.rows.append([row])
        new.append(row)

    def near(self, query: npt.NDArray[np.float32], count: int) -> list[list[int]]:
        """The rows of the ``count`` nodes nearest ``query`` (approximately), per node."""
        count = min(count, len(self.rows))
        nodes, _ = self.index.query(query, k=count, query_ef=max(_EXPLORE, count))
        return [self.rows[int(node)] for node in np.asarray(nodes).reshape(-1)]


@dataclass
class _Space:
    """The vectors of one namespace and one model, as read so far."""

    created: int
    epoch: int
    seen: int = 0  # system time of the newest row read
    looked: int = -1  # the namespace's last write when the rows were last read
    n: int = 0
    keys: list[tuple[str, str]] = field(default_factory=list)  # (kind, item) per row
    recorded: npt.NDArray[np.int64] = field(default_factory=lambda: np.zeros(0, dtype=np.int64))
    matrix: npt.NDArray[np.float32] | None = None
    graph: _Graph | None = None  # searched only while no builder holds it
    building: bool = False
    broken: bool = False  # the graph failed once: exact from then on

    def extend(self, rows: Sequence[tuple[Any, ...]]) -> None:
        """Append ``(kind, item, recorded, blob)`` rows, in system-time order."""
        vectors = [np.frombuffer(bytes(r[3]), dtype="<f4") for r in rows]
        dim = len(vectors[0])
        if (self.matrix is not None and self.matrix.shape[1] != dim) or any(len(v) != dim for v in vectors):
            raise InvalidValue("vectors of one model have different widths; store one model's vectors per name")
        need = self.n + len(rows)
        if self.matrix is None or need > len(self.matrix):
            size = max(need, int(len(self.recorded) * _GROWTH), 64)
            grown = np.zeros((size, dim), dtype=np.float32)
            stamps = np.zeros(size, dtype=np.int64)
            if self.matrix is not None:
                grown[: self.n], stamps[: self.n] = self.matrix[: self.n], self.recorded[: self.n]
            self.matrix, self.recorded = grown, stamps
        self.matrix[self.n : need] = np.stack(vectors)
        self.recorded[self.n : need] = [int(r[2]) for r in rows]
        self.keys += [(str(r[0]), str(r[1])) for r in rows]
        self.n = need
        self.seen = max(self.seen, int(rows[-1][2]))

    def wants_graph(self, threshold: int) -> bool:
        """Whether a builder should (re)start: the space is large and its graph missing or behind."""
        if self.n < threshold or self.building or self.broken or _graph_type() is None:
            return False
        return self.graph is None or self.n - self.graph.size >= _TAIL

    def search(self, query: npt.NDArray[np.float32], k: int, as_of: int | None) -> list[tuple[str, str, float]]:
        """The ``k`` best items (best row per item) by dot product, among rows recorded at or before ``as_of``:
        through the graph when it is current and ``as_of`` admits (nearly) every row, else exactly."""
        if self.matrix is None or self.n == 0:
            return []
        if query.shape != (self.matrix.shape[1],):
            raise InvalidValue(
                f"the query vector has shape {query.shape}; this model's vectors are {self.matrix.shape[1]}-d"
            )
        found = self._approximate(query, k, as_of)
        return found if found is not None else self._exact(query, k, as_of)

    def _approximate(
        self, query: npt.NDArray[np.float32], k: int, as_of: int | None
    ) -> list[tuple[str, str, float]] | None:
        """Through the graph, its candidates scored exactly, plus the rows it lacks; ``None``: search exactly
        (no current graph, ``as_of`` too far back, or fewer than ``k`` items among the candidates)."""
        graph, matrix = self.graph, self.matrix
        if graph is None or matrix is None or self.building or self.n - graph.size >= _TAIL:
            return None
        admitted = self.n
        if as_of is not None and as_of < self.seen:
            admitted = int(np.count_nonzero(self.recorded[: self.n] <= as_of))
            if admitted < self.n * _ADMIT:
                return None
        groups = graph.near(query, math.ceil(4 * k * self.n / admitted))
        groups += [[row] for row in range(graph.size, self.n)]
        heads = np.fromiter((g[0] for g in groups), dtype=np.int64, count=len(groups))
        scores = matrix[heads] @ query
        out: list[tuple[str, str, float]] = []
        seen: set[tuple[str, str]] = set()
        for i in np.argsort(-scores, kind="stable"):
            for row in groups[i]:
                key = self.keys[row]
                if key in seen or (as_of is not None and self.recorded[row] > as_of):
                    continue
                seen.add(key)
                out.append((key[0], key[1], float(scores[i])))
                if len(out) == k:
                    return out
        return None

    def _exact(self, query: npt.NDArray[np.float32], k: int, as_of: int | None) -> list[tuple[str, str, float]]:
        assert self.matrix is not None
        scores = self.matrix[: self.n] @ query
        if as_of is not None:
            scores = np.where(self.recorded[: self.n] <= as_of, scores, -np.inf)
        out: list[tuple[str, str, float]] = []
        seen: set[tuple[str, str]] = set()
        want = min(self.n, k * 4)  # an item may have several rows (parts of a long text)
        while True:
            top = np.argpartition(-scores, want - 1)[:want] if want < self.n else np.arange(self.n)
            for i in top[np.argsort(-scores[top], kind="stable")]:
                key = self.keys[i]
                if scores[i] == -np.inf or key in seen:
                    continue
                seen.add(key)
                out.append((key[0], key[1], float(scores[i])))
                if len(out) == k:
                    return out
            if want >= self.n:
                return out
            out.clear()
            seen.clear()
            want = min(self.n, want * 4)


class VectorSpaces:
    """The process's matrices, one per (namespace, model) of one engine; safe to share between threads.

    ``approximate_from``: the rows from which a space gets a graph (:data:`APPROXIMATE_FROM`)."""

    def __init__(self, approximate_from: int = APPROXIMATE_FROM) -> None:
        self._spaces: dict[tuple[str, str], _Space] = {}
        self._lock = threading.Lock()
        self._threshold = approximate_from
        self._builders: list[threading.Thread] = []

    def search(
        self,
        namespace: str,
        model: str,
        stamp: tuple[int, int, int],
        since: Callable[[int], Sequence[tuple[Any, ...]]],
        query: npt.NDArray[np.float32],
        k: int,
        as_of: int | None,
    ) -> list[tuple[str, str, float]]:
        """Catch the matrix up (``stamp`` is the namespace's creation time, last write and cache epoch:
        nothing to read while the last write is the one caught up to; ``since(t)`` reads the rows recorded
        after ``t`` in order), then search it (:meth:`_Space.search`). A large space whose
        graph is missing or behind wakes a builder thread; this search does not wait for it."""
        key, (created, last, epoch) = (namespace, model), stamp
        with self._lock:
            space = self._spaces.get(key)
            if space is None or (space.created, space.epoch) != (created, epoch):
                space = self._spaces[key] = _Space(created, epoch)
            if space.looked != last:
                rows = since(space.seen)
                if rows:
                    space.extend(rows)
                space.looked = last
            found = space.search(query, k, as_of)
            if space.wants_graph(self._threshold):  # after this search, which it would slow
                self._start(key, space)
            return found

    def settle(self, timeout: float | None = None) -> None:
        """Wait until the graphs being built are done (tests and benchmarks; searches never wait)."""
        for thread in list(self._builders):
            thread.join(timeout)

    def forget(self, namespace: str) -> None:
        """Drop the namespace's matrices (this process erased it)."""
        with self._lock:
            for key in [key for key in self._spaces if key[0] == namespace]:
                del self._spaces[key]

    def _start(self, key: tuple[str, str], space: _Space) -> None:
        """(Under the lock.) Hand the space's graph to a builder thread until it has caught up."""
        space.building = True
        self._builders = [t for t in self._builders if t.is_alive()]
        thread = threading.Thread(target=self._build, args=(key, space), name="chronomem-vectors", daemon=True)
        self._builders.append(thread)
        thread.start()

    def _build(self, key: tuple[str, str], space: _Space) -> None:
        """Add the space's rows to its graph, a chunk at a time, until the graph lags by fewer than
        :data:`_TAIL` rows or the space is dropped (an erase, :meth:`forget`)."""
        started, graph = time.perf_counter(), space.graph
        _yield_to_foreground()
        try:
            while True:
                with self._lock:
                    current = self._spaces.get(key) is space
                    matrix, size, end = space.matrix, (graph.size if graph else 0), space.n
                    if not current or matrix is None or (graph is not None and end - size < _TAIL):
                        return
                if graph is None:
                    graph = _Graph(matrix.shape[1])
                    logger.info("vectors: building a search graph over %d rows of %s", end, key)
                graph.add(matrix, min(end, size + _CHUNK))
                with self._lock:
                    space.graph = graph
        except (RuntimeError, ValueError, MemoryError) as exc:
            logger.warning("vectors: the search graph of %s failed (%s); searching exactly", key, exc)
            with self._lock:
                space.graph, space.broken = None, True
        finally:
            with self._lock:
                space.building = False
            if graph is not None and not space.broken:
                logger.info(
                    "vectors: search graph of %s at %d rows (%.1f s)", key, graph.size, time.perf_counter() - started
                )


def _yield_to_foreground() -> None:
    """Give the calling (builder) thread a lower scheduling priority, so that a search waiting for a core gets
    it first. Linux keeps a niceness per thread, and the threads voyager starts from this one inherit it;
    elsewhere, or where it is refused, nothing changes."""
    if sys.platform != "linux":
        return
    try:
        tid = threading.get_native_id()
        os.setpriority(os.PRIO_PROCESS, tid, max(os.getpriority(os.PRIO_PROCESS, tid), BUILDER_NICE))
    except OSError as exc:  # pragma: no cover - a sandbox that refuses it
        logger.debug("vectors: the builder keeps its priority (%s)", exc)
