"""The support rule per instant, written without :mod:`chronomem._support`: the model episodes are checked against.

It keeps every statement (who said what about which slot over which days, when it was said and when it was
recorded), which episodes were retracted and when, and which were erased. :meth:`SupportModel.at` answers
"what does the slot hold on day ``t``, and which episodes support it, as known at system time ``as_of``" by
walking the statements recorded by then in the order they were said (then recorded), one day at a time: no
intervals, no rows, no plans. Instants are ``int``; ``None`` as an end is +infinity; the application's own
writes have the source ``None`` and are never retracted. An episode's statement is said at the time given;
the application's own when recorded, but never before a statement of its slot recorded earlier (an erased
episode's statements are gone: they count for nothing there either).
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from dataclasses import dataclass, field

__all__ = ["Statement", "SupportModel"]


@dataclass(frozen=True)
class Statement:
    tx: int
    slot: Hashable
    source: str | None  # None: the application
    value: str | None  # None: a retraction
    start: int
    end: int | None
    said: int | None = None  # when it was said (its episode's time); None: the application's, see the module

    def covers(self, t: int) -> bool:
        return self.start <= t and (self.end is None or t < self.end)


@dataclass
class SupportModel:
    said: list[Statement] = field(default_factory=list)
    #: episode -> the system time it was retracted
    retracted: dict[str, int] = field(default_factory=dict)
    #: episode -> the system time it was erased (its statements count for nothing, at any system time)
    erased: dict[str, int] = field(default_factory=dict)

    def say(
        self,
        tx: int,
        slot: Hashable,
        source: str | None,
        value: str | None,
        start: int,
        end: int | None,
        said: int | None = None,
    ) -> None:
        """Record a statement made at system time ``tx`` and said at ``said`` (``None``: at ``tx``)."""
        self.said.append(Statement(tx, slot, source, value, start, end, said))

    def retract(self, episode: str, tx: int) -> None:
        self.retracted.setdefault(episode, tx)

    def erase(self, episode: str, tx: int) -> None:
        self.erased[episode] = tx

    def live(self, source: str | None, as_of: int) -> bool:
        """Whether ``source`` counted at ``as_of``: not retracted nor erased by then (an episode erased later
        counted then, although its content is gone now)."""
        if source is None:
            return True
        if source in self.erased and self.erased[source] <= as_of:
            return False
        return source not in self.retracted or self.retracted[source] > as_of

    def _erased(self, source: str | None, as_of: int) -> bool:
        return source is not None and source in self.erased and self.erased[source] <= as_of

    def at(self, slot: Hashable, t: int, as_of: int) -> tuple[str, frozenset[str]] | None:
        """The value on day ``t`` and the episodes supporting it, as known at ``as_of``."""
        return self.days(slot, [t], as_of)[t]

    def days(self, slot: Hashable, days: Iterable[int], as_of: int) -> dict[int, tuple[str, frozenset[str]] | None]:
        """:meth:`at` for several days (the statements that count are picked once)."""
        kept = [s for s in self.said if s.slot == slot and s.tx <= as_of and not self._erased(s.source, as_of)]
        order: dict[int, tuple[int, int]] = {}
        latest: int | None = None
        for i, s in sorted(enumerate(kept), key=lambda x: x[1].tx):
            if s.said is None:
                said = s.tx if latest is None else max(s.tx, latest)
            else:
                said = s.said
                latest = said if latest is None else max(latest, said)
            order[i] = (said, s.tx)
        counted = [kept[i] for i in sorted(order, key=lambda i: order[i]) if self.live(kept[i].source, as_of)]
        out: dict[int, tuple[str, frozenset[str]] | None] = {}
        for t in days:
            value: str | None = None
            support: set[str | None] = set()
            for s in counted:
                if not s.covers(t):
                    continue
                if s.value is None:
                    value, support = None, set()
                elif s.value == value:
                    support.add(s.source)
                else:
                    value, support = s.value, {s.source}
            out[t] = None if value is None else (value, frozenset(e for e in support if e is not None))
        return out

    def erased_after(self, as_of: int) -> bool:
        """Whether an episode was erased after ``as_of``: reads as of then lost its content since."""
        return any(at > as_of for at in self.erased.values())
