"""Checking a search: the query, ``k``, the time point, the kinds and the preset, each with a specific
error from :mod:`chronomem.errors`; and reading the query's words and the time it names."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, replace
from datetime import datetime

from .._names import check_text
from .._time import from_us, now_us, to_us
from .._values import Kind
from ..errors import InvalidInterval, InvalidValue
from ._hits import FACT, KINDS
from ._presets import Preset, preset
from ._timeliness import Point

__all__ = ["LATEST_CUES", "MAX_K", "MAX_QUERY_CHARS", "SearchRequest", "check_request"]

#: The longest query, in characters: a question, not a document.
MAX_QUERY_CHARS = 2000
#: The most results one search returns.
MAX_K = 1000

Window = tuple[datetime | None, datetime | None]

#: Words that ask for the current state ("where does she live *now*", "现在叫什么"): among what matches, the
#: later statement is the likelier answer, since a later one updates an earlier one.
LATEST_CUES = re.compile(
    r"\b(now|nowadays|current|currently|latest|these days|at the moment|still|final|finally|in the end|actually|"
    r"ended up|eventually|after all)\b"
    r"|现在|目前|如今|最终|最后|最新|还在|现今|实际上|到底|究竟|后来"
)


@dataclass(frozen=True, slots=True)
class SearchRequest:
    """A checked search. ``terms`` are the query's index terms without the words of the times it names;
    ``point`` is where facts must hold; ``window`` the period the query is about (``filter``: drop what lies
    outside it, else boost what lies inside); ``latest`` that it asks for the current state (:data:`LATEST_CUES`)."""

    text: str
    terms: tuple[str, ...]
    k: int
    point: Point
    kinds: tuple[str, ...]
    preset: Preset
    window: tuple[int | None, int | None] | None = None
    filter: bool = False
    latest: bool = False
    #: The kinds of fact kept (``preference``, ``event``…); ``None``: every fact (:func:`check_request`).
    fact_kinds: frozenset[str] | None = None


def check_request(
    query: object,
    *,
    k: object,
    valid_at: datetime | None,
    as_of: datetime | None,
    window: Window | None,
    kinds: Iterable[str] | None,
    preset_name: str | Preset,
) -> SearchRequest:
    """Check the arguments of :meth:`chronomem.Memory.search` (see there for what raises); an unset
    ``valid_at`` or ``as_of`` is now."""
    if not isinstance(query, str) or not query.strip():
        raise InvalidValue(f"query={query!r:.60}; pass a non-empty question, e.g. 'where does Alice live?'")
    if len(query) > MAX_QUERY_CHARS:
        raise InvalidValue(f"query of {len(query)} characters; shorten it to at most {MAX_QUERY_CHARS}")
    check_text(query, "query")
    if isinstance(k, bool) or not isinstance(k, int) or not 1 <= k <= MAX_K:
        raise InvalidValue(f"k={k!r}; use an integer from 1 to {MAX_K}")
    chosen = preset(preset_name)
    now = now_us() if valid_at is None or as_of is None else 0
    v = now if valid_at is None else to_us(valid_at, name="valid_at")
    t = now if as_of is None else to_us(as_of, name="as_of")
    wanted, fact_kinds = _kinds(kinds)
    if window is not None:
        span = _window(window)
        found = SearchRequest(query, _terms(query, ()), k, Point(v, t, span), wanted, chosen, span, True)
    else:
        found = _with_intent(query, k, Point(v, t), wanted, chosen)
    return replace(found, latest=bool(LATEST_CUES.search(query.lower())), fact_kinds=fact_kinds)


def _kinds(kinds: Iterable[str] | None) -> tuple[tuple[str, ...], frozenset[str] | None]:
    """The kinds of record a search keeps, and the kinds of fact (:class:`~chronomem.Kind`) it keeps when
    some are named: ``["preference"]`` keeps preference facts only, ``["episode", "plan"]`` episodes and plan
    facts, ``["fact", "plan"]`` every fact."""
    if kinds is None:
        return KINDS, None
    if isinstance(kinds, str):
        kinds = [kinds]
    out = tuple(dict.fromkeys(kinds))
    fact_kinds = frozenset(x for x in out if x in Kind.__members__.values())
    unknown = [x for x in out if x not in KINDS and x not in fact_kinds]
    if unknown or not out:
        raise InvalidValue(
            f"kinds={list(out)!r}; use some of {list(KINDS)} (records) or of {[k.value for k in Kind]} (facts)"
        )
    records = tuple(x for x in KINDS if x in out or (x == FACT and fact_kinds))
    return records, None if FACT in out or not fact_kinds else fact_kinds


def _window(window: Window) -> tuple[int | None, int | None]:
    if not isinstance(window, tuple) or len(window) != 2:
        raise InvalidValue(f"window={window!r:.80}; pass (start, end) aware datetimes, either may be None")
    lo = None if window[0] is None else to_us(window[0], name="window start")
    hi = None if window[1] is None else to_us(window[1], name="window end")
    if lo is not None and hi is not None and lo >= hi:
        raise InvalidInterval(f"window starts at {window[0]} and ends at {window[1]}; the start must come first")
    return lo, hi


def _with_intent(query: str, k: int, point: Point, kinds: tuple[str, ...], chosen: Preset) -> SearchRequest:
    """The request with the time the query names, read against the question's own time (``valid_at``)."""
    if chosen.window.intent == "ignore":
        return SearchRequest(query, _terms(query, ()), k, point, kinds, chosen)
    from ..temporal import query_intent  # deferred: the temporal parser compiles its rules on first import

    intent = query_intent(query, from_us(point.valid_at))
    if intent is None:
        return SearchRequest(query, _terms(query, ()), k, point, kinds, chosen)
    spans = tuple(m.span for m in intent.mentions)
    span = (intent.start, intent.end)
    at = Point(point.valid_at, point.as_of, span) if intent.strict else point
    strict = chosen.window.intent == "filter" and intent.strict
    return SearchRequest(query, _terms(query, spans), k, at, kinds, chosen, span, strict)


def _terms(query: str, spans: tuple[tuple[int, int], ...]) -> tuple[str, ...]:
    """The query's search terms (:func:`chronomem.text.query_terms`) without the words of its time phrases,
    unless nothing else is left, and the characters of its Chinese words, as documents have them."""
    from ..text import char_terms, query_terms

    rest = query
    for lo, hi in sorted(spans, reverse=True):
        rest = rest[:lo] + " " + rest[hi:]
    terms = (query_terms(rest) if spans else []) or query_terms(query)
    return tuple(dict.fromkeys(terms + char_terms(terms)))
