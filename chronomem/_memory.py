"""The ``Memory`` facade: the Python API agents use. Validates input, resolves names, and turns each
request into pure plans (``_bitemporal``) that the engine executes in one transaction."""

from __future__ import annotations

import uuid
from collections.abc import Callable, Iterable
from dataclasses import replace
from datetime import datetime
from typing import TYPE_CHECKING

from ._bitemporal import Claim, plan_write
from ._bulk import FactRecord, bulk_assert
from ._claims import MISSING as _MISSING
from ._claims import check_claim, check_entity_name
from ._model import (
    JSON,
    Change,
    Entity,
    Episode,
    Fact,
    Interval,
    Kind,
    Modality,
    Reason,
    Revision,
    Subgraph,
    WriteResult,
    canonical_json,
)
from ._names import check_identifier, check_text, digest, name_key, slot_key, slugify
from ._time import now_us, to_us
from ._undo import erase_rows, execute_plan, retract_episode
from .errors import Conflict, InvalidValue, NotFound
from .types import Engine, FactQuery, Txn

if TYPE_CHECKING:
    from typing import Self

__all__ = ["DEFAULT_MULTI_VALUED", "Memory"]

#: Predicates that hold many values at once unless a namespace first used them otherwise.
DEFAULT_MULTI_VALUED = frozenset(
    {
        "likes",
        "dislikes",
        "knows",
        "friend_of",
        "has",
        "owns",
        "visited",
        "speaks",
        "member_of",
        "interested_in",
        "hobby",
        "allergic_to",
        "喜欢",
        "不喜欢",
        "认识",
        "拥有",
        "去过",
        "会说",
    }
)
MAX_CONTENT = 1_000_000


def _us(dt: datetime | None, name: str, default: int) -> int:
    return default if dt is None else to_us(dt, name=name)


class Memory:
    """A bitemporal memory bound to one namespace. Open one with :func:`chronomem.open`.

    Every read takes ``valid_at`` (when in the world) and ``as_of`` (what the store believed then);
    both default to now. Every write is one transaction with one system time.
    """

    def __init__(self, engine: Engine, namespace: str, *, owns_engine: bool = True) -> None:
        self.engine = engine
        self.namespace = check_identifier(namespace, "namespace")
        self._owns = owns_engine
        self._multi: dict[str, bool] = {}

    # -- lifecycle ---------------------------------------------------------------------------
    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        if self._owns:
            self.engine.close()

    def using(self, namespace: str, *, create: bool = True) -> Memory:
        """The same store, another namespace. ``create=False`` raises :class:`NotFound` when it is unknown."""
        check_identifier(namespace, "namespace")
        if namespace not in self.engine.namespaces():
            if not create:
                raise NotFound(f"namespace {namespace!r} does not exist; known: {self.engine.namespaces()}")
            self.engine.ensure_namespace(namespace)
        return Memory(self.engine, namespace, owns_engine=False)

    # -- episodes and entities ---------------------------------------------------------------
    def add_episode(
        self,
        content: str,
        *,
        occurred_at: datetime,
        id: str | None = None,
        kind: str = "message",
        role: str | None = None,
        speaker: str | None = None,
        session: str | None = None,
        source: str | None = None,
        metadata: dict[str, JSON] | None = None,
    ) -> Episode:
        """Store one raw input. Idempotent by ``id``: the same id and content returns the stored episode;
        the same id with other content raises :class:`Conflict`."""
        if not isinstance(content, str) or not content.strip():
            raise InvalidValue("episode content must be a non-empty string")
        if len(content) > MAX_CONTENT:
            raise InvalidValue(f"episode content is {len(content)} characters; split it below {MAX_CONTENT}")
        check_text(content, "episode content")
        canonical_json(metadata or {})
        for field, text in (("role", role), ("speaker", speaker), ("session", session), ("source", source)):
            if text is not None and not isinstance(text, str):
                raise InvalidValue(f"{field} must be a string or None, got {type(text).__name__}")
            if text is not None:
                check_text(text, field)
        ep = Episode(
            id=check_identifier(id, "episode id") if id is not None else uuid.uuid4().hex,
            namespace=self.namespace,
            content=content,
            occurred_at=to_us(occurred_at, name="occurred_at"),
            recorded_at=0,
            kind=check_identifier(kind, "episode kind"),
            role=role,
            speaker=speaker,
            session=session,
            source=source,
            metadata=dict(metadata or {}),
        )

        def run(txn: Txn) -> Episode:
            existing = txn.put_episode(ep)
            if existing is None:
                return replace(ep, recorded_at=txn.tx)
            if existing.content != ep.content or existing.occurred_at != ep.occurred_at:
                raise Conflict(f"episode {ep.id!r} already exists with other content or time; use a new id")
            return existing

        return self.engine.write(self.namespace, run)

    def episode(self, episode_id: str) -> Episode:
        found = self.engine.episode(self.namespace, episode_id)
        if found is None:
            raise NotFound(f"no episode {episode_id!r} in namespace {self.namespace!r}")
        return found

    def entity(self, name: str, *, type: str = "thing", aliases: Iterable[str] = ()) -> Entity:
        """Find the entity called ``name`` (by id, name or alias) or create it; new aliases are added."""
        name = check_entity_name(name)
        if isinstance(aliases, str):
            raise InvalidValue(f"aliases={aliases!r} is one string; pass a list of names, e.g. [{aliases!r}]")
        extra = tuple(check_entity_name(a) for a in aliases)
        check_identifier(type, "entity type")
        return self.engine.write(self.namespace, lambda txn: self._upsert(txn, name, type, extra))

    def get_entity(self, ref: str | Entity) -> Entity:
        """The entity named by id, name or alias. Raises :class:`NotFound` or :class:`Conflict` (ambiguous)."""
        if isinstance(ref, Entity):
            return ref
        if not isinstance(ref, str) or not ref.strip():
            raise InvalidValue(f"an entity reference must be a non-empty string or an Entity, got {ref!r:.60}")
        check_text(ref, "entity reference")
        hit = self.engine.entity(self.namespace, ref)
        if hit is not None:
            return hit
        found = self.engine.find_entities(self.namespace, name_key(ref))
        if not found:
            raise NotFound(f"no entity named {ref!r} in namespace {self.namespace!r}")
        if len(found) > 1:
            raise Conflict(f"{ref!r} names {len(found)} entities ({[e.id for e in found]}); use an id")
        return found[0]

    def _upsert(self, txn: Txn, name: str, type: str = "thing", aliases: tuple[str, ...] = ()) -> Entity:
        existing = _by_id_or_name(txn, name)
        if existing is not None:
            new = tuple(
                a for a in aliases if name_key(a) not in {name_key(x) for x in (existing.name, *existing.aliases)}
            )
            if new:
                existing = replace(existing, aliases=(*existing.aliases, *new))
                txn.put_entity(existing)
            return existing
        base, n = slugify(name), 1
        ident = base
        while txn.entity(ident) is not None:
            n += 1
            ident = f"{base}-{n}"
        ent = Entity(id=ident, namespace=self.namespace, type=type, name=name, aliases=aliases, recorded_at=txn.tx)
        txn.put_entity(ent)
        return ent

    # -- fact writes -------------------------------------------------------------------------
    def assert_fact(
        self,
        subject: str | Entity,
        predicate: str,
        object: str | Entity | None = None,
        *,
        value: JSON = _MISSING,
        valid_from: datetime | None = None,
        valid_to: datetime | None = None,
        kind: str = Kind.FACT,
        modality: str = Modality.ASSERTED,
        confidence: float = 1.0,
        episode: str | Episode | None = None,
        multi: bool | None = None,
        reason: Reason = Reason.SUPERSESSION,
    ) -> WriteResult:
        """State that ``subject -predicate-> object`` (or ``-> value``) holds over ``[valid_from, valid_to)``.

        ``valid_from`` defaults to the episode's time, else now; ``valid_to`` to open-ended. Overlapping
        current rows of the slot are cut (DESIGN §3). Raises :class:`InvalidInput` for bad arguments
        and :class:`NotFound` for an unknown episode; nothing is stored then.
        """
        check_claim(predicate, object, value, kind, modality, confidence)
        return self._write_slot(
            subject, predicate, object, value, valid_from, valid_to, episode, multi, kind, modality, confidence, reason
        )

    def correct(
        self, subject: str | Entity, predicate: str, object: str | Entity | None = None, **kwargs: object
    ) -> WriteResult:
        """Like :meth:`assert_fact`, recorded as a correction: what was stored was wrong."""
        return self.assert_fact(subject, predicate, object, reason=Reason.CORRECTION, **kwargs)  # type: ignore[arg-type,unused-ignore]

    def bulk_assert(self, records: Iterable[FactRecord], *, batch: int = 100_000) -> int:
        """Assert many facts fast: the same rows as calling :meth:`assert_fact` for each record in order.

        Every record is validated first (a bad one raises :class:`InvalidInput` and nothing is
        stored), then written with one system time per transaction of at most ``batch`` records
        (a record with neither ``valid_from`` nor ``episode`` starts at its transaction's time). A slot
        named by ``k`` records takes ``k`` transactions. A failure of the engine mid-way keeps the
        transactions already committed. Returns the number of rows inserted (new values plus the
        leftovers of cut rows).

        >>> n = mem.bulk_assert([FactRecord("Alice", "lives_in", "Berlin")])  # doctest: +SKIP
        """
        return bulk_assert(self, records, batch)

    def retract(
        self,
        subject: str | Entity,
        predicate: str,
        object: str | Entity | None = None,
        *,
        value: JSON = _MISSING,
        valid_from: datetime | None = None,
        valid_to: datetime | None = None,
        episode: str | Episode | None = None,
        multi: bool | None = None,
    ) -> WriteResult:
        """End the slot's value over ``[valid_from, valid_to)`` without a replacement."""
        check_identifier(predicate, "predicate")
        return self._write_slot(
            subject, predicate, object, value, valid_from, valid_to, episode, multi, None, None, 1.0, Reason.RETRACTION
        )

    def _write_slot(
        self,
        subject: str | Entity,
        predicate: str,
        object: str | Entity | None,
        value: JSON,
        valid_from: datetime | None,
        valid_to: datetime | None,
        episode: str | Episode | None,
        multi: bool | None,
        kind: str | None,
        modality: str | None,
        confidence: float,
        reason: Reason,
    ) -> WriteResult:
        start = None if valid_from is None else to_us(valid_from, name="valid_from")
        end = None if valid_to is None else to_us(valid_to, name="valid_to")
        if start is not None:
            Interval(start, end)
        ep_id = episode.id if isinstance(episode, Episode) else episode
        if ep_id is not None:
            check_identifier(ep_id, "episode id")
        if multi is not None and not isinstance(multi, bool):
            raise InvalidValue(f"multi={multi!r}; use True, False or None (the predicate's recorded cardinality)")
        sub_name = subject.id if isinstance(subject, Entity) else check_entity_name(subject)
        obj_name = None if object is None else object.id if isinstance(object, Entity) else check_entity_name(object)

        def run(txn: Txn) -> WriteResult:
            default_start = txn.tx
            if ep_id is not None:
                ep = txn.episode(ep_id)
                if ep is None:
                    raise NotFound(f"no episode {ep_id!r} in namespace {self.namespace!r}; add_episode() it first")
                default_start = ep.occurred_at
            portion = Interval(default_start if start is None else start, end)
            sub = self._upsert(txn, sub_name) if kind is not None else _need(txn, sub_name)
            obj = (
                None
                if obj_name is None
                else (self._upsert(txn, obj_name) if kind is not None else _need(txn, obj_name))
            )
            is_multi = txn.predicate(
                predicate, DEFAULT_MULTI_VALUED.__contains__(predicate) if multi is None else multi
            )
            if multi is not None and multi != is_multi:
                raise Conflict(f"predicate {predicate!r} is {'multi' if is_multi else 'single'}-valued here")
            if is_multi and obj is None and value is _MISSING:
                raise InvalidValue(f"{predicate!r} is multi-valued: name the object= or value= to retract")
            val = None if value is _MISSING else value
            slot = slot_key(sub.id, predicate, None if obj is None else obj.id, val, multi=is_multi)
            claim = (
                None
                if kind is None or modality is None
                else Claim(
                    sub.id,
                    predicate,
                    None if obj is None else obj.id,
                    None if obj is not None else val,
                    kind,
                    modality,
                    float(confidence),
                )
            )
            plan = plan_write(txn.current(slot), portion, claim, ep_id, reason)
            return execute_plan(txn, slot, plan)

        return self.engine.write(self.namespace, run)

    def retract_episode(self, episode_id: str) -> WriteResult:
        """Undo what an episode caused: rows only it supports end, and what they replaced comes back.

        Rows that other episodes also support lose this episode from their support and stay."""
        check_identifier(episode_id, "episode id")
        return self.engine.write(self.namespace, lambda txn: retract_episode(txn, self.namespace, episode_id))

    def erase(self, *, subject: str | Entity | None = None, episode: str | None = None) -> int:
        """Physically delete a subject's or an episode's rows across all system time (privacy).

        The only destructive operation: history as of earlier times loses those rows. A content-free
        audit record (a digest, a count and the time) remains. Returns the number of fact rows removed.
        """
        if (subject is None) == (episode is None):
            raise InvalidValue("erase() takes exactly one of subject= or episode=; see erase_namespace()")
        if subject is not None:
            ent = self.get_entity(subject)
            return self.engine.write(self.namespace, lambda txn: erase_rows(txn, self.namespace, subject=ent.id))
        assert episode is not None
        check_identifier(episode, "episode id")
        self.retract_episode(episode)
        return self.engine.write(self.namespace, lambda txn: erase_rows(txn, self.namespace, episode=episode))

    def erase_namespace(self) -> int:
        """Delete this whole namespace across all system time, leaving a content-free audit record."""
        return self.engine.erase_namespace(self.namespace, digest(self.namespace))

    # -- reads -------------------------------------------------------------------------------
    def _point(self, valid_at: datetime | None, as_of: datetime | None) -> tuple[int, int]:
        now = now_us() if valid_at is None or as_of is None else 0
        return _us(valid_at, "valid_at", now), _us(as_of, "as_of", now)

    def facts(
        self, entity: str | Entity, *, valid_at: datetime | None = None, as_of: datetime | None = None
    ) -> list[Fact]:
        """Every fact about ``entity`` (as subject or object) true at ``valid_at`` as believed at ``as_of``."""
        v, t = self._point(valid_at, as_of)
        return self._about(
            entity, lambda i: self.engine.facts(self.namespace, FactQuery(touching=(i,), valid_at=v, as_of=t))
        )

    def value(
        self, subject: str | Entity, predicate: str, *, valid_at: datetime | None = None, as_of: datetime | None = None
    ) -> Fact | None:
        """The value of a single-valued slot at (``valid_at``, ``as_of``), or ``None``."""
        found = self.values(subject, predicate, valid_at=valid_at, as_of=as_of)
        return found[0] if found else None

    def values(
        self, subject: str | Entity, predicate: str, *, valid_at: datetime | None = None, as_of: datetime | None = None
    ) -> list[Fact]:
        """Every value of ``subject.predicate`` at (``valid_at``, ``as_of``); several for multi-valued ones."""
        check_identifier(predicate, "predicate")
        v, t = self._point(valid_at, as_of)
        return self._about(
            subject,
            lambda i: self.engine.facts(self.namespace, FactQuery(subject=i, predicate=predicate, valid_at=v, as_of=t)),
        )

    def history(self, subject: str | Entity, predicate: str, *, as_of: datetime | None = None) -> list[Fact]:
        """The valid-time story of ``subject.predicate`` as the store believed it at ``as_of``."""
        check_identifier(predicate, "predicate")
        t = _us(as_of, "as_of", now_us())
        rows = self._about(
            subject, lambda i: self.engine.facts(self.namespace, FactQuery(subject=i, predicate=predicate, as_of=t))
        )
        return sorted(rows, key=lambda f: (f.valid.start, f.row_id))

    def _about(self, ref: str | Entity, query: Callable[[str], list[Fact]]) -> list[Fact]:
        """``query(entity id)`` for the entity ``ref`` names.

        Tries ``ref`` as an id first: facts store entity ids, so rows found mean ``ref`` is an id and
        :meth:`get_entity` would have resolved it to itself. This skips a lookup on the hot read path.
        """
        if isinstance(ref, Entity):
            return query(ref.id)
        rows = query(ref) if isinstance(ref, str) and check_text(ref, "entity reference") else []
        if rows:
            return rows
        ent = self.get_entity(ref)
        return [] if ent.id == ref else query(ent.id)

    def audit(self, subject: str | Entity, predicate: str) -> list[Fact]:
        """Every row ever stored for ``subject.predicate``, across all system time."""
        check_identifier(predicate, "predicate")
        ent = self.get_entity(subject)
        rows = self.engine.facts(self.namespace, FactQuery(subject=ent.id, predicate=predicate))
        return sorted(rows, key=lambda f: (f.recorded.start, f.valid.start, f.row_id))

    def changes(self, since: datetime, until: datetime | None = None) -> list[Change]:
        """What the store learned or unlearned in ``(since, until]`` (system time)."""
        return self.engine.changes(self.namespace, to_us(since, name="since"), _us(until, "until", now_us()))

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


def _by_id_or_name(txn: Txn, ref: str) -> Entity | None:
    hit = txn.entity(ref)
    if hit is not None:
        return hit
    found = txn.find_entities(name_key(ref))
    if len(found) > 1:
        raise Conflict(f"{ref!r} names {len(found)} entities ({[e.id for e in found]}); use an id")
    return found[0] if found else None


def _need(txn: Txn, ref: str) -> Entity:
    found = _by_id_or_name(txn, ref)
    if found is None:
        raise NotFound(f"no entity named {ref!r}; nothing to retract")
    return found
