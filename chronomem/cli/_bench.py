"""``chronomem bench …``: one sub-command per capability over :mod:`chronomem.bench`; ``--json`` prints the
figures as one JSON object."""

from __future__ import annotations

import click

from .._extras import install_hint
from ._options import db_option, echo_figures, embedder_option, json_option, reported

__all__ = ["bench"]

_TEMP = "a temporary SQLite file"


@click.group(name="bench")
def bench() -> None:
    """Measure speed. Figures are printed, not asserted; see bench/README.md for recorded runs."""


@bench.command(name="core")
@click.option("--facts", type=click.IntRange(min=1000), default=100_000, show_default=True, help="Facts to load.")
@db_option(_TEMP + "; give an empty database: the run loads into it")
@click.option("--reads", type=click.IntRange(min=10), default=2000, show_default=True, help="Samples per read kind.")
@click.option("--corrections", type=click.IntRange(min=1), default=3000, show_default=True, help="Corrections.")
@json_option
def core(facts: int, db: str | None, reads: int, corrections: int, as_json: bool) -> None:
    """Bulk load, as-of reads, entity views, history, 2-hop walks and corrections vs hand-written SQL."""
    from ..bench.core import run

    with reported():
        figures = run(facts, url=db, reads=reads, corrections=corrections)
    echo_figures(figures, as_json)


@bench.command(name="clients")
@db_option(_TEMP)
@click.option("--clients", type=click.IntRange(min=1), default=8, show_default=True, help="Client processes.")
@click.option("--corrections", type=click.IntRange(min=1), default=300, show_default=True, help="Per client.")
@click.option("--same-namespace", is_flag=True, help="All clients write one namespace (else one each).")
@json_option
def clients(db: str | None, clients: int, corrections: int, same_namespace: bool, as_json: bool) -> None:
    """Corrections from several client processes at once; checks the invariants afterwards."""
    from ..bench.clients import run

    with reported():
        figures = run(db, clients=clients, corrections=corrections, same_namespace=same_namespace)
    echo_figures(figures, as_json)


@bench.command(name="http")
@db_option(_TEMP + "; the engine is the URL's (sqlite or postgresql)")
@click.option("--clients", type=click.IntRange(min=1), default=32, show_default=True, help="Concurrent clients.")
@click.option("--seconds", type=click.FloatRange(min=1), default=60, show_default=True, help="How long they run.")
@click.option("--namespaces", type=click.IntRange(min=1), default=4, show_default=True, help="Namespaces shared.")
@json_option
def http(db: str | None, clients: int, seconds: float, namespaces: int, as_json: bool) -> None:
    """A real 'chronomem serve' under clients adding, searching and reading as of times over loopback; 5xx,
    lost and duplicated messages (counted afterwards), p50/p95 ms per operation."""
    try:
        import uvicorn  # noqa: F401  (the served process needs it)

        from ..bench.http import run
        from ..server import KeyStore  # noqa: F401
    except ImportError as exc:
        raise click.ClickException(f"the bench serves the HTTP API: {install_hint('server')} ({exc})") from exc

    with reported():
        figures = run(db, clients=clients, seconds=seconds, namespaces=namespaces)
    echo_figures(figures, as_json)


@bench.command(name="ingest")
@click.option("--data", type=click.Path(exists=True, dir_okay=False), default=None,
              help="Conversations to replay: a LoCoMo file, JSON lines or a chat list (not with --long).")  # fmt: skip
@click.option(
    "--long",
    "long_",
    is_flag=True,
    help="Instead: one long message at a time (prose en/zh, code, runaway text); seconds per MB.",
)
@click.option("--sizes", default="10000,100000,1000000", show_default=True, metavar="N,N,...",
              help="With --long: the messages' lengths in characters.")  # fmt: skip
@db_option(_TEMP)
@click.option("--tz", default="UTC", show_default=True, help="Zone of the file's times that carry none (LoCoMo).")
@click.option("--no-embed", is_flag=True, help="Skip the replay with vectors (episodes_per_s_with_embeddings).")
@embedder_option
@json_option
def ingest(
    data: str | None, long_: bool, sizes: str, db: str | None, tz: str, no_embed: bool, embedder: str, as_json: bool
) -> None:
    """Messages/s through Memory.add with the offline extractor (without, then with vectors), facts and
    entities per message; with --long, the seconds (and seconds per MB) one long message takes, by kind and
    size, and per kind t(largest) / (t(next) scaled to its length): 1.0 is linear."""
    if long_ == (data is not None):
        raise click.UsageError("give --data FILE to replay a conversation, or --long (not both)")
    if long_:
        from ..bench.long import run as run_long

        try:
            lengths = sorted({int(n) for n in sizes.split(",")})
        except ValueError:
            message = f"{sizes!r} is not a list of numbers such as 10000,100000"
            raise click.BadParameter(message, param_hint="--sizes") from None
        if lengths[0] < 100:
            raise click.BadParameter("each size must be at least 100 characters", param_hint="--sizes")
        with reported():
            figures = run_long(sizes=lengths, embedder=None if no_embed else embedder, db=db)
        echo_figures(figures, as_json, width=32)
        return
    from ..bench.ingest import run

    assert data is not None
    with reported():
        figures = run(data, db=db, tz=tz, embed=not no_embed and embedder != "none", embedder=embedder)
    echo_figures(figures, as_json, width=32)


@bench.command(name="time")
@click.option("-n", "n", default=20_000, show_default=True, help="Number of messages to parse.")
@json_option
def bench_time(n: int, as_json: bool) -> None:
    """Time-expression parsing throughput on a chat-like mix (target: >= 5,000 messages/s on one core)."""
    from ..bench.temporal import run

    echo_figures(run(n), as_json)


@bench.command(name="models")
@click.option("--sentences", type=click.IntRange(min=64), default=512, show_default=True, help="Texts.")
@click.option("--repeat", type=click.IntRange(min=1), default=3, show_default=True, help="Runs; best counts.")
@click.option("--no-minilm", is_flag=True, help="Skip MiniLM (torch and ONNX): hashing and tokenizer only.")
@json_option
def models(sentences: int, repeat: int, no_minilm: bool, as_json: bool) -> None:
    """Embeddings/s (MiniLM on 1 and 2 threads, torch and ONNX; hashing) and tokenizer MB/s on zh+en text."""
    from ..bench.models import run

    echo_figures(run(sentences, repeat=repeat, minilm=not no_minilm), as_json, width=36)


@bench.command(name="search")
@click.option("--episodes", type=click.IntRange(min=1), default=None,
              help="Episodes in the namespace: LoCoMo's turns repeated (default: each turn once).")  # fmt: skip
@click.option("--data", type=click.Path(exists=True, dir_okay=False), default=None,
              help="A LoCoMo file (default: the workspace's locomo-dev.json).")  # fmt: skip
@db_option(_TEMP + "; the engine is the URL's (sqlite or postgresql)")
@click.option("--queries", type=click.IntRange(min=1), default=200, show_default=True, help="Questions to time.")
@click.option("-k", "k", type=click.IntRange(1, 1000), default=10, show_default=True, help="Hits per search.")
@click.option("--budget", type=click.IntRange(100, 100_000), default=1000, show_default=True, help="Context tokens.")
@embedder_option
@json_option
def search(
    episodes: int | None, data: str | None, db: str | None, queries: int, k: int, budget: int, embedder: str,
    as_json: bool,
) -> None:  # fmt: skip
    """Memory.search and Memory.context latency (p50/p95 ms) over N episodes, with LoCoMo's questions."""
    from ..bench.search import LOCOMO, run

    with reported():
        figures = run(episodes, data=data or LOCOMO, url=db, queries=queries, embedder=embedder, k=k,
                      budget_tokens=budget)  # fmt: skip
    echo_figures(figures, as_json)


@bench.command(name="locomo-adapter")
@db_option(_TEMP + "; each conversation replaces the last")
@click.option("--preset", default="default", show_default=True, help="Search preset (chronomem.retrieve.PRESETS).")
@click.option(
    "--kinds",
    default="episode,fact,entity",
    show_default=True,
    help="Kinds of hit whose cited episodes count (Memory.search's default: every kind).",
)
@embedder_option
def locomo_adapter(db: str | None, preset: str, kinds: str, embedder: str) -> None:
    """Serve Memory.search to bench/locomo_eval.py over JSON lines on stdin/stdout (its --cmd protocol)."""
    import sys

    from ..bench.locomo import LocomoAdapter, serve

    adapter = LocomoAdapter(db, preset=preset, kinds=[k for k in kinds.split(",") if k], embedder=embedder)
    try:
        serve(adapter, sys.stdin, sys.stdout)
    finally:
        adapter.close()
