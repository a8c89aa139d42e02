"""``chronomem reindex``: index for search what a namespace stores without (parse -> Memory.reindex -> a line
or JSON)."""

from __future__ import annotations

import json

import click

from ._options import db_option, embedder_option, json_option, namespace_option, open_existing, reported

__all__ = ["reindex_command"]


@click.command(name="reindex")
@db_option("the user's memory file")
@namespace_option
@embedder_option
@json_option
def reindex_command(db: str | None, namespace: str, embedder: str, as_json: bool) -> None:
    """Add the full-text documents and the vectors (of --embedder) that the namespace's records lack: after
    an upgrade from a version without them, or after changing embedders. Running it again does nothing."""
    with reported(), open_existing(db, namespace, embedder=embedder) as mem:
        done = mem.reindex()
    if as_json:
        click.echo(json.dumps({"documents": done.documents, "embedded": done.embedded, "model": done.model}))
        return
    model = f" with {done.model}" if done.model else ""
    click.echo(f"{done.documents} full-text documents added, {done.embedded} episodes embedded{model}")
