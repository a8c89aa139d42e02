"""``chronomem bench``: one sub-command per capability; ``--json`` prints the figures as one JSON object."""

from __future__ import annotations

import json

import click


@click.group(name="bench")
def bench() -> None:
    """Measure speed. Figures are printed, not asserted; see bench/README.md for recorded runs."""


@bench.command(name="core")
@click.option("--facts", type=click.IntRange(min=1000), default=100_000, show_default=True, help="Facts to load.")
@click.option(
    "--engine",
    "url",
    default=None,
    help="Engine URL (file path, sqlite:///…, postgresql://…); default: a temp SQLite file.",
)
@click.option("--reads", type=click.IntRange(min=10), default=2000, show_default=True, help="Samples per read kind.")
@click.option("--corrections", type=click.IntRange(min=1), default=3000, show_default=True, help="Corrections.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
def core(facts: int, url: str | None, reads: int, corrections: int, as_json: bool) -> None:
    """Bulk load, as-of reads, entity views, history, 2-hop walks and corrections vs hand-written SQL."""
    from ..errors import ChronomemError
    from .core import run

    try:
        figures = run(facts, url=url, reads=reads, corrections=corrections)
    except ChronomemError as exc:
        raise click.ClickException(str(exc)) from exc
    if as_json:
        click.echo(json.dumps(figures))
    else:
        for key, val in figures.items():
            click.echo(f"{key:28} {val}")


@bench.command(name="time")
@click.option("-n", "n", default=20_000, show_default=True, help="Number of messages to parse.")
@click.option("--json", "as_json", is_flag=True, help="Print the figures as one JSON object.")
def bench_time(n: int, as_json: bool) -> None:
    """Time-expression parsing throughput on a chat-like mix (target: >= 5,000 messages/s on one core)."""
    from .temporal import run

    figures = run(n)
    click.echo(json.dumps(figures) if as_json else "\n".join(f"{k}: {v}" for k, v in figures.items()))


@bench.command(name="models")
@click.option("--sentences", type=click.IntRange(min=64), default=512, show_default=True, help="Texts.")
@click.option("--repeat", type=click.IntRange(min=1), default=3, show_default=True, help="Runs; best counts.")
@click.option("--no-minilm", is_flag=True, help="Skip MiniLM (torch and ONNX): hashing and tokenizer only.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
def models(sentences: int, repeat: int, no_minilm: bool, as_json: bool) -> None:
    """Embeddings/s (MiniLM on 1 and 2 threads, torch and ONNX; hashing) and tokenizer MB/s on zh+en text."""
    from .models import run

    figures = run(sentences, repeat=repeat, minilm=not no_minilm)
    if as_json:
        click.echo(json.dumps(figures))
    else:
        for key, val in figures.items():
            click.echo(f"{key:36} {val}")


from .clients import clients_command  # noqa: E402

bench.add_command(clients_command)
