"""What a search returns: :class:`Hit` values, each with its score explained and the episodes it cites."""

from __future__ import annotations

from dataclasses import dataclass, field

from .._values import Entity, Episode, Fact

__all__ = ["ENTITY", "EPISODE", "FACT", "KINDS", "Hit", "Item", "Key", "cites_of", "key_of"]

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
    ``"correction"``, ``"stale"``; 1.0 = unchanged).
    ``cites`` are the ids of the episodes the record rests on (see :func:`cites_of`).
    """

    kind: str
    item: Item
    score: float
    scores: dict[str, float] = field(default_factory=dict, compare=False)
    cites: tuple[str, ...] = ()

    @property
    def id(self) -> str:
        """The record's id: an episode's or entity's id, a fact's row id as text."""
        return key_of(self.item)[1]
