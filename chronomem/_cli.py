"""The ``chronomem`` command line: a thin shell over the Python API (parse -> call -> format).

Each capability keeps its commands in its own module; they are registered here, once.
"""

from __future__ import annotations

import click

from ._doctor import doctor, migrate
from .bench._cli import bench


@click.group()
@click.version_option(package_name="chronomem")
def cli() -> None:
    """chronomem: bitemporal long-term memory for AI agents."""


cli.add_command(bench)
cli.add_command(migrate)
cli.add_command(doctor)


def main() -> None:
    cli()
