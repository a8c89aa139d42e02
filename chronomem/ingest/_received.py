"""Messages as agent frameworks send them: no time, OpenAI's ``{"role", "content"}`` shape, a user and a session
named beside the messages rather than in each (:meth:`chronomem.Memory.add`'s ``user_id=`` and ``session_id=``).

A message without ``occurred_at`` is dated when it was received: the call's clock reading, one microsecond apart
for each further undated message of the same call so that their order is their order in time. Its
:class:`~chronomem.ingest.IngestResult` says so (``received_at``). A message that gives its own time keeps it, and
a naive one is still refused: it names no instant.

``user_id`` names the person whose memory it is: the speaker of every ``"user"`` message that names none. The
assistant's messages keep no speaker unless they name one, so what the assistant says of itself ("I am a bot")
is never read as said by the user. ``user_id`` does not choose the namespace: a memory is one namespace, and one
memory per user is ``mem.using(user_id)``. ``session_id`` is the session of every message that names none.

Nothing here refuses a message: what is still wrong is refused by :func:`~chronomem.ingest.as_message`, saying
what to fix (in a batch, as that message's result).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import replace
from typing import TYPE_CHECKING

from .._claims import Role
from .._time import from_us, now_us
from ..errors import InvalidValue
from ._message import Message
from ._pipeline import ingest, ingest_many
from ._result import IngestResult

if TYPE_CHECKING:
    from ..contracts import Embedder, Engine, Extractor

__all__ = ["Received", "ingest_received", "receive"]

#: OpenAI's roles that chronomem names otherwise: the developer's instructions are the system's; a tool's output
#: is said by something other than a person or the agent.
_ROLES = {"developer": Role.SYSTEM.value, "tool": Role.OTHER.value, "function": Role.OTHER.value}

#: A message as received, and the time it was stamped with (UTC microseconds; ``None``: it gave its own).
Received = tuple[Message | Mapping[str, object], int | None]


def receive(
    item: Message | Mapping[str, object],
    at: int,
    *,
    user_id: str | None,
    session_id: str | None,
    known: Callable[[str], int | None] = lambda ident: None,
) -> Received:
    """``item`` with what the call says of it filled in: the time ``at`` when it has none, ``user_id`` as the
    speaker of a user's message, ``session_id`` as its session; an OpenAI-shaped dict in chronomem's keys.
    ``known(id)`` is when the message ``id`` was stored, if it was: an undated message added again under its id
    keeps that time, so that it is the same message (a duplicate), not another one said now."""
    if isinstance(item, Message):
        return _filled(item, user_id, session_id), None
    if not isinstance(item, Mapping):
        return item, None  # refused by as_message, saying what a message is
    d = _openai(item)
    if d.get("session") is None and session_id is not None:
        d["session"] = session_id
    if d.get("speaker") is None and user_id is not None and d.get("role", Role.USER.value) == Role.USER.value:
        d["speaker"] = user_id
    if d.get("occurred_at") is not None:
        return d, None
    ident = d.get("id")
    stored = known(ident) if isinstance(ident, str) else None
    d["occurred_at"] = from_us(at if stored is None else stored)
    return d, at if stored is None else None


def _openai(item: Mapping[str, object]) -> dict[str, object]:
    """An OpenAI-shaped message in chronomem's keys: ``name`` is the speaker, roles renamed, content parts
    (``{"type": "text", "text": …}``) joined; any other content is checked as it is."""
    d = dict(item)
    if "name" in d and "speaker" not in d:
        d["speaker"] = d.pop("name")
    role = d.get("role")
    if isinstance(role, str) and role in _ROLES:
        d["role"] = _ROLES[role]
    parts = d.get("content")
    if isinstance(parts, list) and parts and all(isinstance(p, Mapping) for p in parts):  # OpenAI's content parts
        d["content"] = "\n".join(_texts(parts))
    return d


def _filled(m: Message, user_id: str | None, session_id: str | None) -> Message:
    session = m.session if m.session is not None or session_id is None else session_id
    speaker = m.speaker
    if speaker is None and user_id is not None and m.role == Role.USER:
        speaker = user_id
    return m if (session, speaker) == (m.session, m.speaker) else replace(m, session=session, speaker=speaker)


def _texts(parts: list[object]) -> list[str]:
    out: list[str] = []
    for part in parts:
        if isinstance(part, Mapping) and isinstance(part.get("text"), str):  # the text parts, in order
            out.append(part["text"])
    return out


def ingest_received(
    engine: Engine,
    namespace: str,
    messages: Message | Mapping[str, object] | Iterable[Message | Mapping[str, object]],
    extractor: Extractor,
    *,
    embedder: Embedder | None,
    ids: tuple[str | None, str | None],
) -> IngestResult | list[IngestResult]:
    """:func:`ingest` one message or :func:`ingest_many` many, each as :func:`receive` fills it in (``ids``: the
    user id and the session id), a stamped one's result saying when it was received."""
    for name, given in zip(("user_id", "session_id"), ids, strict=True):
        if given is not None and (not isinstance(given, str) or not given.strip()):
            raise InvalidValue(f"{name} must be a non-empty string or None, got {given!r:.60}")
    user_id, session_id = ids
    received = now_us()

    def known(ident: str) -> int | None:
        found = engine.episode(namespace, ident)
        return None if found is None else found.occurred_at

    if isinstance(messages, Message | Mapping):
        item, stamp = receive(messages, received, user_id=user_id, session_id=session_id, known=known)
        return _stamped(ingest(engine, namespace, item, extractor, embedder=embedder), stamp)
    stamps: list[int | None] = []

    def dated() -> Iterator[Message | Mapping[str, object]]:
        # lazily, as ingest_many reads them: a long conversation is not held twice
        undated = 0
        for one in messages:
            item, stamp = receive(one, received + undated, user_id=user_id, session_id=session_id, known=known)
            undated += stamp is not None
            stamps.append(stamp)
            yield item

    results = ingest_many(engine, namespace, dated(), extractor, embedder=embedder)
    return [_stamped(r, stamp) for r, stamp in zip(results, stamps, strict=True)]


def _stamped(result: IngestResult, stamp: int | None) -> IngestResult:
    return result if stamp is None else replace(result, received_at=stamp)
