"""``chronomem bench``: one sub-command per capability; ``--json`` prints the figures as one JSON object."""

from __future__ import annotations

import click


@click.group(name="bench")
def bench() -> None:
    """Measure speed. Figures are printed, not asserted; see bench/README.md for recorded runs."""
