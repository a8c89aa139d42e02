"""``chronomem bench ingest --long``: how ``Memory.add`` of one long message grows with the message's length.

One message at a time, of each kind of :data:`KINDS` and each size (default 10 KB, 100 KB and 1 MB, in
characters), is added through ``Memory.add`` with the offline extractor and the chosen embedder into a fresh
temporary SQLite memory, as a person's message (the extractor reads it all; it skips an assistant's words).
For each it reports ``<kind>_<size>_s`` and ``<kind>_<size>_s_per_mb``, and per kind ``<kind>_ratio``:
the largest size's seconds over the next smaller size's scaled to its length, ``t(1 MB) / (10 t(100 KB))``
at the default sizes; 1.0 is linear, 2.0 would be twice as slow per character at the larger size.

The texts are made here, deterministic and of exactly the size asked: English and Chinese prose (sentences
of a working life, with names, times and paragraphs), Python code, and runaway text (as a model that does not
stop writes it: one phrase repeated without a stop, then one word repeated). Measured warm, as ``bench
ingest`` is: the rules are compiled, the tokenizer's dictionary and the model are loaded before the clock
starts.
"""

from __future__ import annotations

import itertools
import os
import tempfile
import time
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta

from .._open import open as open_memory
from ..contracts import Embedder
from ..models import choose_embedder
from .ingest import Figures, warm

__all__ = ["KINDS", "SIZES", "run", "text"]

KINDS = ("prose_en", "prose_zh", "code", "runaway")
SIZES = (10_000, 100_000, 1_000_000)

_EN = (
    "Priya moved the release to Thursday because the payment tests kept failing on the staging server.",
    "I told her the new cache would cut the page load from {n} ms to something we could live with.",
    "Last week we spent two days tracing a memory leak, and it turned out to be a forgotten debug flag.",
    "Dr. Okafor said the survey results would be ready by March 3, so the report waits until then.",
    "My manager wants the migration plan before the board meeting, which is next Monday at 10 am.",
    "Honestly, the queue drops jobs when it holds more than {n} items, and nobody has had time to look.",
    "We agreed to keep Postgres for now and to revisit the question after the summer.",
)
_ZH = (
    "小林把发布推迟到了周四，因为支付测试在预发环境一直失败。",
    "我跟她说新的缓存能把页面加载从{n}毫秒降下来。",
    "上周我们花了两天排查内存泄漏，最后发现是忘了关调试开关。",
    "王老师说调查结果三月三号出来，所以报告要等到那时候。",
    "经理想在下周一上午十点的董事会之前看到迁移方案。",
    "说实话，队列超过{n}条任务就会丢，一直没人有空去查。",
)
_CODE = (
    "def fetch_{n}(client, url, retries=3):\n",
    '    """Fetch ``url``, retrying on a timeout."""\n',
    "    for attempt in range(retries):\n",
    "        try:\n",
    "            return client.get(url, timeout=10)\n",
    "        except TimeoutError as exc:\n",
    "            log.warning('attempt %d failed: %s', attempt, exc)\n",
    "    raise RuntimeError(f'gave up after {{retries}} tries')\n",
    "\n",
)
_RUNAWAY = "and then the answer kept going on and on without ever reaching a stop "
_RUNAWAY_TOKEN = "and "


def text(kind: str, size: int) -> str:
    """A deterministic text of ``kind`` (one of :data:`KINDS`) with exactly ``size`` characters.

    >>> [len(text(k, 300)) for k in KINDS]
    [300, 300, 300, 300]
    """
    if kind == "runaway":
        half = (_RUNAWAY * (size // len(_RUNAWAY) + 1))[: size // 2]
        return (half + _RUNAWAY_TOKEN * (size // len(_RUNAWAY_TOKEN) + 1))[:size]
    units, joint, paragraph = {
        "prose_en": (_EN, " ", "\n\n"),
        "prose_zh": (_ZH, "", "\n\n"),
        "code": (_CODE, "", ""),
    }[kind]
    out: list[str] = []
    length = 0
    for i in itertools.count():
        piece = units[i % len(units)].format(n=i) + joint + (paragraph if i % 6 == 5 else "")
        out.append(piece)
        length += len(piece)
        if length >= size:
            break
    return "".join(out)[:size]


def run(
    *,
    sizes: Sequence[int] = SIZES,
    kinds: Sequence[str] = KINDS,
    embedder: str | Embedder | None = "auto",
    db: str | None = None,
) -> Figures:
    """Add one message of each kind and size into ``db`` (default: a fresh temporary SQLite file) and return
    the figures (see the module docstring)."""
    model = choose_embedder(embedder) if embedder not in (None, "none") else None
    warmup = warm()
    if model is not None:
        t = time.perf_counter()
        model.embed(["warm-up"])
        warmup += time.perf_counter() - t
    figures: Figures = {"embedder": model.name if model is not None else "none"}
    at = datetime(2024, 1, 1, tzinfo=UTC)
    with (
        tempfile.TemporaryDirectory(prefix="chronomem-bench-") as tmp,
        open_memory(db or os.path.join(tmp, "long.db"), namespace="bench-long", embedder=model) as mem,
    ):
        for n, (kind, size) in enumerate(itertools.product(kinds, sizes)):
            content = text(kind, size)
            message = {"id": f"{kind}-{size}", "speaker": "Alice", "content": content, "session": f"s{n}",
                       "occurred_at": (at + timedelta(minutes=n)).isoformat()}  # fmt: skip
            t = time.perf_counter()
            mem.add(message)
            seconds = time.perf_counter() - t
            figures[f"{kind}_{_label(size)}_s"] = round(seconds, 3)
            figures[f"{kind}_{_label(size)}_s_per_mb"] = round(seconds * 1_000_000 / size, 2)
    if len(sizes) >= 2:
        small, large = sorted(sizes)[-2:]
        for kind in kinds:
            slower = float(figures[f"{kind}_{_label(large)}_s"])
            faster = float(figures[f"{kind}_{_label(small)}_s"]) * large / small
            figures[f"{kind}_ratio"] = round(slower / faster, 2) if faster > 0 else 0.0
    figures.update(warmup_s=round(warmup, 3), cpus=os.cpu_count() or 0, load_avg_1m=round(os.getloadavg()[0], 2))
    return figures


def _label(size: int) -> str:
    """``10kb``, ``1mb``, or the number of characters when neither fits."""
    if size % 1_000_000 == 0:
        return f"{size // 1_000_000}mb"
    if size % 1_000 == 0:
        return f"{size // 1_000}kb"
    return f"{size}c"
