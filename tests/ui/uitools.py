"""Helpers of the web UI's tests: ``serve`` starts a real ``chronomem serve`` process on a free 127.0.0.1 port."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx

import chronomem

ROOT = Path(chronomem.__file__).resolve().parent.parent


@dataclass
class Served:
    """A running ``chronomem serve``: its base URL and, unless ``--dev-no-auth``, a read key for every namespace."""

    url: str
    key: str | None
    proc: subprocess.Popen[bytes]
    log: Path

    def api(self, path: str) -> Any:
        headers = {"Authorization": f"Bearer {self.key}"} if self.key else {}
        resp = httpx.get(self.url + path, headers=headers, timeout=30)
        resp.raise_for_status()
        return resp.json()


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def serve(db: Path, log: Path, *options: str) -> Iterator[tuple[subprocess.Popen[bytes], str]]:
    """Start ``chronomem serve`` on a free port; yield the process and its base URL; stop it (SIGINT)."""
    port = _free_port()
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    cmd = [sys.executable, "-m", "chronomem", "serve", "--db", str(db), "--host", "127.0.0.1", "--port", str(port),
           "--embedder", "none", *options]  # fmt: skip
    with log.open("wb") as out:
        proc = subprocess.Popen(cmd, env=env, stdout=out, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                if httpx.get(f"http://127.0.0.1:{port}/health", timeout=2).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            assert proc.poll() is None and time.monotonic() < deadline, log.read_text()
            time.sleep(0.2)
        yield proc, f"http://127.0.0.1:{port}"
    finally:
        proc.send_signal(signal.SIGINT)
        proc.wait(timeout=30)
