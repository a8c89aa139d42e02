"""``chronomem bench clients``: corrections from several client processes at once, on any engine.

Each client process opens its own memory (its own namespace, or one shared namespace with
``same_namespace``), loads a few facts untimed, waits for the others, then times ``corrections``
corrections of random attributes over random valid-time portions. Reported: the summed rate
(all corrections / wall time from the common start to the last finish), each client's median
latency, and the invariant checks afterwards (overlapping current rows, repeated system times).
"""

from __future__ import annotations

import multiprocessing as mp
import os
import random
import shutil
import statistics
import tempfile
import time
from datetime import UTC, datetime, timedelta
from multiprocessing.connection import Connection
from multiprocessing.synchronize import Barrier

import chronomem
from chronomem.errors import ChronomemError

__all__ = ["Figures", "run"]

_ENTITIES = 50
_ATTRS = 10
_T0 = datetime(2020, 1, 1, tzinfo=UTC)
Figures = dict[str, float | int | str]


def _namespace(client: int, same: bool) -> str:
    return "shared" if same else f"client{client}"


_Result = tuple[float, float, list[int], float]


def _client(url: str, client: int, same: bool, n: int, start: Barrier, out: Connection) -> None:
    try:
        out.send(_corrections(url, client, same, n, start))
    except ChronomemError as exc:
        start.abort()
        out.send(f"{type(exc).__name__}: {exc}")
    finally:
        out.close()


def _corrections(url: str, client: int, same: bool, n: int, start: Barrier) -> _Result:
    rng = random.Random(client)
    mem = chronomem.open(url, namespace=_namespace(client, same))
    try:
        if client == 0 or not same:
            for e in range(_ENTITIES):
                mem.assert_fact(f"e{e}", "attr0", value=0, valid_from=_T0)
        start.wait()
        began = time.perf_counter()
        lat, txs = [], []
        for i in range(n):
            t = time.perf_counter()
            r = mem.correct(f"e{rng.randrange(_ENTITIES)}", f"attr{rng.randrange(_ATTRS)}", value=i,
                            valid_from=_T0 + timedelta(days=rng.randrange(730)))  # fmt: skip
            lat.append(time.perf_counter() - t)
            txs.append(r.tx)
        return began, time.perf_counter(), txs, statistics.median(lat)
    finally:
        mem.close()


def run(url: str | None = None, *, clients: int = 8, corrections: int = 300, same_namespace: bool = False) -> Figures:
    """Run the benchmark; ``url=None`` uses a fresh SQLite file, removed after."""
    tmp = None if url is not None else tempfile.mkdtemp(prefix="chronomem-bench-")
    target = url if url is not None else os.path.join(tmp or "", "bench.db")
    try:
        chronomem.open(target, namespace=_namespace(0, same_namespace)).close()  # migrate once, up front
        ctx = mp.get_context("spawn")
        barrier = ctx.Barrier(clients)
        pipes = [ctx.Pipe(duplex=False) for _ in range(clients)]
        procs = [
            ctx.Process(target=_client, args=(target, c, same_namespace, corrections, barrier, pipes[c][1]))
            for c in range(clients)
        ]
        for proc in procs:
            proc.start()
        results = [recv.recv() for recv, _ in pipes]
        for proc in procs:
            proc.join()
        failed = [r for r in results if isinstance(r, str)]
        if failed:
            raise ChronomemError(f"a client failed: {failed[0]}")
        return _figures(target, results, clients, corrections, same_namespace)
    finally:
        if tmp is not None:
            shutil.rmtree(tmp, ignore_errors=True)


def _figures(target: str, results: list[_Result], clients: int, n: int, same: bool) -> Figures:
    wall = max(r[1] for r in results) - min(r[0] for r in results)
    overlaps = repeated = 0
    with chronomem.open(target, namespace=_namespace(0, same)) as mem:
        for c in range(1 if same else clients):
            overlaps += len(mem.engine.overlaps(_namespace(c, same)))
    groups = [[t for r in results for t in r[2]]] if same else [r[2] for r in results]
    repeated = sum(len(g) - len(set(g)) for g in groups)
    return {
        "engine": target.split("://")[0] if "://" in target else "sqlite",
        "clients": clients,
        "corrections_per_client": n,
        "same_namespace": str(same).lower(),
        "corrections_per_s": round(clients * n / wall),
        "correction_p50_ms": round(1000 * statistics.median(r[3] for r in results), 2),
        "overlapping_current_rows": overlaps,
        "repeated_system_times": repeated,
        "cpus": os.cpu_count() or 0,
        "load_avg_1m": round(os.getloadavg()[0], 2),
    }
