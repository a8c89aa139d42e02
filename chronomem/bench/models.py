"""``chronomem bench models``: embeddings/s of the default and hashing embedders, MB/s of the tokenizer.

Figures are best-of-``repeat`` (the least disturbed run on a shared machine). The corpus is built here,
deterministically: short chat-like sentences, half Chinese, half English.
"""

from __future__ import annotations

import itertools
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

from ..errors import ConfigError
from ..models import HashingEmbedder, MiniLMEmbedder, OnnxMiniLMEmbedder, export_minilm_onnx
from ..text import Tokenizer

__all__ = ["corpus", "run"]

_EN = [
    "I moved to {place} last {when} and I really like the neighbourhood.",
    "{name} said the meeting about the {thing} is moved to next {day} afternoon.",
    "What did I tell you about {name}'s new job in {place}?",
    "Remind me to call {name} before the {thing} review on {day}.",
    "We had dinner with {name} in {place}; the food was great but the service was slow.",
]
_ZH = [
    "我{when_zh}搬到了{place_zh}，很喜欢那里的环境。",
    "{name_zh}说关于{thing_zh}的会议改到下周{day_zh}下午了。",
    "我之前跟你说过{name_zh}在{place_zh}的新工作吗？",
    "提醒我在周{day_zh}的{thing_zh}评审之前给{name_zh}打电话。",
    "我们和{name_zh}在{place_zh}吃了晚饭，菜很好吃但是上菜很慢。",
]
_FILL = {
    "place": ["Berlin", "Paris", "Shanghai", "Lisbon"],
    "when": ["year", "month", "spring"],
    "name": ["Alice", "Zhang Wei", "Bob", "Maria"],
    "thing": ["budget", "roadmap", "hiring plan"],
    "day": ["Monday", "Friday", "Tuesday"],
    "when_zh": ["去年", "上个月", "春天"],
    "place_zh": ["柏林", "巴黎", "上海", "杭州"],
    "name_zh": ["张伟", "李娜", "王芳", "小明"],
    "thing_zh": ["预算", "路线图", "招聘计划"],
    "day_zh": ["一", "五", "二"],
}


def corpus(n: int) -> list[str]:
    """``n`` sentences alternating English and Chinese, varied by their fillers; deterministic."""
    templates = itertools.cycle(itertools.chain.from_iterable(zip(_EN, _ZH, strict=True)))
    out = []
    for i, template in zip(range(n), templates, strict=False):
        fill = {key: values[(i // 10 + len(key)) % len(values)] for key, values in _FILL.items()}
        out.append(template.format(**fill))
    return out


def _best_rate(work: Callable[[], object], units: float, repeat: int, *, cpu: bool = False) -> float:
    """Units per second of the fastest run: wall time, or with ``cpu`` the process's CPU time.

    CPU time tells what one full core would give on a machine shared with other work, where wall
    time also counts the waits for a core.
    """
    clock = time.process_time if cpu else time.perf_counter
    work()  # warm-up: lazy loads, caches, thread pools
    best = float("inf")
    for _ in range(repeat):
        start = clock()
        work()
        best = min(best, clock() - start)
    return round(units / best, 1)


def _minilm(sentences: list[str], repeat: int) -> dict[str, float | str | None]:
    try:
        import torch

        embedder = MiniLMEmbedder(batch_size=64)
    except (ImportError, ConfigError) as exc:
        return {"minilm_sentences_per_s": None, "minilm_skipped": str(exc)}
    figures: dict[str, float | str | None] = {}
    previous = torch.get_num_threads()
    try:
        for threads in (1, 2):
            torch.set_num_threads(threads)
            figures[f"minilm_sentences_per_s_{threads}_thread"] = _best_rate(
                lambda: embedder.embed(sentences), len(sentences), repeat
            )
        torch.set_num_threads(1)
        figures["minilm_sentences_per_cpu_s"] = _best_rate(
            lambda: embedder.embed(sentences), len(sentences), repeat, cpu=True
        )
    finally:
        torch.set_num_threads(previous)
    figures["minilm_sentences_per_s"] = figures["minilm_sentences_per_s_2_thread"]
    figures.update(_onnx(sentences, repeat, embedder))
    return figures


def _onnx(sentences: list[str], repeat: int, reference: MiniLMEmbedder) -> dict[str, float | str | None]:
    try:
        import onnx  # noqa: F401
        import onnxruntime  # type: ignore[import-untyped]  # noqa: F401
    except ImportError as exc:
        return {"onnx_skipped": str(exc)}
    figures: dict[str, float | str | None] = {}
    with tempfile.TemporaryDirectory() as tmp:
        path = export_minilm_onnx(Path(tmp) / "minilm.onnx")
        for threads in (1, 2):
            embedder = OnnxMiniLMEmbedder(path, batch_size=64, threads=threads)
            figures[f"onnx_sentences_per_s_{threads}_thread"] = _best_rate(
                partial(embedder.embed, sentences), len(sentences), repeat
            )
        cosines = (reference.embed(sentences) * embedder.embed(sentences)).sum(axis=1)
        figures["onnx_vs_torch_min_cosine"] = round(float(cosines.min()), 7)
    return figures


def run(sentences: int = 512, *, repeat: int = 3, minilm: bool = True) -> dict[str, float | str | None]:
    """Measure everything; returns a flat dict of figures (None where a model is not installed or skipped)."""
    texts = corpus(sentences)
    figures: dict[str, float | str | None] = {"sentences": sentences, "batch_size": 64}
    figures.update(_minilm(texts, repeat) if minilm else {"minilm_sentences_per_s": None})
    hashing = HashingEmbedder()
    figures["hashing_sentences_per_s"] = _best_rate(lambda: hashing.embed(texts), len(texts), repeat)
    tokenizer = Tokenizer()
    text = "\n".join(corpus(20_000))
    megabytes = len(text.encode()) / 1e6
    mb_per_s = _best_rate(lambda: tokenizer.tokenize(text), megabytes, repeat)
    tokens = len(tokenizer.tokenize(text))
    figures["tokenizer_mb_per_s"] = mb_per_s
    figures["tokenizer_tokens_per_s"] = round(mb_per_s * tokens / megabytes)
    figures["tokenizer_corpus_mb"] = round(megabytes, 2)
    return figures
