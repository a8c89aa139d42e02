"""Every plug-in contract, in one place: what an engine, its transactions, an embedder, an LLM and an
extractor must do, and nothing more. Each is a small :class:`typing.Protocol`; implement one and pass it in.

* :class:`Engine` and :class:`Txn`: storage (SQLite and PostgreSQL in :mod:`chronomem.engines`).
* :class:`Embedder`: texts to unit vectors; :class:`LLM`: chat messages to a schema-valid object
  (implementations in :mod:`chronomem.models`).
* :class:`Extractor`: an episode to claims (implementations in :mod:`chronomem.ingest`).

The engine contract
-------------------
An engine knows SQL and nothing about conversations. It runs one write transaction at a time per
namespace with one strictly increasing system time, executes :class:`~chronomem._bitemporal.Plan` s
it is given, and answers reads at a (valid time, system time) point. Every call is scoped by
namespace; no read or write crosses namespaces. Third-party engines implement :class:`Engine` and run
``chronomem.testing``'s conformance suite.

Conventions for every method:

* instants are ``int`` UTC microseconds; ``None`` as an interval end is +infinity;
* a missing row is ``None`` (single lookups) or an empty list (queries), never an exception;
* foreign driver errors are mapped to :mod:`chronomem.errors` (``StorageError`` and subclasses).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal, Protocol, TypedDict, TypeVar, runtime_checkable

import numpy as np
import numpy.typing as npt

from ._bitemporal import Held, Plan, Said, Support
from ._claims import Extraction, ExtractionContext
from ._values import (
    JSON,
    Change,
    Contradiction,
    Entity,
    Episode,
    ErasedRow,
    Fact,
    Interval,
    Merge,
    Revision,
    Usage,
)

__all__ = [
    "LLM",
    "ChatMessage",
    "Embedder",
    "Engine",
    "Erasure",
    "Extractor",
    "FactQuery",
    "Matrix",
    "StructuredAnswer",
    "TextMatch",
    "TextQuery",
    "Txn",
    "embed_queries",
]

_T = TypeVar("_T")

#: What an :class:`Embedder` returns: an ``(n, dim)`` float32 matrix, one unit-length row per text.
Matrix = npt.NDArray[np.float32]


class ChatMessage(TypedDict):
    """One chat message, as OpenAI-compatible endpoints take it."""

    role: Literal["system", "user", "assistant"]
    content: str


@dataclass(frozen=True, slots=True)
class StructuredAnswer:
    """A schema-valid object and the :class:`~chronomem.models.Usage` of the call that produced it."""

    value: dict[str, JSON]
    usage: Usage


@dataclass(frozen=True, slots=True)
class FactQuery:
    """Which fact rows to read. Unset filters match everything.

    ``valid_at=None`` matches all valid times; ``as_of=None`` matches all system time (an audit).
    ``touching`` matches rows whose subject *or* object is one of the ids; ``supported_by`` rows that one of
    the episodes supports (as of ``as_of``, or now for an audit); ``rows`` the rows with those ids.
    Results are ordered by ``(slot, valid.start, recorded.start)``.
    """

    subject: str | None = None
    predicate: str | None = None
    slot: str | None = None
    touching: tuple[str, ...] = ()
    edges_only: bool = False
    valid_at: int | None = None
    as_of: int | None = None
    limit: int | None = None
    supported_by: tuple[str, ...] = ()
    rows: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class TextQuery:
    """A full-text lookup: the records of one ``kind`` whose indexed terms hold any of ``terms``.

    ``kind`` is ``"episode"``, ``"fact"`` or ``"entity"``. ``terms`` are index terms as
    :func:`chronomem.text.tokenize` makes them (lower-case, stemmed, Chinese segmented), matched with OR.
    Nothing recorded after ``as_of`` is returned: episodes and entities stored later, and fact rows
    recorded later (fact rows recorded by ``as_of`` are returned whatever their valid time or later
    closing; what *holds* is the caller's to decide). At most ``limit`` records come back: when the terms
    are in more documents than that, those holding the rarest of them (:class:`TextMatch`), the newest
    first when it has to cut.
    """

    kind: str
    terms: tuple[str, ...]
    as_of: int
    limit: int


@dataclass(frozen=True, slots=True)
class TextMatch:
    """What a :class:`TextQuery` found: each record's id (a fact row's id as text) with its indexed terms
    (space-separated, in order), and the statistics of the namespace's ``kind`` documents (count, total
    terms and each query term's document frequency, all system time) that a ranking function (BM25) needs.
    When the query's terms are in more documents than ``limit``, the engine matches on its rarest terms
    only (Lucene's common-terms rule): a record holding only common terms is then left out, and the
    frequencies still count every document. Callers read the records they keep through the engine's reads
    (``episodes``, ``entities``, ``facts`` with ``FactQuery(rows=…)``)."""

    records: list[tuple[str, str]]
    documents: int
    terms_total: int
    frequencies: Mapping[str, int] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Erasure:
    """The content-free record an erase leaves: when, what sort of target, its digest, rows removed.

    ``target_kind`` is ``"subject"``, ``"episode"`` or ``"namespace"``; ``target_digest`` is the
    SHA-256 the caller passed (see :func:`chronomem._names.digest`), never the content itself.
    """

    at: int
    target_kind: str
    target_digest: str
    rows_removed: int


class Txn(Protocol):
    """One write transaction in one namespace, at system time ``tx``. Reads inside it see its writes."""

    @property
    def tx(self) -> int: ...

    def put_episode(self, episode: Episode) -> Episode | None:
        """Insert; if the id exists, store nothing and return the stored episode, else ``None``."""
        ...

    def episode(self, episode_id: str) -> Episode | None: ...

    def mark_episode_retracted(self, episode_id: str) -> None: ...

    def entity(self, entity_id: str) -> Entity | None: ...

    def put_entity(self, entity: Entity) -> None:
        """Insert or replace the entity (type, name, aliases, merge pointer) and add its names to the index."""
        ...

    def drop_names(self, entity_id: str, names: Sequence[str]) -> None:
        """Take ``names`` out of the entity's name index (aliases it lost)."""
        ...

    def find_entities(self, name_key: str) -> list[Entity]:
        """Entities not merged into another whose normalised name or alias equals ``name_key``."""
        ...

    def mention(self, entity_id: str, names: Sequence[str], source: str) -> None:
        """Record that ``source`` (an episode id, or ``""`` for the application) called the entity by each of
        ``names`` (its own spellings of them, or the role name a description gives someone known by another
        name: "Hannah's partner" for "my partner"); recording one again changes nothing. What an erase of the
        episode reads to take the names, and the entities, that only it gave, and to rename an entity whose
        name only it gave."""
        ...

    def mentions_by(self, source: str) -> list[tuple[str, str]]:
        """``(entity id, name)`` of every mention ``source`` made, by entity id then name."""
        ...

    def mentions_of(self, entity_id: str) -> list[tuple[str, str]]:
        """``(name, source)`` of every mention of the entity, by name then source."""
        ...

    def rename_entity(self, old_id: str, entity: Entity) -> None:
        """Store the entity kept as ``old_id`` as ``entity`` (a new id, name and aliases), and rewrite every
        reference to the old id to the new one, in place and leaving no trace of the old one: fact rows,
        statements and contradictions (their slots too, and the digests of those slots' erased rows), mentions,
        merges and merge pointers, the name index and full-text documents. Only an erase does this (it takes
        the name only the erased episode gave); no history of the old id is kept."""
        ...

    def named(self, entity_id: str) -> bool:
        """Whether a fact row (of any system time), a statement or a contradiction names the entity."""
        ...

    def index_records(self, kind: str, refs: Sequence[str]) -> int:
        """Add full-text documents for stored records of ``kind`` (``"episode"``, ``"fact"`` row ids as text,
        ``"entity"``) that have none (see :meth:`Engine.unindexed`); returns how many were added."""
        ...

    def put_vectors(self, model: str, kind: str, item: str, vectors: Matrix, context: str | None = None) -> None:
        """Store what embedder ``model`` made of ``item`` (an episode id, for ``kind="episode"``): one row per
        part of its text, recorded at this transaction's system time. ``context`` names the episode whose text
        the vectors also read (the message before it): erasing that episode deletes them too."""
        ...

    def put_merge(self, merge: Merge) -> None:
        """Record an entity merge, or that it was undone (``unmerged_at``)."""
        ...

    def active_merge(self, source: str) -> Merge | None:
        """The merge of ``source`` into another entity that is not undone, if any."""
        ...

    def predicate(self, name: str, multi: bool | None) -> bool:
        """The predicate's cardinality (True = multi-valued); the first use records ``bool(multi)``."""
        ...

    def current(self, slot: str, portion: Interval | None = None) -> list[Held]:
        """The slot's rows believed now (all valid time, or those overlapping ``portion``) with their live
        support, locking the slot for this transaction. A write reads only what it may cut: a slot's whole story
        can be hundreds of rows."""
        ...

    def facts(self, query: FactQuery) -> list[Fact]:
        """:meth:`Engine.facts` inside the transaction: it sees the transaction's own writes."""
        ...

    def row(self, row_id: int) -> Fact | None: ...

    def revisions_into(self, row_id: int) -> list[Revision]: ...

    def said(self, slot: str) -> list[Said]:
        """The statements kept about ``slot`` (see :mod:`chronomem._support`), in the order they were made,
        each with the time it was said (:attr:`~chronomem._bitemporal.Said.at`)."""
        ...

    def said_later(self, slot: str, portion: Interval, at: int) -> bool:
        """Whether a statement about ``slot`` overlapping ``portion`` of valid time was said after ``at``."""
        ...

    def said_slots(self, source: str) -> list[str]:
        """The slots ``source`` (an episode id, or ``""`` for the application) made statements about."""
        ...

    def forget_merge(self, merged_at: int) -> None:
        """Delete the statements the entity merge made at ``merged_at`` (it is being undone)."""
        ...

    def unsay(self, slot: str, s: Said) -> None:
        """Delete the stored statement ``s`` about ``slot`` (by its ``tx`` and ``seq``): its claim is kept apart
        in a conflict now."""
        ...

    def merges_at(self, tx: int) -> list[Merge]:
        """The entity merges made at system time ``tx`` (undone ones too)."""
        ...

    def support_of(self, row_ids: Sequence[int]) -> dict[int, list[Support]]:
        """The live support of each row: ``(episode id or "", part of its valid time)`` pairs (an entity merge
        reads it for the rows it moves; a write reads it with :meth:`current`)."""
        ...

    def apply(self, slot: str, plan: Plan) -> list[Fact]:
        """Execute ``plan`` on ``slot`` at ``tx``; return the inserted rows in plan order. A row this
        transaction inserted and ``plan`` closes was never visible: it is deleted (with its support and
        document) instead of closed, and the plan's links out of it start from the rows that led into it."""
        ...

    def current_many(self, portions: Mapping[str, Interval]) -> dict[str, list[Held]]:
        """:meth:`current` for many slots at once, each over its portion (bulk loads); slots without rows map to
        ``[]``."""
        ...

    def apply_many(self, plans: Sequence[tuple[str, Plan]]) -> int:
        """:meth:`apply` for many ``(slot, plan)`` pairs (bulk loads), each slot at most once.

        Returns the number of rows inserted; it does not read them back."""
        ...

    def erase(self, *, subject: str | None = None, episode: str | None = None) -> int:
        """Physically delete rows about ``subject`` (as subject or object, and the entity itself) or
        cited only by ``episode`` (and the episode, its statements, and the entities it alone introduced),
        across all system time. Returns rows removed."""
        ...

    def audit_erase(self, target_kind: str, target_digest: str, rows: int) -> None:
        """Leave a content-free record that an erase happened."""
        ...

    def open_conflict(self, conflict: Contradiction) -> int:
        """Keep ``conflict`` open (its ``id`` and ``opened_at`` are ignored); return its id, new in the
        namespace. An erase of its subject, object or episode removes it."""
        ...

    def conflict(self, conflict_id: int) -> Contradiction | None: ...

    def settle_conflict(self, conflict_id: int, settlement: str) -> bool:
        """Mark an open conflict settled at ``tx``; ``False`` when it was not open."""
        ...

    def open_conflicts(self, *, subject: str | None = None, episode: str | None = None) -> list[Contradiction]:
        """The open conflicts about ``subject`` (an entity id), or whose claim ``episode`` said; by id."""
        ...

    def revise_conflict(self, conflict_id: int, against: Sequence[int], why: str) -> bool:
        """Set what an open conflict contradicts, and why; ``False`` when it was not open."""
        ...

    def drop_conflict(self, conflict_id: int) -> None:
        """Delete a contradiction (an erase took what it stood against); no-op when there is none."""
        ...


class Engine(Protocol):
    """A storage engine. Thread-safe; one instance may serve many threads."""

    @property
    def url(self) -> str: ...

    def migrate(self) -> list[str]:
        """Apply pending named migrations in order; return the names applied (empty when current)."""
        ...

    def schema_version(self) -> list[str]: ...

    def pending_migrations(self) -> list[str]:
        """Named migrations not applied yet (empty when current). Raises :class:`SchemaMismatch` when the
        database has migrations this code does not know (it was migrated by a newer chronomem)."""
        ...

    def close(self) -> None: ...

    def analyze(self) -> None:
        """Refresh the query planner's statistics and the indexes' housekeeping after a bulk load, where the
        engine needs them (PostgreSQL: ``VACUUM (ANALYZE)``; without it, the planner knows nothing of the new rows
        and the first searches after a bulk load are slow until autovacuum comes by). A no-op where the statistics
        are kept another way."""
        ...

    def settle(self, timeout: float | None = None) -> None:
        """Wait (at most ``timeout`` seconds) for the indexes this process builds in the background (a large
        namespace's vector search graph) to be done. Searches never wait: until then they search exactly.
        For benchmarks and tests that measure the steady state."""
        ...

    def write(self, namespace: str, fn: Callable[[Txn], _T]) -> _T:
        """Run ``fn`` in one atomic write transaction with a fresh, strictly increasing system time.

        Writers to a namespace are serialised; readers are never blocked. If ``fn`` raises, nothing
        is stored and the exception propagates.
        """
        ...

    def namespaces(self) -> list[str]: ...

    def ensure_namespace(self, namespace: str) -> None: ...

    def holds_anything(self, namespace: str) -> bool:
        """Whether ``namespace`` holds an episode or an entity (an empty one most often has a mistyped name)."""
        ...

    def erase_namespace(self, namespace: str, digest: str) -> int:
        """Delete every row of ``namespace``; leave a content-free audit record. Returns rows removed."""
        ...

    def erasures(self, namespace_digest: str) -> list[Erasure]:
        """The erase records of the namespace whose ``chronomem._names.digest`` is ``namespace_digest``,
        oldest first (``Txn.audit_erase`` and ``erase_namespace`` file them under that digest).

        Records outlive the namespace they describe (an erased namespace still has its record)."""
        ...

    def committed(self, namespace: str) -> int:
        """The newest system time of ``namespace`` whose write has committed (0 before any write).

        Writers of a namespace are serialised, so every write at or before it has committed too, and no later
        commit can change what a read as of it returns: reads as of it are repeatable."""
        ...

    def episode(self, namespace: str, episode_id: str) -> Episode | None: ...

    def episodes(self, namespace: str, ids: Sequence[str]) -> list[Episode]: ...

    def unindexed(self, namespace: str, kind: str, limit: int) -> list[str]:
        """Up to ``limit`` records of ``kind`` with no full-text document (stored before migration
        ``0007_fulltext``), by id: what ``Memory.reindex`` indexes."""
        ...

    def unembedded(self, namespace: str, model: str, limit: int) -> list[str]:
        """Up to ``limit`` episodes with no vector of embedder ``model``, by id: what ``Memory.reindex`` embeds
        (stored before migration ``0008_vectors``, without an embedder, or with another one)."""
        ...

    def embedded_with(self, namespace: str, episode_id: str) -> list[str]:
        """The episodes whose stored vectors read ``episode_id``'s text as their context (``put_vectors``), by id:
        what erasing it takes away from them."""
        ...

    def recent_episodes(self, namespace: str, session: str | None, before: int, limit: int) -> list[Episode]:
        """The last ``limit`` episodes of ``session`` (``None``: those that belong to no session) that occurred
        at or before ``before`` and are not retracted, oldest first."""
        ...

    def following_episodes(self, namespace: str, ids: Sequence[str]) -> dict[str, Episode]:
        """For each of the episodes ``ids`` that has one, the episode said just after it in its session
        (without a session: among the namespace's episodes without one), by occurrence time then id,
        retracted or not. What retrieval reads a question's answer by."""
        ...

    def conflicts(
        self, namespace: str, *, subject: str | None = None, predicate: str | None = None, open_only: bool = True
    ) -> list[Contradiction]:
        """Contradictions kept in the namespace (open ones unless ``open_only=False``), by id."""
        ...

    def entity(self, namespace: str, entity_id: str) -> Entity | None: ...

    def entities(self, namespace: str, ids: Sequence[str]) -> list[Entity]: ...

    def find_entities(self, namespace: str, name_key: str) -> list[Entity]: ...

    def predicates(self, namespace: str) -> dict[str, bool]:
        """Every predicate used in the namespace -> True when multi-valued."""
        ...

    def facts(self, namespace: str, query: FactQuery) -> list[Fact]: ...

    def revisions(self, namespace: str, row_ids: Sequence[int]) -> list[Revision]:
        """Links whose old or new row is among ``row_ids``, oldest first (an erased row's links stay)."""
        ...

    def erased_rows(self, namespace: str, row_ids: Sequence[int]) -> list[ErasedRow]:
        """The content-free stubs of those of ``row_ids`` an erase deleted, by row id."""
        ...

    def changes(self, namespace: str, since: int, until: int) -> list[Change]:
        """Rows learned (recorded.start) or unlearned (recorded.end) in ``(since, until]``, by time."""
        ...

    def overlaps(self, namespace: str) -> list[tuple[int, int]]:
        """Pairs of current rows of one slot that overlap in valid time. Always empty unless broken."""
        ...

    def nearest(
        self, namespace: str, model: str, query: Matrix, k: int, as_of: int | None = None
    ) -> list[tuple[str, str, float]]:
        """The ``k`` items (``(kind, item, score)``, best first; an item's best part) whose vectors of ``model``
        are most similar to ``query`` (a dot product: cosine for unit vectors), among those recorded at or
        before ``as_of`` (default: all), never behind a committed write. Exact at small scale; a large namespace
        may be searched approximately (an HNSW graph, which can miss a few of the exact ``k``; see
        ``engines/_vectors.py``)."""
        ...

    def match_text(self, namespace: str, query: TextQuery) -> TextMatch:
        """The full-text lookup retrieval uses (see :class:`TextQuery`). The index is kept in each write
        transaction: episodes (content), fact rows (subject, predicate, object or value) and entities
        (name and aliases); erasing removes their entries. An empty ``terms`` matches nothing."""
        ...

    def match_texts(self, namespace: str, queries: Sequence[TextQuery]) -> list[TextMatch]:
        """:meth:`match_text` for each of ``queries`` (a search's kinds), in their order, as one read of the
        namespace's index statistics (a network engine sends the lookups together)."""
        ...

    def content_terms(self, speaker: str | None, document: str) -> frozenset[str]:
        """The terms of an episode's content in its full-text ``document`` (the terms of a :class:`TextMatch`
        record; ``speaker`` is the episode's): the document without the terms of the speaker's name. Search
        rules read an episode's words here instead of tokenizing its text again."""
        ...

    def name_terms(self, name: str) -> frozenset[str]:
        """The terms the full-text index makes of a name or an entity id (an id is a slug of its name and
        reads as it): what a fact row's document holds of its subject."""
        ...


@runtime_checkable
class Embedder(Protocol):
    """Texts in, unit-length float32 vectors out.

    - ``name`` identifies the model (store it with the vectors: vectors of two models never mix);
    - ``dim`` is the width of every vector;
    - ``embed(texts)`` returns an array of shape ``(len(texts), dim)``, dtype float32, each row of L2 norm 1,
      row ``i`` for ``texts[i]``. It batches internally; any number of texts may be passed at once.
      It raises :class:`~chronomem.errors.InvalidValue` for an empty sequence, a text that is not a
      non-blank ``str``, or a text longer than the model reads (nothing is silently truncated), and a
      :class:`~chronomem.errors.ModelError` subclass when the model itself fails.
    - optionally, ``embed_queries(texts)``: the same for texts that are search questions, for a model trained
      to read a question and the text answering it differently (E5's ``query:`` and ``passage:``). ``embed``
      is then what stored text goes through. An embedder without it reads questions like any text; call
      :func:`embed_queries` rather than the method, which picks whichever the embedder has.
    """

    @property
    def name(self) -> str: ...

    @property
    def dim(self) -> int: ...

    def embed(self, texts: Sequence[str]) -> Matrix: ...


def embed_queries(embedder: Embedder, texts: Sequence[str]) -> Matrix:
    """``texts`` embedded as search questions: the embedder's ``embed_queries`` when it has one, else its
    ``embed`` (same checks, same errors, same shape as :meth:`Embedder.embed`).

    >>> from chronomem.models import HashingEmbedder
    >>> e = HashingEmbedder(dim=16)
    >>> bool((embed_queries(e, ["where?"]) == e.embed(["where?"])).all())
    True
    """
    method: Callable[[Sequence[str]], Matrix] = getattr(embedder, "embed_queries", embedder.embed)
    return method(texts)


@runtime_checkable
class LLM(Protocol):
    """A model that answers chat messages with an object matching a JSON schema.

    ``complete_json`` returns a :class:`StructuredAnswer` whose ``value`` has been validated against
    ``schema``; it never returns an unvalidated answer. It raises :class:`~chronomem.errors.InvalidValue`
    for bad messages or a bad schema (the caller's to fix), :class:`~chronomem.errors.Truncated` when the
    answer hit ``max_tokens``, :class:`~chronomem.errors.SchemaViolation` or
    :class:`~chronomem.errors.ModelResponseError` when no valid answer came within the retries, and the
    transport errors of :class:`~chronomem.errors.ModelError`.
    """

    @property
    def model(self) -> str: ...

    def complete_json(
        self,
        messages: Sequence[ChatMessage],
        schema: dict[str, JSON],
        *,
        name: str = "answer",
        max_tokens: int | None = None,
    ) -> StructuredAnswer: ...


@runtime_checkable
class Extractor(Protocol):
    """Turns one episode into claims in the profile vocabulary: what an extractor understands is mapped onto
    one of its predicates first, and only what fits none of them becomes a new ``snake_case`` English predicate.

    ``extract`` sees the episode and a little context (who speaks, to whom, the message's local time, the
    session's last few messages) and returns an :class:`~chronomem.ingest.Extraction`. It writes nothing.
    It raises :class:`~chronomem.errors.ExtractionError` when it cannot (a model's answer was unusable),
    saying what came back; the message is then not stored.
    """

    @property
    def name(self) -> str: ...

    def extract(self, episode: Episode, context: ExtractionContext) -> Extraction: ...
