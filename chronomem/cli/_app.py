"""The ``chronomem`` group: every command registered once, and ``demo``."""

from __future__ import annotations

import tempfile
from pathlib import Path

import click

from ._bench import bench
from ._db import doctor, migrate
from ._ingest import ingest_command
from ._options import reported
from ._serve import keys_group, serve
from ._time import time_group

__all__ = ["cli", "main"]


@click.group()
@click.version_option(package_name="chronomem")
def cli() -> None:
    """chronomem: bitemporal long-term memory for AI agents."""


@cli.command()
@click.option(
    "--db",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help="SQLite file to use (default: a temporary file, removed afterwards).",
)
def demo(db: Path | None) -> None:
    """Store a short conversation, correct one fact, and read it as of before and after the correction."""
    from ._demo import run_demo

    with reported():
        if db is not None:
            run_demo(db, echo=click.echo)
            return
        with tempfile.TemporaryDirectory(prefix="chronomem-demo-") as tmp:
            run_demo(Path(tmp) / "demo.db", echo=click.echo)


for command in (ingest_command, bench, migrate, doctor, time_group, serve, keys_group):
    cli.add_command(command)


def main() -> None:
    cli()
