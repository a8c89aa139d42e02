"""Plain value types of the memory: intervals, episodes, entities, facts, revisions.

All instants are ``int`` UTC microseconds; ``None`` as an interval end means open (+infinity).
Properties ending in ``_dt`` give the same instants as aware UTC datetimes.
Nothing here performs I/O.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum
from typing import Literal, TypeAlias

from ._display import iso, show
from ._time import MAX_US, MIN_US, from_us
from .errors import InvalidInterval, InvalidValue

__all__ = [
    "JSON",
    "Change",
    "Contradiction",
    "Entity",
    "Episode",
    "ErasedRow",
    "Fact",
    "Interval",
    "Kind",
    "Merge",
    "Modality",
    "Reason",
    "Revision",
    "Subgraph",
    "Usage",
    "WriteResult",
    "canonical_json",
]

JSON: TypeAlias = "bool | int | float | str | list[JSON] | dict[str, JSON] | None"

#: Largest JSON value (serialised, bytes) a fact or episode metadata may carry.
MAX_VALUE_BYTES = 64 * 1024
#: Deepest nesting of lists and objects a JSON value may have.
MAX_DEPTH = 64
# Python turns at most 4,300 digits into text by default; a bigger integer is refused before it is tried.
_MAX_INT_BITS = 13_000
_BIG_INT = "value holds an integer of more than 3,900 digits; store a number that big as a string"


class Modality(StrEnum):
    """How a fact is held: stated as true, planned, imagined, denied, or reported second-hand."""

    ASSERTED = "asserted"
    PLANNED = "planned"
    HYPOTHETICAL = "hypothetical"
    NEGATED = "negated"
    REPORTED = "reported"


class Kind(StrEnum):
    """What sort of memory a fact is; retention and ranking may treat kinds differently."""

    FACT = "fact"
    PREFERENCE = "preference"
    GOAL = "goal"
    PLAN = "plan"
    EVENT = "event"
    HABIT = "habit"
    SUMMARY = "summary"


class Reason(StrEnum):
    """Why a row was closed and what replaced it (the label on a revision link)."""

    SUPERSESSION = "supersession"  # the world changed: a newer value holds from now on
    CORRECTION = "correction"  # what was recorded was wrong
    RETRACTION = "retraction"  # the value no longer holds and nothing replaces it
    RESTORATION = "restoration"  # an episode was retracted; what it had replaced comes back
    LEFTOVER = "leftover"  # the unchanged remainder of a row that was cut
    COALESCE = "coalesce"  # adjacent rows holding the same value became one
    MERGE = "merge"  # two entities were found to be one: the merged entity's rows moved to the other


class Settlement(StrEnum):
    """How a conflict was closed (:attr:`Contradiction.settlement`)."""

    KEPT = "kept"  # someone kept what was known
    ACCEPTED = "accepted"  # someone had the claim written
    UNMERGED = "unmerged"  # the entity merge that set the claim apart was undone
    WITHDRAWN = "withdrawn"  # the message that said the claim was retracted: as if it had never been said
    UNCONTESTED = "uncontested"  # what the claim contradicted was retracted: the claim was written


@dataclass(frozen=True, slots=True)
class Interval:
    """Half-open ``[start, end)`` in UTC microseconds; ``end=None`` is open-ended.

    >>> Interval(10, 20).overlaps(Interval(19, 30))
    True
    """

    start: int
    end: int | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.start, int) or isinstance(self.start, bool):
            raise InvalidInterval(f"interval start must be int microseconds, got {self.start!r}")
        if self.end is not None and (not isinstance(self.end, int) or isinstance(self.end, bool)):
            raise InvalidInterval(f"interval end must be int microseconds or None, got {self.end!r}")
        if not MIN_US <= self.start <= MAX_US or (self.end is not None and not MIN_US <= self.end <= MAX_US):
            raise InvalidInterval(f"interval [{self.start}, {self.end}) is outside years 1..9999")
        if self.end is not None and self.end <= self.start:
            raise InvalidInterval(
                f"interval [{from_us(self.start).isoformat()}, {from_us(self.end).isoformat()}) is empty "
                "or inverted; the end must be after the start"
            )

    def contains(self, t: int) -> bool:
        return self.start <= t and (self.end is None or t < self.end)

    def overlaps(self, other: Interval) -> bool:
        return (other.end is None or self.start < other.end) and (self.end is None or other.start < self.end)

    def covers(self, other: Interval) -> bool:
        """True when every instant of ``other`` lies in ``self``."""
        if self.start > other.start:
            return False
        if self.end is None:
            return True
        return other.end is not None and other.end <= self.end

    @property
    def start_dt(self) -> datetime:
        return from_us(self.start)

    @property
    def end_dt(self) -> datetime | None:
        return None if self.end is None else from_us(self.end)

    def __str__(self) -> str:
        return f"[{iso(self.start)}, {iso(self.end)})"

    def __repr__(self) -> str:
        return f"Interval{self}"


# One encoder, built once: ``json.dumps`` with options builds a new one per call (a bulk-load hot spot).
_ENCODER = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False)
_encode_str = json.encoder.encode_basestring


def canonical_json(value: JSON) -> str:
    """The one serialisation used to compare and store JSON values (sorted keys, no spaces).

    Raises :class:`InvalidValue` for anything JSON cannot represent (sets, NaN, bytes…), for a value nested
    deeper than ``MAX_DEPTH`` or over ``MAX_VALUE_BYTES``.
    """
    if type(value) is str:  # fast paths for the common scalars give the encoder's exact output
        text = _encode_str(value)
    elif type(value) is int:
        if value.bit_length() > _MAX_INT_BITS:
            raise InvalidValue(_BIG_INT)
        text = int.__repr__(value)
        if len(text) <= MAX_VALUE_BYTES:  # ASCII digits: one byte each, nothing to encode
            return text
    else:
        if isinstance(value, dict | list | tuple):
            _check_shape(value)
        try:
            text = _ENCODER.encode(value)
        except (TypeError, ValueError) as exc:
            raise InvalidValue(f"value {_short(value)} is not JSON-serialisable: {exc}") from exc
    try:
        size = len(text.encode())
    except UnicodeEncodeError as exc:
        raise InvalidValue(f"value {_short(value)} contains a lone surrogate; decode the input as UTF-8") from exc
    if size > MAX_VALUE_BYTES:
        raise InvalidValue(f"value is {size} bytes as JSON; the limit is {MAX_VALUE_BYTES}")
    return text


def _check_shape(value: JSON) -> None:
    """Refuse a non-string object key (JSON would silently turn ``1`` into ``"1"``) or nesting deeper than
    :data:`MAX_DEPTH`; walked without recursion, so no depth crashes the check itself."""
    todo: list[tuple[object, int]] = [(value, 1)]
    while todo:
        item, depth = todo.pop()
        if depth > MAX_DEPTH:
            raise InvalidValue(f"value is nested deeper than {MAX_DEPTH} levels; flatten it")
        if isinstance(item, dict):
            if any(not isinstance(k, str) for k in item):
                raise InvalidValue(f"value {_short(value)} has a non-string object key; JSON keys are strings")
            todo += [(v, depth + 1) for v in item.values()]
        elif isinstance(item, list | tuple):
            todo += [(v, depth + 1) for v in item]
        elif type(item) is int and item.bit_length() > _MAX_INT_BITS:
            raise InvalidValue(_BIG_INT)


def _short(value: object) -> str:
    """``repr(value)`` cut to 80 characters, or its type when it has none that fits (a huge integer)."""
    try:
        return f"{value!r:.80}"
    except (ValueError, RecursionError):
        return f"<{type(value).__name__}>"


@dataclass(frozen=True, slots=True)
class Episode:
    """One raw input (a message, document, observation or event). Immutable; facts cite it."""

    id: str
    namespace: str
    content: str
    occurred_at: int
    recorded_at: int
    kind: str = "message"
    role: str | None = None
    speaker: str | None = None
    session: str | None = None
    source: str | None = None
    metadata: dict[str, JSON] = field(default_factory=dict)
    retracted_at: int | None = None
    tz: str | None = None  # the speaker's IANA zone, when known: how "tomorrow at 9" was meant

    @property
    def occurred_dt(self) -> datetime:
        return from_us(self.occurred_at)

    def __repr__(self) -> str:
        return show(self, "occurred_at", "recorded_at", "retracted_at")


@dataclass(frozen=True, slots=True)
class Entity:
    """A node: person, place, project, topic… with a canonical name and aliases."""

    id: str
    namespace: str
    type: str
    name: str
    aliases: tuple[str, ...] = ()
    recorded_at: int = 0
    merged_into: str | None = None  # set while this entity is merged into another (:meth:`Memory.merge`)
    merged_at: int | None = None

    def __repr__(self) -> str:
        return show(self, "recorded_at", "merged_at")


@dataclass(frozen=True, slots=True)
class Fact:
    """One stored row of a fact: ``subject -predicate-> object`` (an edge) or ``-> value`` (an attribute).

    ``valid`` is when it is true in the world; ``recorded`` when the store believed this row
    (``recorded.end is None`` means it is believed now). ``episodes`` are the ids that support it.
    """

    row_id: int
    namespace: str
    subject: str
    predicate: str
    object: str | None
    value: JSON
    valid: Interval
    recorded: Interval
    kind: str = Kind.FACT
    modality: str = Modality.ASSERTED
    confidence: float = 1.0
    episodes: tuple[str, ...] = ()

    @property
    def is_edge(self) -> bool:
        return self.object is not None

    @property
    def current(self) -> bool:
        return self.recorded.end is None

    def __str__(self) -> str:
        what = self.object if self.object is not None else canonical_json(self.value)
        return f"{self.subject} -{self.predicate}-> {what}, valid {self.valid}, recorded {self.recorded}"

    def __repr__(self) -> str:
        what = self.object if self.object is not None else canonical_json(self.value)
        head = f"#{self.row_id} {self.subject} -{self.predicate}-> {what}"
        return show(self, head=head, skip=("row_id", "subject", "predicate", "object", "value"))


@dataclass(frozen=True, slots=True)
class ErasedRow:
    """What is left of a fact row an erase deleted: its id, a digest of its slot and its intervals, nothing that
    says what it held. Version chains (:class:`Revision` links) keep running through it."""

    row_id: int
    slot_digest: str
    valid: Interval
    recorded: Interval
    erased_at: int

    def __repr__(self) -> str:
        return show(self, "erased_at")


@dataclass(frozen=True, slots=True)
class Revision:
    """A link in a version chain: row ``old`` was closed and row ``new`` written for ``reason``.

    ``new is None`` when nothing replaced the closed row (a retraction).
    """

    old: int
    new: int | None
    reason: str
    at: int

    def __repr__(self) -> str:
        return show(self, "at")


@dataclass(frozen=True, slots=True)
class Change:
    """What the store learned (``learned``) or stopped believing (``unlearned``) at system time ``at``; or, read
    on the valid axis, what began (``began``) or ended (``ended``) to hold in the world at valid time ``at``."""

    at: int
    action: str  # "learned" | "unlearned" | "began" | "ended"
    fact: Fact

    def __repr__(self) -> str:
        return show(self, "at")


@dataclass(frozen=True, slots=True)
class WriteResult:
    """What one write transaction did, at system time ``tx``."""

    tx: int
    closed: tuple[int, ...] = ()
    inserted: tuple[Fact, ...] = ()
    supported: tuple[int, ...] = ()

    @property
    def changed(self) -> bool:
        return bool(self.closed or self.inserted)

    def __repr__(self) -> str:
        return show(self, "tx")


@dataclass(frozen=True, slots=True)
class Merge:
    """Entity ``source`` merged into ``target`` at system time ``merged_at`` (:meth:`Memory.merge`).

    The merge closed ``closed`` (the rows that named ``source``, and ``target``'s rows they joined) and
    inserted ``created``; rows that would contradict ``target``'s went to open ``conflicts`` instead.
    ``aliases`` are the names ``target`` gained. ``unmerged_at`` is set once :meth:`Memory.unmerge` undid it.
    """

    source: str
    target: str
    merged_at: int
    closed: tuple[int, ...] = ()
    created: tuple[int, ...] = ()
    conflicts: tuple[int, ...] = ()
    aliases: tuple[str, ...] = ()
    unmerged_at: int | None = None
    episode: str | None = None  # the message whose words made the two one (None: the application merged them)

    def __repr__(self) -> str:
        return show(self, "merged_at", "unmerged_at")


@dataclass(frozen=True, slots=True)
class Contradiction:
    """A claim that contradicts what the memory holds, kept open instead of written: a conflict that the
    claims' confidence does not settle is kept and surfaced, never decided silently.

    The slot is left as it was; the claim (``object``/``value`` held as ``kind``/``modality`` with
    ``confidence`` over ``valid``, from ``episode``) waits beside the current rows it contradicts
    (``against``) until someone settles it: ``settlement`` is then ``"kept"`` (what was known stays) or
    ``"accepted"`` (the claim was written), at system time ``settled_at``. A ``clash`` is a plan at the same
    time as other plans (``against``): it was written beside them, and settling it ends one side.

    Retracting or erasing a message settles what it touches as if it had never been said: a conflict whose
    claim it said is ``"withdrawn"``; one that contradicted what it said is weighed again against what the
    slot holds without it, and is ``"uncontested"`` (the claim written as of when it was said) when nothing
    contradicts it any more, else stays open against what still does (``against`` and ``why`` say which).
    Undoing the entity merge that opened a conflict settles it ``"unmerged"`` (:class:`Settlement`).
    """

    id: int
    namespace: str
    slot: str
    subject: str
    predicate: str
    object: str | None
    value: JSON
    valid: Interval
    kind: str
    modality: str
    confidence: float
    episode: str | None
    against: tuple[int, ...]
    why: str
    opened_at: int
    settled_at: int | None = None
    settlement: str | None = None
    clash: bool = False

    @property
    def open(self) -> bool:
        return self.settled_at is None

    def __repr__(self) -> str:
        return show(self, "opened_at", "settled_at")


@dataclass(frozen=True, slots=True)
class Subgraph:
    """Entities and the edge facts between them, as seen at one (valid, as-of) point."""

    entities: tuple[Entity, ...]
    facts: tuple[Fact, ...]


@dataclass(frozen=True, slots=True)
class Usage:
    """What one :meth:`~chronomem.contracts.LLM.complete_json` call cost, summed over its attempts.

    Token counts are the endpoint's own (0 when it reports none); ``latency_s`` is wall time of the whole
    call including retries and back-off; ``mode`` is how the structure was obtained.
    """

    model: str
    prompt_tokens: int
    completion_tokens: int
    latency_s: float
    attempts: int
    mode: Literal["tool", "json_object", "scripted"]
