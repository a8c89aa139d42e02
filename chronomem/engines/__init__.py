"""Storage engines, chosen by URL: a file path or ``sqlite:///path`` picks SQLite, ``postgresql://…`` PostgreSQL;
and :func:`diagnose`, what ``chronomem doctor`` checks on any engine."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from .._time import now_us
from ..contracts import Engine
from ..errors import ConfigError
from ._doctor import Check, diagnose

__all__ = ["Check", "diagnose", "open_engine"]


def open_engine(
    url: str | Path,
    *,
    durability: str = "normal",
    clock: Callable[[], int] = now_us,
    migrate: bool = True,
    distribute: bool | None = None,
) -> Engine:
    """Open (and, unless ``migrate=False``, migrate) the engine named by ``url``. Raises
    :class:`ConfigError` for an unknown scheme, and for ``distribute=True`` where there is no Citus
    coordinator (``distribute=None``: distribute by namespace when the database has Citus).

    ``clock`` supplies system time (UTC microseconds); tests inject one, users never need to."""
    text = str(url)
    if distribute and not text.startswith(("postgresql://", "postgres://")):
        raise ConfigError("distributing needs PostgreSQL with Citus (a postgresql:// URL); SQLite is one file")
    if "://" not in text:
        from ._sqlite import SqliteEngine

        engine: Engine = SqliteEngine(text, durability=durability, clock=clock)
    elif text.startswith("sqlite:///"):
        from ._sqlite import SqliteEngine

        engine = SqliteEngine(text.removeprefix("sqlite:///"), durability=durability, clock=clock)
    elif text.startswith(("postgresql://", "postgres://")):
        try:
            from ._postgres import PostgresEngine
        except ImportError as exc:
            raise ConfigError("PostgreSQL needs psycopg: pip install 'chronomem[postgres]'") from exc
        engine = PostgresEngine(text, durability=durability, clock=clock, distribute=distribute)
    else:
        scheme = text.split("://", 1)[0]
        raise ConfigError(f"unknown engine {scheme!r} in {text!r}; use a file path, sqlite:///path or postgresql://")
    if migrate:
        engine.migrate()
    return engine
