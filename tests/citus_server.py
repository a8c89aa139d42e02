"""A throw-away Citus cluster for integration tests: a coordinator and two workers on loopback, started with
``cluster.sh`` from the shared Citus tool (``../shared/tools/citus`` beside the repository, or ``$CITUS_TOOLS``;
``scripts/setup --dev`` installs the extension).

Each test gets its own schema (``search_path`` in the URL), which ``migrate`` distributes like a database
of its own: a fresh database would need the extension and the worker list set up again, seconds each.
The coordinator is set so that every statement that touches more than one shard fails
(``citus.multi_task_query_log_level = error``): that is how a test proves that one namespace's work stays
on one shard. Generic plans are forced too (``plan_cache_mode``): Citus cannot route those of statements
with a subquery, so the engine must ask for custom plans on its own connections. Fewer shards than
Citus's default 32 (``SHARDS``) keep each test's migration short; any statement that is not routed to
one shard still fans out to all of them. Unless asked to be ``durable`` (benchmarks), the nodes do not fsync
(:data:`FAST`): the durability test runs on plain PostgreSQL; here what is checked is routing and semantics.
The cluster is thrown away by killing its processes (its data is never read again).
"""

from __future__ import annotations

import contextlib
import itertools
import os
import random
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from pathlib import Path

from pg_server import OS_USER, ServerUnavailable, _ensure_os_user, children_of, find_bin


def _tools() -> Path:
    """Where the Citus tool is: ``$CITUS_TOOLS``, else ``../shared/tools/citus`` beside the clone, else the
    machine's ``/work/shared/tools/citus`` (a clone elsewhere, as CI makes one); scripts/setup looks alike."""
    if os.environ.get("CITUS_TOOLS"):
        return Path(os.environ["CITUS_TOOLS"])
    beside = Path(__file__).resolve().parents[2] / "shared" / "tools" / "citus"
    return beside if beside.is_dir() else Path("/work/shared/tools/citus")


TOOLS = _tools()
SHARDS = 4
#: Set on the coordinator's database, so every session of the tests inherits them.
SETTINGS = {
    "citus.shard_count": str(SHARDS),
    "citus.multi_task_query_log_level": "error",
    # Generic plans of statements with a subquery or CTE cannot be routed by Citus: the engine must plan its own.
    "plan_cache_mode": "force_generic_plan",
}
#: On every node unless durable: DDL-heavy tests (a migration per test) would wait on fsync otherwise.
FAST = {"fsync": "off", "synchronous_commit": "off", "full_page_writes": "off"}
_schemas = itertools.count(1)


def _free_ports(n: int) -> int:
    """A port p such that p .. p+n-1 are free on 127.0.0.1 now."""
    for _ in range(200):
        base = random.randrange(20000, 40000)
        try:
            for p in range(base, base + n):
                with socket.socket() as s:
                    s.bind(("127.0.0.1", p))
        except OSError:
            continue
        return base
    raise ServerUnavailable("no free ports for the Citus cluster")


def _alive(pid: int) -> bool:
    """Whether process ``pid`` still runs (a zombie waiting for its parent to reap it does not)."""
    try:
        return (Path("/proc") / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except (OSError, IndexError):
        return False


class CitusCluster:
    """One coordinator and two workers (``cluster.sh``); :meth:`schema_url` gives each test a fresh schema."""

    def __init__(self, *, durable: bool = False) -> None:
        self.durable = durable
        self.script = TOOLS / "cluster.sh"
        if not self.script.exists():
            raise ServerUnavailable(f"the Citus tool is missing: {self.script} (set CITUS_TOOLS)")
        find_bin("initdb")
        if not Path("/usr/share/postgresql/15/extension/citus.control").exists():
            raise ServerUnavailable(f"the Citus extension is not installed: run sudo {TOOLS / 'install.sh'}")
        self.root = Path(tempfile.mkdtemp(prefix="chronomem-citus-"))
        self.port = _free_ports(3)
        self.env = dict(os.environ)
        if os.geteuid() == 0:
            self.env["CITUS_OS_USER"] = _ensure_os_user()
            shutil.chown(self.root, OS_USER)
        self.admin_url = ""

    def _cluster(self, *args: str) -> str:
        try:
            proc = subprocess.run(
                [str(self.script), *args], capture_output=True, text=True, env=self.env, timeout=180, check=False
            )
        except (OSError, subprocess.TimeoutExpired) as exc:
            raise ServerUnavailable(f"cluster.sh {args[0]} failed: {exc}") from exc
        if proc.returncode != 0:
            raise ServerUnavailable(f"cluster.sh {args[0]} failed: {proc.stderr.strip() or proc.stdout.strip()}")
        return proc.stdout.strip()

    def start(self) -> None:
        import psycopg

        self.admin_url = self._cluster("start", str(self.root / "c"), str(self.port)).splitlines()[-1]
        for url in [] if self.durable else [self.admin_url, *self.workers]:
            with psycopg.connect(url, autocommit=True) as conn:
                for key, value in FAST.items():
                    conn.execute(f"ALTER SYSTEM SET {key} = '{value}'")
                conn.execute("SELECT pg_reload_conf()")
        with psycopg.connect(self.admin_url, autocommit=True) as conn:
            conn.execute("CREATE EXTENSION IF NOT EXISTS btree_gist SCHEMA public")  # once: every schema uses it
            for key, value in SETTINGS.items():
                conn.execute(f"ALTER DATABASE postgres SET {key} = '{value}'")

    @property
    def workers(self) -> list[str]:
        """The workers' URLs."""
        return [f"postgresql://postgres@127.0.0.1:{self.port + i}/postgres" for i in (1, 2)]

    def schema_url(self, name: str | None = None) -> str:
        """The URL of a new, empty schema on the coordinator (its ``search_path`` ends in ``public``)."""
        import psycopg

        name = name or f"t{next(_schemas)}"
        with psycopg.connect(self.admin_url, autocommit=True) as conn:
            conn.execute(f"DROP SCHEMA IF EXISTS {name} CASCADE")
            conn.execute(f"CREATE SCHEMA {name}")
        return f"{self.admin_url}?options=-csearch_path%3D{name},public"

    def _pids(self) -> list[int]:
        """This cluster's postmasters and their children."""
        mains = []
        for i in range(3):
            pid_file = self.root / "c" / f"n{self.port + i}" / "postmaster.pid"
            if pid_file.exists():
                mains.append(int(pid_file.read_text().split()[0]))
        return mains + children_of(mains)

    def destroy(self) -> None:
        """Kill the nodes (SIGKILL to this cluster's own processes: a shutdown would checkpoint data that is never
        read again), and remove their data in the background: a session leaves tens of thousands of shard files,
        which take a minute or more to unlink on a busy disk."""
        try:
            pids = self._pids()
            for pid in pids:
                with contextlib.suppress(ProcessLookupError):
                    os.kill(pid, signal.SIGKILL)
            deadline = time.monotonic() + 30
            while any(_alive(pid) for pid in pids) and time.monotonic() < deadline:
                time.sleep(0.05)
        finally:
            # The shell exits at once; rm, orphaned, goes on alone.
            subprocess.run(["sh", "-c", 'rm -rf "$0" >/dev/null 2>&1 &', str(self.root)], check=False, timeout=30)
