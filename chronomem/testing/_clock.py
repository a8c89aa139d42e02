"""A settable system clock that tests inject into engines, so system times are exact (1, 5, …)."""

from __future__ import annotations

__all__ = ["ManualClock"]


class ManualClock:
    """A clock that only moves when told. Engines use ``max(clock(), last + 1)`` as system time, so a
    clock left at 0 makes successive writes get 1, 2, 3…; ``set(5)`` makes the next write happen at 5.

    >>> clock = ManualClock()
    >>> clock.set(5)
    >>> clock()
    5
    """

    def __init__(self, start: int = 0) -> None:
        self.now = start

    def __call__(self) -> int:
        return self.now

    def set(self, t: int) -> None:
        """Make ``t`` the time the next write is stamped with (unless an earlier write already passed it)."""
        self.now = t

    def advance(self, by: int = 1) -> int:
        """Move forward by ``by`` microseconds; returns the new time."""
        self.now += by
        return self.now
