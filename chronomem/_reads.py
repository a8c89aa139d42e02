"""The reads of the :class:`~chronomem._memory.Memory` facade: an entity by reference, and facts, values,
histories, audits, changes, version chains and neighbourhoods at a (``valid_at``, ``as_of``) point. A mixin:
``Memory`` holds the engine and the namespace these read."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from datetime import datetime

from ._changes import AXES, system_changes, valid_changes
from ._names import check_identifier, check_text, near_miss
from ._time import MAX_US, now_us, to_us
from ._values import Change, Entity, Episode, Fact, Kind, Revision, Subgraph, canonical_json
from .contracts import Engine, FactQuery
from .errors import InvalidInput, InvalidValue, NotFound
from .write import find_entity

__all__ = ["EntityReads", "Reads", "fact_kinds"]


def _us(dt: datetime | None, name: str, default: int) -> int:
    return default if dt is None else to_us(dt, name=name)


def fact_kinds(kind: str | Iterable[str] | None) -> frozenset[str] | None:
    """``kind=`` checked: the kinds of fact it names (``None``: every kind). Raises :class:`InvalidValue`."""
    if kind is None:
        return None
    known = {k.value for k in Kind}
    named = [kind] if isinstance(kind, str) else list(kind) if isinstance(kind, Iterable) else [kind]
    if not named or not all(isinstance(k, str) and k in known for k in named):
        raise InvalidValue(f"kind={kind!r:.80}; use one or a list of {sorted(known)}")
    return frozenset(named)


class Reads:
    """What a memory reads (see the module docstring)."""

    engine: Engine
    namespace: str
    _names: EntityReads

    def get_entity(self, ref: str | Entity) -> Entity:
        """The entity named by id, name or alias. Raises :class:`NotFound` or :class:`Conflict` (ambiguous)."""
        if isinstance(ref, Entity):
            if ref.namespace != self.namespace:
                raise InvalidValue(
                    f"entity {ref.id!r} is of namespace {ref.namespace!r}, not {self.namespace!r}; pass its name"
                )
            return ref
        if not isinstance(ref, str) or not ref.strip():
            raise InvalidValue(f"an entity reference must be a non-empty string or an Entity, got {ref!r:.60}")
        check_text(ref, "entity reference")
        found = find_entity(self._names, ref)
        if found is None:
            empty = "" if self.engine.predicates(self.namespace) else ", which holds no facts yet: check its name"
            raise NotFound(f"no entity named {ref!r} in namespace {self.namespace!r}{empty}")
        return found

    def _point(self, valid_at: datetime | None, as_of: datetime | None) -> tuple[int, int]:
        return _us(valid_at, "valid_at", now_us()), self._as_of(as_of)

    def _as_of(self, as_of: datetime | None, name: str = "as_of") -> int:
        """The system time a read as of ``as_of`` (``None``: now) runs at."""
        return _us(as_of, name, now_us())

    def facts(
        self,
        entity: str | Entity,
        *,
        valid_at: datetime | None = None,
        as_of: datetime | None = None,
        kind: str | Iterable[str] | None = None,
    ) -> list[Fact]:
        """Every fact about ``entity`` (as subject or object) true at ``valid_at`` as believed at ``as_of``;
        with ``kind=``, only facts of that kind or kinds (:class:`~chronomem.Kind`: ``"preference"``,
        ``["plan", "event"]``)."""
        kinds = fact_kinds(kind)
        v, t = self._point(valid_at, as_of)
        found = self._about(
            entity, lambda i: self.engine.facts(self.namespace, FactQuery(touching=(i,), valid_at=v, as_of=t))
        )
        return found if kinds is None else [f for f in found if f.kind in kinds]

    def value(
        self, subject: str | Entity, predicate: str, *, valid_at: datetime | None = None, as_of: datetime | None = None
    ) -> Fact | None:
        """The asserted value of a single-valued slot at (``valid_at``, ``as_of``), or ``None`` when the memory
        knows the subject but holds no value there.

        Raises :class:`NotFound` for a subject the memory has no entity by (a typo is not an empty slot), and
        :class:`InvalidInput` when the slot holds several asserted values (a multi-valued predicate such as
        ``likes``): :meth:`values` returns them all. Plans, hypotheticals, denials and reports are not what
        holds; :meth:`values` lists them too."""
        found = None
        for f in self.values(subject, predicate, valid_at=valid_at, as_of=as_of):
            if f.modality == "asserted":  # Modality.ASSERTED; a str literal keeps this hot read cheap
                if found is not None:
                    name = subject.name if isinstance(subject, Entity) else subject
                    raise InvalidInput(
                        f"{name!r} {predicate} holds several values; value() reads a single-valued slot: "
                        f"call values({name!r}, {predicate!r}) for all of them"
                    )
                found = f
        return found

    def values(
        self, subject: str | Entity, predicate: str, *, valid_at: datetime | None = None, as_of: datetime | None = None
    ) -> list[Fact]:
        """Every value of ``subject.predicate`` at (``valid_at``, ``as_of``); several for multi-valued ones.

        Each row's ``modality`` says how it is held: besides what is asserted, a slot's plans, hypotheticals,
        denials and reports are listed (they never replace an asserted value). A predicate no fact of the
        namespace uses, close to one that some fact does ("live_in"), raises :class:`NotFound` naming it."""
        check_identifier(predicate, "predicate")
        v, t = self._point(valid_at, as_of)
        rows = self._about(
            subject,
            lambda i: self.engine.facts(self.namespace, FactQuery(subject=i, predicate=predicate, valid_at=v, as_of=t)),
        )
        return rows or self._unknown_predicate(predicate)

    def history(self, subject: str | Entity, predicate: str, *, as_of: datetime | None = None) -> list[Fact]:
        """The valid-time story of ``subject.predicate`` as the store believed it at ``as_of``."""
        check_identifier(predicate, "predicate")
        t = self._as_of(as_of)
        rows = self._about(
            subject, lambda i: self.engine.facts(self.namespace, FactQuery(subject=i, predicate=predicate, as_of=t))
        )
        return sorted(rows, key=lambda f: (f.valid.start, f.row_id)) or self._unknown_predicate(predicate)

    def _unknown_predicate(self, predicate: str) -> list[Fact]:
        """No rows: ``[]``, unless no fact of the namespace ever used ``predicate`` and it is a near miss of one
        that did ("live_in" for "lives_in"): a typo, refused with the name meant."""
        used = self.engine.predicates(self.namespace)
        if predicate not in used:
            near = near_miss(predicate, used)
            if near:
                raise NotFound(
                    f"no fact in namespace {self.namespace!r} uses predicate {predicate!r}; did you mean {near!r}?"
                )
        return []

    def _about(self, ref: str | Entity, query: Callable[[str], list[Fact]]) -> list[Fact]:
        """``query(entity id)`` for the entity ``ref`` names.

        Tries ``ref`` as an id first: facts store entity ids, so rows found mean ``ref`` is an id and
        :meth:`get_entity` would have resolved it to itself. This skips a lookup on the hot read path.
        """
        if isinstance(ref, Entity):
            return query(self.get_entity(ref).id)
        rows = query(ref) if isinstance(ref, str) and check_text(ref, "entity reference") else []
        if rows:
            return rows
        ent = self.get_entity(ref)
        return [] if ent.id == ref else query(ent.id)

    def describe(self, fact: Fact) -> str:
        """``fact`` as a person reads it: entity names where ``subject`` and ``object`` hold keys (``berlin``
        for Berlin), times in ISO 8601, and how it is held when it is not simply asserted. The keys stay
        in the fact's fields (``str(fact)`` shows them)."""

        def name(key: str) -> str:
            ent = self.engine.entity(self.namespace, key)
            return key if ent is None else ent.name

        what = name(fact.object) if fact.object is not None else canonical_json(fact.value)
        how = "" if fact.modality == "asserted" else f" ({fact.modality})"
        return f"{name(fact.subject)} {fact.predicate} {what}{how}, valid {fact.valid}, recorded {fact.recorded}"

    def recent(self, session: str | None = None, n: int = 10) -> list[Episode]:
        """The last ``n`` episodes of ``session`` (``None``: those said in no session), oldest first, taken-back
        ones left out: the turns to put before an agent's next reply."""
        if session is not None and (not isinstance(session, str) or not session):
            raise InvalidValue(f"session={session!r:.60}; pass a session id (a non-empty string) or None")
        if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= 1000:
            raise InvalidValue(f"n={n!r}; use an integer from 1 to 1000")
        return self.engine.recent_episodes(self.namespace, session, MAX_US, n)

    def audit(self, subject: str | Entity, predicate: str | None = None) -> list[Fact]:
        """Every row ever stored for ``subject.predicate`` (every predicate of ``subject`` when ``None``), across
        all system time, in the order they were recorded."""
        if predicate is not None:
            check_identifier(predicate, "predicate")
        ent = self.get_entity(subject)
        rows = self.engine.facts(self.namespace, FactQuery(subject=ent.id, predicate=predicate))
        return sorted(rows, key=lambda f: (f.recorded.start, f.valid.start, f.row_id))

    def changes(
        self,
        since: datetime,
        until: datetime | None = None,
        *,
        entity: str | Entity | None = None,
        axis: str = "system",
        as_of: datetime | None = None,
    ) -> list[Change]:
        """What changed in ``(since, until]`` (``until`` defaults to now), oldest first.

        ``axis="system"`` (the default): what the store learned or unlearned then, namespace-wide or, with
        ``entity=``, in the rows about it (as subject or object). ``axis="valid"`` (needs ``entity=``): what
        began or ended to hold in the world then, as the store believed at ``as_of`` (default now): "what
        changed about Ann since February?" is ``changes(feb, entity="Ann", axis="valid")``. See
        :mod:`chronomem._changes` for the rule."""
        if axis not in AXES:
            raise InvalidValue(f"axis={axis!r}; use 'system' (what the store learned) or 'valid' (the world)")
        lo, hi = to_us(since, name="since"), self._as_of(until, "until")
        if axis == "system" and as_of is not None:
            raise InvalidValue("as_of= is for axis='valid'; on the system axis (since, until] is the period")
        if entity is None:
            if axis == "valid":
                raise InvalidValue("axis='valid' reads one entity's changes: pass entity=")
            return self.engine.changes(self.namespace, lo, hi)
        ent = self.get_entity(entity)
        if axis == "system":
            return system_changes(self.engine.facts(self.namespace, FactQuery(touching=(ent.id,))), lo, hi)
        t = self._as_of(as_of)
        return valid_changes(self.engine.facts(self.namespace, FactQuery(touching=(ent.id,), as_of=t)), lo, hi)

    def versions(self, fact: Fact | int) -> list[Revision]:
        """The version chain through a row: every revision link reachable backwards and forwards."""
        if isinstance(fact, bool) or not isinstance(fact, Fact | int):
            raise InvalidValue(f"versions() takes a Fact or a row id (int), got {type(fact).__name__}")
        seen: set[int] = set()
        frontier = {fact.row_id if isinstance(fact, Fact) else fact}
        links: dict[tuple[int, int | None, str], Revision] = {}
        while frontier:
            seen |= frontier
            found = self.engine.revisions(self.namespace, sorted(frontier))
            for r in found:
                links[(r.old, r.new, r.reason)] = r
            frontier = {i for r in found for i in (r.old, r.new) if i is not None} - seen
        return sorted(links.values(), key=lambda r: (r.at, r.old, r.new or 0))

    def neighbourhood(
        self, entity: str | Entity, hops: int = 2, *, valid_at: datetime | None = None, as_of: datetime | None = None
    ) -> Subgraph:
        """Entities within ``hops`` edges of ``entity``, over edges valid at ``valid_at`` believed at ``as_of``."""
        if isinstance(hops, bool) or not isinstance(hops, int) or not 0 <= hops <= 6:
            raise InvalidValue(f"hops={hops!r}; use an integer from 0 to 6")
        start = self.get_entity(entity)
        v, t = self._point(valid_at, as_of)
        seen, frontier, edges = {start.id}, [start.id], {}
        for _ in range(hops):
            if not frontier:
                break
            found = self.engine.facts(
                self.namespace, FactQuery(touching=tuple(frontier), edges_only=True, valid_at=v, as_of=t)
            )
            nxt = []
            for f in found:
                edges[f.row_id] = f
                for node in (f.subject, f.object):
                    if node is not None and node not in seen:
                        seen.add(node)
                        nxt.append(node)
            frontier = nxt
        ents = self.engine.entities(self.namespace, sorted(seen))
        return Subgraph(tuple(ents), tuple(sorted(edges.values(), key=lambda f: f.row_id)))


class EntityReads:
    """A namespace's entity reads, as the write path's lookups take them (:class:`chronomem.write.Names`)."""

    def __init__(self, engine: Engine, namespace: str) -> None:
        self.engine, self.namespace = engine, namespace

    def entity(self, entity_id: str) -> Entity | None:
        return self.engine.entity(self.namespace, entity_id)

    def find_entities(self, name_key: str) -> list[Entity]:
        return self.engine.find_entities(self.namespace, name_key)
