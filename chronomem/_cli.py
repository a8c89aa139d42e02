"""The ``chronomem`` command line: a thin shell over the Python API (parse -> call -> format).

Each capability keeps its commands in its own module; they are registered here, once.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

import click

from ._doctor import doctor, migrate
from .bench._cli import bench
from .errors import ChronomemError
from .temporal._cli import time_group


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

    try:
        if db is not None:
            run_demo(db, echo=click.echo)
            return
        with tempfile.TemporaryDirectory(prefix="chronomem-demo-") as tmp:
            run_demo(Path(tmp) / "demo.db", echo=click.echo)
    except ChronomemError as exc:
        raise click.ClickException(str(exc)) from exc


cli.add_command(bench)
cli.add_command(migrate)
cli.add_command(doctor)
cli.add_command(time_group)


def main() -> None:
    cli()
