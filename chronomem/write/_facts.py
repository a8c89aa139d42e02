"""The fact write pipeline: checked requests -> resolved entities and slots -> plans -> rows.

Each stage is a function over one open transaction, so a single write, a bulk load and (later) the
ingestion of one message compose them inside the transactions they choose:

1. :func:`resolve`: find or create the entities named, read each predicate's cardinality and each cited
   episode's time (refusing unknown episodes and contradictory cardinalities);
2. :func:`aim`: the :class:`Aim` of each request: its slot, the value it names and its valid portion (pure);
3. :func:`plan_claim`: the cutting rule (:func:`chronomem._bitemporal.plan_write`) over the slot's current rows;
4. :func:`~chronomem.write._execute.execute_plan`: the engine applies the plan.

Ingestion resolves entities itself (names in a conversation mean more than names in an API call) and enters
at step 2 through :func:`aim_claim`, which takes the resolved entities and checks the rest.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import NamedTuple

from .._bitemporal import Held, NewRow, Op, Plan, Said, SlotValue, plan_write, same_claim
from .._names import check_identifier, slot_key
from .._support import DIRECT
from .._time import from_us
from .._values import JSON, Entity, Interval, Modality, Reason, WriteResult
from .._vocabulary import multi_by_default
from ..contracts import Txn
from ..errors import Conflict, InvalidInterval, InvalidValue, NotFound
from ._checks import check_how, check_target
from ._entities import find_or_create, mention, need_entity
from ._execute import execute_plan
from ._replay import plan_replayed
from ._request import Checked

__all__ = [
    "Aim",
    "Resolved",
    "Statement",
    "aim",
    "aim_claim",
    "cardinality",
    "plan_claim",
    "plan_statement",
    "resolve",
    "slot_of",
    "write_fact",
]


class Resolved:
    """What requests name, as stored: entities by checked name, cardinality by predicate, time by episode."""

    __slots__ = ("entities", "mentioned", "multi", "occurred")

    def __init__(self) -> None:
        self.entities: dict[str, Entity] = {}
        self.multi: dict[str, bool] = {}
        self.occurred: dict[str, int] = {}
        #: (name, source) pairs whose mention is recorded
        self.mentioned: set[tuple[str, str]] = set()


class Aim(NamedTuple):
    """Where one write lands: its slot, the value it names over which valid portion, who says it and why what
    it replaces ends. ``value`` names no value (object and value ``None``) only for a retraction that ends
    whatever the slot holds."""

    slot: str
    value: SlotValue
    portion: Interval
    source: str  # the episode that says it; DIRECT for the application
    reason: Reason
    multi: bool  # the predicate's cardinality in this namespace
    at: int  # when it was said: the episode's time; for the application, the write's system time (at the least)

    @property
    def retraction(self) -> bool:
        return self.reason == Reason.RETRACTION

    @property
    def claim(self) -> SlotValue | None:
        """The value it asserts; ``None`` for a retraction."""
        return None if self.retraction else self.value

    @property
    def named(self) -> SlotValue | None:
        """The value it names (for a retraction, the one it ends); ``None`` when it names none."""
        v = self.value
        return None if v.object is None and v.value is None else v


def resolve(txn: Txn, namespace: str, requests: Sequence[Checked], into: Resolved | None = None) -> Resolved:
    """Resolve what ``requests`` name, in order; entities are created when new (never by a retraction)."""
    res = Resolved() if into is None else into
    for c in requests:
        for name in (c.subject, c.object):
            if name is not None:
                _entity(txn, namespace, res, name, c)
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
        r = c.record
        multi = cardinality(txn, c.predicate, r.multi, res.multi)
        if c.retraction:
            _check_retraction(c.predicate, multi, c.object, r.value, r.modality)
        if c.start is None and c.end is not None and c.end <= res.occurred.get(c.episode or "", txn.tx):
            raise InvalidInterval(
                f"valid_to={from_us(c.end).isoformat()} is not after the default valid_from (the episode's time, "
                "else now); give valid_from"
            )
    return res


def _entity(txn: Txn, namespace: str, res: Resolved, name: str, c: Checked) -> None:
    """Resolve ``name`` of request ``c`` into ``res``, recording who named it (for erasing that one,
    :mod:`._erase`); a retraction names what is known: it creates nothing and mentions nothing."""
    source = c.episode or DIRECT
    if name not in res.entities:
        res.entities[name] = (
            need_entity(txn, name) if c.retraction else find_or_create(txn, namespace, name, source=source)
        )
    elif not c.retraction and (name, source) not in res.mentioned:
        mention(txn, res.entities[name], (name,), source)
    if not c.retraction:
        res.mentioned.add((name, source))


def cardinality(txn: Txn, predicate: str, multi: bool | None, known: dict[str, bool]) -> bool:
    """Whether ``predicate`` is many-valued in the namespace: as first used there (recorded on first use, from
    ``multi``, else as the vocabulary has it, :func:`~chronomem._vocabulary.multi_by_default`); ``known`` caches
    it. Raises when ``multi`` says otherwise."""
    if predicate not in known:
        known[predicate] = txn.predicate(predicate, multi_by_default(predicate) if multi is None else multi)
    is_multi = known[predicate]
    if multi is not None and multi != is_multi:
        raise Conflict(f"predicate {predicate!r} is {'multi' if is_multi else 'single'}-valued here")
    return is_multi


def _check_retraction(predicate: str, multi: bool, object: object, value: JSON, modality: str) -> None:
    """A retraction that names no value ends what a single-valued, asserted slot holds; refused elsewhere."""
    if object is None and value is None:
        if multi:
            raise InvalidValue(f"{predicate!r} is multi-valued: name the object= or value= to retract")
        if modality != Modality.ASSERTED:
            raise InvalidValue(f"a {modality} value is one of many: name the object= or value= to retract")


def aim(c: Checked, res: Resolved, tx: int) -> Aim:
    """The :class:`Aim` of ``c``, from what :func:`resolve` found; it is said at its episode's time, else at
    ``tx``, and without ``valid_from`` it starts then."""
    at = tx if c.episode is None else res.occurred[c.episode]
    portion = Interval(at, c.end) if c.portion is None else c.portion
    return _aimed(_value(c, res), portion, c.episode or DIRECT, c.record.reason, res.multi[c.predicate], at)


def slot_of(c: Checked, res: Resolved) -> str:
    """The slot ``c`` writes (:func:`aim`'s, without its portion)."""
    return _slot(_value(c, res), res.multi[c.predicate])


def _value(c: Checked, res: Resolved) -> SlotValue:
    obj = None if c.object is None else res.entities[c.object].id
    r = c.record
    return _said(res.entities[c.subject].id, c.predicate, obj, c.value, r.kind, r.modality, r.confidence)


def _said(
    sub: str, predicate: str, obj: str | None, value: JSON, kind: str, modality: str, confidence: float
) -> SlotValue:
    if obj is None and value is None:  # a retraction of whatever the slot holds: held surely
        return SlotValue(sub, predicate, None, None, kind, modality)
    return SlotValue(sub, predicate, obj, None if obj is not None else value, kind, modality, float(confidence))


def _slot(v: SlotValue, multi: bool) -> str:
    return slot_key(v.subject, v.predicate, v.object, v.value, multi=multi, modality=v.modality)


def _aimed(value: SlotValue, portion: Interval, source: str, reason: Reason, multi: bool, at: int) -> Aim:
    return Aim(_slot(value, multi), value, portion, source, reason, multi, at)


class Statement(NamedTuple):
    """Who says a claim (an episode id, or DIRECT for the application) when, over which valid portion, how it
    is held (kind, modality, confidence) and why what it replaces ends."""

    source: str
    portion: Interval
    kind: str
    modality: str
    confidence: float
    reason: Reason
    at: int  # when it was said (the episode's time)


def aim_claim(
    txn: Txn, subject: Entity, predicate: str, object: Entity | None, value: JSON, said: Statement, multi: bool | None
) -> Aim:
    """The :class:`Aim` of ``subject predicate object|value`` whose entities the caller resolved (ingestion),
    said as ``said`` says. ``multi`` is the caller's cardinality of the predicate (``None``: as the namespace
    first used it, :func:`cardinality`). Checks what :func:`check_record` would; raises
    :class:`~chronomem.errors.InvalidInput` for a claim that cannot be written."""
    check_identifier(predicate, "predicate")
    retraction = said.reason == Reason.RETRACTION
    check_target(object, value, required=not retraction)
    check_how(said.kind, said.modality, said.confidence)
    is_multi = cardinality(txn, predicate, multi, {})
    if retraction:
        _check_retraction(predicate, is_multi, object, value, said.modality)
    obj = None if object is None else object.id
    v = _said(subject.id, predicate, obj, value, said.kind, said.modality, said.confidence)
    return _aimed(v, said.portion, said.source, said.reason, is_multi, said.at)


def plan_claim(a: Aim, rows: list[Held]) -> Plan:
    """The plan that writes ``a`` over the slot's current ``rows``, and keeps the write as a statement of its
    source (pure). It is the support rule's when ``a`` is said at or after every statement of the slot over its
    portion; :func:`plan_statement` checks that."""
    said = _statement(a)
    if a.retraction:
        return replace(plan_write(rows, a.portion, None, a.source, a.reason), said=(said,))
    if not rows:  # the common case of a load: nothing to cut, so the plan is the new row
        return Plan(insert=(NewRow(a.value, a.portion, ((a.source, a.portion),)),), said=(said,))
    return replace(plan_write(rows, a.portion, a.value, a.source, a.reason), said=(said,))


def plan_statement(txn: Txn, a: Aim, rows: list[Held]) -> Plan:
    """The plan that writes ``a`` as the support rule says (:mod:`chronomem._support`), ``rows`` being the
    slot's current rows over its portion: :func:`plan_claim` when ``a`` is said at or after every statement of
    the slot over its portion, else the slot's statements replayed in the order they were said, ``a`` among
    them (a statement said later keeps its portion). The application's own statement is never said before
    what is stored."""
    if a.source == DIRECT or not txn.said_later(a.slot, a.portion, a.at):
        return plan_claim(a, rows)
    said = _statement(a)
    plan = plan_replayed(txn, a.slot, (replace(said, tx=txn.tx, seq=_LAST, at=a.at),))
    claim = a.claim
    links = tuple(
        (old, i, a.reason if i is not None and claim is not None and same_claim(plan.insert[i].claim, claim)
         and why == Reason.RESTORATION else why)
        for old, i, why in plan.links
    )  # fmt: skip
    return replace(plan, links=links, said=(said,))


#: Orders a statement not stored yet after every stored one of its transaction.
_LAST = 1 << 62


def _statement(a: Aim) -> Said:
    op = Op.RETRACT if a.retraction else Op.CORRECT if a.reason == Reason.CORRECTION else Op.ASSERT
    return Said(a.source, op, a.value, a.portion)


def write_fact(txn: Txn, namespace: str, c: Checked) -> WriteResult:
    """Resolve, plan and apply one request in ``txn``."""
    a = aim(c, resolve(txn, namespace, [c]), txn.tx)
    rows = txn.current(a.slot, a.portion)  # plan_write reads only the rows it may cut
    return execute_plan(txn, a.slot, plan_statement(txn, a, rows))
