"""``chronomem migrate`` and ``chronomem doctor``: bring a database's schema up to date, and check one."""

from __future__ import annotations

import shlex
from pathlib import Path

import click

from .._open import default_path
from ..engines import diagnose, open_engine, sqlite_path
from ..errors import ChronomemError
from ._options import db_option, reported

__all__ = ["doctor", "migrate"]

_USER_FILE = "the user's memory file"


def _url(db: str | None) -> str:
    return db if db is not None else str(default_path())


@click.command()
@db_option(_USER_FILE)
@click.option(
    "--distribute/--no-distribute", default=None,
    help="On a Citus coordinator, shard every table by namespace (default: when the database has Citus).",
)  # fmt: skip
def migrate(db: str | None, distribute: bool | None) -> None:
    """Apply the pending schema migrations, in order, and list them."""
    url = _url(db)
    with reported():
        path = sqlite_path(url)
        if path is not None and ("://" not in url or Path(path).is_absolute()):
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        engine = open_engine(url, migrate=False, distribute=distribute)
        try:
            applied = engine.migrate()
        finally:
            engine.close()
    click.echo(f"applied: {', '.join(applied)}" if applied else "schema already current")


@click.command()
@db_option(_USER_FILE)
def doctor(db: str | None) -> None:
    """Check the connection, the schema version and the invariants; exit 1 if anything is wrong."""
    url = _url(db)
    with reported():
        path = sqlite_path(url)
    if path is not None and not Path(path).exists():
        raise click.ClickException(
            f"no database at {path}; check --db, or create it with: chronomem migrate --db {shlex.quote(url)}"
        )
    try:
        engine = open_engine(url, migrate=False)
    except ChronomemError as exc:
        raise click.ClickException(f"connection: {exc}") from exc
    failed = 0
    try:
        click.echo(f"ok    connection  {engine.url}")
        with reported():
            for check in diagnose(engine):
                failed += not check.ok
                click.echo(f"{'ok  ' if check.ok else 'FAIL'}  {check.name}  {check.detail}")
    finally:
        engine.close()
    if failed:
        raise click.ClickException(f"{failed} check(s) failed")
