"""``chronomem bench http``: many clients at once against a real ``chronomem serve`` process over loopback.

:class:`Served` starts ``python -m chronomem serve`` on a free 127.0.0.1 port over a store (a fresh SQLite file
by default, or a PostgreSQL URL), with one write key per namespace. :func:`load` runs ``clients`` asyncio
clients (httpx, one connection each) for ``seconds``: each picks, per request, an ``add`` of 1-3 messages (every
message with a unique id and that id in its text), a ``search``, or an as-of read (``value``, ``facts``,
``history`` at a random ``valid_at`` / ``as_of``). A message is *acknowledged* when its request got a 2xx
and its result carries no error. :func:`check` then reads the store through the Python API: ``lost`` is
acknowledged messages that are not stored, ``duplicated`` messages stored more than once (under a second id:
each text is unique, so equal texts in one namespace are a duplicate).

Speed is reported, never asserted; the tests (``tests/server/test_load.py``) assert zero 5xx, zero lost and
zero duplicated, including after a SIGKILL of the server mid-load.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import subprocess
import tempfile
import time
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import httpx

from .._open import open as open_memory
from ._child import Child

__all__ = [
    "MIX",
    "SPEAKERS",
    "Figures",
    "Served",
    "Tally",
    "check",
    "figures",
    "load",
    "run",
    "seed",
    "served",
]

Figures = dict[str, float | int | str]

SPEAKERS = ("Alice", "Bob", "Chen", "Dana")
_SENTENCES = (
    "I live in {city}.", "I moved to {city}.", "I work at {company}.", "My favourite food is {food}.",
    "I'm allergic to {food}.", "我住在{city}。", "Met a friend from {company} for lunch.",
)  # fmt: skip
_WORDS = {
    "city": ("Berlin", "Paris", "Rome", "Lyon", "Osaka", "上海"),
    "company": ("Acme", "Globex", "Initech"),
    "food": ("peanuts", "dumplings", "olives"),
}
_QUERIES = ("where does she live", "Berlin", "work", "allergic", "food", "上海", "moved")
#: How often each client picks each operation, as relative weights, request by request.
MIX = {"add": 4, "search": 2, "value": 2, "facts": 1, "history": 1}
_T0 = datetime(2024, 1, 1, tzinfo=UTC)


@dataclass
class Served:
    """``chronomem serve`` over ``db`` as a child process (:class:`._child.Child`), with one write key per
    namespace (made by the first :meth:`start`)."""

    db: str
    workdir: Path
    namespaces: Sequence[str]
    keys: dict[str, str] = field(default_factory=dict)
    child: Child | None = None

    @property
    def base(self) -> str:
        return "" if self.child is None else self.child.base

    @property
    def proc(self) -> subprocess.Popen[bytes] | None:
        return None if self.child is None else self.child.proc

    def start(self, timeout: float = 60.0) -> None:
        from .._access import KeyStore

        store = KeyStore(self.workdir / "keys.json")
        if not self.keys:
            self.keys = {ns: store.add([ns], "write")[0] for ns in self.namespaces}
        args = ["serve", "--db", self.db, "--keys", str(store.path), "--embedder", "none"]
        self.child = Child(args, self.workdir / "server.log").start(timeout)

    def kill(self) -> None:
        """SIGKILL the server and every process of its session, and wait for it."""
        if self.child is not None:
            self.child.kill()

    def stop(self) -> None:
        """Stop the server as Ctrl-C would (SIGINT); SIGKILL it if it has not stopped after 30 s."""
        if self.child is not None:
            self.child.stop()


@contextlib.contextmanager
def served(db: str, workdir: Path, namespaces: Sequence[str]) -> Iterator[Served]:
    server = Served(db, workdir, namespaces)
    server.start()
    try:
        yield server
    finally:
        server.stop()


@dataclass
class Tally:
    """What the clients saw: latencies (seconds) per operation, status codes, and the messages sent."""

    latencies: dict[str, list[float]] = field(default_factory=lambda: {op: [] for op in MIX})
    statuses: Counter[int] = field(default_factory=Counter)
    transport_errors: int = 0
    refused_messages: int = 0  # a 2xx whose result for the message carries an error
    sent: dict[str, set[str]] = field(default_factory=dict)  # namespace: ids of every message sent
    acked: dict[str, set[str]] = field(default_factory=dict)  # namespace: ids acknowledged


def _message(rng: random.Random, mid: str, n: int) -> dict[str, str]:
    text = rng.choice(_SENTENCES).format(**{k: rng.choice(v) for k, v in _WORDS.items()})
    at = _T0 + timedelta(minutes=n, seconds=rng.randrange(60))
    return {"id": mid, "speaker": rng.choice(SPEAKERS), "content": f"{text} (ref {mid})", "occurred_at": at.isoformat()}


def _request(rng: random.Random, op: str, started: datetime) -> tuple[str, str, dict[str, Any]]:
    """A read: method, path under the namespace, query parameters (``valid_at``/``as_of`` at random)."""
    who, valid_at = rng.choice(SPEAKERS), (_T0 + timedelta(days=rng.randrange(60))).isoformat()
    as_of = (started + (datetime.now(UTC) - started) * rng.random()).isoformat()
    if op == "search":
        return "GET", "/search", {"q": rng.choice(_QUERIES), "k": 10, "valid_at": valid_at, "as_of": as_of}
    if op == "value":
        return "GET", f"/entities/{who}/predicates/lives_in/value", {"valid_at": valid_at, "as_of": as_of}
    if op == "facts":
        return "GET", f"/entities/{who}/facts", {"valid_at": valid_at, "as_of": as_of, "limit": 50}
    return "GET", f"/entities/{who}/predicates/lives_in/history", {"as_of": as_of}


@dataclass(frozen=True)
class _Plan:
    base: str
    until: float  # time.monotonic()
    started: datetime
    writes_only: bool


async def _client(plan: _Plan, namespace: str, key: str, c: int, tally: Tally) -> None:
    rng, n = random.Random(c), 0
    ops, weights = list(MIX), list(MIX.values())
    sent, acked = tally.sent.setdefault(namespace, set()), tally.acked.setdefault(namespace, set())
    headers = {"Authorization": f"Bearer {key}"}
    limits = httpx.Limits(max_connections=1)
    async with httpx.AsyncClient(base_url=f"{plan.base}/v1/namespaces/{namespace}", headers=headers, limits=limits,
                                 timeout=60) as client:  # fmt: skip
        while time.monotonic() < plan.until:
            op = "add" if plan.writes_only else rng.choices(ops, weights)[0]
            batch = []
            if op == "add":
                for _ in range(rng.randint(1, 3)):
                    n += 1
                    batch.append(_message(rng, f"c{c}-{n}", n))
                sent.update(m["id"] for m in batch)
                method, path, params, body = "POST", "/messages", None, {"messages": batch}
            else:
                method, path, params = _request(rng, op, plan.started)
                body = None
            t = time.perf_counter()
            try:
                answer = await client.request(method, path, params=params, json=body)
            except httpx.TransportError:
                tally.transport_errors += 1
                await asyncio.sleep(0.05)  # the server is gone (killed) or restarting: do not spin
                continue
            tally.latencies[op].append(time.perf_counter() - t)
            tally.statuses[answer.status_code] += 1
            if op == "add" and answer.is_success:
                for result in answer.json()["results"]:
                    if result.get("error"):
                        tally.refused_messages += 1
                    else:
                        acked.add(result["episode"])


def load(
    base: str,
    keys: dict[str, str],
    *,
    clients: int = 32,
    seconds: float = 60.0,
    writes_only: bool = False,
    tally: Tally | None = None,
) -> Tally:
    """Run ``clients`` concurrent clients against the server at ``base`` for ``seconds``; client ``c`` uses
    namespace ``c % len(keys)`` (with its key). ``writes_only``: every request is an ``add`` (client ``c``
    then sends the same messages, in the same order, on every run). Counts go to ``tally`` (default: a new one).
    """
    tally, spaces = tally if tally is not None else Tally(), list(keys)

    async def main() -> None:
        plan = _Plan(base, time.monotonic() + seconds, datetime.now(UTC), writes_only)
        spread = [spaces[c % len(spaces)] for c in range(clients)]
        await asyncio.gather(*(_client(plan, ns, keys[ns], c, tally) for c, ns in enumerate(spread)))

    asyncio.run(main())
    return tally


def seed(server: Served) -> None:
    """One message per speaker in every namespace, so that reads name entities that exist."""
    for ns, key in server.keys.items():
        batch = [
            {"id": f"seed-{s}", "speaker": s, "content": f"I live in Berlin. (ref seed-{s})",
             "occurred_at": _T0.isoformat()}
            for s in SPEAKERS
        ]  # fmt: skip
        answer = httpx.post(f"{server.base}/v1/namespaces/{ns}/messages", json={"messages": batch},
                            headers={"Authorization": f"Bearer {key}"}, timeout=60)  # fmt: skip
        answer.raise_for_status()


def check(db: str, tally: Tally) -> dict[str, int]:
    """Read the store (through the Python API, the server stopped or not): acknowledged messages missing
    (``lost``), messages stored more than once (``duplicated``), and the sent messages that are stored."""
    stored = lost = duplicated = 0
    for ns, sent in sorted(tally.sent.items()):
        ids, found = sorted(sent), set()
        with open_memory(db, namespace=ns, embedder=None) as mem:
            for i in range(0, len(ids), 500):
                found |= {e.id for e in mem.engine.episodes(ns, ids[i : i + 500])}
        stored += len(found)
        lost += len(tally.acked.get(ns, set()) - found)
        duplicated += _stored_twice(db, ns)
    return {"stored": stored, "lost": lost, "duplicated": duplicated}


def _stored_twice(db: str, namespace: str) -> int:
    """Episodes of ``namespace`` whose text another episode of it also has (every text the clients send is
    unique), read straight from the database, past the engine."""
    sql = "SELECT count(*) - 1 FROM episodes WHERE namespace = {} GROUP BY content HAVING count(*) > 1"
    if db.startswith(("postgresql:", "postgres:")):
        import psycopg

        with psycopg.connect(db) as conn:
            rows = conn.execute(sql.format("%s").encode(), (namespace,)).fetchall()
    else:
        import sqlite3

        lite = sqlite3.connect(db.removeprefix("sqlite:///"))
        try:
            rows = lite.execute(sql.format("?"), (namespace,)).fetchall()
        finally:
            lite.close()
    return sum(int(r[0]) for r in rows)


def _quantile(values: list[float], q: float) -> float:
    ranked = sorted(values)
    return round(1000 * ranked[min(len(ranked) - 1, int(q * len(ranked)))], 2) if ranked else 0.0


def figures(tally: Tally, found: dict[str, int], seconds: float) -> Figures:
    """The report of one run: counts, errors, lost and duplicated, per-operation p50/p95 (ms)."""
    requests = sum(tally.statuses.values())
    out: Figures = {
        "requests": requests,
        "requests_per_s": round(requests / seconds, 1),
        "errors_5xx": sum(n for s, n in tally.statuses.items() if s >= 500),
        "errors_4xx": sum(n for s, n in tally.statuses.items() if 400 <= s < 500),
        "transport_errors": tally.transport_errors,
        "messages_sent": sum(len(s) for s in tally.sent.values()),
        "messages_acknowledged": sum(len(s) for s in tally.acked.values()),
        "messages_refused": tally.refused_messages,
        "messages_stored": found["stored"],
        "lost": found["lost"],
        "duplicated": found["duplicated"],
    }
    for op, lat in tally.latencies.items():
        out.update(
            {f"{op}_requests": len(lat), f"{op}_p50_ms": _quantile(lat, 0.5), f"{op}_p95_ms": _quantile(lat, 0.95)}
        )
    return out


def run(db: str | None = None, *, clients: int = 32, seconds: float = 60.0, namespaces: int = 4) -> Figures:
    """Serve ``db`` (default: a fresh temporary SQLite file), run :func:`load` against it, stop the server and
    :func:`check` the store; the figures, with the machine's load and CPUs."""
    spaces = [f"load{i}" for i in range(namespaces)]
    with tempfile.TemporaryDirectory(prefix="chronomem-bench-") as tmp:
        url = db or os.path.join(tmp, "http.db")
        load_before = os.getloadavg()[0]
        with served(url, Path(tmp), spaces) as server:
            seed(server)
            t = time.perf_counter()
            tally = load(server.base, server.keys, clients=clients, seconds=seconds)
            wall = time.perf_counter() - t
        result: Figures = {
            "engine": "postgresql" if url.startswith(("postgresql:", "postgres:")) else "sqlite",
            "clients": clients,
            "namespaces": namespaces,
            "seconds": round(wall, 1),
        }
        result.update(figures(tally, check(url, tally), wall))
    result.update(load_avg_1m_before=round(load_before, 2), load_avg_1m_after=round(os.getloadavg()[0], 2),
                  cpus=os.cpu_count() or 0)  # fmt: skip
    return result
