"""``chronomem bench ingest``: replay conversations (LoCoMo, or any file ``chronomem ingest`` reads) through
``Memory.add`` with the offline extractor into a fresh memory, and report the rate and what was stored.

``episodes_per_s`` is messages over the wall time of every ``add`` (one transaction each) into a memory
without an embedder (full-text index only), and ``episodes_per_cpu_s`` the same over the process's CPU
time (the fair figure on a shared machine); ``episodes_per_s_with_embeddings`` replays the same messages
into a second fresh memory with an embedder (default: the memory's default, the multilingual USE), whose
``add`` embeds each batch of messages in one call and stores the vectors in each message's transaction,
as search uses them. ``extract_share`` is the part of the time spent inside the extractor.

Both are measured warm, as a long-running ingester sees them: the extractor's rules are compiled, the
full-text tokenizer has loaded jieba's dictionary, and the model is loaded and has run once before the
clock starts; ``warmup_s`` is what that took (the extractor's and tokenizer's part is a one-off per process).
"""

from __future__ import annotations

import os
import tempfile
import time
from collections.abc import Mapping
from datetime import UTC, datetime
from pathlib import Path

from .._open import open as open_memory
from .._values import Episode
from ..contracts import Embedder, Extractor
from ..ingest import Extraction, ExtractionContext, IngestResult, OfflineExtractor, Role, read_conversation
from ..models import choose_embedder
from ..text import tokenize

__all__ = ["Figures", "run", "warm"]

Figures = dict[str, float | int | str]


class _Timed:
    """The offline extractor, timing itself."""

    name = "offline"

    def __init__(self, inner: Extractor) -> None:
        self.inner, self.seconds = inner, 0.0

    def extract(self, episode: object, context: ExtractionContext) -> Extraction:
        t = time.perf_counter()
        try:
            return self.inner.extract(episode, context)  # type: ignore[arg-type]
        finally:
            self.seconds += time.perf_counter() - t


def run(
    data: str | Path, *, db: str | None = None, tz: str = "UTC", embed: bool = True, embedder: str | Embedder = "auto"
) -> Figures:
    """Replay ``data`` into ``db`` (default: a fresh temporary SQLite file) and return the figures; with
    ``embed``, replay it again into a fresh namespace with ``embedder``."""
    messages: list[Mapping[str, object]] = list(read_conversation(data, tz=tz))
    extractor = OfflineExtractor()
    warmup = warm(extractor)
    with tempfile.TemporaryDirectory(prefix="chronomem-bench-") as tmp:
        url = db or os.path.join(tmp, "ingest.db")
        timed = _Timed(extractor)
        results, seconds, cpu = _replay(url, "bench-ingest", messages, timed, None)
        n = len(results)
        figures: Figures = {
            "episodes": n,
            "engine": "postgresql" if "://" in url and not url.startswith("sqlite") else "sqlite",
            "seconds": round(seconds, 3),
            "episodes_per_s": round(n / seconds, 1),
            "episodes_per_cpu_s": round(n / cpu, 1),
            "extract_share": round(timed.seconds / seconds, 3),
            "facts_per_episode": round(sum(len(r.added) for r in results) / n, 3),
            "supported_per_episode": round(sum(len(r.supported) for r in results) / n, 3),
            "entities_per_episode": round(sum(len(r.entities) for r in results) / n, 3),
            "conflicts": sum(len(r.conflicts) for r in results),
            "errors": sum(r.error is not None for r in results),
        }
        if embed:
            model = choose_embedder(embedder)
            assert model is not None
            t = time.perf_counter()
            model.embed(["warm-up"])  # loads the weights
            warmup += time.perf_counter() - t
            _, with_vectors, cpu = _replay(url, "bench-ingest-vectors", messages, extractor, model)
            figures.update(
                embedder=model.name,
                seconds_with_embeddings=round(with_vectors, 3),
                episodes_per_s_with_embeddings=round(n / with_vectors, 1),
                episodes_per_cpu_s_with_embeddings=round(n / cpu, 1),
            )
    figures.update(warmup_s=round(warmup, 3), cpus=os.cpu_count() or 0, load_avg_1m=round(os.getloadavg()[0], 2))
    return figures


def _replay(
    url: str, namespace: str, messages: list[Mapping[str, object]], extractor: Extractor, embedder: Embedder | None
) -> tuple[list[IngestResult], float, float]:
    """``Memory.add`` of every message into ``namespace``: the results, wall seconds, CPU seconds."""
    with open_memory(url, namespace=namespace, extractor=extractor, embedder=embedder) as mem:
        t, cpu = time.perf_counter(), time.process_time()
        results = mem.add(messages)
        return results, time.perf_counter() - t, time.process_time() - cpu


def warm(extractor: Extractor | None = None) -> float:
    """Run ``extractor`` once on an English and a Chinese message (compiling its rules) and load the full-text
    index's tokenizer; the seconds it took."""
    t = time.perf_counter()
    tokenize("warm-up 热身")
    at = datetime(2024, 1, 1, tzinfo=UTC)
    extractor = extractor or OfflineExtractor()
    for text in ("I moved to Paris last month.", "我上个月搬到了上海。"):
        extractor.extract(Episode("warm-up", "bench", text, 0, 0, speaker="A"), ExtractionContext("A", Role.USER, at))
    return time.perf_counter() - t
