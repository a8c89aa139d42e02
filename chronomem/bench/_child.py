"""A chronomem command (``serve``, ``mcp --transport http``) as a child process on a free 127.0.0.1 port, for the
benchmarks and the tests that need a real server: :class:`Child` starts it, waits until it answers, and stops
it as Ctrl-C would (or kills its whole process group)."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType

import httpx

from ..errors import ChronomemError

__all__ = ["Child", "free_port"]

_ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class Child:
    """``python -m chronomem <args> --host 127.0.0.1 --port <free>`` in a session of its own, its output in
    ``log`` (a file: an unread pipe would stall it). Ready when ``GET <ready>`` answers 200, or, with
    ``ready=None``, when the port accepts connections."""

    args: Sequence[str]
    log: Path
    ready: str | None = "/health"
    proc: subprocess.Popen[bytes] | None = None
    base: str = ""

    def start(self, timeout: float = 60.0) -> Child:
        """Start it (again: on a new port) and wait until it is ready; :class:`ChronomemError` with the end of
        its log when it exits or is not ready within ``timeout`` seconds."""
        port = free_port()
        self.base = f"http://127.0.0.1:{port}"
        path = os.pathsep.join(filter(None, [str(_ROOT), os.environ.get("PYTHONPATH")]))
        cmd = [sys.executable, "-m", "chronomem", *self.args, "--host", "127.0.0.1", "--port", str(port)]
        with self.log.open("ab") as out:
            self.proc = subprocess.Popen(cmd, env={**os.environ, "PYTHONPATH": path}, stdout=out,
                                         stderr=subprocess.STDOUT, start_new_session=True)  # fmt: skip
        deadline = time.monotonic() + timeout
        while not self._answers(port):
            if self.proc.poll() is not None or time.monotonic() > deadline:
                self.stop()
                said = self.log.read_text(errors="replace").strip().splitlines()[-3:]
                raise ChronomemError(f"chronomem {' '.join(self.args)} did not start: {' / '.join(said) or '-'}")
            time.sleep(0.1)
        return self

    def _answers(self, port: int) -> bool:
        if self.ready is None:
            with socket.socket() as s:
                return s.connect_ex(("127.0.0.1", port)) == 0
        with contextlib.suppress(httpx.TransportError):
            return httpx.get(self.base + self.ready, timeout=2).status_code == 200
        return False

    def stop(self) -> None:
        """Stop it as Ctrl-C would (SIGINT); SIGKILL it if it has not stopped after 30 s."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)
            try:
                self.proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.kill()

    def kill(self) -> None:
        """SIGKILL it and every process of its session, and wait for it."""
        if self.proc is not None and self.proc.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait(timeout=30)

    def __enter__(self) -> Child:
        return self.start()

    def __exit__(self, *exc: type[BaseException] | BaseException | TracebackType | None) -> None:
        self.stop()
