"""Finding entities by id, name or alias, and creating them when new, inside one write transaction."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Protocol

from .._names import name_key, part_key, slugify
from .._support import DIRECT
from .._values import Entity
from ..contracts import Txn
from ..errors import Conflict, NotFound
from ..text import to_simplified
from ..text._name_parts import name_parts
from ..text._person_names import lookup_keys, same_person

if TYPE_CHECKING:
    from collections.abc import Sequence

    from ..contracts import Embedder

__all__ = [
    "GENERIC", "Names", "candidates", "compatible", "find_entity", "find_known", "find_or_create",
    "find_person", "find_similar", "free_id", "mention", "most_similar", "need_entity",
]  # fmt: skip

#: The entity type that is compatible with every other (what a name is when nothing says more).
GENERIC = "thing"
#: How many entities sharing a name part a similarity check compares at most.
MAX_SIMILAR = 32


class Names(Protocol):
    """Where entities are looked up by id and by name key: a write transaction, or a namespace's reads."""

    def entity(self, entity_id: str) -> Entity | None: ...

    def find_entities(self, name_key: str) -> list[Entity]: ...


def candidates(txn: Names, ref: str) -> list[Entity]:
    """The entities ``ref`` may name: the one whose id it is (or the one it was merged into), else those
    whose name or alias matches it, in the one normalised form names are matched by (case, width, and
    Traditional or Simplified Chinese). Merged entities answer to their id only."""
    hit = txn.entity(ref)
    seen = set()
    while hit is not None and hit.merged_into is not None and hit.id not in seen:  # a merged one: the survivor
        seen.add(hit.id)
        hit = txn.entity(hit.merged_into)
    if hit is not None:
        return [hit]
    key = name_key(ref)
    found = txn.find_entities(key)
    if not found:
        simple = name_key(to_simplified(ref))
        if simple != key:
            found = txn.find_entities(simple)
    return found


def find_entity(txn: Names, ref: str) -> Entity | None:
    """The entity whose id is ``ref``, else the one whose name or alias matches it; ``None`` when none.
    Raises :class:`Conflict` when the name is ambiguous."""
    return _one(candidates(txn, ref), ref)


def _one(found: list[Entity], ref: str) -> Entity | None:
    if len(found) > 1:
        raise Conflict(f"{ref!r} names {len(found)} entities ({[e.id for e in found]}); use an id")
    return found[0] if found else None


def compatible(known: str, wanted: str) -> bool:
    """Whether an entity of type ``known`` may be what a mention of type ``wanted`` names: the same type, or
    either is the generic ``thing`` (a person called Paris is not the city)."""
    return known == wanted or GENERIC in (known, wanted)


def find_known(txn: Names, name: str, type: str) -> Entity | None:
    """:func:`find_entity` restricted to entities of a type :func:`compatible` with ``type``."""
    return _one([e for e in candidates(txn, name) if compatible(e.type, type)], name)


def find_person(txn: Names, name: str) -> Entity | None:
    """The one person ``name`` may name in a shorter or familiar form (老王 for 王伟, Caroline for Caroline
    Smith; :func:`~chronomem.text._person_names.same_person`), found through the name index; ``None`` when
    there is none, or more than one."""
    found = {
        e.id: e
        for key in lookup_keys(name)
        for e in txn.find_entities(key)
        if e.type == "person" and same_person(name, e.name)
    }
    return next(iter(found.values())) if len(found) == 1 else None


def find_similar(txn: Names, name: str, type: str, embedder: Embedder, threshold: float) -> Entity | None:
    """The entity of a compatible type (not a person: people go by :func:`find_person`) whose name means what
    ``name`` means ("NYC", "New York City"), by the embedder's cosine (:func:`most_similar`). Only entities
    sharing a part of the name (:func:`~chronomem.text._name_parts.name_parts`) are compared, at most
    :data:`MAX_SIMILAR`: a few index lookups and one embedding call, whatever the size of the graph."""
    found: dict[str, Entity] = {}
    for part in name_parts(name):
        for e in txn.find_entities(part_key(part)):
            if e.type != "person" and compatible(e.type, type) and len(found) < MAX_SIMILAR:
                found.setdefault(e.id, e)
    if not found:
        return None
    ents = list(found.values())
    vectors = embedder.embed([name, *(e.name for e in ents)])
    best = most_similar([float(vectors[0] @ v) for v in vectors[1:]], threshold)
    return None if best is None else ents[best]


def most_similar(scores: Sequence[float], threshold: float, margin: float = 0.05) -> int | None:
    """The index of the best score when it reaches ``threshold`` and beats the runner-up by ``margin`` (two
    near-equal candidates name neither); ``None`` otherwise.

    >>> most_similar([0.95, 0.4], 0.9), most_similar([0.95, 0.93], 0.9), most_similar([0.8], 0.9)
    (0, None, None)
    """
    if not scores:
        return None
    ranked = sorted(range(len(scores)), key=lambda i: -scores[i])
    top = ranked[0]
    if scores[top] < threshold or (len(ranked) > 1 and scores[top] - scores[ranked[1]] < margin):
        return None
    return top


def need_entity(txn: Txn, ref: str) -> Entity:
    """:func:`find_entity`, raising :class:`NotFound` when there is none (a retraction creates nothing)."""
    found = find_entity(txn, ref)
    if found is None:
        raise NotFound(f"no entity named {ref!r}; nothing to retract")
    return found


def mention(txn: Txn, entity: Entity, names: Sequence[str], source: str) -> None:
    """Record that ``source`` called ``entity`` by ``names`` (:meth:`~chronomem.contracts.Txn.mention`): each
    that is one of its names (an id or a description is none), in the entity's spelling, with the Simplified
    form of each where the entity has it (it came with the name)."""
    spelled = {name_key(n): n for n in (entity.name, *entity.aliases)}
    keys = [name_key(v) for n in names for v in (n, to_simplified(n))]
    said = [spelled[k] for k in keys if k in spelled]
    if said:
        txn.mention(entity.id, said, source)


def free_id(txn: Names, name: str, own: str | None = None) -> str:
    """The id a new entity called ``name`` gets: its name slugified, made unique with a number (an id that is
    ``own`` counts as free: the entity being renamed may keep its id)."""
    base, n = slugify(name), 1
    ident = base
    while ident != own and txn.entity(ident) is not None:
        n += 1
        ident = f"{base}-{n}"
    return ident


def find_or_create(
    txn: Txn, namespace: str, name: str, type: str = "thing", aliases: tuple[str, ...] = (), *, source: str = DIRECT
) -> Entity:
    """The entity ``name`` refers to (of a type :func:`compatible` with ``type``), with ``aliases`` added; a
    new one (id slugified from the name, made unique) when nothing matches. A new entity named in Traditional
    Chinese also answers to its Simplified form. ``source`` (an episode id; the application by default) is
    recorded as calling it by those names (:func:`mention`)."""
    existing = find_known(txn, name, type)
    if existing is not None:
        known = {name_key(x) for x in (existing.name, *existing.aliases)}
        new = tuple(a for a in aliases if name_key(a) not in known)
        if new:
            existing = replace(existing, aliases=(*existing.aliases, *new))
            txn.put_entity(existing)
        mention(txn, existing, (name, *aliases), source)
        return existing
    ident = free_id(txn, name)
    simple = to_simplified(name)
    if simple != name and simple not in aliases:
        aliases = (*aliases, simple)
    ent = Entity(id=ident, namespace=namespace, type=type, name=name, aliases=aliases, recorded_at=txn.tx)
    txn.put_entity(ent)
    mention(txn, ent, (name, *aliases), source)
    return ent
