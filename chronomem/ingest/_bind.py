"""Binding a claim to the conversation: who "I" and "you" are, and when its words say it held.

Pure functions of the claim and the :class:`ExtractionContext`; the pipeline calls them before it touches
storage, so a claim that names nobody or no time it can read is skipped with a reason instead of guessed.
"""

from __future__ import annotations

from .._claims import Claim, ExtractionContext, Mentioned, Role
from .._time import MIN_US
from .._values import Episode, Kind
from ..temporal import Shape, parse

__all__ = ["addressee", "name_of", "valid_time"]


def addressee(ctx: ExtractionContext) -> str | None:
    """Who "you" is: in the agent's message the last person who spoke; in anyone else's, the last other
    speaker of the session (the agent, or the friend in a chat between two people); else the only other
    participant."""
    for ep in reversed(ctx.recent):
        if ep.speaker is None or ep.speaker == ctx.speaker:
            continue
        if ctx.role is not Role.ASSISTANT or ep.role == Role.USER:
            return ep.speaker
    others = [p for p in ctx.participants if p != ctx.speaker]
    return others[0] if len(others) == 1 else None


def name_of(m: Mentioned, ctx: ExtractionContext) -> str | None:
    """The name an entity mention stands for: the speaker's, the addressee's, or its own."""
    if m.speaker:
        return ctx.speaker
    if m.addressee:
        return addressee(ctx)
    return m.name.strip() or None


def valid_time(
    claim: Claim, episode: Episode, ctx: ExtractionContext, *, lasting: bool = False
) -> tuple[int, int | None] | None:
    """``[valid_from, valid_to)`` in UTC microseconds, or ``None`` when the claim's time words cannot be read.

    Resolved times win (an end alone in the past, "used to", reaches back to the beginning of time: the
    pipeline shortens it to where what is known began); else the first time expression in ``time_text``,
    read against the message's own time
    and zone: an event holds over the time named ("yesterday"), a state from its start on ("since March",
    "last month": from then), and "until Friday" from the message's time until then. With neither, the claim
    holds from the message's time on, or, for what lasts a lifetime (``lasting``: a birthday), always.
    """
    if claim.valid_from is not None or claim.valid_to is not None:
        start = episode.occurred_at if claim.valid_from is None else claim.valid_from
        if claim.valid_from is None and claim.valid_to is not None and claim.valid_to <= start:
            start = MIN_US  # "I used to live in Rome": it held until then, since a time nobody said
        return start, claim.valid_to
    if not claim.time_text:
        return (MIN_US if lasting else episode.occurred_at), None
    found = parse(claim.time_text, ctx.reference, ctx.tz)
    if not found:
        return None
    m = found[0]
    if m.shape is Shape.OPEN_BEFORE:
        return (episode.occurred_at, m.end) if m.end is not None and m.end > episode.occurred_at else None
    if m.start is None or m.shape in (Shape.DURATION, Shape.RECURRING):
        return None
    if claim.kind in (Kind.EVENT, Kind.PLAN) or m.shape is Shape.INTERVAL:
        return m.start, m.end
    return m.start, None
