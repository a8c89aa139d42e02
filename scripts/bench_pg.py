#!/usr/bin/env python3
"""A ``chronomem bench`` on PostgreSQL (bench/README.md): a throw-away PostgreSQL 15 server
(``tests/pg_server.py``, fsync on) over TCP on 127.0.0.1, a fresh database, then ``chronomem bench BENCH
--db <it> --json`` with the other options given; prints its JSON object.

    PYTHONPATH=. .venv/bin/python scripts/bench_pg.py http [--seconds 60] [--clients 32]
    PYTHONPATH=. .venv/bin/python scripts/bench_pg.py search [--episodes 100000]
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import psycopg

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from citus_server import _free_ports
from pg_server import PgServer


def main(bench: str, args: list[str]) -> None:
    port = _free_ports(1)
    pg = PgServer(settings={"listen_addresses": "'127.0.0.1'", "port": str(port)})
    try:
        pg.start()
        with psycopg.connect(f"postgresql://postgres@127.0.0.1:{port}/postgres", autocommit=True) as conn:
            conn.execute("CREATE DATABASE bench")
        url = f"postgresql://postgres@127.0.0.1:{port}/bench"
        out = subprocess.run([sys.executable, "-m", "chronomem", "bench", bench, "--db", url, "--json", *args],
                             capture_output=True, text=True)  # fmt: skip
        if out.returncode:
            raise SystemExit(out.stderr)
        print(out.stdout.strip().splitlines()[-1], flush=True)
    finally:
        pg.destroy()


if __name__ == "__main__":
    if len(sys.argv) < 2 or sys.argv[1].startswith("-"):
        raise SystemExit("usage: scripts/bench_pg.py BENCH [OPTIONS]  (BENCH: http, search, ingest, core, …)")
    main(sys.argv[1], sys.argv[2:])
