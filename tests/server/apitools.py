"""The HTTP API under test: a real store (a SQLite file or a PostgreSQL database), real keys in a keys file,
and the app called in-process through ``httpx.ASGITransport``.

``Api`` makes each call a plain function call (``api.get(url, key=...)``), one event loop per call, so the
tests stay synchronous; the memory's worker threads are the same as in a served process.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

import chronomem
from chronomem.server import KeyStore, create_app


def said(ident: str, content: str, at: str, speaker: str = "Alice") -> dict[str, str]:
    return {"id": ident, "speaker": speaker, "content": content, "occurred_at": at}


SEED = [
    said("a1", "I live in Berlin.", "2024-01-10T09:00:00+01:00"),
    said("a2", "I moved to Paris.", "2024-06-01T09:00:00+02:00"),
    said("a3", "I'm allergic to peanuts.", "2024-01-10T09:00:00+01:00"),
    said("a4", "I'm not allergic to peanuts.", "2024-04-10T09:00:00+02:00"),
]


@dataclass
class Api:
    """The app over one store, with a key per role and namespace (``keys["alice:read"]``...)."""

    url: str
    memory: chronomem.Memory
    app: Any
    keys: dict[str, str] = field(default_factory=dict)

    def request(self, method: str, path: str, key: str | None = None, **kwargs: Any) -> httpx.Response:
        headers = dict(kwargs.pop("headers", {}))
        if key is not None:
            headers["Authorization"] = f"Bearer {self.keys.get(key, key)}"

        async def call() -> httpx.Response:
            transport = httpx.ASGITransport(app=self.app)
            async with httpx.AsyncClient(transport=transport, base_url="http://chronomem") as client:
                return await client.request(method, path, headers=headers, **kwargs)

        return asyncio.run(call())

    def get(self, path: str, key: str | None = None, **kwargs: Any) -> httpx.Response:
        return self.request("GET", path, key, **kwargs)

    def post(self, path: str, key: str | None = None, **kwargs: Any) -> httpx.Response:
        return self.request("POST", path, key, **kwargs)

    def delete(self, path: str, key: str | None = None, **kwargs: Any) -> httpx.Response:
        return self.request("DELETE", path, key, **kwargs)

    def dump(self) -> list[str]:
        return dump(self.url)


def dump(url: str) -> list[str]:
    """Every row of every table, as text, in a stable order: equal dumps mean an unchanged store."""
    if url.startswith("postgresql"):
        import psycopg

        with psycopg.connect(url) as conn:
            tables = [r[0] for r in conn.execute("SELECT tablename FROM pg_tables WHERE schemaname = 'public'")]
            return sorted(
                f"{t}: {row!r}" for t in sorted(tables) for row in conn.execute(f'SELECT * FROM "{t}"').fetchall()
            )
    conn = sqlite3.connect(url)
    try:
        return list(conn.iterdump())
    finally:
        conn.close()


def make_api(url: str, tmp_path: Path, **options: Any) -> Iterator[Api]:
    store = KeyStore(tmp_path / "keys.json")
    keys = {}
    for ns in ("alice", "bob"):
        for role in ("read", "write", "admin"):
            keys[f"{ns}:{role}"] = store.add([ns], role)[0]
    mem = chronomem.open(url, namespace="alice", embedder=None)
    mem.add(SEED)
    mem.using("bob").add(
        {"id": "b1", "speaker": "Bob", "content": "I live in Rome.", "occurred_at": "2024-02-01T10:00:00Z"}
    )
    api = Api(url, mem, create_app(mem, keys=store, **options), keys)
    try:
        yield api
    finally:
        mem.close()
