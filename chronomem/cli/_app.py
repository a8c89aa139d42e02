"""The ``chronomem`` group: every command registered once, and ``demo``."""

from __future__ import annotations

import tempfile
from pathlib import Path

import click

from ._bench import bench
from ._db import doctor, migrate
from ._facts import facts_command, history_command, value_command
from ._ingest import ingest_command
from ._mcp import mcp_command
from ._options import reported
from ._portable import dump_command, export_command, restore_command
from ._recall import context_command, search_command
from ._reindex import reindex_command
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
    help="SQLite file to use (default: a temporary file, removed afterwards). The demo writes namespace "
    "demo-alice and erases it first when an earlier run left it there.",
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


for command in (
    ingest_command, search_command, context_command, facts_command, value_command, history_command, mcp_command,
    serve, keys_group, bench, migrate, doctor, reindex_command, time_group, dump_command, restore_command,
    export_command,
):  # fmt: skip
    cli.add_command(command)


def main() -> None:
    cli()
