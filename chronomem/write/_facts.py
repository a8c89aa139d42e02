"""The fact write pipeline: checked requests -> resolved entities and slots -> plans -> rows.

Each stage is a function over one open transaction, so a single write, a bulk load and (later) the
ingestion of one message compose them inside the transactions they choose:

1. :func:`resolve`: find or create the entities named, read each predicate's cardinality and each cited
   episode's time (refusing unknown episodes and contradictory cardinalities);
2. :func:`target`: the slot each request fills and the claim it makes (pure);
3. :func:`plan_for`: the cutting rule (:func:`chronomem._bitemporal.plan_write`) over the slot's current rows;
4. :func:`~chronomem.write._execute.execute_plan`: the engine applies the plan.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import NamedTuple

from .._bitemporal import Held, NewRow, Op, Plan, Said, SlotValue, plan_write
from .._names import slot_key
from .._support import DIRECT
from .._time import from_us
from .._values import Entity, Interval, Modality, WriteResult
from ..contracts import Txn
from ..errors import Conflict, InvalidInterval, InvalidValue, NotFound
from ._entities import find_or_create, need_entity
from ._execute import execute_plan
from ._request import Checked

__all__ = ["DEFAULT_MULTI_VALUED", "Resolved", "Target", "plan_for", "portion_of", "resolve", "target", "write_fact"]

#: Predicates that hold many values at once unless a namespace first used them otherwise: the many-valued
#: ones of the profile vocabulary (DESIGN §6.1; a test keeps them in step with ``chronomem.ingest``'s table),
#: and a few more common ones.
DEFAULT_MULTI_VALUED = frozenset(
    {
        "works_on",
        "has_child",
        "has_pet",
        "goal",
        "family",
        "event",
        "likes",
        "dislikes",
        "knows",
        "friend_of",
        "has",
        "owns",
        "visited",
        "speaks",
        "member_of",
        "interested_in",
        "hobby",
        "allergic_to",
        "喜欢",
        "不喜欢",
        "认识",
        "拥有",
        "去过",
        "会说",
    }
)


class Resolved:
    """What requests name, as stored: entities by checked name, cardinality by predicate, time by episode."""

    __slots__ = ("entities", "multi", "occurred")

    def __init__(self) -> None:
        self.entities: dict[str, Entity] = {}
        self.multi: dict[str, bool] = {}
        self.occurred: dict[str, int] = {}


class Target(NamedTuple):
    """Where a request writes: its slot, its claim (``None`` for a retraction), and the value it names (for
    a retraction, the one it ends; ``None`` when it names none)."""

    slot: str
    claim: SlotValue | None
    request: Checked
    named: SlotValue | None = None


def resolve(txn: Txn, namespace: str, requests: Sequence[Checked], into: Resolved | None = None) -> Resolved:
    """Resolve what ``requests`` name, in order; entities are created when new (never by a retraction)."""
    res = Resolved() if into is None else into
    for c in requests:
        for name in (c.subject, c.object):
            if name is not None and name not in res.entities:
                res.entities[name] = need_entity(txn, name) if c.retraction else find_or_create(txn, namespace, name)
        if c.episode is not None and c.episode not in res.occurred:
            found = txn.episode(c.episode)
            if found is None:
                raise NotFound(f"no episode {c.episode!r} in namespace {namespace!r}; add_episode() it first")
            if found.retracted_at is not None:
                raise Conflict(
                    f"episode {c.episode!r} was retracted at {from_us(found.retracted_at).isoformat()}: it supports "
                    "nothing any more; cite another episode (add_episode() the corrected message)"
                )
            res.occurred[c.episode] = found.occurred_at
        _cardinality(txn, c, res)
        if c.start is None and c.end is not None and c.end <= res.occurred.get(c.episode or "", txn.tx):
            raise InvalidInterval(
                f"valid_to={from_us(c.end).isoformat()} is not after the default valid_from (the episode's time, "
                "else now); give valid_from"
            )
    return res


def _cardinality(txn: Txn, c: Checked, res: Resolved) -> None:
    multi = c.record.multi
    if c.predicate not in res.multi:
        res.multi[c.predicate] = txn.predicate(
            c.predicate, c.predicate in DEFAULT_MULTI_VALUED if multi is None else multi
        )
    is_multi = res.multi[c.predicate]
    if multi is not None and multi != is_multi:
        raise Conflict(f"predicate {c.predicate!r} is {'multi' if is_multi else 'single'}-valued here")
    if c.retraction and c.object is None and c.value is None:
        if is_multi:
            raise InvalidValue(f"{c.predicate!r} is multi-valued: name the object= or value= to retract")
        if c.record.modality != Modality.ASSERTED:
            raise InvalidValue(f"a {c.record.modality} value is one of many: name the object= or value= to retract")


def target(c: Checked, res: Resolved) -> Target:
    """The slot ``c`` fills and the claim it makes, from what :func:`resolve` found."""
    sub = res.entities[c.subject].id
    obj = None if c.object is None else res.entities[c.object].id
    value = None if obj is not None else c.value
    slot = slot_key(sub, c.predicate, obj, value, multi=res.multi[c.predicate], modality=c.record.modality)
    r = c.record
    named = None
    if obj is not None or value is not None:
        named = SlotValue(sub, c.predicate, obj, value, r.kind, r.modality, float(r.confidence))
    return Target(slot, None if c.retraction else named, c, named)


def portion_of(c: Checked, res: Resolved, tx: int) -> Interval:
    """The valid portion ``c`` writes: without ``valid_from`` it starts at its episode's time, else at ``tx``."""
    if c.portion is not None:
        return c.portion
    return Interval(tx if c.episode is None else res.occurred[c.episode], c.end)


def plan_for(t: Target, rows: list[Held], res: Resolved, tx: int) -> Plan:
    """The plan that writes ``t`` over the slot's current ``rows`` at system time ``tx``, and keeps the write as
    a statement (the application's, ``""``, when it cites no episode)."""
    c = t.request
    portion = portion_of(c, res, tx)
    source = c.episode or DIRECT
    if t.claim is None:
        said = Said(source, Op.RETRACT, t.named or SlotValue(res.entities[c.subject].id, c.predicate, None, None,
                                                             c.record.kind, c.record.modality), portion)  # fmt: skip
        return replace(plan_write(rows, portion, None, source, c.record.reason), said=(said,))
    said = Said(source, Op.ASSERT, t.claim, portion)
    if not rows:  # the common case of a load: nothing to cut, so the plan is the new row
        return Plan(insert=(NewRow(t.claim, portion, ((source, portion),)),), said=(said,))
    return replace(plan_write(rows, portion, t.claim, source, c.record.reason), said=(said,))


def write_fact(txn: Txn, namespace: str, c: Checked) -> WriteResult:
    """Resolve, plan and apply one request in ``txn``."""
    res = resolve(txn, namespace, [c])
    t = target(c, res)
    rows = txn.current(t.slot, portion_of(c, res, txn.tx))  # plan_write reads only the rows it may cut
    return execute_plan(txn, t.slot, plan_for(t, rows, res, txn.tx))
