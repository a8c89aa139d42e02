"""One message, one value per slot: the claims of a message are deduplicated, and two values it gives a
single-valued slot over the same time are one value said in two parts.

"现在在成都，住高新区" names a city and then a district of it: two ``lives_in`` values at once would contradict
each other, so a place said in parts is kept as one ("成都高新区", "Austin, Texas"); any other single-valued
slot keeps the last value the message gave it (the speaker's final word).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from ..._claims import Action, Claim
from ..._vocabulary import PREDICATES, single_valued

__all__ = ["merge"]


def _key(c: Claim) -> tuple[object, ...]:
    obj = None if c.object is None else c.object.name
    return (c.subject.name, c.predicate, obj, str(c.value), c.modality, c.action, c.valid_from, c.valid_to)


def _slot(c: Claim) -> tuple[object, ...]:
    return (c.subject.name, c.predicate, c.modality, c.valid_from, c.valid_to)


def merge(claims: Sequence[Claim]) -> list[Claim]:
    """``claims`` without repeats, with one value per single-valued slot and time (see the module docstring)."""
    seen: set[tuple[object, ...]] = set()
    unique: list[Claim] = []
    for c in claims:
        if _key(c) not in seen:
            seen.add(_key(c))
            unique.append(c)
    slots: dict[tuple[object, ...], int] = {}
    kept: list[Claim | None] = []
    for c in unique:
        if c.action is not Action.ASSERT or not single_valued(c.predicate):
            kept.append(c)
            continue
        at = slots.get(_slot(c))
        if at is None:
            slots[_slot(c)] = len(kept)
            kept.append(c)
            continue
        first = kept[at]
        kept[at] = None
        slots[_slot(c)] = len(kept)
        kept.append(_joined(first, c) if first is not None else c)
    return _ended_by_next([c for c in kept if c is not None])


def _ended_by_next(claims: list[Claim]) -> list[Claim]:
    """A past value whose end was not said ends where the next value of its slot, said in the same message,
    begins: "我以前在重庆待过，前年才搬来成都" ends 重庆 when 成都 begins, not at the message."""
    out = list(claims)
    for i, past in enumerate(out):
        if past.valid_to is None or past.action is not Action.ASSERT or not single_valued(past.predicate):
            continue
        starts = [
            c.valid_from
            for c in out
            if c is not past and c.action is Action.ASSERT and c.subject == past.subject
            and c.predicate == past.predicate and c.valid_from is not None and c.valid_from < past.valid_to
            and (past.valid_from is None or c.valid_from > past.valid_from)
        ]  # fmt: skip
        if starts:
            out[i] = replace(past, valid_to=min(starts))
    return out


def _joined(first: Claim, last: Claim) -> Claim:
    """A place said in two parts is one place; any other value: the last one said."""
    if not _of_place(last.predicate) or first.object is None or last.object is None:
        return last
    if first.span is not None and last.span is not None and last.span[0] < first.span[0]:
        first, last = last, first  # the parts in the order they were said
    a, b = first.object, last.object
    if a is None or b is None or b.name in a.name:
        return first
    if a.name in b.name:
        return last
    joiner = "" if _han(a.name) and _han(b.name) else ", "
    return replace(last, object=replace(b, name=a.name + joiner + b.name))


def _of_place(predicate: str) -> bool:
    """Whether ``predicate``'s object is a place (its record's entity type)."""
    spec = PREDICATES.get(predicate)
    return spec is not None and not spec.value and spec.entity_type == "place"


def _han(text: str) -> bool:
    return any("\u4e00" <= ch <= "\u9fff" for ch in text)
