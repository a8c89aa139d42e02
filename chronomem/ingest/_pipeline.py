"""The ingestion pipeline: one message in, its episode and what it says written in one transaction.

message -> checked episode -> (idempotency check) -> context (the session's last messages) -> extractor ->
one write transaction: store the episode, create the speaker and the entities claims name, then for each claim
bind its time, decide what it does (:func:`~chronomem._decide.decide`) and write it through the write
path (:mod:`chronomem.write`), or keep a contradiction open. Extraction runs before the transaction: a
model call never holds the write lock.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from itertools import islice
from typing import TYPE_CHECKING, TypeVar

from .._bitemporal import same_claim
from .._claims import Action, Claim, Extraction, ExtractionContext
from .._decide import Decision, Outcome, Proposal, clashes, decide
from .._names import check_identifier, slot_key
from .._time import MIN_US
from .._values import Contradiction, Episode, Fact, Interval, Modality, Reason
from .._vocabulary import declared_multi
from .._vocabulary import lasting as is_lasting
from ..contracts import FactQuery
from ..errors import ChronomemError, Conflict, InvalidInput
from ..write import (
    Aim,
    Embedded,
    Statement,
    aim_claim,
    embedding_parts,
    execute_plan,
    plan_statement,
    store_episode,
    weighed,
)
from ._batch import RECENT, Batch, Parsed
from ._bind import name_of, valid_time
from ._message import Message
from ._resolution import Resolution
from ._result import IngestResult, Skipped
from ._sequence import Aimed, corrected_portion, in_sequence, reach_back

if TYPE_CHECKING:
    from ..contracts import Embedder, Engine, Extractor, Txn

__all__ = ["RECENT", "ingest", "ingest_many"]

T = TypeVar("T")
#: How many messages of a batch are embedded in one embedder call.
EMBED_BATCH = 64
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
    means the same (:data:`~._resolution.SIMILAR_NAMES`). Raises
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
    result = batch.engine.write(
        ns, lambda txn: _Write(txn, ep, ctx, Resolution(txn, ns, ep, ctx, names, embedder), embedded).run(extraction)
    )
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
    episode: Episode
    ctx: ExtractionContext
    names: Resolution
    embedded: Embedded | None = None
    speakers: dict[str, str | None] = field(default_factory=dict)
    added: list[Fact] = field(default_factory=list)
    supported: list[int] = field(default_factory=list)
    closed: dict[Outcome, list[int]] = field(default_factory=dict)
    conflicts: list[int] = field(default_factory=list)
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
            self.names.entity(self.ctx.speaker, "person")
        for alias in extraction.aliases:
            self.names.alias(alias.entity, alias.alias)
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

    def _aim(self, claim: Claim) -> Aimed | Skipped:
        """The slot and valid portion ``claim`` writes, with its entities resolved (created when new)."""
        subject = name_of(claim.subject, self.ctx)
        if subject is None:
            return Skipped(claim, "its subject is the speaker or the addressee, and the message names neither")
        obj = None if claim.object is None else name_of(claim.object, self.ctx)
        if claim.object is not None and obj is None:
            return Skipped(claim, "its object is the speaker or the addressee, and the message names neither")
        lasting = is_lasting(claim.predicate)
        when = valid_time(claim, self.episode, self.ctx, lasting=lasting)
        if when is None:
            return Skipped(claim, f"its time words {claim.time_text!r} name no time it can start at")
        try:
            sub = self.names.mentioned(claim.subject, subject)
            ob = None if obj is None or claim.object is None else self.names.mentioned(claim.object, obj)
            said = Statement(
                self.episode.id,
                Interval(*when),
                claim.kind,
                claim.modality,
                claim.confidence,
                _REASON[claim.action],
                self.episode.occurred_at,
            )
            aim = aim_claim(self.txn, sub, claim.predicate, ob, claim.value, said, self._multi(claim.predicate))
        except InvalidInput as exc:
            return Skipped(claim, str(exc))
        open_start = when[0] == MIN_US and not lasting
        said_when = claim.valid_from is not None or claim.valid_to is not None or bool(claim.time_text)
        corrects_back = claim.action is Action.CORRECT and not said_when
        return Aimed(claim, aim, open_start, corrects_back)

    def _multi(self, predicate: str) -> bool:
        """Whether a claim's predicate holds many values at once: as its record declares; without a record (a
        model's or an application's own predicate: a task depends on several others), many-valued unless
        the namespace first used it otherwise."""
        declared = declared_multi(predicate)
        return self.txn.predicate(check_identifier(predicate, "predicate"), True) if declared is None else declared

    def _write(self, a: Aimed) -> None:
        claim, aim = a.claim, a.aim
        held = weighed(self.txn, aim.slot, aim.at)  # a message said before others already stored: what it knew
        rows = [h.row for h in held]
        reached = reach_back(aim.portion, rows, aim.claim) if a.open_start else aim.portion
        if reached is None:
            self.skipped.append(Skipped(claim, "it ended before what is known about the slot began"))
            return
        portion = corrected_portion(reached, rows, aim.claim) if a.corrects_back else reached
        aim = aim._replace(portion=portion)
        denied = self._denied(aim) if claim.modality == Modality.NEGATED else []
        lasting = is_lasting(claim.predicate)
        proposal = Proposal(
            aim.named, claim.action, portion, self.ctx.speaker, claim.subject.speaker, claim.confidence, lasting
        )
        decision = decide(proposal, rows, denied=denied, speakers=self._speakers_of([*rows, *denied]))
        if decision.outcome is Outcome.CONFLICT:
            self._contradiction(aim, decision)
            return
        if decision.outcome is Outcome.RETRACT:
            held = [h for h in held if h.row.row_id in decision.rows]
        elif aim.claim is None and any(r.valid.overlaps(portion) for r in rows):
            return  # a retraction of a value other than the one known
        # A retraction of nothing known is kept all the same: what is said before it and learned later ends there.
        done = execute_plan(self.txn, aim.slot, plan_statement(self.txn, aim, held))
        clashing = clashes(proposal, self._plans_of(aim)) if claim.modality == Modality.PLANNED else ()
        if clashing:
            self._contradiction(aim, Decision(Outcome.CONFLICT, clashing, _CLASH), clash=True)
        self.closed.setdefault(decision.outcome, []).extend(done.closed)
        self.supported.extend(done.supported)
        value = aim.claim
        self.added.extend(f for f in done.inserted if value is not None and same_claim(f, value))

    def _denied(self, aim: Aim) -> list[Fact]:
        """The asserted rows a negated claim denies: the same value in the asserted slot."""
        value = aim.claim
        if value is None:
            return []
        slot = slot_key(value.subject, value.predicate, value.object, value.value, multi=aim.multi)
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

    def _plans_of(self, aim: Aim) -> list[Fact]:
        """The subject's plans believed before this message (what it wrote itself cannot clash with it)."""
        if aim.claim is None:
            return []
        rows = self.txn.facts(FactQuery(subject=aim.claim.subject, as_of=self.txn.tx))
        return [r for r in rows if r.modality == Modality.PLANNED and r.recorded.start < self.txn.tx]

    def _contradiction(self, aim: Aim, decision: Decision, *, clash: bool = False) -> None:
        value = aim.claim
        assert value is not None
        opened = self.txn.open_conflict(
            Contradiction(
                id=0,
                namespace=self.names.namespace,
                slot=aim.slot,
                subject=value.subject,
                predicate=value.predicate,
                object=value.object,
                value=value.value,
                valid=aim.portion,
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

        names = self.names
        return IngestResult(
            episode=self.episode.id,
            tx=self.txn.tx,
            added=tuple(self.added),
            supported=tuple(dict.fromkeys(self.supported)),
            superseded=closed(Outcome.SUPERSEDE),
            corrected=closed(Outcome.CORRECT),
            retracted=closed(Outcome.RETRACT),
            conflicts=tuple(self.conflicts),
            entities=tuple(names.created),
            aliases=tuple(names.aliases),
            merged=tuple(names.merged),
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
    """:func:`ingest` each message in order, one result each: stored, duplicate, or refused with the error
    that says why (:attr:`IngestResult.status`). A refused message never stops the others, whatever went
    wrong with it; when the store cannot be read for a chunk of messages, each of them says so. What every
    message needs is read once per chunk of messages (:class:`~._batch.Batch`)."""
    out: list[IngestResult] = []
    batch = Batch(engine, namespace)
    for chunk in batched(items, EMBED_BATCH):
        try:
            parsed = batch.read(chunk)
        except ChronomemError as exc:
            out.extend(_refused(item, exc) for item in chunk)
            continue
        vectors = {} if embedder is None else _embed_new(batch, parsed, embedder)
        for i, (item, p) in enumerate(zip(chunk, parsed, strict=True)):
            if isinstance(p, ChronomemError):
                out.append(_refused(item, p))
                continue
            try:
                out.append(_ingest(batch, p, extractor, embedder, vectors.get(i)))
            # A batch answers for every message: one message's failure, even a bug, is its own result (the
            # cause attached), never the loss of every other message's result.
            except Exception as exc:  # noqa: BLE001
                out.append(_refused(p.episode.id, exc))
    return out


def _refused(item: Message | Mapping[str, object] | str, exc: Exception) -> IngestResult:
    if isinstance(item, str):
        ident = item
    else:
        given = item.get("id") if isinstance(item, Mapping) else item.id if isinstance(item, Message) else None
        ident = given if isinstance(given, str) else ""
    if not isinstance(exc, ChronomemError):
        error = ChronomemError(f"message {ident!r} failed: {type(exc).__name__}: {exc}")
        error.__cause__ = exc
        exc = error
    return IngestResult(episode=ident, error=exc)


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
