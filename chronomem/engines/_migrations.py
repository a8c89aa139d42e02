"""Named, ordered schema migrations, recorded in the ``migrations`` table: applied and checked once for
every SQL engine. Each engine supplies its list and runs :func:`apply` inside its own transaction and lock.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .._time import now_us
from ..errors import SchemaMismatch
from ._dialect import Dialect
from ._sql import Cursor

__all__ = ["Migration", "apply_migrations", "check_known", "pending"]

#: A migration: its name (applied in name order), and the statements it runs.
Migration = tuple[str, list[str]]

_TABLE = "CREATE TABLE IF NOT EXISTS migrations (name text PRIMARY KEY, applied bigint NOT NULL)"


def check_known(done: Iterable[str], migrations: Sequence[Migration], where: str) -> None:
    """Raise :class:`SchemaMismatch` when ``where`` (the database) has migrations that ``migrations`` lacks:
    a newer chronomem migrated it."""
    unknown = set(done) - {name for name, _ in migrations}
    if unknown:
        raise SchemaMismatch(f"{where} has migrations {sorted(unknown)} unknown to this chronomem; upgrade chronomem")


def pending(done: Iterable[str], migrations: Sequence[Migration], where: str) -> list[str]:
    """The names of ``migrations`` not in ``done``, in order (see :func:`check_known` for what raises)."""
    done = set(done)
    check_known(done, migrations, where)
    return [name for name, _ in migrations if name not in done]


def apply_migrations(c: Cursor, dialect: Dialect, migrations: Sequence[Migration], where: str) -> list[str]:
    """Apply the pending ``migrations`` on ``c``, in the caller's transaction; return their names."""
    c.execute(_TABLE)
    done = {r[0] for r in c.execute("SELECT name FROM migrations").fetchall()}
    names = pending(done, migrations, where)
    for name, statements in migrations:
        if name in names:
            for statement in statements:
                c.execute(statement)
            c.execute(dialect.render("INSERT INTO migrations (name, applied) VALUES (?, ?)"), (name, now_us()))
    return names
