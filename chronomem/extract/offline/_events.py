"""Events and plans with their times: a clause of the speaker that names a time and that no predicate's
rule read becomes an ``event`` claim whose value is the clause's action in the speaker's own words.

"I caught a cold yesterday" is an event over yesterday; "I didn't go to work today" a negated event
("go to work") over today; "明天上午十点我要去看牙医" a plan over that hour. Precision over recall: the subject
must be the speaker (said in English, said or dropped in Chinese), the time bounded and not recurring, and
the action a verb, not a state ("today is hot", "I'm tired today", "早上好" make none).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from ..._claims import Claim, Mentioned
from ..._values import Kind, Modality
from ...temporal import Mention, Shape

if TYPE_CHECKING:
    from ._language import Language

__all__ = ["EVENT", "Clause", "event_claim"]

#: The predicate of an event or a plan (many-valued: one person does many things).
EVENT: Final = "event"


@dataclass(frozen=True, slots=True)
class Clause:
    """One clause to read for an event: its text, where it starts in the content, its language (which reads
    the action), whether
    its subject is the speaker and whether its sentence imagines; the message time in UTC microseconds."""

    text: str
    at: int
    language: Language
    speaker_subject: bool
    hypothetical: bool
    reference: int


_VAGUE: Final = frozenset({"now", "right now", "currently", "these days", "nowadays", "现在", "目前", "如今", "最近"})
_SHAPES: Final = (Shape.RECURRING, Shape.DURATION, Shape.OPEN_AFTER, Shape.OPEN_BEFORE)


def event_claim(clause: Clause, mentions: Sequence[Mention], speaker: Mentioned) -> Claim | None:
    """The event or plan ``clause`` names, or ``None`` (see the module docstring). ``mentions`` index the
    content, as the clause's ``at`` does; the first bounded one inside the clause (else ``mentions[0]`` when
    the caller passes a time said as a clause of its own) is the event's time."""
    if not clause.speaker_subject:
        return None
    end = clause.at + len(clause.text)
    inside = [m for m in mentions if clause.at <= m.span[0] and m.span[1] <= end]
    when = next((m for m in (inside or mentions[:1]) if _bounded(m)), None)
    if when is None or when.start is None or when.end is None:
        return None
    text = _without(clause.text, [(m.span[0] - clause.at, m.span[1] - clause.at) for m in inside])
    read = clause.language.action(text)
    if read is None:
        return None
    action, negated, planned = read
    future = when.start > clause.reference or (planned and when.end > clause.reference)
    if clause.hypothetical:
        modality = Modality.HYPOTHETICAL
    elif negated:
        modality = Modality.NEGATED
    else:
        modality = Modality.PLANNED if future else Modality.ASSERTED
    return Claim(
        subject=speaker,
        predicate=EVENT,
        value=action,
        valid_from=when.start,
        valid_to=when.end,
        kind=Kind.PLAN if future else Kind.EVENT,
        modality=modality,
        span=(clause.at, end),
    )


def _bounded(m: Mention) -> bool:
    return (
        m.shape not in _SHAPES
        and m.text.strip().lower() not in _VAGUE
        and m.start is not None
        and m.end is not None
        and m.end > m.start
        and not m.text.strip().isdigit()
    )


_STRANDED: Final = re.compile(r"(?i:\b(?:at|on|in|around|by|about|this|of)\s*$)|(?:在|于|从)\s*$")


def _without(text: str, spans: list[tuple[int, int]]) -> str:
    """``text`` without the time words (and a preposition left before them: "meeting Bob at [10]")."""
    out, last = "", 0
    for a, b in sorted(spans):
        out += _STRANDED.sub("", text[last:a]) + " "
        last = b
    out += text[last:]
    return re.sub(r"\s+", " ", out).strip()


#: What ends an action said at the end of a clause (white space and punctuation).
ACTION_END: Final = re.compile(r"[\s,，。.!！;；:：~～…]+$")
