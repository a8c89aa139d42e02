"""Storage engines, chosen by URL (read as SQLAlchemy reads one, :func:`parse_target`): a file path,
``sqlite:///relative.db`` or ``sqlite:////absolute.db`` picks SQLite, ``postgresql://…`` PostgreSQL;
and :func:`diagnose`, what ``chronomem doctor`` checks on any engine."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from .._extras import install_hint
from .._time import now_us
from ..contracts import Engine
from ..errors import ConfigError
from ._doctor import Check, diagnose
from ._url import parse_target, sqlite_path

__all__ = ["Check", "diagnose", "open_engine", "parse_target", "sqlite_path"]


def open_engine(
    url: str | Path,
    *,
    durability: str = "normal",
    clock: Callable[[], int] = now_us,
    migrate: bool = True,
    distribute: bool | None = None,
) -> Engine:
    """Open (and, unless ``migrate=False``, migrate) the engine named by ``url``. Raises
    :class:`ConfigError` for an unknown scheme or a malformed URL, and for ``distribute=True`` where there is no Citus
    coordinator (``distribute=None``: distribute by namespace when the database has Citus).

    ``clock`` supplies system time (UTC microseconds); tests inject one, users never need to."""
    target = parse_target(url)
    if distribute and target.engine != "postgresql":
        raise ConfigError("distributing needs PostgreSQL with Citus (a postgresql:// URL); SQLite is one file")
    if target.engine == "sqlite":
        from ._sqlite import SqliteEngine

        _check_relative(str(url), target.where)
        engine: Engine = SqliteEngine(target.where, durability=durability, clock=clock)
    else:
        try:
            from ._postgres import PostgresEngine
        except ImportError as exc:
            raise ConfigError(f"PostgreSQL needs psycopg: {install_hint('postgres')}") from exc
        engine = PostgresEngine(target.where, durability=durability, clock=clock, distribute=distribute)
    if migrate:
        engine.migrate()
    return engine


def _check_relative(url: str, path: str) -> None:
    """``sqlite:///tmp/m.db`` is the relative ``tmp/m.db``: when only the absolute reading has a directory,
    say how to write that one."""
    relative = url.startswith("sqlite:///") and not Path(path).is_absolute()
    if relative and not Path(path).parent.is_dir() and Path("/", path).parent.is_dir():
        raise ConfigError(
            f"{url!r} names the relative path {path!r} (three slashes), whose directory does not exist; "
            f"for the absolute path /{path} write sqlite:////{path} (four slashes)"
        )
