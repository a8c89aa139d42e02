"""Deciding what a claim does to the memory, as a pure function of the claim and the slot's current rows.

The outcomes:

* ``new``: nothing known overlaps the claim's valid portion;
* ``same``: what is known already holds over the whole portion (support only, no new row);
* ``supersede``: a single-valued slot takes a new value from the claim's valid time on (the world changed);
* ``correct``: the portion is re-asserted as a correction (the words said so);
* ``retract``: the value no longer holds (the words said so);
* ``conflict``: the claim contradicts what is known and neither modality, confidence nor recency settles it.
  The slot is left as it is and the conflict is kept open until someone settles it.

A different value *supersedes* only when it can be a change in the world told by someone who may tell it:
it is at least as sure as what is known; it comes from the person it is about, or from a speaker who said
what is known; and it starts after the known value started (or its own speaker restates it: a change of
mind). Anything else is a contradiction: two witnesses disagreeing about a third person, hearsay against
what the person said, a less sure value against a surer one, and any other value of what lasts a lifetime
(a birthday, where one is from) unless the words correct it. A denial ("I'm not allergic to
peanuts", a negated claim) of a value asserted over the same time is a contradiction too, unless it says
the value ended ("not … anymore", which extractors turn into a retraction).

A claim is weighed only against what was said before it (:func:`said_before`): a message said earlier than
what is known, and learned later, is no change of mind against it. It holds until the value said later
begins, which the write path works out by applying the slot's statements in the order they were said.

When a message is taken back, the claims said after it are weighed again in the order they were said
(:func:`kept_apart`): one that only repeated what the message said may contradict what is left.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum

from ._bitemporal import Op, Said, SlotValue, covers, same_claim
from ._claims import Action
from ._support import ClaimRun, replay, said_order
from ._values import Fact, Interval, Kind, Modality

__all__ = ["Decision", "Heard", "Outcome", "Proposal", "clashes", "decide", "kept_apart", "said_before"]

_PLANS = (Kind.PLAN, Kind.EVENT)


class Outcome(StrEnum):
    NEW = "new"
    SAME = "same"
    SUPERSEDE = "supersede"
    CORRECT = "correct"
    RETRACT = "retract"
    CONFLICT = "conflict"


@dataclass(frozen=True, slots=True)
class Proposal:
    """A resolved claim: its slot value (``None`` for a retraction of whatever holds), what the words do, the
    valid portion, who said it, whether it is about the speaker themselves, how sure the extractor is, and
    whether the predicate's value lasts a lifetime (a birthday, where one is from: it cannot change)."""

    value: SlotValue | None
    action: Action
    portion: Interval
    speaker: str | None = None
    self_report: bool = False
    confidence: float = 1.0
    lasting: bool = False


@dataclass(frozen=True, slots=True)
class Decision:
    """The outcome and the current rows it concerns (closed, supported or contradicted), with why."""

    outcome: Outcome
    rows: tuple[int, ...] = ()
    why: str = ""


def decide(
    p: Proposal,
    current: Sequence[Fact],
    *,
    denied: Sequence[Fact] = (),
    speakers: Mapping[int, frozenset[str]] | None = None,
) -> Decision:
    """What ``p`` does to its slot, whose current rows are ``current``.

    ``denied`` are current rows that ``p`` denies without sharing its slot (the asserted rows of the same
    value, when ``p`` is a negated claim); ``speakers`` maps a row id to the speakers of the episodes that
    support it (a row without an entry has no known speaker: the application stated it).
    """
    said_by = speakers or {}
    overlapping = [r for r in current if r.valid.overlaps(p.portion)]
    if p.action is Action.RETRACT:
        hit = [r for r in overlapping if p.value is None or same_claim(r, p.value)]
        if not hit:
            return Decision(Outcome.SAME, why="nothing known to retract over the portion")
        return Decision(Outcome.RETRACT, _ids(hit), "the words say the value no longer holds")
    assert p.value is not None
    contradicted = [r for r in denied if r.valid.overlaps(p.portion)]
    if contradicted:
        return Decision(Outcome.CONFLICT, _ids(contradicted), "denies a value known to hold over the same time")
    if not overlapping:
        return Decision(Outcome.NEW, why="nothing known over the portion")
    value = p.value
    rivals = [r for r in overlapping if not same_claim(r, value)]
    if not rivals:
        hit = sorted(overlapping, key=lambda r: r.valid.start)
        if covers(hit, p.portion, value):
            return Decision(Outcome.SAME, _ids(hit), "already known; adds support")
        return Decision(Outcome.NEW, _ids(hit), "extends what is known to the rest of the portion")
    if p.action is Action.CORRECT:
        return Decision(Outcome.CORRECT, _ids(rivals), "the words correct what was stored")
    disputed = [r for r in rivals if not _can_follow(p, r, said_by)]
    if disputed:
        return Decision(Outcome.CONFLICT, _ids(disputed), _dispute(p, disputed, said_by))
    return Decision(Outcome.SUPERSEDE, _ids(rivals), "a later value, at least as sure: the world changed")


def said_before(current: Sequence[Fact], known: Sequence[ClaimRun]) -> list[int]:
    """The ids of the rows of ``current`` that a claim is weighed against: those holding, over part of their
    valid time, what the slot held as said by the claim's time (``known``, from the statements said at or
    before it). A row that only statements said later hold is not known yet when the claim is said."""
    return [r.row_id for r in current if any(same_claim(r, p.claim) and p.valid.overlaps(r.valid) for p in known)]


def clashes(p: Proposal, plans: Sequence[Fact]) -> tuple[int, ...]:
    """The planned rows that ``p``, itself a plan for a bounded time, clashes with: other plans or planned
    events of the same subject at an overlapping time ("a meeting tomorrow at 10" beside "the dentist
    tomorrow at 10"). Plans may coexist; a clash is kept open for someone to settle."""
    v = p.value
    if v is None or v.modality != Modality.PLANNED or v.kind not in _PLANS or p.portion.end is None:
        return ()
    return tuple(
        r.row_id
        for r in plans
        if r.modality == Modality.PLANNED and r.kind in _PLANS and r.subject == v.subject
        and r.valid.end is not None and r.valid.overlaps(p.portion) and not same_claim(r, v)
    )  # fmt: skip


@dataclass(frozen=True, slots=True)
class Heard:
    """A claim of a message, to weigh again: its statement (for a claim held in a conflict, the statement it
    would have been), who said it, whether it is about the speaker, whether its value lasts a lifetime, and
    whether it is held apart now."""

    said: Said
    speaker: str | None
    self_report: bool
    lasting: bool
    held: bool = False


def kept_apart(fixed: Sequence[Said], heard: Sequence[Heard], speaker_of: Callable[[str], str | None]) -> list[Heard]:
    """Which of ``heard`` (claims about one slot) contradict what the slot holds when every statement is
    applied in the order said: ``fixed`` statements as they are (the application's, an entity merge's, and
    those not weighed again), each of ``heard`` decided against what the statements and claims before it
    give (:func:`decide`), written when it does not contradict it and kept apart when it does. ``speaker_of``
    names the speaker of a source (``None`` for the application)."""
    kept: list[Said] = []
    apart: list[Heard] = []
    items = sorted([(said_order(s), s, None) for s in fixed] + [(said_order(h.said), h.said, h) for h in heard],
                   key=lambda item: item[0])  # fmt: skip
    for _, said, h in items:
        if h is None or said.claim is None or said.op not in _WEIGHED:
            kept.append(said)
            continue
        runs = replay(kept, lambda _: True)
        rows = [_as_row(i, run) for i, run in enumerate(runs)]
        speakers = {i: frozenset(n for src, _ in run.support if (n := speaker_of(src)) is not None)
                    for i, run in enumerate(runs)}  # fmt: skip
        p = Proposal(said.claim, _WEIGHED[said.op], said.valid, h.speaker, h.self_report, said.claim.confidence,
                     h.lasting)  # fmt: skip
        if decide(p, rows, speakers={i: names for i, names in speakers.items() if names}).outcome is Outcome.CONFLICT:
            apart.append(h)
        else:
            kept.append(said)
    return apart


_WEIGHED = {Op.ASSERT: Action.ASSERT, Op.CORRECT: Action.CORRECT}


def _as_row(i: int, run: ClaimRun) -> Fact:
    """A run of what a slot holds, as a row :func:`decide` weighs a claim against (``i`` its id)."""
    c = run.claim
    return Fact(i, "", c.subject, c.predicate, c.object, c.value, run.valid, Interval(0, None), c.kind,
                c.modality, c.confidence)  # fmt: skip


def _can_follow(p: Proposal, row: Fact, said_by: Mapping[int, frozenset[str]]) -> bool:
    """Whether ``p`` can be a change after ``row`` (see the module docstring)."""
    if p.confidence < row.confidence or p.lasting:
        return False
    witnesses = said_by.get(row.row_id, frozenset())
    own = p.speaker is not None and p.speaker in witnesses
    if witnesses and not own and not p.self_report:
        return False
    return p.portion.start > row.valid.start or own or not witnesses


def _dispute(p: Proposal, rows: Sequence[Fact], said_by: Mapping[int, frozenset[str]]) -> str:
    if p.lasting:
        return "another value of what does not change"
    if any(p.confidence < r.confidence for r in rows):
        return "contradicts a surer value"
    others = sorted({s for r in rows for s in said_by.get(r.row_id, ())} - {p.speaker or ""})
    return f"contradicts what {', '.join(others) or 'the memory'} said"


def _ids(rows: Sequence[Fact]) -> tuple[int, ...]:
    return tuple(r.row_id for r in rows)
