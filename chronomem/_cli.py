"""The ``chronomem`` command line: a thin shell over the Python API (parse -> call -> format).

Each capability keeps its commands in its own module; they are registered here, once.
"""

from __future__ import annotations

import click

from .bench._cli import bench
from .temporal._cli import time_group


@click.group()
@click.version_option(package_name="chronomem")
def cli() -> None:
    """chronomem: bitemporal long-term memory for AI agents."""


cli.add_command(bench)
cli.add_command(time_group)


def main() -> None:
    cli()
