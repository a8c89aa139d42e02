"""``chronomem dump``, ``restore`` and ``export``: move a namespace between databases, or out to Neo4j (parse ->
chronomem.portable -> a line)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import IO

import click

from ..portable import dump as dump_to
from ..portable import export_csv, export_cypher, read_lines
from ..portable import restore as restore_from
from ._options import db_option, namespace_option, open_existing, open_memory, reported

__all__ = ["dump_command", "export_command", "restore_command"]


@click.command(name="dump")
@db_option("the user's memory file")
@namespace_option
@click.option("--out", "out", type=click.Path(dir_okay=False, path_type=Path), required=True,
              help="The file to write (JSON lines); - for standard output.")  # fmt: skip
def dump_command(db: str | None, namespace: str, out: Path) -> None:
    """Write every row of a namespace, with both time axes, to a file that `chronomem restore` reads on either
    engine."""
    with reported(), open_existing(db, namespace) as mem:
        if str(out) == "-":
            dump_to(mem, sys.stdout)
            return
        with out.open("w", encoding="utf-8") as f:
            n = dump_to(mem, f)
    click.echo(f"{n} rows of namespace {namespace!r} written to {out}", err=True)


@click.command(name="restore")
@db_option("the user's memory file")
@click.option("--namespace", "-n", default=None, help="The namespace to restore into (default: the dumped one); "
              "it must hold nothing.")  # fmt: skip
@click.argument("file", type=click.File("r", encoding="utf-8"))
def restore_command(db: str | None, namespace: str | None, file: IO[str]) -> None:
    """Restore a dump (from `chronomem dump`) into an empty namespace, in one transaction: a damaged or cut file
    restores nothing."""
    with reported():
        found = read_lines(file)
        target = namespace or found.header.namespace
        with open_memory(db, target, embedder="none") as mem:
            done = restore_from(mem, found)
    click.echo(f"{sum(done.rows.values())} rows restored into namespace {target!r}")


@click.command(name="export")
@db_option("the user's memory file")
@namespace_option
@click.option("--format", "fmt", type=click.Choice(["cypher", "csv"]), required=True,
              help="cypher: statements for cypher-shell; csv: neo4j-admin import files.")  # fmt: skip
@click.option("--out", "out", type=click.Path(path_type=Path), required=True,
              help="The Cypher file to write, or the directory for the CSV files.")  # fmt: skip
def export_command(db: str | None, namespace: str, fmt: str, out: Path) -> None:
    """Export a namespace as a Neo4j graph: User and Fact nodes with valid and transaction times, REVISED_TO
    chains, entities linked by relationship facts."""
    with reported(), open_existing(db, namespace) as mem:
        if fmt == "csv":
            files = export_csv(mem, out)
            click.echo(f"{len(files)} CSV files written to {out}")
            return
        with out.open("w", encoding="utf-8") as f:
            n = export_cypher(mem, f)
    click.echo(f"{n} Cypher statements written to {out}")
