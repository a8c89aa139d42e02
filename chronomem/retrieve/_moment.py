"""Reading the memory at the time of an event it knows of: "who worked on Project Alpha when the release
happened?" is one call, :meth:`chronomem.Memory.at_event`. Search (keeping what no longer holds) finds the event;
its time is the event fact's valid start, else the time of the message that told of it; the facts about the
entities asked about, or the event's own, are read at that valid time."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from .._time import from_us
from .._values import Episode, Fact, Kind
from ._hits import Hit

__all__ = ["Moment", "event_of"]


@dataclass(frozen=True, slots=True)
class Moment:
    """When an event happened (``at``, valid time in UTC microseconds; ``until`` its end when known), the record
    it was found by (``event``: the event fact, else the episode that told of it, whose time is then when it was
    said) and the facts true at ``at`` about the entities asked about (else the event's own), as believed at the
    system time of the read."""

    at: int
    until: int | None
    event: Fact | Episode
    facts: tuple[Fact, ...] = ()

    @property
    def when(self) -> datetime:
        """``at`` as an aware UTC datetime."""
        return from_us(self.at)


def event_of(hits: Sequence[Hit]) -> tuple[int, int | None, Fact | Episode] | None:
    """The event ``hits`` point to, with its time: the best event fact (its valid interval), else the best
    episode (when it was said, no end); ``None`` when they hold neither."""
    for h in hits:
        if isinstance(h.item, Fact) and h.item.kind == Kind.EVENT:
            return h.item.valid.start, h.item.valid.end, h.item
    for h in hits:
        if isinstance(h.item, Episode):
            return h.item.occurred_at, None, h.item
    return None
