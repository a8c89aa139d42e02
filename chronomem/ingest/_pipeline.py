"""The ingestion pipeline: one message in, its episode and what it says written in one transaction.

message -> checked episode -> (idempotency check) -> context (the session's last messages) -> extractor ->
one write transaction: store the episode, create the speaker and the entities claims name, then for each claim
bind its time, decide what it does (:func:`~chronomem.ingest._decide.decide`) and write it through the write
path (:mod:`chronomem.write`), or keep a contradiction open. Extraction runs before the transaction: a
model call never holds the write lock.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from itertools import islice
from typing import TYPE_CHECKING, TypeVar

from .._bitemporal import same_claim
from .._claims import Action, Claim, Extraction, ExtractionContext, Mentioned, by_role
from .._names import slot_key
from .._time import MIN_US, from_us
from .._values import Contradiction, Entity, Episode, Fact, Interval, Merge, Modality, Reason
from .._vocabulary import PREDICATES
from ..contracts import FactQuery
from ..errors import ChronomemError, Conflict, InvalidInput
from ..write import (
    Embedded,
    FactRecord,
    check_record,
    embedding_parts,
    find_entity,
    find_known,
    find_or_create,
    find_person,
    find_similar,
    merge_entities,
    resolve,
    store_episode,
)
from ..write._execute import execute_plan
from ..write._facts import Resolved, Target, plan_for, portion_of, target
from ._batch import RECENT, Batch, Parsed
from ._bind import name_of, valid_time
from ._decide import Decision, Outcome, Proposal, clashes, decide
from ._message import Message
from ._result import IngestResult, Skipped
from ._sequence import Aimed, corrected_portion, in_sequence, reach_back

if TYPE_CHECKING:
    from ..contracts import Embedder, Engine, Extractor, Txn

__all__ = ["LASTING", "RECENT", "SIMILAR_NAMES", "ingest", "ingest_many"]

T = TypeVar("T")
#: How many messages of a batch are embedded in one embedder call.
EMBED_BATCH = 64
#: Predicates whose value lasts a lifetime: another value contradicts, it does not supersede (DESIGN §6.1).
LASTING = frozenset({"birthday", "from"})
#: The embedder's cosine at which a name means a known entity's name (with an embedder configured). High on
#: purpose: all-MiniLM-L6-v2 gives "pottery class"/"pottery classes" 0.96 and "LGBTQ"/"LGBTQ+ support group"
#: 0.99, but "Boston University"/"Boston College" 0.94 and "York"/"New York" 0.94 (measured, issue #11).
SIMILAR_NAMES = 0.95
_CLASH = "a plan at the same time as another plan"
_REASON = {Action.ASSERT: Reason.SUPERSESSION, Action.CORRECT: Reason.CORRECTION, Action.RETRACT: Reason.RETRACTION}


def ingest(
    engine: Engine,
    namespace: str,
    item: Message | Mapping[str, object],
    extractor: Extractor,
    *,
    embedder: Embedder | None = None,
    embedded: Embedded | None = None,
) -> IngestResult:
    """Ingest one message (see the module docstring). With an ``embedder``, the episode's text is embedded
    with the message before it (:func:`~chronomem.write.embedding_parts`; ``embedded``, when the caller
    embedded it already) and stored with it for search, and a name may also find the entity whose name
    means the same (:data:`SIMILAR_NAMES`). Raises
    :class:`~chronomem.errors.ChronomemError` (bad input, a failed extraction or embedding, a storage error);
    nothing of the message is stored then."""
    batch = Batch(engine, namespace)
    [parsed] = batch.read([item])
    if isinstance(parsed, ChronomemError):
        raise parsed
    return _ingest(batch, parsed, extractor, embedder, embedded)


def _ingest(
    batch: Batch, parsed: Parsed, extractor: Extractor, embedder: Embedder | None, embedded: Embedded | None
) -> IngestResult:
    m, ep = parsed.message, parsed.episode
    known = batch.stored(ep)
    if known is not None:
        _same_episode(known, ep)
        return IngestResult(episode=ep.id, duplicate=True)
    ctx = batch.context(m, ep)
    extraction = extractor.extract(ep, ctx)
    if embedder is not None and embedded is None:
        before = ctx.recent[-1] if ctx.recent else None  # the session's last message (write/_episodes.py)
        vectors = embedder.embed(embedding_parts(ep, before))
        embedded = Embedded(embedder.name, vectors, None if before is None else before.id)
    ns, names = batch.namespace, batch.names
    result = batch.engine.write(ns, lambda txn: _Write(txn, ns, ep, ctx, names, embedder, embedded).run(extraction))
    if result.tx is not None and not result.duplicate:
        batch.added(ep, result.tx)
    return result if extraction.usage is None else replace(result, usage=extraction.usage)


def _same_episode(known: Episode, ep: Episode) -> None:
    if known.content != ep.content or known.occurred_at != ep.occurred_at:
        raise Conflict(f"message {ep.id!r} was already added with other content or time; use a new id")


@dataclass
class _Write:
    """The write transaction of one message; collects what it did into an :class:`IngestResult`."""

    txn: Txn
    namespace: str
    episode: Episode
    ctx: ExtractionContext
    names: dict[tuple[str, str], str]
    embedder: Embedder | None = None
    embedded: Embedded | None = None
    res: Resolved = field(default_factory=Resolved)
    speakers: dict[str, str | None] = field(default_factory=dict)
    added: list[Fact] = field(default_factory=list)
    supported: list[int] = field(default_factory=list)
    closed: dict[Outcome, list[int]] = field(default_factory=dict)
    conflicts: list[int] = field(default_factory=list)
    entities: list[Entity] = field(default_factory=list)
    aliases: list[tuple[str, str]] = field(default_factory=list)
    merged: list[Merge] = field(default_factory=list)
    skipped: list[Skipped] = field(default_factory=list)

    def run(self, extraction: Extraction) -> IngestResult:
        stored = store_episode(self.txn, self.episode)
        if stored.recorded_at != self.txn.tx:  # another writer stored it since we looked
            _same_episode(stored, self.episode)
            return IngestResult(episode=self.episode.id, duplicate=True)
        if self.embedded is not None:
            e = self.embedded
            self.txn.put_vectors(e.model, "episode", self.episode.id, e.vectors, e.context)
        if self.ctx.speaker is not None:
            self._entity(self.ctx.speaker, "person")
        for alias in extraction.aliases:
            self._alias(alias.entity, alias.alias)
        aimed: list[Aimed] = []
        for claim in extraction.claims:
            got = self._aim(claim)
            if isinstance(got, Skipped):
                self.skipped.append(got)
            else:
                aimed.append(got)
        kept, dropped = in_sequence(aimed)
        self.skipped.extend(Skipped(a.claim, "a later claim of the same message says otherwise") for a in dropped)
        for a in kept:
            self._write(a)
        return self._result()

    # -- entities --------------------------------------------------------------------------
    def _entity(self, name: str, type: str) -> Entity:
        known = self.res.entities.get(name)
        if known is None:
            known = self._resolved_before(name, type) or self._find_or_create(name, type)
            self.res.entities[name] = known
            self.res.entities[known.id] = known
            self.names[name, type] = known.id
        return known

    def _mentioned(self, m: Mentioned, name: str) -> Entity:
        """The entity ``m`` (called ``name`` here) stands for; see :meth:`_entity`. Someone named by a
        one-at-a-time relation (:attr:`Mentioned.holds`) meets whoever holds it when the message is said: an
        unnamed "my husband" or "我老公" *is* that one, however they were named; a named "my husband Tom" is
        the one a placeholder ("Dana's partner") stood for, which is merged into him, while a named holder
        ("Anna", then "my girlfriend Sarah") is someone else."""
        if m.holds is None or name in self.res.entities:
            return self._entity(name, m.type)
        owner, predicate = m.holds
        holder = self._holder(owner, predicate)
        if holder is None:
            return self._entity(name, m.type)
        if by_role(name, owner):
            self.res.entities[name] = self.res.entities[holder.id] = holder
            return holder
        ent = self._entity(name, m.type)
        if holder.id != ent.id and by_role(holder.name, owner):
            self._merge(holder, ent)
            ent = self._entity(name, m.type)
        return ent

    def _merge(self, source: Entity, target: Entity) -> None:
        self.merged.append(merge_entities(self.txn, self.namespace, source.id, target.id))
        self.res.entities = {k: e for k, e in self.res.entities.items() if e.id not in (source.id, target.id)}

    def _holder(self, owner: str, predicate: str) -> Entity | None:
        """Who holds ``owner``'s single-valued ``predicate`` (asserted, as believed now) at the message's time;
        ``None`` when nobody does or the owner is nobody known (a message without a speaker)."""
        try:
            who = self.res.entities.get(owner) or find_known(self.txn, owner, "person")
        except Conflict:
            return None
        if who is None:
            return None
        at = self.episode.occurred_at
        for h in self.txn.current(slot_key(who.id, predicate, multi=False)):
            if h.row.object is not None and h.row.valid.contains(at):
                return find_entity(self.txn, h.row.object)  # by id: the survivor of a merge
        return None

    def _resolved_before(self, name: str, type: str) -> Entity | None:
        """The entity ``name`` resolved to earlier in the batch, unless it has been merged or is gone."""
        ident = self.names.get((name, type))
        hit = None if ident is None else self.txn.entity(ident)
        return hit if hit is not None and hit.merged_into is None else None

    def _find_or_create(self, name: str, type: str) -> Entity:
        """The entity a conversation means by ``name``: the one so called, else the one person a shorter or
        familiar form names (老王 -> 王伟, Caroline -> Caroline Smith), else (with an embedder) the one thing
        whose name means the same; the name becomes its alias. Else a new entity."""
        known = find_known(self.txn, name, type)
        if known is not None:
            return known
        if type == "person":
            same = find_person(self.txn, name)
        else:
            same = None if self.embedder is None else find_similar(self.txn, name, type, self.embedder, SIMILAR_NAMES)
        if same is not None:
            self.aliases.append((same.id, name))
            return find_or_create(self.txn, self.namespace, same.id, same.type, (name,))
        known = find_or_create(self.txn, self.namespace, name, type)
        if known.recorded_at == self.txn.tx:
            self.entities.append(known)
        return known

    def _alias(self, who: Mentioned, alias: str) -> None:
        name = name_of(who, self.ctx)
        if name is None or not alias.strip():
            return
        ent = self._mentioned(who, name)
        try:
            other = find_known(self.txn, alias.strip(), ent.type)
        except Conflict:  # the alias names several entities: it links none of them
            return
        if other is not None and other.id != ent.id:  # "Robert, we call him Bob" with Bob known: one person
            self._merge(other, ent)
            return
        before = ent.aliases
        ent = find_or_create(self.txn, self.namespace, ent.id, ent.type, (alias.strip(),))
        if ent.aliases != before:
            self.res.entities[name] = self.res.entities[ent.id] = ent
            self.aliases.append((ent.id, alias.strip()))

    # -- claims ----------------------------------------------------------------------------
    def _aim(self, claim: Claim) -> Aimed | Skipped:
        """The slot and valid portion ``claim`` writes, with its entities resolved (created when new)."""
        try:
            record = self._record(claim)
            if isinstance(record, Skipped):
                return record
            checked = check_record(record)
            resolve(self.txn, self.namespace, [checked], self.res)
        except InvalidInput as exc:
            return Skipped(claim, str(exc))
        t = target(checked, self.res)
        open_start = checked.start == MIN_US and claim.predicate not in LASTING
        said_when = claim.valid_from is not None or claim.valid_to is not None or bool(claim.time_text)
        corrects_back = claim.action is Action.CORRECT and not said_when
        return Aimed(claim, t, portion_of(checked, self.res, self.txn.tx), open_start, corrects_back)

    def _write(self, a: Aimed) -> None:
        claim, t = a.claim, a.target
        held = self.txn.current(t.slot)
        rows = [h.row for h in held]
        reached = reach_back(a.portion, rows, t.claim) if a.open_start else a.portion
        if reached is None:
            self.skipped.append(Skipped(claim, "it ended before what is known about the slot began"))
            return
        portion = corrected_portion(reached, rows, t.claim) if a.corrects_back else reached
        if portion is not a.portion:
            t = t._replace(request=t.request._replace(start=portion.start, end=portion.end, portion=portion))
        denied = self._denied(t) if claim.modality == Modality.NEGATED else []
        lasting = claim.predicate in LASTING
        proposal = Proposal(
            t.named, claim.action, portion, self.ctx.speaker, claim.subject.speaker, claim.confidence, lasting
        )
        decision = decide(proposal, rows, denied=denied, speakers=self._speakers_of([*rows, *denied]))
        if decision.outcome is Outcome.CONFLICT:
            self._contradiction(t, portion, decision)
            return
        if decision.outcome is Outcome.RETRACT:
            held = [h for h in held if h.row.row_id in decision.rows]
        elif t.claim is None:  # a retraction with nothing to retract
            return
        done = execute_plan(self.txn, t.slot, plan_for(t, held, self.res, self.txn.tx))
        clashing = clashes(proposal, self._plans_of(t)) if claim.modality == Modality.PLANNED else ()
        if clashing:
            self._contradiction(t, portion, Decision(Outcome.CONFLICT, clashing, _CLASH), clash=True)
        self.closed.setdefault(decision.outcome, []).extend(done.closed)
        self.supported.extend(done.supported)
        value = t.claim
        self.added.extend(f for f in done.inserted if value is not None and same_claim(f, value))

    def _record(self, claim: Claim) -> FactRecord | Skipped:
        subject = name_of(claim.subject, self.ctx)
        if subject is None:
            return Skipped(claim, "its subject is the speaker or the addressee, and the message names neither")
        obj = None if claim.object is None else name_of(claim.object, self.ctx)
        if claim.object is not None and obj is None:
            return Skipped(claim, "its object is the speaker or the addressee, and the message names neither")
        when = valid_time(claim, self.episode, self.ctx, lasting=claim.predicate in LASTING)
        if when is None:
            return Skipped(claim, f"its time words {claim.time_text!r} name no time it can start at")
        sub = self._mentioned(claim.subject, subject)
        ob = None if obj is None or claim.object is None else self._mentioned(claim.object, obj)
        return FactRecord(
            sub,
            claim.predicate,
            ob,
            claim.value,
            from_us(when[0]),
            None if when[1] is None else from_us(when[1]),
            claim.kind,
            claim.modality,
            claim.confidence,
            self.episode.id,
            multi=None if claim.predicate not in PREDICATES else not PREDICATES[claim.predicate].single,
            reason=_REASON[claim.action],
        )

    def _denied(self, t: Target) -> list[Fact]:
        """The asserted rows a negated claim denies: the same value in the asserted slot."""
        c, value = t.request, t.claim
        if value is None:
            return []
        multi = self.res.multi[c.predicate]
        slot = slot_key(value.subject, value.predicate, value.object, value.value, multi=multi)
        asserted = replace(value, modality=Modality.ASSERTED)
        return [h.row for h in self.txn.current(slot) if same_claim(h.row, asserted)]

    def _speakers_of(self, rows: Iterable[Fact]) -> dict[int, frozenset[str]]:
        out: dict[int, frozenset[str]] = {}
        for row in rows:
            names = {s for e in row.episodes if (s := self._speaker(e)) is not None}
            if names:
                out[row.row_id] = frozenset(names)
        return out

    def _speaker(self, episode_id: str) -> str | None:
        if episode_id not in self.speakers:
            ep = self.txn.episode(episode_id)
            self.speakers[episode_id] = None if ep is None else ep.speaker
        return self.speakers[episode_id]

    def _plans_of(self, t: Target) -> list[Fact]:
        """The subject's plans believed before this message (what it wrote itself cannot clash with it)."""
        if t.claim is None:
            return []
        rows = self.txn.facts(FactQuery(subject=t.claim.subject, as_of=self.txn.tx))
        return [r for r in rows if r.modality == Modality.PLANNED and r.recorded.start < self.txn.tx]

    def _contradiction(self, t: Target, portion: Interval, decision: Decision, *, clash: bool = False) -> None:
        value = t.claim
        assert value is not None
        opened = self.txn.open_conflict(
            Contradiction(
                id=0,
                namespace=self.namespace,
                slot=t.slot,
                subject=value.subject,
                predicate=value.predicate,
                object=value.object,
                value=value.value,
                valid=portion,
                kind=value.kind,
                modality=value.modality,
                confidence=value.confidence,
                episode=self.episode.id,
                against=decision.rows,
                why=decision.why,
                opened_at=self.txn.tx,
                clash=clash,
            )
        )
        self.conflicts.append(opened)

    def _result(self) -> IngestResult:
        def closed(outcome: Outcome) -> tuple[int, ...]:
            return tuple(self.closed.get(outcome, ()))

        return IngestResult(
            episode=self.episode.id,
            tx=self.txn.tx,
            added=tuple(self.added),
            supported=tuple(dict.fromkeys(self.supported)),
            superseded=closed(Outcome.SUPERSEDE),
            corrected=closed(Outcome.CORRECT),
            retracted=closed(Outcome.RETRACT),
            conflicts=tuple(self.conflicts),
            entities=tuple(self.entities),
            aliases=tuple(self.aliases),
            merged=tuple(self.merged),
            skipped=tuple(self.skipped),
        )


def ingest_many(
    engine: Engine,
    namespace: str,
    items: Iterable[Message | Mapping[str, object]],
    extractor: Extractor,
    *,
    embedder: Embedder | None = None,
) -> list[IngestResult]:
    """:func:`ingest` each message in order; a message that fails has ``error`` set and the batch goes on.
    What every message needs is read once per chunk of messages (:class:`~._batch.Batch`)."""
    out: list[IngestResult] = []
    batch = Batch(engine, namespace)
    for chunk in batched(items, EMBED_BATCH):
        parsed = batch.read(chunk)
        vectors = {} if embedder is None else _embed_new(batch, parsed, embedder)
        for i, (item, p) in enumerate(zip(chunk, parsed, strict=True)):
            try:
                if isinstance(p, ChronomemError):
                    raise p
                out.append(_ingest(batch, p, extractor, embedder, vectors.get(i)))
            except ChronomemError as exc:
                ident = item.get("id") if isinstance(item, Mapping) else item.id if isinstance(item, Message) else None
                out.append(IngestResult(episode=str(ident or ""), error=exc))
    return out


def batched(items: Iterable[T], n: int) -> Iterator[list[T]]:
    """``items`` in lists of ``n`` (the last may be shorter); ``itertools.batched`` from Python 3.12 on."""
    it = iter(items)
    while chunk := list(islice(it, n)):
        yield chunk


def _embed_new(batch: Batch, parsed: Sequence[Parsed | ChronomemError], embedder: Embedder) -> dict[int, Embedded]:
    """What the embedder makes of the chunk's messages not stored yet, each with the message before it
    (:meth:`~._batch.Batch.befores`), by position, from one embedder call. A message that is not valid, or an
    embedder that fails, gets none here: it is embedded (and fails) on its own."""
    befores = batch.befores(parsed)
    parts = {
        i: embedding_parts(p.episode, befores[i])
        for i, p in enumerate(parsed)
        if isinstance(p, Parsed) and batch.stored(p.episode) is None
    }
    texts = [t for i in sorted(parts) for t in parts[i]]
    if not texts:
        return {}
    try:
        matrix = embedder.embed(texts)
    except ChronomemError:
        return {}
    out: dict[int, Embedded] = {}
    at = 0
    for i in sorted(parts):
        if parts[i]:
            before = befores[i]
            out[i] = Embedded(embedder.name, matrix[at : at + len(parts[i])], None if before is None else before.id)
            at += len(parts[i])
    return out
