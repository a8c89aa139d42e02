"""Options and output shared by every command: ``--db``, ``--namespace``, ``--json``, ``--as-of``/``--valid-at``,
opening a memory that must already exist, and errors reported as one line without a traceback."""

from __future__ import annotations

import json
import warnings
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path
from typing import Any, TypeVar

import click

from .._memory import Memory
from .._open import default_path
from .._open import open as open_at
from .._time import from_us, parse_instant
from ..errors import ChronomemError, NaiveDatetime, NotFound
from ..models._choose import EMBEDDERS

__all__ = [
    "as_of_option",
    "db_option",
    "dev_option",
    "echo_figures",
    "instant",
    "json_option",
    "keys_option",
    "keys_path",
    "namespace_option",
    "open_existing",
    "open_memory",
    "point_options",
    "reported",
    "valid_at_option",
]

F = TypeVar("F", bound=Callable[..., Any])

DB_HELP = "Database: a SQLite file, sqlite:///relative.db, sqlite:////absolute.db or postgresql://…"


def db_option(default_help: str) -> Callable[[F], F]:
    """``--db URL`` (or ``$CHRONOMEM_DB``); ``default_help`` says what an absent ``--db`` means."""
    return click.option("--db", "db", envvar="CHRONOMEM_DB", default=None, help=f"{DB_HELP} (default: {default_help}).")


json_option = click.option("--json", "as_json", is_flag=True, help="Print JSON instead of text.")
embedder_option = click.option(
    "--embedder",
    type=click.Choice(EMBEDDERS),
    default="auto",
    show_default=True,
    help="Vectors for search: auto (multilingual USE), another model, or none (full text only).",
)
namespace_option = click.option(
    "--namespace", "-n", envvar="CHRONOMEM_NAMESPACE", default="default", show_default=True,
    help="The memory's namespace (one user, agent or tenant).",
)  # fmt: skip
keys_option = click.option(
    "--keys", "keys", envvar="CHRONOMEM_KEYS", default=None,
    help="API keys file (default: keys.json beside the user's memory file).",
)  # fmt: skip
dev_option = click.option(
    "--dev-no-auth", is_flag=True,
    help="Local development only: no API key needed, every request is an admin of every namespace. "
    "Refused unless --host is a loopback address.",
)  # fmt: skip


def keys_path(keys: str | None) -> Path:
    """The API keys file: ``--keys``, or ``keys.json`` beside the user's memory file."""
    return Path(keys) if keys is not None else default_path().parent / "keys.json"


def open_memory(db: str | None, namespace: str, **options: Any) -> Memory:
    """The memory at ``--db`` (default: the user's memory file), in ``namespace``; what opening it warns of (a
    namespace one typo from another) is said on stderr as a line of its own."""
    with warnings.catch_warnings(record=True) as said:
        warnings.simplefilter("always")
        mem = open_at(db, namespace=namespace, **options)
    for warning in said:
        click.echo(f"warning: {warning.message}", err=True)
    return mem


def open_existing(db: str | None, namespace: str, embedder: str = "none") -> Memory:
    """The memory at ``--db`` in ``namespace`` for reading: a missing file or an unknown namespace is an error
    (reads never create either). Raises :class:`NotFound` (``reported()`` shows it as one line)."""
    from ..engines import open_engine, sqlite_path
    from ..models._choose import choose_embedder

    url = db if db is not None else str(default_path())
    path = sqlite_path(url)
    if path is not None and not Path(path).is_file():
        raise NotFound(f"no database at {path}; check --db (or $CHRONOMEM_DB)")
    engine = open_engine(url)
    known = engine.namespaces()
    if namespace not in known:
        engine.close()
        raise NotFound(f"namespace {namespace!r} does not exist in {url}; known: {', '.join(known) or '(none)'}")
    return Memory(engine, namespace, embedder=choose_embedder(embedder))


def instant(ctx: click.Context, param: click.Parameter, value: str | None) -> datetime | None:
    """An option's ISO 8601 time with an offset (``2024-06-12T15:00:00+08:00``, ``…Z``) as an aware UTC
    datetime. A time without an offset is refused: it names no instant."""
    if value is None:
        return None
    try:
        return from_us(parse_instant(value.replace("Z", "+00:00"), name=param.name or "time"))
    except NaiveDatetime as exc:
        raise click.BadParameter(
            f"{value!r} has no offset; add one, e.g. {value}+08:00 or {value}Z", ctx, param
        ) from exc
    except ChronomemError as exc:
        raise click.BadParameter(str(exc), ctx, param) from exc


as_of_option = click.option(
    "--as-of", "as_of", callback=instant, default=None, help="What the memory believed then, ISO 8601 with offset."
)
valid_at_option = click.option(
    "--valid-at", "valid_at", callback=instant, default=None, help="When in the world, ISO 8601 with offset."
)


def point_options(command: F) -> F:
    """``--valid-at`` and ``--as-of`` (both default to now)."""
    return valid_at_option(as_of_option(command))


@contextmanager
def reported() -> Iterator[None]:
    """Turn a :class:`ChronomemError` into a one-line CLI error (exit 1) instead of a traceback."""
    try:
        yield
    except ChronomemError as exc:
        raise click.ClickException(str(exc)) from exc


def echo_figures(figures: Mapping[str, object], as_json: bool, width: int = 28) -> None:
    """One JSON object, or one ``key value`` line per figure."""
    if as_json:
        click.echo(json.dumps(figures, ensure_ascii=False))
        return
    for key, val in figures.items():
        click.echo(f"{key:{width}} {val}")
