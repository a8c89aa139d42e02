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
    url: str | Path, *, durability: str = "normal", clock: Callable[[], int] = now_us, migrate: bool = True
) -> Engine:
    """Open (and, unless ``migrate=False``, migrate) the engine named by ``url``. Raises
    :class:`ConfigError` for an unknown scheme.

    ``clock`` supplies system time (UTC microseconds); tests inject one, users never need to."""
    text = str(url)
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
        engine = PostgresEngine(text, durability=durability, clock=clock)
    else:
        scheme = text.split("://", 1)[0]
        raise ConfigError(f"unknown engine {scheme!r} in {text!r}; use a file path, sqlite:///path or postgresql://")
    if migrate:
        engine.migrate()
    return engine
