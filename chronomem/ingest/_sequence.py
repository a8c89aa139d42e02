"""Claims of one message about one slot, put in order before anything is written (pure functions).

One message may say several things about a slot ("I lived in Rome until 2020, then moved to Lyon"), and a
row written by this message's transaction cannot be cut by the same transaction. So the asserted claims of a
single-valued slot are laid end to end first: each ends where the next (by valid start) begins, and of two
that start at the same instant the later in the message wins ("Bristol — no, Bath"). A past value whose
start nobody said ("I used to live in Rome") reaches back only until what is known began.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise
from typing import NamedTuple

from .._bitemporal import SlotValue, same_claim
from .._claims import Action, Claim
from .._time import MIN_US
from .._values import Fact, Interval
from ..write import Aim

__all__ = ["Aimed", "corrected_portion", "in_sequence", "reach_back"]


class Aimed(NamedTuple):
    """A claim with where it lands (its slot and valid portion); ``open_start``: only its end was said (it
    reaches back); ``corrects_back``: a correction that said no time (it re-asserts the portion of what it
    corrects)."""

    claim: Claim
    aim: Aim
    open_start: bool = False
    corrects_back: bool = False

    @property
    def portion(self) -> Interval:
        return self.aim.portion


def in_sequence(aimed: Sequence[Aimed]) -> tuple[list[Aimed], list[Aimed]]:
    """``(kept, dropped)``: retractions first, then the rest in message order, each slot's asserted values
    laid end to end (see the module docstring)."""
    kept: dict[int, Aimed] = dict(enumerate(aimed))
    by_slot: dict[str, list[int]] = {}
    for i, a in kept.items():
        if a.claim.action is not Action.RETRACT and a.aim.claim is not None:
            by_slot.setdefault(a.aim.slot, []).append(i)
    dropped: list[Aimed] = []
    for ids in by_slot.values():
        ids.sort(key=lambda i: (kept[i].portion.start, i))
        for i, j in pairwise(ids):
            here, then = kept[i], kept[j]
            if then.portion.start <= here.portion.start:
                dropped.append(kept.pop(i))
            elif here.portion.end is None or here.portion.end > then.portion.start:
                kept[i] = _ending(here, then.portion.start)
    order = sorted(kept, key=lambda i: (kept[i].claim.action is not Action.RETRACT, i))
    return [kept[i] for i in order], dropped


def _ending(a: Aimed, end: int) -> Aimed:
    return a._replace(aim=a.aim._replace(portion=Interval(a.portion.start, end)))


def reach_back(portion: Interval, rows: Sequence[Fact], value: SlotValue | None) -> Interval | None:
    """The portion of a value said to have held until ``portion.end`` (start unknown): from the beginning of
    time until the end, or until the first other value known before that end began; ``None`` when nothing
    is left."""
    end = portion.end
    others = [r.valid.start for r in rows if value is None or not same_claim(r, value)]
    before = [s for s in others if end is None or s < end]
    if before:
        end = min(before) if end is None else min(end, min(before))
    if end is not None and end <= MIN_US:
        return None
    return Interval(MIN_US, end)


def corrected_portion(portion: Interval, rows: Sequence[Fact], value: SlotValue | None) -> Interval:
    """A correction that said no time ("actually, it's Lyon") re-asserts the portion of the values it
    corrects: from where the earliest other value it overlaps began (a correction says the earlier value was
    wrong over the whole time it was stored for, not that the world changed now)."""
    starts = [r.valid.start for r in rows if r.valid.overlaps(portion) and (value is None or not same_claim(r, value))]
    if not starts or min(starts) >= portion.start:
        return portion
    return Interval(min(starts), portion.end)
