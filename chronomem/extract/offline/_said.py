"""From a rule's hit in a clause to a :class:`Claim`: predicate, object or value, modality, action, kind,
confidence and valid time, as a pure function of the hit, its subject and the cues around it.

The order of the decisions is this: a hypothetical or reported sentence never asserts; a denial
that says the value ended ("not … anymore", "不再") or never held ("after all") retracts it; any other denial
is a negated fact, except "I don't like X", which is ``dislikes``; a verb of ending ("quit", "离职") retracts;
a plan or intention ("going to", "打算") is planned; the rest is asserted from the time its words give.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..._claims import Action, Claim, Mentioned, role_name
from ..._values import Kind, Modality
from ..._vocabulary import PREDICATES
from ...temporal import Mention, Shape
from ._modality import ClauseCues, SentenceMood
from ._rules import Change, Hit
from ._time import NEVER, portion

__all__ = ["REPORTED", "THIRD_PERSON", "HitContext", "claim_for"]

#: How sure a claim is when the speaker speaks of someone else, or repeats what someone else said.
THIRD_PERSON = 0.7
REPORTED = 0.5


@dataclass(frozen=True, slots=True)
class HitContext:
    """Everything around one hit: its subject, the sentence's mood, the clause's cues, the chosen time
    mention, the message time, the owner of unnamed things ("Alice's cat"), the span in the content."""

    subject: Mentioned
    mood: SentenceMood
    cues: ClauseCues
    mention: Mention | None
    reference: int
    owner: str
    lang: str
    span: tuple[int, int]
    words: str = ""  # the words the rule matched


def claim_for(hit: Hit, said: HitContext) -> Claim | None:
    """The claim ``hit`` makes, or ``None`` when the words make none (a planned ending, a denial of nothing)."""
    predicate, modality, action = _meaning(hit, said)
    if predicate is None:
        return None
    past = hit.rule.change in (Change.PAST, Change.UNTIL) or (said.cues.past and action is Action.ASSERT)
    valid_from, valid_to = portion(hit.rule.change, past, said.mention, said.reference)
    if action is Action.RETRACT and said.cues.never_was:
        valid_from, valid_to = NEVER, None
    if modality is Modality.PLANNED and said.mention is None:
        valid_from = valid_to = None
    obj, value = _object(hit, predicate, said, action)
    if obj is None and value is None and action is not Action.RETRACT:
        return None
    return Claim(
        subject=said.subject,
        predicate=predicate,
        object=obj,
        value=value,
        valid_from=valid_from,
        valid_to=valid_to,
        kind=_kind(predicate, modality),
        modality=modality,
        confidence=_confidence(said),
        action=action,
        span=said.span,
    )


def _meaning(hit: Hit, said: HitContext) -> tuple[str | None, str, Action]:
    """The predicate, modality and action: see the module docstring for the order."""
    predicate, cues, mood = hit.rule.predicate, said.cues, said.mood
    denied = hit.denied or cues.negated or hit.rule.negated
    if mood.hypothetical:
        return predicate, Modality.HYPOTHETICAL, Action.ASSERT
    if mood.reported:
        return predicate, Modality.REPORTED, Action.ASSERT
    if denied and (cues.ended or cues.never_was):
        return predicate, Modality.ASSERTED, Action.RETRACT
    if denied and predicate == "likes":
        return "dislikes", Modality.ASSERTED, Action.ASSERT
    if denied:
        return (None if hit.rule.change is Change.END else predicate), Modality.NEGATED, Action.ASSERT
    if hit.rule.change in (Change.END, Change.LAST_DAY):
        return (None if cues.planned else predicate), Modality.ASSERTED, Action.RETRACT
    if cues.planned and predicate != "goal":
        return predicate, Modality.PLANNED, Action.ASSERT
    if hit.rule.change is Change.START and said.mention is None and _PROGRESSIVE.match(said.words):
        return predicate, Modality.PLANNED, Action.ASSERT  # "I'm moving to Berlin": not there yet
    if _ahead(said) and _acquired(predicate):
        return predicate, Modality.PLANNED, Action.ASSERT  # "we're getting a kitten next month": not yet ours
    return predicate, Modality.ASSERTED, Action.ASSERT


_PROGRESSIVE = re.compile(r"(?i:moving|relocating|starting|joining|beginning|switching)\b")


def _acquired(predicate: str) -> bool:
    """Whether one gets a value of ``predicate`` (its record's ``acquired``): got ahead of time, it is a plan
    until it happens ("we're getting a kitten next month"); any other dated change ahead is asserted from its
    date ("I start at Siemens on the 3rd", "From March 1st my number is …", "下个月起调到深圳")."""
    spec = PREDICATES.get(predicate)
    return spec is not None and spec.acquired


def _ahead(said: HitContext) -> bool:
    m = said.mention
    return m is not None and m.start is not None and m.start > said.reference and m.shape is not Shape.OPEN_AFTER


def _object(hit: Hit, predicate: str, said: HitContext, action: Action) -> tuple[Mentioned | None, str | None]:
    """The object entity or the JSON value; an unnamed pet or child is named after its owner and kind."""
    spec = PREDICATES.get(predicate)
    if spec is not None and spec.value:
        return None, hit.obj
    entity_type = hit.rule.entity_type or (spec.entity_type if spec is not None else "thing")
    if hit.obj is not None:
        return Mentioned(hit.obj, entity_type), None
    if hit.role is not None and action is Action.ASSERT:
        return Mentioned(role_name(said.owner, hit.role, said.lang), entity_type), None
    return None, None


def _kind(predicate: str, modality: str) -> str:
    """A plan's kind is ``plan``; any other claim's is its predicate's (its record's ``kind``), except that a
    diet the rules read is a preference, where the record (and so a model's claim) keeps it a fact."""
    if modality == Modality.PLANNED:
        return Kind.PLAN
    if predicate == "diet":
        return Kind.PREFERENCE
    spec = PREDICATES.get(predicate)
    return Kind.FACT if spec is None else spec.kind


def _confidence(said: HitContext) -> float:
    if said.mood.reported:
        return REPORTED
    return 1.0 if said.subject.speaker else THIRD_PERSON
