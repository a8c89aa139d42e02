"""The message: what :meth:`Memory.add` takes, as a typed value or a plain dict, checked on the way in.

A message is one turn of a conversation (or a document, or a JSON event) with the time it occurred and who
said it. Everything that can be wrong with one is refused here with an error that says what to fix, before
anything is stored.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from datetime import datetime

from .._claims import Role
from .._names import check_text, digest
from .._time import now_us, to_us, zone
from .._values import JSON, Episode, canonical_json
from ..errors import InvalidValue, NaiveDatetime
from ..write import new_episode

__all__ = ["EPISODE_KINDS", "Message", "as_message", "to_episode"]


#: What an episode can be: a turn of a conversation, a document, or a JSON event.
EPISODE_KINDS = ("message", "document", "event")
_FIELDS = ("id", "speaker", "role", "content", "occurred_at", "session", "tz", "metadata", "kind")
#: How far past this machine's clock a message may be dated (microseconds): one day, for clocks that disagree
#: and zones misread by hours; a message dated later is refused as a mistake (a wrong year or offset).
FUTURE_SKEW = 86_400_000_000


@dataclass(frozen=True, slots=True)
class Message:
    """One message (or document, or event) to remember.

    ``occurred_at`` is aware (a naive datetime names no instant); ``tz`` is the speaker's IANA zone, used to
    read "tomorrow at 9" (default: ``occurred_at``'s own offset). Without an ``id``, one is derived from the
    time, speaker and content, so adding the same message twice stores it once.

    >>> from datetime import UTC, datetime
    >>> Message("I moved to Paris last month.", datetime(2024, 3, 4, 9, 15, tzinfo=UTC), speaker="Alice").role
    <Role.USER: 'user'>
    """

    content: str
    occurred_at: datetime
    speaker: str | None = None
    role: Role = Role.USER
    id: str | None = None
    session: str | None = None
    tz: str | None = None
    kind: str = "message"
    metadata: dict[str, JSON] = field(default_factory=dict)


def as_message(item: Message | Mapping[str, object]) -> Message:
    """``item`` as a checked :class:`Message`; a dict takes the same keys (``occurred_at`` may be ISO 8601
    text with an offset, ``content`` of an event may be a JSON object). Raises
    :class:`~chronomem.errors.InvalidInput` saying what to fix."""
    if isinstance(item, Message):
        msg = item
    elif isinstance(item, Mapping):
        msg = _from_mapping(item)
    else:
        raise InvalidValue(f"a message is a chronomem.Message or a dict, got {type(item).__name__}")
    return _checked(msg)


def _from_mapping(d: Mapping[str, object]) -> Message:
    unknown = sorted(str(k) for k in d if k not in _FIELDS)
    if unknown:
        raise InvalidValue(f"unknown message keys {unknown}; a message takes {list(_FIELDS)}")
    for key in ("content", "occurred_at"):
        if d.get(key) is None:
            raise InvalidValue(f"a message needs {key!r}")
    content = d["content"]
    if isinstance(content, dict):  # a JSON event: stored as its canonical JSON text
        if d.get("kind") != "event":
            raise InvalidValue('content is a JSON object: that is an event\'s; add "kind": "event", or send text')
        content = canonical_json(content)
    when = d["occurred_at"]
    if isinstance(when, str):
        when = _parse_time(when)
    metadata = d.get("metadata") or {}
    return Message(
        content=content,  # type: ignore[arg-type]  # checked below
        occurred_at=when,  # type: ignore[arg-type]
        speaker=d.get("speaker"),  # type: ignore[arg-type]
        role=d.get("role", Role.USER),  # type: ignore[arg-type]
        id=d.get("id"),  # type: ignore[arg-type]
        session=d.get("session"),  # type: ignore[arg-type]
        tz=d.get("tz"),  # type: ignore[arg-type]
        kind=d.get("kind", "message"),  # type: ignore[arg-type]
        metadata=metadata,  # type: ignore[arg-type]
    )


def _parse_time(text: str) -> datetime:
    iso = text.strip().replace("Z", "+00:00").replace("z", "+00:00")
    try:
        dt = datetime.fromisoformat(iso)
    except ValueError:
        raise InvalidValue(f"occurred_at={text!r} is not ISO 8601; use e.g. 2024-06-12T15:00:00+08:00") from None
    if dt.tzinfo is None:
        raise NaiveDatetime(f"occurred_at={text!r} has no offset; add one, e.g. {text}+08:00 or {text}Z")
    return dt


def _checked(m: Message) -> Message:
    if not isinstance(m.content, str):
        raise InvalidValue(
            f"content must be text (or, for kind 'event', a JSON object), got {type(m.content).__name__}"
        )
    check_text(m.content, "content")
    if not isinstance(m.occurred_at, datetime):
        raise InvalidValue(f"occurred_at must be an aware datetime or ISO 8601 text, got {m.occurred_at!r:.60}")
    if to_us(m.occurred_at, name="occurred_at") > now_us() + FUTURE_SKEW:  # also refuses a naive one
        raise InvalidValue(
            f"occurred_at={m.occurred_at.isoformat()} is in the future: a message is stored when it has been said; "
            "check the year and the offset (a plan for a later date belongs in the content)"
        )
    try:
        role = Role(m.role)
    except ValueError:
        raise InvalidValue(f"role={m.role!r}; use one of {[r.value for r in Role]}") from None
    if m.kind not in EPISODE_KINDS:
        raise InvalidValue(f"kind={m.kind!r}; use one of {list(EPISODE_KINDS)}")
    if m.tz is not None:
        if not isinstance(m.tz, str):
            raise InvalidValue(f"tz must be an IANA zone name such as 'Asia/Shanghai', got {m.tz!r:.60}")
        zone(m.tz)
    if not isinstance(m.metadata, dict):
        raise InvalidValue(f"metadata must be a JSON object (a dict), got {type(m.metadata).__name__}")
    if m.speaker is not None and (not isinstance(m.speaker, str) or not m.speaker.strip()):
        raise InvalidValue(f"speaker must be a non-empty name or None, got {m.speaker!r:.60}")
    return m if role is m.role else replace(m, role=role)


def to_episode(namespace: str, m: Message) -> Episode:
    """The episode that stores ``m`` (checked: content, ids, sizes), with a derived id when ``m`` has none."""
    ident = m.id
    if ident is None:
        when = to_us(m.occurred_at, name="occurred_at")
        ident = "m-" + digest(f"{when}\x1f{m.speaker or ''}\x1f{m.content}")[:24]
    metadata = dict(m.metadata)
    return new_episode(
        namespace,
        m.content,
        occurred_at=m.occurred_at,
        id=ident,
        kind=m.kind,
        role=m.role.value,
        speaker=m.speaker,
        session=m.session,
        metadata=metadata,
        tz=m.tz,
    )
