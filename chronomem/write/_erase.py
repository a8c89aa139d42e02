"""Erasing for privacy: a subject's or an episode's rows, and what an episode alone named or stood against.

An episode's slots are first replayed without it (:func:`~._replay.replay_slot`), so what it had replaced comes
back and what other sources said stays; then the engine deletes the episode, its statements, support and
mentions, and the rows no other source ever supported, leaving a content-free audit record.

An episode names entities as it is ingested: its speaker, the people, places and things its claims name, the
aliases it gives ("everyone calls me Bobby", "Marcus's sister"). Each such name is recorded as its mention
(:meth:`~chronomem.contracts.Txn.mention`). When the episode is erased, an entity no other source mentions
and nothing stored names goes, with its names and documents; one that others still mention keeps the names
they call it by and loses the aliases only the erased episode gave (:func:`names_left`). When its canonical
name was one of those, it takes the name the first remaining source gives it, the one a store that never saw
the episode would have made it with: "林静" named by the erased message and "我老婆" by a remaining one becomes
"赵磊的老婆" (:func:`renamed`), and its id, made of its name, is rewritten wherever it is stored
(:meth:`~chronomem.contracts.Txn.rename_entity`). Erase is the one destructive operation, so this is done in
place: no history keeps the old name.

The erased episode's own contradictions go with it. The others about what it spoke of are weighed again without
it, as a retraction weighs them (:func:`~._conflicts.reweigh`): one that nothing contradicts any more has its
claim written as its own message's statement and goes, since a store that never saw the episode would never
have opened it; one that still has a rival stays open against it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from .._names import digest, name_key
from .._values import Entity
from ..errors import NotFound
from ..text import to_simplified
from ._conflicts import reweigh
from ._entities import free_id
from ._merge import unmerge_by
from ._replay import replay_slot

if TYPE_CHECKING:
    from ..contracts import Txn

__all__ = ["erase_rows", "forget_names", "names_left", "renamed"]


def erase_rows(txn: Txn, namespace: str, *, subject: str | None = None, episode: str | None = None) -> int:
    """Delete a subject's (an entity id) or an episode's rows (see the module docstring) and file the audit
    record; see :meth:`Memory.erase`. Returns the fact rows removed."""
    n = txn.erase(subject=subject) if episode is None else _erase_episode(txn, namespace, episode)
    kind, target = ("subject", subject) if subject is not None else ("episode", episode)
    txn.audit_erase(kind, digest(f"{namespace}\x1f{target}"), n)
    return n


def _erase_episode(txn: Txn, namespace: str, episode: str) -> int:
    """Replay the episode's slots without it, delete its rows, then take what it alone named or stood
    against."""
    found = txn.episode(episode)
    if found is None:
        raise NotFound(f"no episode {episode!r} in namespace {namespace!r}")
    unmerge_by(txn, namespace, found)
    mentioned = txn.mentions_by(episode)
    slots = txn.said_slots(episode)
    said = [s.claim for slot in slots for s in txn.said(slot) if s.claim is not None]
    named = {e for c in said for e in (c.subject, c.object) if e is not None}  # by its words, however it named them
    for slot in slots:
        replay_slot(txn, slot, frozenset({episode}))
    n = txn.erase(episode=episode)
    reweigh(txn, episode, found.occurred_at, slots, forget=True)
    forget_names(txn, [*mentioned, *((e, None) for e in sorted(named))])
    return n


def names_left(entity: Entity, erased: Iterable[str], others: Iterable[str]) -> tuple[str, ...]:
    """The aliases ``entity`` keeps when the source that called it by ``erased`` is gone and other sources
    still call it by ``others``: all but those only the erased source gave (names match by
    :func:`~chronomem._names.name_key`). Its canonical name stays.

    >>> bob = Entity(id="robert", namespace="n", type="person", name="Robert", aliases=("Bobby", "Rob"))
    >>> names_left(bob, ["Robert", "Bobby", "Rob"], ["Robert", "Rob"])
    ('Rob',)
    """
    gone = _only_erased(erased, others)
    return tuple(a for a in entity.aliases if name_key(a) not in gone)


def _only_erased(erased: Iterable[str], others: Iterable[str]) -> set[str]:
    """The keys of the names of ``erased`` that no name of ``others`` (or its Simplified form) matches."""
    return {name_key(n) for n in erased} - {name_key(v) for n in others for v in (n, to_simplified(n))}


def renamed(entity: Entity, erased: Iterable[str], others: Sequence[Sequence[str]]) -> Entity | None:
    """The name and aliases ``entity`` takes when the source that called it by ``erased`` is gone and its
    canonical name was one only that source gave; ``None`` when it keeps its name (another source calls it
    so, or none calls it anything). ``others`` holds the names each remaining source calls it by, sources in
    the order they were recorded. A store that never saw the erased source named the entity when the first
    of them named it, so it takes that source's name: one it already holds, first in its own order, else
    the name that source gave it by a description (a role name, "Hannah's partner"). It keeps the aliases
    :func:`names_left` keeps, and answers to the Simplified form of a Traditional Chinese name, as a new
    entity does (:func:`~._entities.find_or_create`). The id is the caller's to choose.

    >>> jing = Entity(id="林静", namespace="n", type="person", name="林静")
    >>> renamed(jing, ["林静"], [["赵磊的老婆"]]).name, renamed(jing, ["林静"], [["林静"]])
    ('赵磊的老婆', None)
    """
    said = [n for names in others for n in names]
    if not others or name_key(entity.name) not in _only_erased(erased, said):
        return None
    held = [name_key(n) for n in (entity.name, *entity.aliases)]
    first = min(others[0], key=lambda n: (held.index(name_key(n)) if name_key(n) in held else len(held), n))
    kept = [a for a in names_left(entity, erased, said) if name_key(a) != name_key(first)]
    simple = to_simplified(first)
    if simple != first and name_key(simple) not in {name_key(a) for a in kept}:
        kept.append(simple)
    return replace(entity, name=first, aliases=tuple(kept))


def forget_names(txn: Txn, mentioned: Sequence[tuple[str, str | None]]) -> None:
    """Take what ``mentioned`` (``(entity id, name)``, the erased episode's mentions, already deleted; name
    ``None`` for an entity its statements named by a description that is none of its names, "my husband")
    alone gave: entities nobody else mentions and nothing names, aliases nobody else uses, and a canonical
    name (and the id made of it) nobody else uses, which becomes the one the others give (:func:`renamed`)."""
    by_entity: dict[str, list[str]] = {}
    for entity_id, name in mentioned:
        by_entity.setdefault(entity_id, []).extend(() if name is None else (name,))
    for entity_id, erased in by_entity.items():
        entity = txn.entity(entity_id)
        if entity is None or entity.merged_into is not None:  # gone already; a merged one goes by its survivor
            continue
        by_source = _by_source(txn, txn.mentions_of(entity_id))
        if not by_source and not txn.named(entity_id):
            txn.erase(subject=entity_id)
            continue
        new = renamed(entity, erased, by_source)
        if new is not None:
            txn.rename_entity(entity_id, replace(new, id=free_id(txn, new.name, own=entity_id)))
            continue
        kept = names_left(entity, erased, [n for names in by_source for n in names])
        if kept != entity.aliases:
            txn.drop_names(entity_id, [a for a in entity.aliases if a not in kept])
            txn.put_entity(replace(entity, aliases=kept))


def _by_source(txn: Txn, mentions: Sequence[tuple[str, str]]) -> list[list[str]]:
    """The names of ``mentions`` (``(name, source)``) grouped by source, sources in the order their episodes
    were recorded (then by id); the application's own (no episode) last."""
    names: dict[str, list[str]] = {}
    for name, source in mentions:
        names.setdefault(source, []).append(name)
    episodes = {s: txn.episode(s) for s in names}
    last = (1, 0, "")

    def recorded(source: str) -> tuple[int, int, str]:
        ep = episodes[source]
        return last if ep is None else (0, ep.recorded_at, source)

    return [names[s] for s in sorted(names, key=recorded)]
