"""Episodes: checking a new one, and storing it idempotently by id."""

from __future__ import annotations

import uuid
from dataclasses import replace
from datetime import datetime

from .._names import check_identifier, check_text
from .._time import to_us, zone
from .._values import JSON, Episode, canonical_json
from ..contracts import Txn
from ..errors import Conflict, InvalidValue

__all__ = ["MAX_CONTENT", "PART_CHARS", "embedding_parts", "new_episode", "store_episode"]

MAX_CONTENT = 1_000_000
#: An episode's text is embedded in parts of at most this many characters, cut between sentences (a chat
#: message is one part; a document many, each found on its own).
PART_CHARS = 1_000


def new_episode(
    namespace: str,
    content: str,
    *,
    occurred_at: datetime,
    id: str | None = None,
    kind: str = "message",
    role: str | None = None,
    speaker: str | None = None,
    session: str | None = None,
    source: str | None = None,
    metadata: dict[str, JSON] | None = None,
    tz: str | None = None,
) -> Episode:
    """A checked, not yet stored episode (``recorded_at=0``); a random id when ``id`` is ``None``.
    Raises :class:`~chronomem.errors.InvalidInput` saying what to fix."""
    if not isinstance(content, str) or not content.strip():
        raise InvalidValue("episode content must be a non-empty string")
    if len(content) > MAX_CONTENT:
        raise InvalidValue(f"episode content is {len(content)} characters; split it below {MAX_CONTENT}")
    check_text(content, "episode content")
    if metadata is not None and not isinstance(metadata, dict):
        raise InvalidValue(f"metadata must be a dict (a JSON object), got {type(metadata).__name__}")
    canonical_json(metadata or {})
    for field, text in (("role", role), ("speaker", speaker), ("session", session), ("source", source)):
        if text is not None and not isinstance(text, str):
            raise InvalidValue(f"{field} must be a string or None, got {type(text).__name__}")
        if text is not None:
            check_text(text, field)
    return Episode(
        id=check_identifier(id, "episode id") if id is not None else uuid.uuid4().hex,
        namespace=namespace,
        content=content,
        occurred_at=to_us(occurred_at, name="occurred_at"),
        recorded_at=0,
        kind=check_identifier(kind, "episode kind"),
        role=role,
        speaker=speaker,
        session=session,
        source=source,
        metadata=dict(metadata or {}),
        tz=None if tz is None else zone(tz).key,
    )


def store_episode(txn: Txn, ep: Episode) -> Episode:
    """Store ``ep`` at ``txn.tx``; the same id again returns the stored episode, unless its content or
    time differ (:class:`Conflict`)."""
    existing = txn.put_episode(ep)
    if existing is None:
        return replace(ep, recorded_at=txn.tx)
    if existing.content != ep.content or existing.occurred_at != ep.occurred_at:
        raise Conflict(f"episode {ep.id!r} already exists with other content or time; use a new id")
    return existing


def embedding_parts(ep: Episode) -> list[str]:
    """The texts an embedder reads for ``ep``: its content as a transcript line (``"Alice: I moved to
    Berlin"``, so a question that names the speaker finds what they said), whole when short, else runs of
    whole sentences of at most :data:`PART_CHARS` characters (a longer sentence is cut at the limit), each
    with the speaker."""
    lead = f"{ep.speaker}: " if ep.speaker else ""
    text = ep.content.strip()
    if len(text) <= PART_CHARS:
        return [lead + text]
    from ..text import split_sentences

    parts: list[str] = []
    run = ""
    for sentence in split_sentences(text):
        pieces = [sentence[i : i + PART_CHARS] for i in range(0, len(sentence), PART_CHARS)]
        for piece in pieces:
            if run and len(run) + 1 + len(piece) > PART_CHARS:
                parts.append(run)
                run = ""
            run = f"{run} {piece}" if run else piece
    if run:
        parts.append(run)
    return [lead + p for p in parts]
