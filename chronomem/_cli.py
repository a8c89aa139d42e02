"""The ``chronomem`` command line: a thin shell over the Python API (parse -> call -> format)."""

from __future__ import annotations

import click


@click.group()
@click.version_option(package_name="chronomem")
def cli() -> None:
    """chronomem: bitemporal long-term memory for AI agents."""


def main() -> None:
    cli()
