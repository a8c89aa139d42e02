"""Open conflicts when a message is retracted or erased: settled or weighed again as if it had never been said.

A conflict holds a claim that ingestion kept apart because it contradicted what its slot held
(:func:`chronomem._decide.decide`). Once the slots a retracted or erased message spoke of are rewritten without
it (:mod:`._undo`), :func:`reweigh`:

* withdraws each open conflict whose claim the message said (:attr:`~chronomem._values.Settlement.WITHDRAWN`):
  the claim was never said;
* keeps apart, in a new open conflict, each claim said since the message that was written only because it
  agreed with it, or changed what it said, and contradicts what is left (:func:`~chronomem._decide.kept_apart`:
  Marcus repeating Jen's own word that she lives in Boston, against Rachel's Denver once Jen's message goes);
* weighs every other open conflict about a subject and predicate the message spoke of again, as ingestion
  weighed it: against what the slot held as said by the claim's time, from the sources still live. When
  nothing contradicts it any more, its claim is written as of when it was said, citing its message, and the
  conflict is :attr:`~chronomem._values.Settlement.UNCONTESTED`; otherwise it stays open against what
  contradicts it now;
* weighs a clash of plans that lost a plan it clashed with again, against the subject's plans said by its
  time: with none left it is uncontested (its plan was written all along).

Conflicts are weighed again in the order their claims were said, so a claim written here is what the claims
said after it are weighed against, as it would have been had the message never been said. Conflicts an entity
merge opened hold a row, not a message's words: they are not weighed again, and unmerging settles them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace

from .._bitemporal import Op, Said, SlotValue, same_claim
from .._claims import Action
from .._decide import Heard, Outcome, Proposal, clashes, decide, kept_apart
from .._names import slot_key, slot_topic
from .._support import DIRECT
from .._values import Contradiction, Fact, Modality, Reason, Settlement, WriteResult
from .._vocabulary import lasting
from ..contracts import FactQuery, Txn
from ..errors import Conflict
from ._entities import find_known
from ._execute import execute_plan, merge_results
from ._facts import Aim, plan_statement
from ._replay import live, replay_slot, weighed

__all__ = ["reweigh"]


def reweigh(txn: Txn, episode: str, said_at: int, slots: Sequence[str], *, forget: bool = False) -> WriteResult:
    """Settle or weigh again the open conflicts that undoing ``episode``, said at ``said_at``, which spoke of
    ``slots``, touches, and keep apart the claims said since that contradict what is left (see the module
    docstring); what writing the claims that nothing contradicts any more did. ``forget`` (an erase) drops a
    conflict that nothing contradicts any more instead of settling it: a store that never saw the episode never
    opened it."""
    settle = _dropping(txn) if forget else _settling(txn)
    for c in txn.open_conflicts(episode=episode):
        txn.settle_conflict(c.id, Settlement.WITHDRAWN)
    replayed = [replay_slot(txn, slot) for slot in slots if _keep_apart(txn, slot, said_at)]
    topics = {slot_topic(slot) for slot in slots}
    due: list[tuple[int, int, Contradiction]] = []
    for subject in sorted({s for s, _ in topics}):
        for c in txn.open_conflicts(subject=subject):
            at = _said_at(txn, c)
            if at is None:
                continue
            if at < 0:  # its message was retracted before conflicts were weighed again
                txn.settle_conflict(c.id, Settlement.WITHDRAWN)
            elif (not c.clash and (c.subject, c.predicate) in topics) or (c.clash and _lost(txn, c.against)):
                due.append((at, c.id, c))
    due.sort(key=lambda d: d[:2])
    done = [(_clash if c.clash else _claim)(txn, c, at, settle) for at, _, c in due]
    for at, ident, c in due:  # a row a claim kept apart contradicted may have been cut by a claim written after it
        if not c.clash and (now := txn.conflict(ident)) is not None and now.open:
            _claim(txn, now, at, None)
    return merge_results(txn.tx, [*replayed, *done])


def _keep_apart(txn: Txn, slot: str, since: int) -> bool:
    """Weigh again the claims of messages about ``slot`` said at or after ``since`` and the claims its open
    conflicts hold, in the order said; open a conflict for, and take out the statement of, each that
    contradicts what is said before it now. Whether any was."""
    said = txn.said(slot)
    counts = live(txn, said)
    weighed_again = [s for s in said if counts(s) and _weighed_again(s, since)]
    fixed = [s for s in said if counts(s) and not _weighed_again(s, since)]
    held = [c for c in txn.open_conflicts(subject=slot_topic(slot)[0]) if c.slot == slot]
    speakers: dict[str, str | None] = {}

    def speaker_of(source: str) -> str | None:
        if source not in speakers:
            ep = txn.episode(source)
            speakers[source] = None if ep is None else ep.speaker
        return speakers[source]

    def heard(s: Said, *, kept_apart: bool = False) -> Heard:
        assert s.claim is not None
        speaker = speaker_of(s.source)
        return Heard(s, speaker, _about(txn, s.claim.subject, speaker), lasting(s.claim.predicate), kept_apart)

    claims = [heard(s) for s in weighed_again]
    for c in held:
        at = _said_at(txn, c)
        if at is not None and at >= 0 and not c.clash and c.modality != Modality.NEGATED:
            as_said = Said(c.episode or "", Op.ASSERT, _value(c), c.valid, c.opened_at, 0, None, at)
            claims.append(heard(as_said, kept_apart=True))
    apart = [h for h in kept_apart(fixed, claims, speaker_of) if not h.held]
    for h in apart:
        txn.unsay(slot, h.said)
        txn.open_conflict(_conflict(txn, slot, h.said))
    return bool(apart)


def _weighed_again(s: Said, since: int) -> bool:
    """Whether statement ``s`` is a message's claim said at or after ``since`` that contradicting what is said
    before it would keep apart (a negated claim contradicts another slot: its conflicts are weighed below)."""
    return (
        s.source != DIRECT and s.merge is None and s.at >= since and s.op in (Op.ASSERT, Op.CORRECT)
        and s.claim is not None and s.claim.modality != Modality.NEGATED
    )  # fmt: skip


def _conflict(txn: Txn, slot: str, s: Said) -> Contradiction:
    """A conflict holding the claim of statement ``s`` (the engine sets its namespace, id and time); what it
    contradicts is found when it is weighed again."""
    v = s.claim
    assert v is not None
    return Contradiction(id=0, namespace="", slot=slot, subject=v.subject, predicate=v.predicate,
                         object=v.object, value=v.value, valid=s.valid, kind=v.kind, modality=v.modality,
                         confidence=v.confidence, episode=s.source, against=(), why="", opened_at=txn.tx)  # fmt: skip


def _settling(txn: Txn) -> Callable[[int], object]:
    return lambda conflict_id: txn.settle_conflict(conflict_id, Settlement.UNCONTESTED)


def _dropping(txn: Txn) -> Callable[[int], object]:
    return txn.drop_conflict


def _said_at(txn: Txn, c: Contradiction) -> int | None:
    """When the claim of ``c`` was said: its message's time; -1 when its message is retracted; ``None`` when
    ``c`` holds no message's claim (an entity merge opened it)."""
    ep = None if c.episode is None else txn.episode(c.episode)
    if ep is None or txn.merges_at(c.opened_at):
        return None
    return -1 if ep.retracted_at is not None else ep.occurred_at


def _lost(txn: Txn, row_ids: Iterable[int]) -> bool:
    """Whether a row of ``row_ids`` is no longer believed."""
    return any((row := txn.row(i)) is None or row.recorded.end is not None for i in row_ids)


def _value(c: Contradiction) -> SlotValue:
    value = None if c.object is not None else c.value
    return SlotValue(c.subject, c.predicate, c.object, value, c.kind, c.modality, c.confidence)


def _claim(txn: Txn, c: Contradiction, at: int, settle: Callable[[int], object] | None) -> WriteResult:
    """Weigh the claim of ``c`` again against its slot as said by ``at``; write it when nothing contradicts it
    (unless ``settle`` is ``None``: then only what it contradicts is brought up to date)."""
    assert c.episode is not None
    ep = txn.episode(c.episode)
    speaker = None if ep is None else ep.speaker
    value, multi = _value(c), txn.predicate(c.predicate, None)
    held = weighed(txn, c.slot, at)
    rows = [h.row for h in held]
    denied = _denied(txn, value, multi, at) if c.modality == Modality.NEGATED else []
    p = Proposal(value, Action.ASSERT, c.valid, speaker, _about(txn, c.subject, speaker), c.confidence,
                 lasting(c.predicate))  # fmt: skip
    decision = decide(p, rows, denied=denied, speakers=_speakers(txn, [*rows, *denied], at))
    if decision.outcome is Outcome.CONFLICT:
        if (decision.rows, decision.why) != (c.against, c.why):
            txn.revise_conflict(c.id, decision.rows, decision.why)
        return WriteResult(tx=txn.tx)
    if settle is None:
        return WriteResult(tx=txn.tx)
    aim = Aim(c.slot, value, c.valid, c.episode, Reason.SUPERSESSION, multi, at)
    done = execute_plan(txn, c.slot, plan_statement(txn, aim, held))
    settle(c.id)
    return done


def _clash(txn: Txn, c: Contradiction, at: int, settle: Callable[[int], object]) -> WriteResult:
    """Weigh the plan of ``c`` again against the subject's plans said by ``at`` (its own message's aside)."""
    plans = [
        r for r in txn.facts(FactQuery(subject=c.subject, as_of=txn.tx))
        if r.modality == Modality.PLANNED and _known_by(txn, r, at, c.episode)
    ]  # fmt: skip
    against = clashes(Proposal(_value(c), Action.ASSERT, c.valid), plans)
    if not against:
        settle(c.id)
    elif against != c.against:
        txn.revise_conflict(c.id, against, c.why)
    return WriteResult(tx=txn.tx)


def _known_by(txn: Txn, row: Fact, at: int, own: str | None) -> bool:
    """Whether ``row`` was said by ``at`` by another message than ``own`` (or by the application)."""
    if not row.episodes:
        return True
    found = [txn.episode(e) for e in row.episodes if e != own]
    return any(ep is not None and ep.occurred_at <= at for ep in found)


def _denied(txn: Txn, value: SlotValue, multi: bool, at: int) -> list[Fact]:
    """The asserted rows a negated claim said at ``at`` denies: the same value in the asserted slot."""
    asserted = replace(value, modality=Modality.ASSERTED)
    slot = slot_key(value.subject, value.predicate, value.object, value.value, multi=multi)
    return [h.row for h in weighed(txn, slot, at) if same_claim(h.row, asserted)]


def _about(txn: Txn, subject: str, speaker: str | None) -> bool:
    """Whether the claim is about its speaker: ``subject`` is the person ``speaker`` names."""
    if speaker is None:
        return False
    try:
        found = find_known(txn, speaker, "person")
    except Conflict:  # the speaker's name is ambiguous: no claim about themselves can be told apart
        return False
    return found is not None and found.id == subject


def _speakers(txn: Txn, rows: Iterable[Fact], at: int) -> dict[int, frozenset[str]]:
    """Who said each of ``rows`` by ``at``: the speakers of the messages said by then that support it (none for
    the application)."""
    out: dict[int, frozenset[str]] = {}
    for row in rows:
        names = {
            ep.speaker for e in row.episodes
            if (ep := txn.episode(e)) is not None and ep.speaker is not None and ep.occurred_at <= at
        }  # fmt: skip
        if names:
            out[row.row_id] = frozenset(names)
    return out
