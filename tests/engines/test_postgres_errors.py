"""Driver errors map onto chronomem's error tree, with advice (no server needed)."""

from __future__ import annotations

import psycopg
import pytest
from psycopg_pool import PoolTimeout

from chronomem.engines._pgschema import map_error
from chronomem.errors import (
    BackendUnavailable,
    Conflict,
    InvalidValue,
    SchemaMismatch,
    StorageError,
    StorageTimeout,
)


@pytest.mark.parametrize(
    ("exc", "kind", "advice"),
    [
        (psycopg.OperationalError("server closed the connection"), BackendUnavailable, "server is running"),
        (psycopg.errors.QueryCanceled("canceling statement"), StorageTimeout, "retry"),
        (psycopg.errors.LockNotAvailable("lock timeout"), StorageTimeout, "nothing was stored"),
        (PoolTimeout("no connection"), StorageTimeout, "pool_size"),
        (psycopg.errors.ExclusionViolation("facts_no_overlap"), Conflict, "chronomem doctor"),
        (psycopg.errors.CheckViolation("facts_valid_nonempty"), Conflict, "Nothing was stored"),
        (psycopg.errors.UniqueViolation("duplicate key"), Conflict, "Nothing was stored"),
        (psycopg.errors.UndefinedTable('relation "facts" does not exist'), SchemaMismatch, "chronomem migrate"),
        (psycopg.errors.InsufficientPrivilege("permission denied"), StorageError, "database owner"),
        (psycopg.errors.CharacterNotInRepertoire("invalid byte"), InvalidValue, "cannot store a value"),
        (psycopg.errors.InternalError_("boom"), StorageError, "boom"),
    ],
)
def test_each_driver_error_becomes_a_chronomem_error_with_advice(
    exc: Exception, kind: type[Exception], advice: str
) -> None:
    mapped = map_error(exc, "PostgreSQL postgresql://u@h/db")
    assert type(mapped) is kind
    assert advice in str(mapped) and "postgresql://u@h/db" in str(mapped)
