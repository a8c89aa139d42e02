"""What a batch of messages (one ``Memory.add`` call) reads once instead of once per message.

Per chunk of messages, :meth:`Batch.read` checks them and asks the engine, in one query each, which are
stored already and what each of their sessions said last (the extractor's context). While the batch
goes on, it adds each message it stored to its session's window, so the next message's context comes
from memory. It also remembers which entity each name of the batch resolved to, so the speaker of
every message is not looked up again (:attr:`Batch.names`).

The answers are the ones the per-message reads would give: a window answers only for times it is
complete for (:func:`recent_in`) and the engine is asked otherwise; a remembered entity is used only
while it is not merged into another. A writer in another process adding to the same session during the
batch is not seen until the next chunk (the context is the extractor's hint; what is stored does not
depend on it).
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from .._claims import ExtractionContext
from .._time import zone
from .._values import Episode
from ..errors import ChronomemError, InvalidValue
from ._message import Message, as_message, to_episode

if TYPE_CHECKING:
    from ..contracts import Engine

__all__ = ["RECENT", "Batch", "Parsed", "Window", "recent_in"]

#: How many earlier messages of the session an extractor sees.
RECENT = 6


@dataclass(frozen=True, slots=True)
class Parsed:
    """One message of a batch, checked, and the episode that stores it."""

    message: Message
    episode: Episode


@dataclass(slots=True)
class Window:
    """A session's episodes as a batch knows them, oldest first (by occurred, then recorded): every one that
    occurred after ``floor`` (``None``: every one) and at or before ``ceiling``."""

    episodes: list[Episode]
    floor: int | None
    ceiling: int


def recent_in(window: Window, before: int, limit: int) -> list[Episode] | None:
    """The last ``limit`` episodes of ``window`` that occurred at or before ``before``, oldest first, as
    :meth:`~chronomem.contracts.Engine.recent_episodes` gives them; ``None`` when the window cannot tell
    (``before`` is past its ceiling, or older episodes it does not hold may be among them).

    >>> eps = [Episode(str(t), "ns", "hi", t, t) for t in (1, 2, 3)]
    >>> [e.occurred_at for e in recent_in(Window(eps, None, 3), 2, 5)]
    [1, 2]
    >>> recent_in(Window(eps, 1, 3), 2, 2) is None  # only one is known to be complete above the floor
    True
    """
    if before > window.ceiling:
        return None
    seen = [e for e in window.episodes if e.occurred_at <= before]
    if window.floor is not None:
        seen = [e for e in seen if e.occurred_at > window.floor]
        if len(seen) < limit:
            return None
    return seen[-limit:]


def _order(e: Episode) -> tuple[int, int]:
    return (e.occurred_at, e.recorded_at)


@dataclass
class Batch:
    """The reads of one batch into ``namespace`` (see the module docstring)."""

    engine: Engine
    namespace: str
    #: (name, entity type) -> the id of the entity it resolved to in this batch
    names: dict[tuple[str, str], str] = field(default_factory=dict)
    _stored: dict[str, Episode | None] = field(default_factory=dict)
    _windows: dict[str | None, Window] = field(default_factory=dict)

    def read(self, chunk: Sequence[Message | Mapping[str, object]]) -> list[Parsed | ChronomemError]:
        """Check each message of ``chunk`` (an error in its place when it is bad) and read what the batch
        needs for them: which are stored, and each session's last messages before them."""
        parsed: list[Parsed | ChronomemError] = []
        for item in chunk:
            try:
                m = as_message(item)
                parsed.append(Parsed(m, to_episode(self.namespace, m)))
            except ChronomemError as exc:
                parsed.append(exc)
            except (TypeError, ValueError, UnicodeError) as exc:  # bad input no check foresaw: refused, saying why
                refused = InvalidValue(f"the message cannot be read: {type(exc).__name__}: {exc}")
                refused.__cause__ = exc
                parsed.append(refused)
        good = [p for p in parsed if isinstance(p, Parsed)]
        ids = list(dict.fromkeys(p.episode.id for p in good))
        self._stored = dict.fromkeys(ids)
        self._stored.update((e.id, e) for e in self.engine.episodes(self.namespace, ids))
        sessions: dict[str | None, list[int]] = {}
        for p in good:
            if self._stored[p.episode.id] is None:
                sessions.setdefault(p.episode.session, []).append(p.episode.occurred_at)
        self._windows = {}
        for session, times in sessions.items():
            limit = RECENT + len(times)
            got = self.engine.recent_episodes(self.namespace, session, max(times), limit)
            floor = got[0].occurred_at if len(got) == limit else None
            self._windows[session] = Window(got, floor, max(times))
        return parsed

    def stored(self, episode: Episode) -> Episode | None:
        """The stored episode with ``episode``'s id, if any."""
        if episode.id in self._stored:
            return self._stored[episode.id]
        return self.engine.episode(self.namespace, episode.id)

    def context(self, m: Message, ep: Episode) -> ExtractionContext:
        """What the extractor knows besides ``ep``: speaker, role, local time, the session's last messages
        (without a session, the namespace's last messages that have none) and who spoke in them."""
        window = self._windows.get(ep.session)
        got = None if window is None else recent_in(window, ep.occurred_at, RECENT)
        if got is None:
            got = self.engine.recent_episodes(self.namespace, ep.session, ep.occurred_at, RECENT)
        recent = tuple(got)
        local = m.occurred_at if m.tz is None else m.occurred_at.astimezone(zone(m.tz))
        others = (e.speaker for e in recent if e.speaker is not None and e.speaker != m.speaker)
        participants = tuple(dict.fromkeys(others))
        return ExtractionContext(m.speaker, m.role, local, m.tz, participants, recent)

    def befores(self, chunk: Sequence[Parsed | ChronomemError]) -> list[Episode | None]:
        """For each message of ``chunk`` read by :meth:`read`, the message said just before it in its session
        once the chunk's earlier messages are stored (what :meth:`context` will call the last of its recent
        messages): the context its vector reads (:func:`chronomem.write.embedding_parts`)."""
        out: list[Episode | None] = []
        earlier: dict[str | None, list[tuple[tuple[int, int, int], Episode]]] = {}
        for i, p in enumerate(chunk):
            if not isinstance(p, Parsed):
                out.append(None)
                continue
            ep = p.episode
            window = self._windows.get(ep.session)
            stored = None if window is None else recent_in(window, ep.occurred_at, 1)
            if stored is None:
                stored = self.engine.recent_episodes(self.namespace, ep.session, ep.occurred_at, 1)
            # the chunk's own messages are recorded after every stored one, in chunk order
            seen = [((e.occurred_at, 0, e.recorded_at), e) for e in stored]
            seen += [(k, e) for k, e in earlier.get(ep.session, []) if e.occurred_at <= ep.occurred_at]
            out.append(max(seen, key=lambda s: s[0])[1] if seen else None)
            if self.stored(ep) is None:
                earlier.setdefault(ep.session, []).append(((ep.occurred_at, 1, i), ep))
        return out

    def added(self, ep: Episode, tx: int) -> None:
        """``ep`` was stored at ``tx``: later messages of the batch see it."""
        stored = replace(ep, recorded_at=tx)
        self._stored[ep.id] = stored
        window = self._windows.get(ep.session)
        if window is not None and ep.occurred_at <= window.ceiling:
            insort(window.episodes, stored, key=_order)
