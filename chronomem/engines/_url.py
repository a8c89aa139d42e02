"""What a target names: a SQLite file or a PostgreSQL URL, read the way SQLAlchemy reads database URLs.

``memory.db`` and ``./dir/m.db`` are file paths; ``sqlite:///rel.db`` is the relative path ``rel.db`` (three
slashes) and ``sqlite:////abs/path.db`` the absolute ``/abs/path.db`` (four); ``postgresql://``,
``postgres://`` and ``postgresql+psycopg://`` are PostgreSQL. Anything else that starts like a URL
(``postgres:/x``, ``mysql://…``) is a :class:`ConfigError` that says what was wrong, never a file name.

>>> parse_target("sqlite:////tmp/m.db")
EngineTarget(engine='sqlite', where='/tmp/m.db')
>>> parse_target("postgresql+psycopg://u@h/db")
EngineTarget(engine='postgresql', where='postgresql://u@h/db')
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import NamedTuple
from urllib.parse import urlsplit

from ..errors import ConfigError

__all__ = ["EngineTarget", "parse_target", "sqlite_path"]

_SCHEME = re.compile(r"([A-Za-z][A-Za-z0-9+.\-]*):(.*)", re.S)
_SQLITE_FORMS = "sqlite:///relative/path.db (three slashes) or sqlite:////absolute/path.db (four)"
_PG_FORM = "postgresql://user:password@host:5432/database"
_PG_DRIVERS = ("", "psycopg", "psycopg2", "psycopg3")


class EngineTarget(NamedTuple):
    """``engine`` is ``"sqlite"`` (``where`` a file path) or ``"postgresql"`` (``where`` a libpq URL)."""

    engine: str
    where: str


def parse_target(url: str | Path) -> EngineTarget:
    """The engine and place ``url`` names. Raises :class:`ConfigError` for a malformed or unknown URL."""
    if isinstance(url, Path):
        return EngineTarget("sqlite", str(url))
    text = str(url)
    if not text.strip():
        raise ConfigError("the database is empty; give a file path, sqlite:///path or postgresql://…")
    if text == ":memory:":
        raise ConfigError(_NO_MEMORY)
    m = _SCHEME.fullmatch(text)
    if m is None or len(m.group(1)) == 1:  # no scheme, or a Windows drive (C:\memory.db)
        return EngineTarget("sqlite", text)
    scheme, rest = m.group(1).lower(), m.group(2)
    base, _, driver = scheme.partition("+")
    if base == "sqlite":
        return EngineTarget("sqlite", _sqlite(text, rest))
    if base in ("postgresql", "postgres"):
        return EngineTarget("postgresql", _postgres(text, rest, driver))
    raise ConfigError(
        f"unknown engine {base!r} in {text!r}; use a file path, {_SQLITE_FORMS}, or {_PG_FORM} "
        f"(a file whose name has a colon: ./{text})"
    )


def sqlite_path(url: str | Path) -> str | None:
    """The file a SQLite target names; ``None`` for PostgreSQL. Raises :class:`ConfigError` like
    :func:`parse_target`."""
    target = parse_target(url)
    return target.where if target.engine == "sqlite" else None


_NO_MEMORY = (
    "an in-memory SQLite database is not supported (each connection would see its own empty database); "
    "use a temporary file"
)


def _sqlite(text: str, rest: str) -> str:
    if not rest.startswith("//"):
        raise ConfigError(f"{text!r} is not a SQLite URL; write {_SQLITE_FORMS}")
    host, slash, path = rest[2:].partition("/")
    if host:
        raise ConfigError(f"{text!r} names a host ({host!r}) but SQLite is a local file; write {_SQLITE_FORMS}")
    if not slash or not path:
        raise ConfigError(_NO_MEMORY + f" ({text!r} names no file); write {_SQLITE_FORMS}")
    if "?" in path:
        raise ConfigError(f"{text!r} has query parameters, which chronomem does not read; remove them")
    return path


def _postgres(text: str, rest: str, driver: str) -> str:
    if driver not in _PG_DRIVERS:
        raise ConfigError(f"{text!r} asks for driver {driver!r}; chronomem uses psycopg: write {_PG_FORM}")
    if not rest.startswith("//"):
        raise ConfigError(f"{text!r} is not a PostgreSQL URL (no // after the scheme); write {_PG_FORM}")
    url = "postgresql:" + rest
    try:
        parts = urlsplit(url)
        parts.port  # noqa: B018 - raises ValueError for a port that is not a number
    except ValueError as exc:
        raise ConfigError(f"{text!r} is not a valid PostgreSQL URL ({exc}); write {_PG_FORM}") from exc
    return url
