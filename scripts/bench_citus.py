#!/usr/bin/env python3
"""Citus against plain PostgreSQL in one run (bench/README.md): ``bench core`` and ``bench clients``
on a throw-away PostgreSQL 15 server and a throw-away Citus cluster (coordinator + 2 workers, 32 shards, fsync
on), both over TCP on 127.0.0.1, each command on a fresh database. Prints one JSON object per engine.

    PYTHONPATH=. .venv/bin/python scripts/bench_citus.py [FACTS]
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import psycopg

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from citus_server import CitusCluster, _free_ports
from pg_server import PgServer


def bench(*args: str) -> dict[str, object]:
    out = subprocess.run([sys.executable, "-m", "chronomem", "bench", *args, "--json"], capture_output=True, text=True)
    if out.returncode:
        raise SystemExit(out.stderr)
    return dict(json.loads(out.stdout.strip().splitlines()[-1]))


def citus_database(cluster: CitusCluster, name: str) -> str:
    """A database on every node with the extension and the workers registered (a fresh Citus database)."""
    with psycopg.connect(cluster.admin_url, autocommit=True) as conn:
        conn.execute("SET citus.enable_create_database_propagation = on")
        conn.execute(f"CREATE DATABASE {name}")
    urls = [f"postgresql://postgres@127.0.0.1:{cluster.port + i}/{name}" for i in range(3)]
    for url in urls:
        with psycopg.connect(url, autocommit=True) as conn:
            conn.execute("CREATE EXTENSION IF NOT EXISTS citus")
    with psycopg.connect(urls[0], autocommit=True) as conn:
        conn.execute(f"SELECT citus_set_coordinator_host('127.0.0.1', {cluster.port})")
        for i in (1, 2):
            conn.execute(f"SELECT citus_add_node('127.0.0.1', {cluster.port + i})")
    return urls[0]


def main(facts: int) -> None:
    port = _free_ports(1)
    pg = PgServer(settings={"listen_addresses": "'127.0.0.1'", "port": str(port)})
    cluster = CitusCluster(durable=True)  # its test settings are on database postgres only; these use fresh ones
    try:
        pg.start()
        cluster.start()

        def plain(name: str) -> str:
            with psycopg.connect(f"postgresql://postgres@127.0.0.1:{port}/postgres", autocommit=True) as conn:
                conn.execute(f"CREATE DATABASE {name}")
            return f"postgresql://postgres@127.0.0.1:{port}/{name}"

        for engine, make in (("postgresql", plain), ("citus", lambda name: citus_database(cluster, name))):
            figures = {
                "core": bench("core", "--facts", str(facts), "--reads", "1000", "--corrections", "1000", "--db",
                              make("core")),
                "clients": bench("clients", "--clients", "8", "--corrections", "100", "--db", make("clients")),
                "same_namespace": bench("clients", "--clients", "8", "--corrections", "100", "--same-namespace",
                                        "--db", make("same")),
            }  # fmt: skip
            print(json.dumps({"engine": engine, **figures}), flush=True)
    finally:
        cluster.destroy()
        pg.destroy()


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 20_000)
