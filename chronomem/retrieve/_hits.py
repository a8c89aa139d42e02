"""What a search returns: :class:`Hit` values, each with its score explained and the episodes it cites."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime

from .._time import MAX_US, from_us
from .._values import JSON, Entity, Episode, Fact, Interval, Modality, canonical_json

__all__ = ["ENTITY", "EPISODE", "FACT", "KINDS", "Hit", "Hits", "Item", "Key", "cites_of", "key_of", "tie_key"]

EPISODE, FACT, ENTITY = "episode", "fact", "entity"
#: The kinds of record a search returns.
KINDS = (EPISODE, FACT, ENTITY)

#: A record found: an episode, a fact row or an entity.
Item = Episode | Fact | Entity
#: A record's identity across channels: ``(kind, id)``; a fact row's id is its row id as text.
Key = tuple[str, str]


def key_of(item: Item) -> Key:
    if isinstance(item, Episode):
        return (EPISODE, item.id)
    if isinstance(item, Fact):
        return (FACT, str(item.row_id))
    return (ENTITY, item.id)


def tie_key(item: Item) -> tuple[object, ...]:
    """What orders records of equal score, the same in every namespace and engine and whatever order they were
    ingested in (never a row id): the newer first (an episode's time, a fact's valid start), then what the
    record is and says."""
    if isinstance(item, Episode):
        return (-item.occurred_at, EPISODE, item.id)
    if isinstance(item, Fact):
        said = item.object if item.object is not None else canonical_json(item.value)
        end = MAX_US if item.valid.end is None else item.valid.end
        return (-item.valid.start, FACT, item.subject, item.predicate, said, end, item.modality, item.kind)
    return (0, ENTITY, item.id)


def cites_of(item: Item) -> tuple[str, ...]:
    """The episodes a record rests on: an episode itself, a fact row its support, an entity none."""
    if isinstance(item, Episode):
        return (item.id,)
    if isinstance(item, Fact):
        return item.episodes
    return ()


@dataclass(frozen=True, slots=True)
class Hit:
    """One search result. ``score`` orders results (higher is better; comparable within one search only).

    ``scores`` explains it: each channel's share of the fused score (``"fulltext"``, ``"support"``, …), the
    share a question lent the turn after it (``"answer"``), and the factors applied after fusion (``"time"``,
    ``"after"``, ``"recency"``, ``"importance"``, ``"speaker"``, ``"asks"``, ``"latest"``, ``"topic"``,
    ``"correction"``, ``"stale"``; 1.0 = unchanged), and the gain of a record the slot rule put first (``"slot"``).
    ``cites`` are the ids of the episodes the record rests on (see :func:`cites_of`). ``entities`` are those the
    record is about: a fact's subject and object, an entity itself; none for an episode.

    >>> [(h.fact, [e.name for e in h.entities]) for h in mem.retrieve("where does Alice live?")]  # doctest: +SKIP
    [('Alice lives in Paris', ['Alice', 'Paris'])]
    """

    kind: str
    item: Item
    score: float
    scores: dict[str, float] = field(default_factory=dict, compare=False)
    cites: tuple[str, ...] = ()
    entities: tuple[Entity, ...] = field(default=(), compare=False)

    @property
    def id(self) -> str:
        """The record's id: an episode's or entity's id, a fact's row id as text."""
        return key_of(self.item)[1]

    @property
    def fact(self) -> str | None:
        """A fact as a sentence with its entities' names ("Alice lives in Paris", "Alice likes tea (negated)");
        ``None`` for an episode or an entity."""
        f = self.item
        if not isinstance(f, Fact):
            return None
        names = {e.id: e.name for e in self.entities}
        what = names.get(f.object, f.object) if f.object is not None else _said(f.value)
        how = "" if f.modality == Modality.ASSERTED else f" ({f.modality})"
        return f"{names.get(f.subject, f.subject)} {f.predicate.replace('_', ' ')} {what}{how}"

    @property
    def valid(self) -> Interval | None:
        """When a fact holds in the world (``[start, end)`` in UTC microseconds, ``end=None``: still holds);
        ``None`` for an episode or an entity."""
        return self.item.valid if isinstance(self.item, Fact) else None

    @property
    def valid_from(self) -> datetime | None:
        """A fact's valid start as an aware UTC datetime; ``None`` for an episode or an entity."""
        return None if self.valid is None else from_us(self.valid.start)

    @property
    def valid_to(self) -> datetime | None:
        """A fact's valid end as an aware UTC datetime; ``None`` while it holds, and for an episode or an entity."""
        return None if self.valid is None or self.valid.end is None else from_us(self.valid.end)


def _said(value: JSON) -> str:
    return value if isinstance(value, str) else canonical_json(value)


class Hits(list[Hit]):
    """The hits of one search, best first, and the system time they were read at (``basis``, the newest write
    committed then, unless the search asked ``as_of``): ``search(..., as_of=hits.basis)`` returns them again,
    whatever was written since, so an agent can log what it saw and read it again exactly."""

    def __init__(self, hits: Iterable[Hit] = (), basis: int = 0) -> None:
        super().__init__(hits)
        self.basis_us = basis

    @property
    def basis(self) -> datetime:
        return from_us(self.basis_us)
