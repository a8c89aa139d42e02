"""``chronomem bench search``: search and context latency over a namespace of ``N`` episodes.

The namespace: LoCoMo's turns (``bench/README.md``), repeated until there are ``N`` (the ``r``-th repeat of
turn ``t`` is episode ``t~r``, its time moved ``r`` spans of the whole conversation later), each speaker an
entity. Episodes are stored as :meth:`Memory.add` stores them (the episode, its full-text document, its
vectors, in a write transaction) but without extraction and ``BATCH`` episodes per transaction, so that
``N = 100,000`` loads in minutes: the offline extractor's facts are what costs at ingestion
(``chronomem bench ingest``), not what a search reads. A repeat's text is its turn's with `` (r)`` added, so
that no two episodes share a text: a search works on the texts it finds (their terms, its rules' cues), and
what it caches per text would make repeats nearly free, which real episodes are not. Each turn is embedded
once and its repeats reuse its vectors.

Then ``Q`` of LoCoMo's questions, in turn, each asked at the time after the last episode:

* ``p50_ms``/``p95_ms``: :meth:`Memory.search` (``k`` hits), the query's embedding included;
* ``embed_p50_ms``: embedding the query alone (the embedder's share of the above);
* ``context_p50_ms``/``context_p95_ms``: :meth:`Memory.context` (the search, the reads of slot histories,
  conflicts and episodes, and rendering), ``context_tokens_mean`` its estimated size;
* ``…cpu_p50_ms``: the same in CPU time of the process (all its threads: the embedder may use two), the fair
  figure on a shared machine, where wall time includes waiting for a core (``load_avg_1m``).

``first_search_ms`` is the first search (it reads every vector of the namespace into memory). The figures above
are taken right after the load, while a namespace of 20,000+ vectors builds its search graph in a background
thread (searches meanwhile are exact, and share the cores with it); ``settle_s`` is how long the graph then
took to be ready, and ``steady_p50_ms``/``steady_p95_ms`` (and ``steady_context_…``) the same questions asked
again after it. Figures are printed, never asserted.
"""

from __future__ import annotations

import json
import os
import statistics
import tempfile
import time
from collections.abc import Callable, Mapping, Sequence
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from .._memory import Memory
from .._open import open as open_memory
from .._values import Episode
from ..contracts import Embedder, Txn, embed_queries
from ..errors import InvalidValue
from ..ingest import read_conversation
from ..models._choose import choose_embedder
from ..write import embedding_parts, new_episode, store_episode

__all__ = ["BATCH", "LOCOMO", "Figures", "run"]

#: Where the workspace keeps LoCoMo's development conversations.
LOCOMO = "/work/shared/data/locomo/locomo-dev.json"
#: Episodes per write transaction while loading.
BATCH = 1000
_NAMESPACE = "bench-search"
Figures = dict[str, float | int | str]


def run(
    episodes: int | None = None,
    *,
    data: str | Path = LOCOMO,
    url: str | None = None,
    queries: int = 200,
    embedder: str | Embedder | None = "auto",
    k: int = 10,
    budget_tokens: int = 1000,
) -> Figures:
    """Load ``episodes`` turns of ``data`` (default: each turn once) into ``url`` (default: a temporary SQLite
    file; a namespace ``bench-search-N`` there) and time ``queries`` searches and contexts."""
    turns = list(read_conversation(data, tz="UTC"))
    questions = _questions(data)
    if not turns or not questions:
        raise InvalidValue(f"{data}: no turns or no questions; pass a LoCoMo file")
    n = episodes or len(turns)
    chosen = choose_embedder(embedder)
    with tempfile.TemporaryDirectory(prefix="chronomem-bench-") as tmp:
        target = url or os.path.join(tmp, "search.db")
        with open_memory(target, namespace=f"{_NAMESPACE}-{n}", embedder=chosen) as mem:
            started = time.perf_counter()
            last = _load(mem, turns, n)
            mem.engine.analyze()  # the statistics autovacuum would gather within a minute of the load
            load_s = time.perf_counter() - started
            figures: Figures = {
                "episodes": n,
                "engine": "postgresql" if "://" in target and not target.startswith("sqlite") else "sqlite",
                "embedder": chosen.name if chosen is not None else "none",
                "load_s": round(load_s, 2),
                "episodes_per_s": round(n / load_s, 1),
            }
            asked = [questions[i % len(questions)] for i in range(queries)]
            figures.update(_measure(mem, asked, last, k, budget_tokens))
            started = time.perf_counter()
            mem.engine.settle()  # the vector graph a large namespace builds in the background
            figures["settle_s"] = round(time.perf_counter() - started, 2)
            again = _measure(mem, asked, last, k, budget_tokens)
            figures.update({f"steady_{key}": again[key] for key in _STEADY})
    figures.update(cpus=os.cpu_count() or 0, load_avg_1m=round(os.getloadavg()[0], 2))
    return figures


#: The figures of the second pass, after the background graph is ready.
_STEADY = ("p50_ms", "p95_ms", "cpu_p95_ms", "context_p50_ms", "context_p95_ms")


def _questions(data: str | Path) -> list[str]:
    raw = json.loads(Path(data).read_text(encoding="utf-8"))
    convs = raw if isinstance(raw, list) else [raw]
    return [str(q["question"]) for c in convs if isinstance(c, Mapping) for q in c.get("qa", []) if q.get("question")]


def _load(mem: Memory, turns: Sequence[Mapping[str, Any]], n: int) -> datetime:
    """Store ``n`` episodes (see the module docstring); the time of the last one."""
    first: datetime = min(t["occurred_at"] for t in turns)
    span: timedelta = max(t["occurred_at"] for t in turns) - first + timedelta(days=1)
    for speaker in sorted({str(t["speaker"]) for t in turns if t.get("speaker")}):
        mem.add_entity(speaker, type="person")
    vectors: dict[int, Any] = {}
    last = first

    def episode(i: int) -> Episode:
        turn, repeat = turns[i % len(turns)], i // len(turns)
        return new_episode(
            mem.namespace,
            f"{turn['content'] or '…'} ({repeat})" if repeat else str(turn["content"]) or "…",
            occurred_at=turn["occurred_at"] + span * repeat,
            id=f"{turn['id']}~{repeat}" if repeat else str(turn["id"]),
            speaker=turn.get("speaker"),
            session=f"{turn.get('session')}~{repeat}",
        )

    # each turn's vector reads the turn before it in its session, as ingestion embeds it (write/_episodes.py)
    before = {t: t - 1 for t in range(1, len(turns)) if turns[t - 1].get("session") == turns[t].get("session")}
    for lo in range(0, n, BATCH):
        chunk = []
        for i in range(lo, min(n, lo + BATCH)):
            ep = episode(i)
            prior = episode(i - 1) if i % len(turns) in before else None
            chunk.append((i % len(turns), ep, prior))
            last = max(last, ep.occurred_dt)
        if mem.embedder is not None:
            _embed(mem.embedder, [(t, ep, prior) for t, ep, prior in chunk if t not in vectors], vectors)
        mem.engine.write(mem.namespace, _store(chunk, vectors, mem.embedder))
    return last


def _embed(embedder: Embedder, todo: Sequence[tuple[int, Episode, Episode | None]], into: dict[int, Any]) -> None:
    """Embed each new distinct turn's parts once (batches of 64 texts)."""
    parts = [(t, p) for t, ep, prior in todo for p in embedding_parts(ep, prior)]
    for lo in range(0, len(parts), 64):
        batch = parts[lo : lo + 64]
        for (t, _), vec in zip(batch, embedder.embed([p for _, p in batch]), strict=True):
            into.setdefault(t, []).append(vec)


def _store(
    chunk: Sequence[tuple[int, Episode, Episode | None]], vectors: Mapping[int, Any], embedder: Embedder | None
) -> Callable[[Txn], None]:
    import numpy as np

    def write(txn: Txn) -> None:
        for t, ep, prior in chunk:
            stored = store_episode(txn, ep)
            if embedder is not None and stored.recorded_at == txn.tx:
                context = None if prior is None else prior.id
                txn.put_vectors(embedder.name, "episode", ep.id, np.stack(vectors[t]), context)

    return write


def _measure(mem: Memory, questions: Sequence[str], last: datetime, k: int, budget: int) -> Figures:
    at = last + timedelta(minutes=1)
    t = time.perf_counter()
    mem.search(questions[0], k=k, valid_at=at)
    first_ms = (time.perf_counter() - t) * 1000
    for q in questions[:10]:  # warm-up: the tokenizer, the temporal parser, caches
        mem.context(q, budget_tokens=budget, k=k, valid_at=at)
    wall: dict[str, list[float]] = {"": [], "embed_": [], "context_": []}
    cpu: dict[str, list[float]] = {"": [], "embed_": [], "context_": []}
    tokens = []
    for q in questions:
        for prefix, call in (
            ("", lambda q=q: mem.search(q, k=k, valid_at=at)),
            ("context_", lambda q=q: tokens.append(mem.context(q, budget_tokens=budget, k=k, valid_at=at).tokens)),
            ("embed_", (lambda q=q: embed_queries(mem.embedder, [q])) if mem.embedder is not None else None),  # type: ignore[arg-type]
        ):
            if call is None:
                continue
            t, c = time.perf_counter(), time.process_time()
            call()
            wall[prefix].append((time.perf_counter() - t) * 1000)
            cpu[prefix].append((time.process_time() - c) * 1000)
    out: Figures = {"queries": len(questions), "k": k, "first_search_ms": round(first_ms, 1)}
    for prefix in wall:
        out.update(_percentiles(prefix, wall[prefix]))
        out.update(_percentiles(prefix + "cpu_", cpu[prefix]))
    out["context_tokens_mean"] = round(statistics.fmean(tokens), 1)
    return out


def _percentiles(prefix: str, samples: Sequence[float]) -> Figures:
    if not samples:
        return {}
    ordered = sorted(samples)

    def at(q: float) -> float:
        return round(ordered[min(len(ordered) - 1, int(q * len(ordered)))], 2)

    mean = round(statistics.fmean(ordered), 2)
    return {f"{prefix}p50_ms": at(0.5), f"{prefix}p95_ms": at(0.95), f"{prefix}mean_ms": mean}
