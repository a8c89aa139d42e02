"""Helpers of the web UI's tests: ``serve`` starts a real ``chronomem serve`` process on a free 127.0.0.1 port."""

from __future__ import annotations

import subprocess
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx

from chronomem.bench._child import Child


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


def serve(db: Path, log: Path, *options: str) -> Iterator[tuple[subprocess.Popen[bytes], str]]:
    """Start ``chronomem serve`` on a free port; yield the process and its base URL; stop it (SIGINT)."""
    with Child(["serve", "--db", str(db), "--embedder", "none", *options], log) as server:
        assert server.proc is not None
        yield server.proc, server.base
