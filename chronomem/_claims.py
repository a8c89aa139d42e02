"""What an extractor returns: claims about entities, in the profile vocabulary (:mod:`chronomem._vocabulary`),
with their modality, kind, confidence, valid time (or the words it came from) and the text span they rest on.

These are plain values: an extractor builds them from an episode and its context, the ingestion pipeline
resolves the entities they name and decides what each claim does to the memory.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum

from ._values import JSON, Episode, Kind, Modality, Usage

__all__ = [
    "Action",
    "Alias",
    "Claim",
    "Extraction",
    "ExtractionContext",
    "Mentioned",
    "Role",
    "by_role",
    "role_name",
]


class Role(StrEnum):
    """Who speaks: a person (``user``, also both people in a chat between friends), the agent, the system
    prompt, or anything else (a tool, a document's author)."""

    USER = "user"
    ASSISTANT = "assistant"
    SYSTEM = "system"
    OTHER = "other"


def role_name(owner: str, role: str, lang: str) -> str:
    """What someone named only by their relation to ``owner`` is called ("Dana's sister", "Dana的老公"): the
    name every extractor gives them, which :func:`by_role` recognises.

    >>> role_name("Dana", "sister", "en"), role_name("王婷", "姐姐", "zh"), by_role("Dana's sister", "Dana")
    ("Dana's sister", '王婷的姐姐', True)
    """
    return f"{owner}的{role}" if lang == "zh" else f"{owner}'s {role}"


def by_role(name: str, owner: str) -> bool:
    """Whether ``name`` is a :func:`role_name` of ``owner``'s, not a name of someone's own."""
    return name.startswith((f"{owner}'s ", f"{owner}的"))


class Action(StrEnum):
    """What a claim does to its slot over its valid portion."""

    ASSERT = "assert"  # the value holds (a different current value ends where it starts)
    CORRECT = "correct"  # what was stored for this portion was wrong; this is right
    RETRACT = "retract"  # the value (or, with none named, whatever the slot holds) no longer holds


@dataclass(frozen=True, slots=True)
class Mentioned:
    """An entity as a claim names it, in the conversation's language.

    ``speaker=True`` is the message's speaker ("I", "me", "我"), whatever ``name`` says; ``addressee=True``
    the one spoken to ("you" in a user's message is the assistant, in the assistant's the user). ``type``
    is a hint for resolution: person, place, organisation, project, animal, language, thing. ``occupies`` is
    ``(owner, predicate)`` for someone named only by a one-at-a-time relation ("my husband", "我老公": the
    speaker's ``partner``): whoever holds it when the message is said, whatever word names them; ``name``
    ("Dana's husband") when nobody does yet.
    """

    name: str
    type: str = "thing"
    speaker: bool = False
    addressee: bool = False
    occupies: tuple[str, str] | None = None


@dataclass(frozen=True, slots=True)
class Claim:
    """One statement an episode makes: ``subject -predicate-> object`` (an entity) or ``-> value`` (JSON).

    Valid time is ``[valid_from, valid_to)`` in UTC microseconds when the extractor resolved it; else
    ``time_text`` holds the words it came from ("last month", "从去年开始"), which the pipeline resolves
    against the message's own time and zone; with neither, the claim holds from the message's time on.
    ``span`` indexes the episode's content (``content[span[0]:span[1]]`` is what the claim rests on).
    """

    subject: Mentioned
    predicate: str
    object: Mentioned | None = None
    value: JSON = None
    valid_from: int | None = None
    valid_to: int | None = None
    time_text: str | None = None
    kind: str = Kind.FACT
    modality: str = Modality.ASSERTED
    confidence: float = 1.0
    action: Action = Action.ASSERT
    span: tuple[int, int] | None = None


@dataclass(frozen=True, slots=True)
class Alias:
    """``entity`` is also called ``alias`` ("call me Tina", "同事都叫我Tina", "Bob, short for Robert")."""

    entity: Mentioned
    alias: str


@dataclass(frozen=True, slots=True)
class ExtractionContext:
    """What an extractor may know besides the episode: who speaks and to whom, the message's local time
    (aware, in the speaker's zone), and the last few episodes of the same session, oldest first."""

    speaker: str | None
    role: Role
    reference: datetime
    tz: str | None = None
    participants: tuple[str, ...] = ()
    recent: tuple[Episode, ...] = ()


@dataclass(frozen=True, slots=True)
class Extraction:
    """An extractor's answer for one episode: claims, aliases, and (for a model) what the call cost."""

    claims: tuple[Claim, ...] = ()
    aliases: tuple[Alias, ...] = ()
    usage: Usage | None = None
