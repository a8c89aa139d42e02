"""``chronomem bench``: one sub-command per capability; ``--json`` prints the figures as one JSON object."""

from __future__ import annotations

import click


@click.group(name="bench")
def bench() -> None:
    """Measure speed. Figures are printed, not asserted; see bench/README.md for recorded runs."""


@bench.command(name="models")
@click.option("--sentences", type=click.IntRange(min=64), default=512, show_default=True, help="Texts.")
@click.option("--repeat", type=click.IntRange(min=1), default=3, show_default=True, help="Runs; best counts.")
@click.option("--no-minilm", is_flag=True, help="Skip MiniLM (torch and ONNX): hashing and tokenizer only.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
def models(sentences: int, repeat: int, no_minilm: bool, as_json: bool) -> None:
    """Embeddings/s (MiniLM on 1 and 2 threads, torch and ONNX; hashing) and tokenizer MB/s on zh+en text."""
    import json

    from .models import run

    figures = run(sentences, repeat=repeat, minilm=not no_minilm)
    if as_json:
        click.echo(json.dumps(figures))
    else:
        for key, val in figures.items():
            click.echo(f"{key:36} {val}")
