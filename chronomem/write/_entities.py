"""Finding entities by id, name or alias, and creating them when new, inside one write transaction."""

from __future__ import annotations

from dataclasses import replace

from .._names import name_key, slugify
from .._values import Entity
from ..contracts import Txn
from ..errors import Conflict, NotFound

__all__ = ["find_entity", "find_or_create", "need_entity"]


def find_entity(txn: Txn, ref: str) -> Entity | None:
    """The entity whose id is ``ref``, else the one whose name or alias matches it; ``None`` when none.
    Raises :class:`Conflict` when the name is ambiguous."""
    hit = txn.entity(ref)
    if hit is not None:
        return hit
    found = txn.find_entities(name_key(ref))
    if len(found) > 1:
        raise Conflict(f"{ref!r} names {len(found)} entities ({[e.id for e in found]}); use an id")
    return found[0] if found else None


def need_entity(txn: Txn, ref: str) -> Entity:
    """:func:`find_entity`, raising :class:`NotFound` when there is none (a retraction creates nothing)."""
    found = find_entity(txn, ref)
    if found is None:
        raise NotFound(f"no entity named {ref!r}; nothing to retract")
    return found


def find_or_create(txn: Txn, namespace: str, name: str, type: str = "thing", aliases: tuple[str, ...] = ()) -> Entity:
    """The entity ``name`` refers to, with ``aliases`` added; a new one (id slugified from the name,
    made unique) when nothing matches."""
    existing = find_entity(txn, name)
    if existing is not None and not aliases:
        return existing
    if existing is not None:
        known = {name_key(x) for x in (existing.name, *existing.aliases)}
        new = tuple(a for a in aliases if name_key(a) not in known)
        if new:
            existing = replace(existing, aliases=(*existing.aliases, *new))
            txn.put_entity(existing)
        return existing
    base, n = slugify(name), 1
    ident = base
    while txn.entity(ident) is not None:
        n += 1
        ident = f"{base}-{n}"
    ent = Entity(id=ident, namespace=namespace, type=type, name=name, aliases=aliases, recorded_at=txn.tx)
    txn.put_entity(ent)
    return ent
