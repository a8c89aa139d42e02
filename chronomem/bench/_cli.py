"""``chronomem bench``: one sub-command per capability; ``--json`` prints the figures as one JSON object."""

from __future__ import annotations

import click


@click.group(name="bench")
def bench() -> None:
    """Measure speed. Figures are printed, not asserted; see bench/README.md for recorded runs."""


@bench.command(name="time")
@click.option("-n", "n", default=20_000, show_default=True, help="Number of messages to parse.")
@click.option("--json", "as_json", is_flag=True, help="Print the figures as one JSON object.")
def bench_time(n: int, as_json: bool) -> None:
    """Time-expression parsing throughput on a chat-like mix (target: >= 5,000 messages/s on one core)."""
    import json

    from .temporal import run

    figures = run(n)
    click.echo(json.dumps(figures) if as_json else "\n".join(f"{k}: {v}" for k, v in figures.items()))
