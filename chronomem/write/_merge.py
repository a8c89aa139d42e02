"""Merging two entities found to be one, and undoing it, inside one write transaction.

A merge is an event in system time, not an edit: every row believed now that names the merged entity
(``source``) is closed and comes back naming the surviving one (``target``), joined with the target's rows
holding the same claim (:func:`~chronomem._bitemporal.plan_merge`); a row that would contradict the
target's (two birthdays) is kept open as a conflict instead of chosen. ``source`` answers to nothing but its
id afterwards and points at ``target``; ``target`` gains its names. As-of reads before the merge still see
two entities. :func:`unmerge` ends what the merge made that is still believed, gives ``source`` back every
row it had, and gives ``target`` back the rows the merge joined; rows later statements changed stay as they
left them (they were said about the merged entity).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import replace
from typing import TYPE_CHECKING

from .._bitemporal import Held, NewRow, Op, Plan, Said, Support, claim_of, plan_merge
from .._names import name_key, slot_key
from .._support import DIRECT
from .._values import Contradiction, Entity, Episode, Fact, Merge, Reason, Settlement
from ..contracts import FactQuery
from ..errors import Conflict, NotFound
from ._entities import compatible, find_entity

if TYPE_CHECKING:
    from ..contracts import Txn

__all__ = ["merge_entities", "unmerge_entity"]

_WHY = "{source!r} was merged into {target!r} and both held a value here"


def merge_entities(txn: Txn, namespace: str, source_ref: str, target_ref: str, episode: str | None = None) -> Merge:
    """Merge the entity ``source_ref`` names into the one ``target_ref`` names, as ``episode`` says (``None``: as
    the application says); see the module docstring. Raises :class:`NotFound`, or :class:`Conflict` for one
    entity, incompatible types, or a merged one."""
    source, target = _entity(txn, namespace, source_ref), _entity(txn, namespace, target_ref)
    if source.id == target.id:
        raise Conflict(f"{source_ref!r} and {target_ref!r} are the same entity ({source.id}); nothing to merge")
    if not compatible(source.type, target.type):
        raise Conflict(f"cannot merge a {source.type} ({source.id}) into a {target.type} ({target.id})")
    moved: dict[str, list[Fact]] = defaultdict(list)
    dropped: list[Fact] = []
    left: dict[str, list[Fact]] = defaultdict(list)  # what the merged entity held, slot by slot: it leaves
    for row in txn.facts(FactQuery(touching=(source.id,), as_of=txn.tx)):
        if row.recorded.end is not None:
            continue
        left[_slot(txn, row)].append(row)
        new = _rename(row, source.id, target.id)
        if new.object == new.subject:  # "Bob knows Robert" once they are one: no row about itself
            dropped.append(row)
            continue
        moved[_slot(txn, new)].append(new)
    closed: list[int] = []
    created: list[int] = []
    conflicts: list[int] = []
    for row in dropped:
        txn.apply(_slot(txn, row), Plan(close=(row.row_id,), links=((row.row_id, None, Reason.MERGE),)))
        closed.append(row.row_id)
    for slot, rows in left.items():
        txn.apply(slot, Plan(said=tuple(Said(DIRECT, Op.LEAVE, claim_of(r), r.valid, merge=txn.tx) for r in rows)))
    for slot, rows in moved.items():
        moving = {m.row_id for m in rows}  # an edge to the merged entity stays in its slot: never its own clash
        support = txn.support_of([m.row_id for m in rows])
        held = [Held(m, tuple(support.get(m.row_id, ()))) for m in rows]
        plan, clashes = plan_merge(held, [h for h in txn.current(slot) if h.row.row_id not in moving])
        clashed = {m.row_id for m, _ in clashes}
        fits = [m for m in rows if m.row_id not in clashed]
        said = tuple(
            Said(src, Op.JOIN, claim_of(m), part, merge=txn.tx) for m in fits for src, part in support.get(m.row_id, ())
        )
        created += [f.row_id for f in txn.apply(slot, replace(plan, said=said))]
        closed += plan.close
        conflicts += [_open(txn, namespace, slot, row, against, source, target) for row, against in clashes]
    known = {name_key(n) for n in (target.name, *target.aliases)}
    gained = tuple(dict.fromkeys(n for n in (source.name, *source.aliases) if name_key(n) not in known))
    txn.put_entity(replace(source, merged_into=target.id, merged_at=txn.tx))
    txn.put_entity(replace(target, aliases=(*target.aliases, *gained)))
    merge = Merge(source.id, target.id, txn.tx, tuple(closed), tuple(created), tuple(conflicts), gained,
                  episode=episode)  # fmt: skip
    txn.put_merge(merge)
    return merge


def unmerge_by(txn: Txn, namespace: str, episode: Episode) -> list[Merge]:
    """Undo the entity merges that ingesting ``episode`` made and that are not undone yet (it is being
    retracted or erased: nothing says the two are one any more)."""
    made = [m for m in txn.merges_at(episode.recorded_at) if m.episode == episode.id and m.unmerged_at is None]
    return [unmerge_entity(txn, namespace, m.source) for m in made]


def unmerge_entity(txn: Txn, namespace: str, source_ref: str) -> Merge:
    """Undo the merge of the entity ``source_ref`` names (by id, or a name it had); see the module docstring.
    Raises :class:`NotFound` when it was not merged."""
    source = txn.entity(source_ref)
    merge = None if source is None else txn.active_merge(source.id)
    if source is None or merge is None:
        raise NotFound(f"{source_ref!r} is not a merged entity's id in namespace {namespace!r}; see get_entity()")
    target = txn.entity(merge.target)
    restore, ends = _undo_plan(txn, merge)
    txn.forget_merge(merge.merged_at)
    for slot in {*restore, *ends}:
        back = [(old, left) for old, left in restore.get(slot, []) if _alive(txn, old)]
        support = txn.support_of([o.row_id for o, _ in back])
        inserts = tuple(NewRow(claim_of(o), o.valid, _live_support(txn, support.get(o.row_id, []))) for o, _ in back)
        links = tuple((left, i, Reason.RESTORATION) for i, (_, left) in enumerate(back))
        txn.apply(slot, Plan(close=tuple(ends.get(slot, ())), insert=inserts, links=links))
    for ident in merge.conflicts:
        c = txn.conflict(ident)
        if c is not None and c.open:
            txn.settle_conflict(ident, Settlement.UNMERGED)
    if target is not None:
        txn.drop_names(target.id, merge.aliases)
        lost = {name_key(a) for a in merge.aliases}
        txn.put_entity(replace(target, aliases=tuple(a for a in target.aliases if name_key(a) not in lost)))
    txn.put_entity(replace(source, merged_into=None, merged_at=None))
    undone = replace(merge, unmerged_at=txn.tx)
    txn.put_merge(undone)
    return undone


def _undo_plan(txn: Txn, merge: Merge) -> tuple[dict[str, list[tuple[Fact, int]]], dict[str, list[int]]]:
    """What undoing ``merge`` brings back (per slot: the row, and the row it comes back from) and ends (per
    slot: the rows the merge made that are still believed)."""
    restore: dict[str, list[tuple[Fact, int]]] = defaultdict(list)
    ends: dict[str, list[int]] = defaultdict(list)
    joined: set[int] = set()
    for new_id in merge.created:
        new = txn.row(new_id)
        if new is None:  # erased since
            continue
        believed = new.recorded.end is None
        for link in txn.revisions_into(new_id):
            old = txn.row(link.old)
            joined.add(link.old)
            # the target's own rows come back only where nothing was said about the merged entity since
            if link.reason == Reason.MERGE and old is not None and (believed or _names(old, merge.source)):
                restore[_slot(txn, old)].append((old, new_id))
        if believed:
            ends[_slot(txn, new)].append(new_id)
    for old_id in set(merge.closed) - joined:  # rows the merge set aside: clashes, rows about itself
        old = txn.row(old_id)
        if old is not None:
            restore[_slot(txn, old)].append((old, old_id))
    return restore, ends


def _entity(txn: Txn, namespace: str, ref: str) -> Entity:
    found = find_entity(txn, ref)
    if found is None:
        raise NotFound(f"no entity named {ref!r} in namespace {namespace!r}")
    if found.merged_into is not None:
        raise Conflict(f"{ref!r} ({found.id}) is merged into {found.merged_into!r}; unmerge it first")
    return found


def _rename(row: Fact, source: str, target: str) -> Fact:
    return replace(
        row,
        subject=target if row.subject == source else row.subject,
        object=target if row.object == source else row.object,
    )


def _names(row: Fact, entity_id: str) -> bool:
    return entity_id in (row.subject, row.object)


def _slot(txn: Txn, row: Fact) -> str:
    multi = txn.predicate(row.predicate, None)
    return slot_key(row.subject, row.predicate, row.object, row.value, multi=multi, modality=row.modality)


def _open(txn: Txn, namespace: str, slot: str, row: Fact, against: tuple[int, ...], source: Entity,
          target: Entity) -> int:  # fmt: skip
    return txn.open_conflict(
        Contradiction(
            id=0, namespace=namespace, slot=slot, subject=row.subject, predicate=row.predicate, object=row.object,
            value=row.value, valid=row.valid, kind=row.kind, modality=row.modality, confidence=row.confidence,
            episode=row.episodes[0] if row.episodes else None, against=against,
            why=_WHY.format(source=source.name, target=target.name), opened_at=txn.tx,
        )
    )  # fmt: skip


def _alive(txn: Txn, row: Fact) -> bool:
    """A row comes back unless every episode that supported it was retracted since."""
    return not row.episodes or bool(_live_episodes_of(txn, row.episodes))


def _live_support(txn: Txn, support: list[Support]) -> tuple[Support, ...]:
    return tuple((e, part) for e, part in support if e == DIRECT or _live_episodes_of(txn, (e,)))


def _live_episodes_of(txn: Txn, episodes: tuple[str, ...]) -> tuple[str, ...]:
    found = [txn.episode(e) for e in episodes]
    return tuple(ep.id for ep in found if ep is not None and ep.retracted_at is None)
