"""What a context (:meth:`chronomem.Memory.context`) is made of, read from the store: the search's hits, the
history of every slot a fact hit (or an entity hit) names, the contradictions open about those subjects, the
episodes cited and the entities' names. All of it as the store believed at ``as_of``; :mod:`._context`
renders it without reading anything."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from .._values import Contradiction, Entity, Episode, Fact
from ..contracts import Engine, FactQuery
from ._channels import rank_facts
from ._hits import Hit
from ._presets import WalkSettings
from ._walk import Walked, seeds_of, walk

__all__ = ["ENTITY_SLOTS", "Material", "Slot", "gather"]

#: The most slots an entity hit brings in (its facts that hold at ``valid_at``, those whose predicate or value
#: holds a word of the question first: :func:`~._channels.rank_facts`).
ENTITY_SLOTS = 8

_NO_WALK = WalkSettings(hops=0, edges=0)

#: A slot's story is keyed by ``(subject id, predicate)``.
Slot = tuple[str, str]


@dataclass(frozen=True, slots=True)
class Material:
    """Everything a context renders. ``stories`` holds each slot's rows as of ``as_of`` over all valid times,
    in valid-time order (:meth:`chronomem.Memory.history`); ``conflicts`` the contradictions open at
    ``as_of`` about the slots' subjects; ``episodes`` the cited episodes by id; ``names`` entity ids to names."""

    query: str
    valid_at: int
    as_of: int
    hits: tuple[Hit, ...] = ()
    stories: Mapping[Slot, tuple[Fact, ...]] = field(default_factory=dict)
    conflicts: tuple[Contradiction, ...] = ()
    episodes: Mapping[str, Episode] = field(default_factory=dict)
    names: Mapping[str, str] = field(default_factory=dict)
    zone: str | None = None  # the zone dates are days of; None: the conversation's
    walked: Mapping[Slot, Walked] = field(default_factory=dict)  # relations the walk found (:mod:`._walk`)


def gather(
    engine: Engine,
    namespace: str,
    query: str,
    hits: Sequence[Hit],
    point: tuple[int, int],
    walking: WalkSettings = _NO_WALK,
) -> Material:
    """Read what :func:`chronomem.retrieve.render_context` needs for ``hits`` (a search at ``point``, valid time
    and system time): the relations ``walking`` reaches from them (one read per hop), one history read per
    slot, one conflict read per subject, one read of episodes and one of entities."""
    valid_at, as_of = point
    from ..text import query_terms

    terms = query_terms(query)
    slots: dict[Slot, None] = {}
    for hit in hits:
        if isinstance(hit.item, Fact):
            slots[(hit.item.subject, hit.item.predicate)] = None
        elif isinstance(hit.item, Entity):
            held = engine.facts(namespace, FactQuery(subject=hit.item.id, valid_at=valid_at, as_of=as_of))
            held = rank_facts(held, terms, set())  # the slots the question's words name first
            for slot in list(dict.fromkeys((f.subject, f.predicate) for f in held))[:ENTITY_SLOTS]:
                slots[slot] = None
    walked = walk(engine, namespace, seeds_of(hits), set(slots), terms, point, walking) if walking.edges else {}
    slots.update(dict.fromkeys(walked))
    stories = {
        (s, p): tuple(
            sorted(
                engine.facts(namespace, FactQuery(subject=s, predicate=p, as_of=as_of)),
                key=lambda f: (f.valid.start, f.row_id),
            )
        )
        for s, p in slots
    }
    conflicts = tuple(
        c
        for subject in dict.fromkeys(s for s, _ in slots)
        for c in engine.conflicts(namespace, subject=subject, open_only=False)
        if c.opened_at <= as_of and (c.settled_at is None or c.settled_at > as_of)
    )
    cited: dict[str, None] = {}
    for hit in hits:
        cited.update(dict.fromkeys(hit.cites))
    for story in stories.values():
        for f in story:
            cited.update(dict.fromkeys(f.episodes))
    cited.update(dict.fromkeys(c.episode for c in conflicts if c.episode is not None))
    episodes = {e.id: e for e in engine.episodes(namespace, list(cited)) if e.recorded_at <= as_of} if cited else {}
    return Material(
        query,
        valid_at,
        as_of,
        tuple(hits),
        stories,
        conflicts,
        episodes,
        _names(engine, namespace, hits, stories, conflicts, walked),
        walked=walked,
    )


def _names(
    engine: Engine,
    namespace: str,
    hits: Sequence[Hit],
    stories: Mapping[Slot, tuple[Fact, ...]],
    conflicts: Sequence[Contradiction],
    walked: Mapping[Slot, Walked],
) -> dict[str, str]:
    ids: dict[str, None] = {}
    for w in walked.values():
        ids.update(dict.fromkeys(x for f in w.path for x in (f.subject, f.object) if x is not None))
    for hit in hits:
        if isinstance(hit.item, Entity):
            ids[hit.item.id] = None
    for (subject, _), story in stories.items():
        ids[subject] = None
        ids.update(dict.fromkeys(f.object for f in story if f.object is not None))
    for c in conflicts:
        ids.update(dict.fromkeys(x for x in (c.subject, c.object) if x is not None))
    return {e.id: e.name for e in engine.entities(namespace, list(ids))} if ids else {}
