"""Episodes: checking a new one, and storing it idempotently by id."""

from __future__ import annotations

import uuid
from dataclasses import replace
from datetime import datetime
from typing import NamedTuple

from .._names import check_identifier, check_text
from .._time import MAX_US, to_us, zone
from .._values import JSON, Episode, canonical_json
from ..contracts import Embedder, Engine, Txn
from ..errors import Conflict, InvalidValue
from ..models._embed import Matrix
from ..text._passages import passages

__all__ = [
    "CONTEXT_CHARS", "MAX_CONTENT", "MAX_PARTS", "PART_CHARS", "PART_OVERLAP", "Embedded", "context_before",
    "embed_episode", "embedding_parts",
    "new_episode", "store_episode",
]  # fmt: skip

MAX_CONTENT = 1_000_000
#: An episode's text is embedded in parts of at most this many characters (a chat message is one part, whole;
#: a document many, each found on its own), cut at a paragraph, a code fence, a line or a sentence where one is
#: near (:func:`chronomem.text.passages`)...
PART_CHARS = 1_000
#: ...each beginning this many characters before the last ended (a sentence cut in two is also read whole)...
PART_OVERLAP = 100
#: ...and at most this many of them: a longer text (a book, runaway output) is sampled by parts spread from its
#: start to its end, so embedding a message costs at most this many parts whatever its length.
MAX_PARTS = 32
#: How much of the message before an episode its first vector also reads (see :func:`embedding_parts`).
CONTEXT_CHARS = 300


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


def embedding_parts(ep: Episode, before: Episode | None = None) -> list[str]:
    """The texts an embedder reads for ``ep``: its content as a transcript line (``"Alice: I moved to
    Berlin"``, so a question that names the speaker finds what they said), whole when short, else at most
    :data:`MAX_PARTS` passages of at most :data:`PART_CHARS` characters, overlapping a little, each with the
    speaker. Each is a vector of the episode: search finds the episode by its best one.

    ``before``, the message said just before it in the conversation (:func:`context_before`), leads the first
    part (its first :data:`CONTEXT_CHARS` characters): a reply often makes sense only after what it answers
    ("How about 'Chain Gang'?" after "we have to pick a new team name"), and what it answers often holds the
    words a later question uses ("what is the team's name now?"). It goes into the same vector as the reply,
    not into a part of its own: it is the reply that must be found.

    >>> a = Episode("a", "n", "We must pick a new team name.", 0, 0, speaker="Tom")
    >>> embedding_parts(Episode("b", "n", "How about Chain Gang?", 1, 0, speaker="Priya"), a)
    ['Tom: We must pick a new team name.\nPriya: How about Chain Gang?']
    """
    parts = _parts(ep)
    if before is not None and before.content.strip():
        said = f"{before.speaker}: " if before.speaker else ""
        parts[0] = f"{said}{before.content.strip()[:CONTEXT_CHARS]}\n{parts[0]}"
    return parts


class Embedded(NamedTuple):
    """What an embedder made of an episode's text (:func:`embedding_parts`): the model's name, a vector per
    part, and the episode whose text the first part also read (``None``: none)."""

    model: str
    vectors: Matrix
    context: str | None = None


def embed_episode(engine: Engine, namespace: str, embedder: Embedder, ep: Episode) -> Embedded:
    """Embed ``ep`` with the message before it (:func:`context_before`), as ingestion does."""
    before = context_before(engine, namespace, ep)
    vectors = embedder.embed(embedding_parts(ep, before))
    return Embedded(embedder.name, vectors, None if before is None else before.id)


def context_before(engine: Engine, namespace: str, ep: Episode) -> Episode | None:
    """The message said just before ``ep`` in its session (without a session: among the namespace's messages
    that have none), as the store orders them (occurred, then recorded); ``ep`` itself may be stored or not.
    ``None`` when nothing came before it. What ingestion's context calls the session's last message."""
    got = engine.recent_episodes(namespace, ep.session, ep.occurred_at, 8)
    at = (ep.occurred_at, ep.recorded_at or MAX_US)
    earlier = [e for e in got if e.id != ep.id and (e.occurred_at, e.recorded_at) < at]
    if earlier or len(got) < 8:
        return earlier[-1] if earlier else None
    # eight messages at ep's very time, all recorded after it: the last one strictly earlier
    older = engine.recent_episodes(namespace, ep.session, ep.occurred_at - 1, 1)
    return older[-1] if older else None


def _parts(ep: Episode) -> list[str]:
    lead = f"{ep.speaker}: " if ep.speaker else ""
    text = ep.content.strip()
    return [lead + p for p in passages(text, size=PART_CHARS, overlap=PART_OVERLAP, limit=MAX_PARTS)]
