"""Repeatable reads: every read of a :class:`Snapshot` runs at one committed system time, its basis.

System time is given to a write when it begins and is visible when it commits, so a read "as of now" (the
wall clock) can run while a write with an earlier system time is still open, and a later read as of the same
instant would then see it. Writers of a namespace are serialised, so the newest *committed* system time (the
basis, :meth:`chronomem.contracts.Engine.committed`) has nothing before it still open: a read as of the basis
returns the same rows however often and however late it runs. :meth:`Memory.snapshot` pins one;
its reads default to it and never look past it.
"""

from __future__ import annotations

from datetime import datetime

from ._reads import EntityReads, Reads
from ._time import from_us, to_us
from .contracts import Engine

__all__ = ["Snapshot"]


class Snapshot(Reads):
    """The reads of :class:`~chronomem.Memory` (``value``, ``values``, ``facts``, ``history``, ``audit``,
    ``changes``, ``neighbors``, ...) at one committed system time, :attr:`basis`. An ``as_of`` later than the
    basis reads at the basis; an earlier one reads as asked (it is repeatable too)."""

    def __init__(self, engine: Engine, namespace: str, basis: int) -> None:
        self.engine, self.namespace = engine, namespace
        self._names = EntityReads(engine, namespace)
        self._basis = basis

    @property
    def basis(self) -> datetime:
        """The system time every read here runs at (or before, when asked): read as of it again, get the same."""
        return from_us(self._basis)

    def _as_of(self, as_of: datetime | None, name: str = "as_of") -> int:
        return self._basis if as_of is None else min(to_us(as_of, name=name), self._basis)

    def __repr__(self) -> str:
        return f"Snapshot({self.namespace!r}, basis={self.basis.isoformat()})"
