"""A real ``chronomem serve`` for the client's tests: :class:`chronomem.bench._child.Child`, as
``tests/server/test_process.py`` runs it, with a real key in a real keys file."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from chronomem.bench._child import Child
from chronomem.server import KeyStore


@dataclass
class Served:
    """A running ``chronomem serve``: its URL and an admin key for every namespace."""

    base: str
    key: str
    db: str


def serve(db: str, tmp_path: Path) -> Iterator[Served]:
    keys = tmp_path / "keys.json"
    token, _ = KeyStore(keys).add(["*"], "admin", note="client tests")
    args = ["serve", "--db", db, "--keys", str(keys), "--embedder", "none"]
    with Child(args, tmp_path / "serve.log") as server:
        yield Served(server.base, token, db)
    assert "Traceback" not in (tmp_path / "serve.log").read_text()
