"""The ``Memory`` facade: the Python API agents use. It checks arguments, calls the write path
(:mod:`chronomem.write`) or the engine's reads, and returns plain values."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace
from datetime import datetime
from typing import TYPE_CHECKING, overload

from ._names import check_identifier, check_namespace
from ._reads import EntityReads, Reads
from ._snapshot import Snapshot
from ._time import from_us, to_us
from ._time import zone as check_zone
from ._values import (
    JSON,
    Contradiction,
    Entity,
    Episode,
    Kind,
    Merge,
    Modality,
    Reason,
    WriteResult,
)
from .contracts import Engine, FactQuery
from .errors import InvalidValue, NotFound
from .write import FactRecord, Reindexed, Writer, check_entity_name, embed_episode, new_episode, reindex

if TYPE_CHECKING:
    from typing import Self

    from .contracts import LLM, Embedder, Extractor
    from .ingest import Alias, Claim, IngestResult, Message
    from .retrieve import Context, Hits, Moment, Preset

__all__ = ["Memory"]


class Memory(Reads):
    """A bitemporal memory bound to one namespace. Open one with :func:`chronomem.open`.

    Every read takes ``valid_at`` (when in the world) and ``as_of`` (what the store believed then);
    both default to now. Every write is one transaction with one system time.
    """

    def __init__(
        self,
        engine: Engine,
        namespace: str,
        *,
        owns_engine: bool = True,
        extractor: str | Extractor = "offline",
        llm: LLM | None = None,
        embedder: Embedder | None = None,
    ) -> None:
        self.engine = engine
        self.namespace = check_namespace(namespace)
        self.extractor = extractor
        self.llm = llm
        self.embedder = embedder
        self._owns = owns_engine
        self._writer = Writer(engine, self.namespace)
        self._names = EntityReads(engine, self.namespace)
        self._extractors: dict[str, Extractor] = {}

    def snapshot(self, as_of: datetime | None = None) -> Snapshot:
        """Reads pinned at one system time, so that reading again returns the same (repeatable reads).

        The basis is the newest system time whose write has committed in this namespace (or ``as_of``, when
        earlier). A read as of a wall-clock instant can miss a write that began before it and commits after;
        a read as of the basis cannot: every write up to it has committed (see :mod:`chronomem._snapshot`).

        >>> snap = mem.snapshot()  # doctest: +SKIP
        >>> snap.value("alice", "lives_in") == mem.value("alice", "lives_in", as_of=snap.basis)  # doctest: +SKIP
        True
        """
        basis = self.engine.committed(self.namespace)
        if as_of is not None:
            basis = min(basis, to_us(as_of, name="as_of"))
        return Snapshot(self.engine, self.namespace, basis)

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
        check_namespace(namespace)
        if namespace not in self.engine.namespaces():
            if not create:
                # not listing the others: a namespace is a tenant's, and this message may reach another tenant
                raise NotFound(f"namespace {namespace!r} does not exist; check the name, or pass create=True")
            self.engine.ensure_namespace(namespace)
        return Memory(
            self.engine, namespace, owns_engine=False, extractor=self.extractor, llm=self.llm, embedder=self.embedder
        )

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
        the same id with other content raises :class:`Conflict`. With the memory's embedder, its text is
        embedded and stored with it for search."""
        ep = new_episode(
            self.namespace,
            content,
            occurred_at=occurred_at,
            id=id,
            kind=kind,
            role=role,
            speaker=speaker,
            session=session,
            source=source,
            metadata=metadata,
        )
        if self.embedder is None:
            return self._writer.episode(ep)
        return self._writer.episode(ep, embed_episode(self.engine, self.namespace, self.embedder, ep))

    def get_episode(self, episode_id: str) -> Episode:
        """The stored episode ``episode_id``. Raises :class:`NotFound`."""
        found = self.engine.episode(self.namespace, episode_id)
        if found is None:
            raise NotFound(f"no episode {episode_id!r} in namespace {self.namespace!r}")
        return found

    def add_entity(self, name: str, *, type: str = "thing", aliases: Iterable[str] = ()) -> Entity:
        """Find the entity called ``name`` (by id, name or alias) or create it; new aliases are added.
        Idempotent, like :meth:`add_episode`; :meth:`get_entity` only reads."""
        name = check_entity_name(name)
        if isinstance(aliases, str):
            raise InvalidValue(f"aliases={aliases!r} is one string; pass a list of names, e.g. [{aliases!r}]")
        extra = tuple(check_entity_name(a) for a in aliases)
        return self._writer.entity(name, check_identifier(type, "entity type"), extra)

    def merge(self, source: str | Entity, *, into: str | Entity) -> Merge:
        """Record that ``source`` and ``into`` are one entity: ``source``'s facts move to ``into`` (joined with
        the same facts it holds; a value that contradicts one of ``into``'s is kept as an open conflict),
        its names become aliases of ``into``, and its id then resolves to ``into``. Reads as of before the
        merge still see two entities. Reversible with :meth:`unmerge`. Raises :class:`NotFound`, or
        :class:`Conflict` for one entity, incompatible types, or an entity already merged."""
        src, dst = self.get_entity(source), self.get_entity(into)
        return self._writer.merge(src.id, dst.id)

    def unmerge(self, source: str | Merge) -> Merge:
        """Undo :meth:`merge`: ``source`` (the merged entity's id, or the :class:`Merge`) is an entity again
        with every fact it had; ``into`` gets back the facts the merge joined and loses the names it gained.
        Facts said about the merged entity since stay with it. Raises :class:`NotFound` when not merged."""
        if isinstance(source, Merge):
            source = source.source
        if not isinstance(source, str) or not source.strip():
            raise InvalidValue(f"unmerge() takes the merged entity's id or a Merge, got {source!r:.60}")
        return self._writer.unmerge(source)

    # -- fact writes -------------------------------------------------------------------------
    def assert_fact(
        self,
        subject: str | Entity,
        predicate: str,
        object: str | Entity | None = None,
        *,
        value: JSON = None,
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
        current rows of the slot are cut: closed, with their parts outside the new portion kept as they were.
        Raises :class:`InvalidInput` for bad arguments and :class:`NotFound` for an unknown episode; nothing is
        stored then.
        """
        record = FactRecord(
            subject, predicate, object, value, valid_from, valid_to, kind, modality, confidence, episode, multi, reason
        )
        return self._writer.fact(record)

    def correct(
        self, subject: str | Entity, predicate: str, object: str | Entity | None = None, **kwargs: object
    ) -> WriteResult:
        """Like :meth:`assert_fact`, recorded as a correction: what was stored was wrong."""
        return self.assert_fact(subject, predicate, object, reason=Reason.CORRECTION, **kwargs)  # type: ignore[arg-type,unused-ignore]

    def bulk_assert(self, records: Iterable[FactRecord], *, batch: int = 100_000) -> int:
        """Write many facts fast: the same rows as calling :meth:`assert_fact` (or :meth:`correct`,
        :meth:`retract`, as each record's ``reason`` says) for each record in order.

        Every record is validated first (a bad one raises :class:`InvalidInput` and nothing is
        stored), then written with one system time per transaction of at most ``batch`` records
        (a record with neither ``valid_from`` nor ``episode`` starts at its transaction's time). A slot
        named by ``k`` records takes ``k`` transactions. A failure of the engine mid-way keeps the
        transactions already committed. Returns the number of rows inserted (new values plus the
        leftovers of cut rows).

        >>> n = mem.bulk_assert([FactRecord("Alice", "lives_in", "Berlin")])  # doctest: +SKIP
        """
        return self._writer.bulk(records, batch)

    def retract(
        self,
        subject: str | Entity,
        predicate: str,
        object: str | Entity | None = None,
        *,
        value: JSON = None,
        valid_from: datetime | None = None,
        valid_to: datetime | None = None,
        episode: str | Episode | None = None,
        multi: bool | None = None,
    ) -> WriteResult:
        """End the slot's value over ``[valid_from, valid_to)`` without a replacement."""
        record = FactRecord(
            subject,
            predicate,
            object,
            value,
            valid_from,
            valid_to,
            episode=episode,
            multi=multi,
            reason=Reason.RETRACTION,
        )
        return self._writer.fact(record)

    def retract_episode(self, episode_id: str) -> WriteResult:
        """Undo what an episode caused: rows only it supports end, and what they replaced comes back.

        Rows that other episodes also support lose this episode from their support and stay. Open conflicts go
        as if it had never been said: one whose claim it said is withdrawn (``settlement="withdrawn"``); one
        whose claim contradicted what it said is weighed again against what the slot holds without it, and
        its claim is written as of when it was said (``"uncontested"``) unless something else still
        contradicts it, against which it stays open."""
        return self._writer.retract_episode(check_identifier(episode_id, "episode id"))

    def erase(self, *, subject: str | Entity | None = None, episode: str | None = None) -> int:
        """Physically delete a subject's or an episode's rows across all system time (privacy).

        The only destructive operation: history as of earlier times loses those rows. An erased episode also
        takes every entity, alias and name only it gave, and the contradictions it opened or alone stood against
        (those are written as their own message's facts): what is left is what a memory that never saw it
        holds (:mod:`chronomem.write._erase`). A content-free audit record (a digest, a count and the time)
        remains. Returns the number of fact rows removed.
        """
        if (subject is None) == (episode is None):
            raise InvalidValue("erase() takes exactly one of subject= or episode=; see erase_namespace()")
        if subject is not None:
            return self._writer.erase_subject(self.get_entity(subject).id)
        episode = check_identifier(episode, "episode id")
        readers = self.engine.embedded_with(self.namespace, episode)  # their vectors go with it: embed them anew
        removed = self._writer.erase_episode(episode)
        if self.embedder is not None:
            for ep in self.engine.episodes(self.namespace, readers):
                self._writer.vectors(ep.id, embed_episode(self.engine, self.namespace, self.embedder, ep))
        return removed

    def erase_namespace(self) -> int:
        """Delete this whole namespace across all system time, leaving a content-free audit record."""
        return self._writer.erase_namespace()

    def reindex(self) -> Reindexed:
        """Index for search what the namespace stores without: full-text documents of records stored before
        the index existed, and vectors of this memory's embedder for episodes that have none (after changing
        embedders, or stored without one). Idempotent; see :mod:`chronomem.write._reindex`.

        >>> mem.reindex()  # doctest: +SKIP
        Reindexed(documents=0, embedded=120, model='universal-sentence-encoder-multilingual-3')
        """
        return reindex(self.engine, self.namespace, self.embedder)

    # -- ingestion ---------------------------------------------------------------------------
    @overload
    def add(
        self,
        messages: Message | Mapping[str, object],
        *,
        extractor: str | Extractor | None = None,
        claims: Iterable[Claim] | None = None,
        aliases: Iterable[Alias] = (),
        user_id: str | None = None,
        session_id: str | None = None,
    ) -> IngestResult: ...

    @overload
    def add(
        self,
        messages: Iterable[Message | Mapping[str, object]],
        *,
        extractor: str | Extractor | None = None,
        claims: None = None,
        aliases: Iterable[Alias] = (),
        user_id: str | None = None,
        session_id: str | None = None,
    ) -> list[IngestResult]: ...

    def add(
        self,
        messages: Message | Mapping[str, object] | Iterable[Message | Mapping[str, object]],
        *,
        extractor: str | Extractor | None = None,
        claims: Iterable[Claim] | None = None,
        aliases: Iterable[Alias] = (),
        user_id: str | None = None,
        session_id: str | None = None,
    ) -> IngestResult | list[IngestResult]:
        """Remember one message (a dict or a :class:`~chronomem.ingest.Message`) or many, in order.

        Each message is stored as an episode (once: adding it again changes nothing and says
        ``duplicate``), turned into claims by the extractor (the memory's, else ``"offline"``; or the
        application's own ``claims=`` for one message), and written with what they decide (new, same,
        supersede, correct, retract, or an open conflict) in one transaction per message. One message
        returns its :class:`~chronomem.ingest.IngestResult` and raises :class:`ChronomemError` when it fails
        (nothing of it is stored); many return a result each, a failed one with ``error`` set, and go on.

        Undated messages are dated when received (``stamped``); ``user_id`` and ``session_id`` fill in speakers and
        sessions; OpenAI's ``{"role", "content"}`` dicts are taken (:mod:`chronomem.ingest._received`).

        >>> mem.add({"speaker": "Alice", "content": "I moved to Paris.",
        ...          "occurred_at": "2024-03-04T09:15:00+01:00"}).added        # doctest: +SKIP
        """
        # deferred: ingestion's extractors compile their rules when imported, which takes a while; a memory that only
        # reads and writes facts does not pay for them
        from .ingest import Message, StructuredExtractor, ingest_received

        single = isinstance(messages, Message | Mapping)
        if claims is not None or tuple(aliases):
            if not single:
                raise InvalidValue("claims= and aliases= describe one message; add messages one at a time")
            chosen: Extractor = StructuredExtractor(claims or (), aliases)
        else:
            chosen = self._extractor(extractor)
        if not single and (isinstance(messages, str | bytes) or not isinstance(messages, Iterable)):
            raise InvalidValue(
                f"add() takes a message (a dict or Message) or a list of them, got {type(messages).__name__}"
            )
        ids = (user_id, session_id)
        return ingest_received(self.engine, self.namespace, messages, chosen, embedder=self.embedder, ids=ids)

    def _extractor(self, choice: str | Extractor | None) -> Extractor:
        chosen = choice if choice is not None else self.extractor
        if isinstance(chosen, str):
            found = self._extractors.get(chosen)
            if found is None:
                from .ingest import choose_extractor

                found = self._extractors[chosen] = choose_extractor(chosen, self.llm)
            return found
        return chosen

    def conflicts(
        self, subject: str | Entity | None = None, predicate: str | None = None, *, settled: bool = False
    ) -> list[Contradiction]:
        """Contradictions the memory keeps open (with ``settled=True``, settled ones too), about ``subject``
        and ``predicate`` when given: each with its claim, the rows it contradicts and its episode."""
        sub = None
        if subject is not None:
            try:
                sub = self.get_entity(subject).id
            except NotFound:
                return []
        if predicate is not None:
            check_identifier(predicate, "predicate")
        return self.engine.conflicts(self.namespace, subject=sub, predicate=predicate, open_only=not settled)

    def resolve_conflict(self, conflict: int | Contradiction, *, keep: str) -> WriteResult:
        """Settle an open conflict: ``keep="known"`` leaves what the memory holds; ``keep="claim"`` writes the
        claim over its valid time as a correction (what was known was wrong), as of when it was said: what was
        said after it stays in force. Raises :class:`NotFound` for an unknown id and :class:`Conflict` when it
        is already settled, or was withdrawn or settled by retracting a message (:meth:`retract_episode`)."""
        ident = conflict.id if isinstance(conflict, Contradiction) else conflict
        if isinstance(ident, bool) or not isinstance(ident, int):
            raise InvalidValue(f"resolve_conflict() takes a conflict id or a Contradiction, got {conflict!r:.60}")
        if keep not in ("known", "claim"):
            raise InvalidValue(f"keep={keep!r}; use 'known' (what the memory holds) or 'claim'")
        return self._writer.settle(ident, accept=keep == "claim")

    # -- retrieval ---------------------------------------------------------------------------
    def search(
        self,
        query: str,
        *,
        k: int = 10,
        valid_at: datetime | None = None,
        as_of: datetime | None = None,
        window: tuple[datetime | None, datetime | None] | None = None,
        kinds: Iterable[str] | None = None,
        preset: str | Preset = "default",
    ) -> Hits:
        """The ``k`` episodes, facts and entities that best answer ``query``, best first.

        Time-correct: a fact row comes back only if it holds at ``valid_at`` as the store believed at
        ``as_of`` (both default to now), nothing recorded after ``as_of`` comes back, and an episode whose
        facts no longer hold ranks below one that supports what holds; ``preset="history"`` keeps what no
        longer holds. An episode said after ``valid_at`` (but recorded by ``as_of``) still comes back, since
        what was said later may tell of that time ("I moved last week"); it ranks below what was said by
        ``valid_at`` on the same topic, and below the value in force at ``valid_at`` of a slot the question
        asks for. A question that asks for a slot of someone it names ("where does Alice live?",
        "王芳在哪里工作？", "who is Sam's partner?") ranks that slot's fact in force first, then the message that
        said it, unless the subject spoke of the slot later in a message the store read no value from. A time
        the query names ("last week", "2024年4月") is read against ``valid_at``, the question's own time, and
        boosts what lies in it; ``window=(start, end)`` instead keeps only that period. ``kinds`` limits the
        result to some of ``"episode"``, ``"fact"``, ``"entity"``, or to facts of some kinds
        (:class:`~chronomem.Kind`: ``["preference"]``, ``["episode", "plan"]``). Each
        :class:`~chronomem.retrieve.Hit` explains its score and cites its episodes.

        Raises :class:`InvalidValue` for an empty or oversized query (over 2,000 characters), ``k`` outside
        1..1000 or an unknown kind, :class:`NaiveDatetime` for a naive datetime, :class:`InvalidInterval`
        for an inverted window and :class:`ConfigError` for an unknown preset. A query of stop-words only
        ("what is it?") returns ``[]``. The :class:`~chronomem.retrieve.Hits` say the system time they were
        read at (``hits.basis``: without ``as_of``, the newest write committed): ``search(..., as_of=hits.basis)``
        returns them again, whatever was written since. Records of equal score come newest first, then by what
        they are, never by row id, so the same memory ranks the same on every engine and namespace.

        >>> [h.cites for h in mem.search("where does Alice live?", k=3)]     # doctest: +SKIP
        [('m2',), ('m2',), ('m1',)]
        """
        # deferred: retrieval loads the tokenizer and the temporal parser on first use
        from .retrieve import channels_for, check_request, run_search

        if as_of is None:  # the newest committed write: a write still open cannot change what this read sees
            as_of = from_us(self.engine.committed(self.namespace))
        request = check_request(
            query, k=k, valid_at=valid_at, as_of=as_of, window=window, kinds=kinds, preset_name=preset
        )
        return run_search(self.engine, self.namespace, request, channels_for(self.embedder))

    def retrieve(
        self,
        query: str,
        *,
        k: int = 10,
        valid_at: datetime | None = None,
        as_of: datetime | None = None,
        preset: str | Preset = "default",
    ) -> Hits:
        """:meth:`search` kept to facts: each hit's ``fact`` ("Alice lives in Paris"), ``entities`` and ``valid``."""
        return self.search(query, k=k, valid_at=valid_at, as_of=as_of, kinds=("fact",), preset=preset)

    def context(
        self,
        query: str,
        *,
        budget_tokens: int = 1000,
        valid_at: datetime | None = None,
        as_of: datetime | None = None,
        k: int = 20,
        preset: str | Preset = "default",
        zone: str | None = None,
        kinds: Iterable[str] | None = None,
    ) -> Context:
        """What the memory knows about ``query`` as text for an LLM prompt, within ``budget_tokens``.

        The ``k`` hits of :meth:`search` (same time rules) told as a narrative grouped by entity and ordered
        in time, with the relations a walk through the graph reaches from the hits' entities (``preset.walk``: two
        edges, eight relations by default; each told with the path to it, "via 张三 assigned_to 登录模块重构"):
        each fact's slot with its history ("lives in: Berlin from 2023-01-05 until 2024-01-03
        (change said on 2024-01-03; past); now Paris since 2024-01-03"), open conflicts called out, episodes
        quoted briefly, every statement citing its episodes with their dates, labels in the question's
        language. Dates are days in ``zone`` (an IANA name), else in the zone the cited episodes were said in.
        The :class:`~chronomem.retrieve.Context` also holds the same content as sections and
        statements, the estimated token count and what was cut for the budget.

        ``kinds`` limits the material as in :meth:`search` (``["preference"]``: what the person likes).
        Raises what :meth:`search` raises, and :class:`InvalidValue` for a budget outside 100..100,000.

        >>> print(mem.context("where does Alice live?", budget_tokens=300))      # doctest: +SKIP
        Memory for "where does Alice live?" (valid at 2024-05-01, as of 2024-05-01):
        <BLANKLINE>
        ## Alice
        - lives in: Berlin from 2023-01-05 until 2024-03-04 (change said on 2024-03-04; past); now Paris since ...
        """
        # deferred, as in search()
        from .retrieve import check_budget, gather, render_context
        from .retrieve import preset as search_preset

        budget = check_budget(budget_tokens)
        if zone is not None:
            check_zone(zone)
        v, t = self._point(valid_at, as_of)
        chosen = search_preset(preset)
        hits = self.search(query, k=k, valid_at=from_us(v), as_of=from_us(t), preset=chosen, kinds=kinds)
        material = gather(self.engine, self.namespace, query, hits, (v, t), chosen.walk)
        return render_context(replace(material, zone=zone), budget)

    def at_event(
        self, query: str, *, about: str | Entity | Iterable[str | Entity] = (), as_of: datetime | None = None
    ) -> Moment:
        """The memory at the time of the event ``query`` names: "who worked on Project Alpha when the release
        happened?" is ``mem.at_event("Project Alpha release", about="Project Alpha").facts``.

        The event is the best event fact a search finds (what no longer holds included), its time the fact's
        valid start; without one, the best message, its time when it was said. The :class:`~chronomem.retrieve.
        Moment` holds that time, the record and the facts true then about ``about`` (entities; default: the
        event's own, or those of the facts the message gave), as believed at ``as_of`` (default now). Raises
        :class:`NotFound` when nothing matches, and what :meth:`search` raises."""
        from .retrieve import Moment, event_of

        t = self._as_of(as_of)
        refs = [about] if isinstance(about, str | Entity) else list(about)
        wanted = [self.get_entity(r).id for r in refs]  # an unknown entity fails before the search
        hits = self.search(query, k=10, as_of=from_us(t), kinds=["episode", Kind.EVENT.value], preset="history")
        found = event_of(hits)
        if found is None:
            raise NotFound(f"no event or message in namespace {self.namespace!r} matches {query!r:.80}")
        at, until, event = found
        if not wanted:
            if isinstance(event, Episode):
                told = self.engine.facts(self.namespace, FactQuery(supported_by=(event.id,), as_of=t))
                wanted = sorted({f.subject for f in told})
            else:
                wanted = [event.subject]
        facts = (
            self.engine.facts(self.namespace, FactQuery(touching=tuple(wanted), valid_at=at, as_of=t)) if wanted else []
        )
        return Moment(at, until, event, tuple(facts))
