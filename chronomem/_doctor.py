"""``chronomem migrate`` and ``chronomem doctor``: bring a database's schema up to date, and check one.

Both work on every engine through the engine contract: the doctor checks that it can connect, that the
schema is this version's, and that no namespace holds overlapping current rows of one slot.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import click

from ._open import default_path
from .engines import open_engine
from .errors import ChronomemError
from .types import Engine

__all__ = ["Check", "diagnose", "doctor", "migrate"]


@dataclass(frozen=True, slots=True)
class Check:
    """One doctor finding: ``ok`` or not, with what was checked and, on failure, what to do."""

    name: str
    ok: bool
    detail: str


def diagnose(engine: Engine) -> Iterator[Check]:
    """Check the schema version, then the invariants of every namespace. Yields findings as it goes."""
    try:
        pending = engine.pending_migrations()
    except ChronomemError as exc:
        yield Check("schema", False, str(exc))
        return
    if pending:
        yield Check("schema", False, f"migrations {pending} not applied; run `chronomem migrate`")
        return
    yield Check("schema", True, f"current ({', '.join(engine.schema_version())})")
    for ns in engine.namespaces():
        broken = engine.overlaps(ns)
        detail = f"overlapping current rows (row ids) {broken[:10]}" if broken else "no overlapping current rows"
        yield Check(f"invariants [{ns}]", not broken, detail)


def _url(db: str | None) -> str:
    return db if db is not None else str(default_path())


db_option = click.option(
    "--db",
    envvar="CHRONOMEM_DB",
    default=None,
    help="Database: a SQLite file, sqlite:///path or postgresql://… (default: the user's memory file).",
)


@click.command()
@db_option
def migrate(db: str | None) -> None:
    """Apply the pending schema migrations, in order, and list them."""
    url = _url(db)
    if "://" not in url:
        Path(url).parent.mkdir(parents=True, exist_ok=True)
    try:
        engine = open_engine(url, migrate=False)
        try:
            applied = engine.migrate()
        finally:
            engine.close()
    except ChronomemError as exc:
        raise click.ClickException(str(exc)) from exc
    click.echo(f"applied: {', '.join(applied)}" if applied else "schema already current")


@click.command()
@db_option
def doctor(db: str | None) -> None:
    """Check the connection, the schema version and the invariants; exit 1 if anything is wrong."""
    url = _url(db)
    if "://" not in url and not Path(url).exists():
        raise click.ClickException(f"no database at {url}; check --db")
    try:
        engine = open_engine(url, migrate=False)
    except ChronomemError as exc:
        raise click.ClickException(f"connection: {exc}") from exc
    failed = 0
    try:
        click.echo(f"ok    connection  {engine.url}")
        for check in diagnose(engine):
            failed += not check.ok
            click.echo(f"{'ok  ' if check.ok else 'FAIL'}  {check.name}  {check.detail}")
    except ChronomemError as exc:
        raise click.ClickException(str(exc)) from exc
    finally:
        engine.close()
    if failed:
        raise click.ClickException(f"{failed} check(s) failed")
