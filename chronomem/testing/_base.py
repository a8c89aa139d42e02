"""Fixtures and helpers shared by every part of the conformance suite.

A backend's test module supplies one fixture, ``make_engine`` (see the package docstring); the rest
is built here: a :class:`ManualClock`, the engine wrapped in a :class:`CheckedEngine`, and a
:class:`~chronomem.Memory` in the namespace ``"conformance"``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import datetime
from typing import TypeAlias

import pytest

from .._memory import Memory
from .._time import from_us
from .._values import JSON, Fact
from ..contracts import Engine
from ._checked import CheckedEngine
from ._clock import ManualClock

__all__ = ["NAMESPACE", "EngineFixtures", "MakeEngine", "Row", "at", "row_of", "sorted_rows"]

MakeEngine: TypeAlias = Callable[[Callable[[], int]], Engine]
#: A fact row as the reference cases write it: ``(value, valid_from, valid_to, recorded_from, recorded_to)``.
Row: TypeAlias = tuple[JSON, int, int | None, int, int | None]
NAMESPACE = "conformance"


def at(us: int) -> datetime:
    """The aware datetime of microsecond ``us``: the suite's times are small integers."""
    return from_us(us)


def row_of(fact: Fact) -> Row:
    """A fact as a :data:`Row`; an edge's value is its object id."""
    value = fact.object if fact.object is not None else fact.value
    return (value, fact.valid.start, fact.valid.end, fact.recorded.start, fact.recorded.end)


def sorted_rows(rows: list[Row]) -> list[Row]:
    """Rows in a fixed order (value as text, then the times; an open end sorts last)."""
    big = 1 << 63
    return sorted(
        rows, key=lambda r: (str(r[0]), r[1], big if r[2] is None else r[2], r[3], big if r[4] is None else r[4])
    )


class EngineFixtures:
    """The fixtures every conformance test uses. Needs a ``make_engine`` fixture from the backend."""

    #: Capability flags: a backend that lacks a feature sets its flag to False in its subclass.
    supports_erase = True
    supports_concurrent_writers = True
    supports_store_dump = True
    supports_restore = True
    #: Examples per property test; None takes the active Hypothesis profile's. A backend whose every write is
    #: costly (a cluster) may lower it when another backend runs the same statements with the profile's count.
    max_examples: int | None = None

    @pytest.fixture
    def clock(self) -> ManualClock:
        return ManualClock()

    @pytest.fixture
    def engine(self, make_engine: MakeEngine, clock: ManualClock) -> Iterator[CheckedEngine]:
        engine = CheckedEngine(make_engine(clock))
        yield engine
        engine.close()

    @pytest.fixture
    def mem(self, engine: CheckedEngine) -> Memory:
        return Memory(engine, NAMESPACE, owns_engine=False)

    def require(self, capability: str) -> None:
        """Skip the calling test unless the engine has ``capability`` (a class attribute flag)."""
        if not getattr(self, capability):
            pytest.skip(f"engine lacks capability {capability!r}")
