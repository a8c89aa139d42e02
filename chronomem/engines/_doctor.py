"""Diagnosing a database (``chronomem doctor``): on every engine, through the engine contract, it checks
that the schema is this version's and that no namespace holds overlapping current rows of one slot. An
engine with more to report (PostgreSQL: the Citus cluster) offers it as :class:`SelfChecking`.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from ..contracts import Engine
from ..errors import ChronomemError

__all__ = ["Check", "SelfChecking", "diagnose"]


@dataclass(frozen=True, slots=True)
class Check:
    """One doctor finding: ``ok`` or not, with what was checked and, on failure, what to do."""

    name: str
    ok: bool
    detail: str


@runtime_checkable
class SelfChecking(Protocol):
    """A capability: an engine that reports findings of its own (after the schema check)."""

    def checks(self) -> Iterator[Check]: ...


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
    if isinstance(engine, SelfChecking):
        yield from engine.checks()
    for ns in engine.namespaces():
        broken = engine.overlaps(ns)
        detail = f"overlapping current rows (row ids) {broken[:10]}" if broken else "no overlapping current rows"
        yield Check(f"invariants [{ns}]", not broken, detail)
