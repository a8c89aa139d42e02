"""The walk a context takes through the graph: from the entities of the hits, along relations that hold at
the question's time, to the facts a hit does not name but an answer needs. "What blocks Zhang San's task?"
finds Zhang San and ``Zhang San assigned_to login refactor``; the answer, ``login refactor depends_on API
gateway upgrade``, is one edge further. Each relation found is told with the path that led to it
("via Zhang San assigned_to login refactor"), so a reader can check the chain."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .._values import Entity, Fact
from ..contracts import Engine, FactQuery
from ._channels import rank_facts
from ._hits import Hit
from ._presets import WalkSettings

__all__ = ["Walked", "seeds_of", "walk"]

#: A slot: ``(subject id, predicate)``.
Slot = tuple[str, str]


@dataclass(frozen=True, slots=True)
class Walked:
    """A relation the walk found: the edges that led to it from a hit (``path``, first edge first; empty when
    it touches a hit's entity) and the rank of that hit (lower is better)."""

    path: tuple[Fact, ...]
    rank: float


def seeds_of(hits: Sequence[Hit]) -> list[tuple[str, Walked]]:
    """Where the walk starts, best hit first: an entity hit's entity and a fact hit's subject (no path), and a
    relation hit's object (reached through that relation)."""
    out: dict[str, Walked] = {}
    for rank, hit in enumerate(hits):
        item = hit.item
        if isinstance(item, Entity):
            out.setdefault(item.id, Walked((), rank))
        elif isinstance(item, Fact):
            out.setdefault(item.subject, Walked((), rank))
            if item.object is not None:
                out.setdefault(item.object, Walked((item,), rank))
    return list(out.items())


def walk(
    engine: Engine,
    namespace: str,
    seeds: Sequence[tuple[str, Walked]],
    told: set[Slot],
    terms: Sequence[str],
    point: tuple[int, int],
    settings: WalkSettings,
) -> dict[Slot, Walked]:
    """The relations (edge slots) not in ``told`` within ``settings.hops`` edges of ``seeds``, holding at
    ``point`` (valid time, system time), at most ``settings.edges`` of them: nearer first, then those whose
    predicate or object holds more of the question's ``terms``, then the later."""
    reached = dict(seeds)
    found: dict[Slot, Walked] = {}
    frontier = [entity for entity, _ in seeds]
    valid_at, as_of = point
    for _ in range(settings.hops):
        if not frontier or len(found) >= settings.edges:
            break
        query = FactQuery(touching=tuple(frontier), edges_only=True, valid_at=valid_at, as_of=as_of)
        edges = rank_facts(engine.facts(namespace, query), terms, set())
        ahead = set(frontier)
        frontier = []
        for edge in edges:
            came = edge.subject if edge.subject in ahead else edge.object
            if came is None or came not in ahead:
                continue
            start = reached[came]
            slot = (edge.subject, edge.predicate)
            if slot not in told and slot not in found and len(found) < settings.edges:
                found[slot] = start
            other = edge.object if came == edge.subject else edge.subject
            if other is not None and other not in reached:
                reached[other] = Walked((*start.path, edge), start.rank)
                frontier.append(other)
    return found
