"""A search from a checked request to hits: run the channels, fuse, apply the factors and the time rules,
keep the kinds asked for. The channels read the store, and so do two rules: the answer rule (the turn after a
question) and the stale rule (the facts the leading episodes support)."""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping, Sequence

from .._values import Episode, Fact, canonical_json
from ..contracts import Engine, FactQuery
from ..engines._fulltext import content_terms
from ..text import CHAR_MARK, EN_QUERY_STOPWORDS, ZH_QUERY_STOPWORDS
from ._answers import asks, lend_to_answers
from ._channels import CHANNELS, Channel, Found, _live
from ._corrections import corrections_first, is_correction, may_revise
from ._fusion import Scored, apply_factors, fuse, recency_factor
from ._hits import EPISODE, Hit, Item, Key, cites_of
from ._request import SearchRequest
from ._speakers import names_speaker
from ._timeliness import Topic, demote_stale, holds
from ._topics import asks_past, group_topics, latest_first, sharing

__all__ = ["run_search"]

_STOPWORDS = EN_QUERY_STOPWORDS | ZH_QUERY_STOPWORDS


def run_search(
    engine: Engine, namespace: str, request: SearchRequest, channels: Sequence[Channel] = CHANNELS
) -> list[Hit]:
    """The hits for ``request``, best first (see :meth:`chronomem.Memory.search`). A query without a word to
    look for (stop-words, punctuation) asks nothing: no channel runs, vectors included."""
    if not request.terms:
        return []
    weights = request.preset.channels
    found = Found()
    for channel in channels:
        if any(weights.get(name, 0.0) > 0 for name in channel.names):
            channel.run(engine, namespace, request, found)
    scored = fuse(found.lists, weights, request.preset.rrf_k)
    if request.preset.answer_share > 0 and EPISODE in request.kinds:
        _answers(engine, namespace, request, scored, found)
    if request.filter and request.window is not None:
        scored = {k: s for k, s in scored.items() if _inside(found.items[k], request.window) is not False}
    apply_factors(scored, {key: _factors(found.items[key], request) for key in scored})
    if request.latest and request.preset.latest_boost > 0:
        apply_factors(scored, latest_factors(found.items, scored, request.preset.latest_boost))
    if not request.preset.history:
        if request.preset.topic_depth > 0:
            _latest_first(request, scored, found)
        if request.preset.correction_share > 0:
            _corrections_first(request, scored, found)
        _demote_stale(engine, namespace, request, scored, found)
    return _hits(scored, found, request)


def _answers(engine: Engine, namespace: str, request: SearchRequest, scored: dict[Key, Scored], found: Found) -> None:
    """Apply :func:`lend_to_answers` to the ``answer_depth`` leading episodes that ask, with the turn after each
    that was recorded by ``as_of`` and is not retracted then."""
    p, as_of = request.preset, request.point.as_of
    lead = sorted((k for k in scored if k[0] == EPISODE), key=lambda k: (-scored[k].score, k))[: p.answer_depth]
    asking = [k for k in lead if isinstance(e := found.items[k], Episode) and asks(e.content)]
    if not asking:
        return
    after = engine.following_episodes(namespace, [k[1] for k in asking])
    answers: dict[Key, Key] = {}
    for k in asking:
        reply = after.get(k[1])
        if reply is not None and reply.recorded_at <= as_of and (p.history or _live(reply, as_of)):
            answers[k] = (EPISODE, reply.id)
            found.items.setdefault(answers[k], reply)
    lend_to_answers(scored, answers, p.answer_share)


def _latest_first(request: SearchRequest, scored: dict[Key, Scored], found: Found) -> None:
    """Apply :func:`latest_first` to the ``topic_depth`` leading episodes, grouped into topics by the rare
    question terms they share (:func:`sharing`) among those nearly as relevant as the topic's leader
    (``topic_ratio``), in force at the end of the window the question names, else at ``valid_at``."""
    p, point = request.preset, request.point
    lead = sorted((k for k in scored if k[0] == EPISODE), key=lambda k: (-scored[k].score, k))[: p.topic_depth]
    times = {k: item.occurred_at for k in lead if isinstance(item := found.items[k], Episode)}
    if len(times) < 2:
        return
    wanted = set(request.terms)
    same = sharing({k: _terms(found, k) & wanted for k in times}, p.topic_share)

    def comparable(leader: Key, key: Key) -> bool:  # nearly as relevant to the question as the leader
        return scored[key].score >= p.topic_ratio * scored[leader].score and same(leader, key)

    window = request.window
    reference = window[1] if window is not None and window[1] is not None else point.valid_at
    past = window is None and asks_past(request.text)
    latest_first(scored, group_topics(list(times), comparable), times, reference, past)


def _corrections_first(request: SearchRequest, scored: dict[Key, Scored], found: Found) -> None:
    """Apply :func:`corrections_first` to the ``topic_depth`` leading episodes, with every episode found as
    a possible correction, by the end of the window the question names, else by ``valid_at``; not for a
    question about the past (:func:`asks_past`)."""
    p, window = request.preset, request.window
    if window is None and asks_past(request.text):
        return
    episodes = {k: item for k, item in found.items.items() if k in scored and isinstance(item, Episode)}
    lead = sorted(episodes, key=lambda k: (-scored[k].score, k))[: p.topic_depth]
    corrections = [k for k, e in episodes.items() if is_correction(e.content)]
    if not lead or not corrections:
        return
    reference = window[1] if window is not None and window[1] is not None else request.point.valid_at
    times = {k: e.occurred_at for k, e in episodes.items()}
    same = sharing({k: _words(_terms(found, k)) for k in episodes}, p.correction_share)

    def related(a: Key, b: Key) -> bool:  # one may revise the other, and they share a rare word
        return may_revise(episodes[a], episodes[b]) and same(a, b)

    corrections_first(scored, lead, corrections, times, reference, related)


def _terms(found: Found, key: Key) -> frozenset[str]:
    """An episode's terms as the index reads them (its words and the characters of its Chinese words, without
    its speaker's name): from its full-text document when the lookup returned it, else its text tokenized."""
    item, document = found.items[key], found.documents.get(key)
    if not isinstance(item, Episode):
        return frozenset()
    return _text_terms(item.content) if document is None else _document_terms(item.speaker, document)


@functools.lru_cache(maxsize=20_000)
def _document_terms(speaker: str | None, document: str) -> frozenset[str]:
    """The content terms of a document (cached: parsing ~170 documents a search is not free either)."""
    return frozenset(content_terms(speaker, document))


@functools.lru_cache(maxsize=20_000)
def _text_terms(text: str) -> frozenset[str]:
    """A text's terms as the index reads it. Cached: an episode's text never changes (the episodes found only
    by vectors have no document to read them from)."""
    from ..text import char_terms, tokenize

    words = tokenize(text)
    return frozenset(words + char_terms(words))


@functools.lru_cache(maxsize=20_000)
def _words(terms: frozenset[str]) -> frozenset[str]:
    """Content words among an episode's terms: no character terms, no stop-words, Chinese words of two
    characters or more, others of three."""
    return frozenset(
        w for w in terms if not w.startswith(CHAR_MARK) and w not in _STOPWORDS and len(w) >= (3 if w.isascii() else 2)
    )


def _demote_stale(
    engine: Engine, namespace: str, request: SearchRequest, scored: dict[Key, Scored], found: Found
) -> None:
    """Apply :func:`demote_stale` to the leading episodes, with every fact row each supports (as of ``as_of``,
    all valid times) and the topic of the best query-matching fact among them."""
    p = request.preset
    lead = sorted((k for k in scored if k[0] == EPISODE), key=lambda k: -scored[k].score)[: p.stale_depth]
    if not lead:
        return
    ids = tuple(k[1] for k in lead)
    rows = engine.facts(namespace, FactQuery(supported_by=ids, as_of=request.point.as_of))
    judged = [(f, holds(f, request.point)) for f in rows]
    multi = engine.predicates(namespace)

    def topic(f: Fact) -> Topic:
        if multi.get(f.predicate) or f.modality != "asserted":
            return (f.subject, f.predicate, f.object or canonical_json(f.value), f.modality)
        return (f.subject, f.predicate)

    held = {topic(f) for f, ok in judged if ok}
    gone = {(f.subject, f.predicate): topic(f) for f, ok in judged if not ok and topic(f) not in held}
    point = request.point
    slots = sorted(gone)[: p.stale_topics]  # does something else hold there now? (one read for all of them)
    if slots:
        subjects = tuple(sorted({s for s, _ in slots}))
        now = engine.facts(namespace, FactQuery(touching=subjects, valid_at=point.valid_at, as_of=point.as_of))
        asked = set(slots)
        held |= {topic(f) for f in now if (f.subject, f.predicate) in asked and holds(f, point)}
    if not held:
        return
    focus: dict[str, Topic] = {}
    for fact, _ in found.facts.values():  # best match first
        for ep in fact.episodes:
            focus.setdefault(ep, topic(fact))
    demote_stale(scored, judged, held, p.stale_factor, focus, topic)


def latest_factors(items: Mapping[Key, Item], keys: Iterable[Key], boost: float) -> dict[Key, dict[str, float]]:
    """``1 + boost * position`` for each episode among ``keys``, ``position`` being where its time falls
    between the earliest (0) and the latest (1) of them."""
    times = {k: items[k].occurred_at for k in keys if isinstance(items[k], Episode)}  # type: ignore[union-attr]
    if len(times) < 2:
        return {}
    lo, hi = min(times.values()), max(times.values())
    span = max(hi - lo, 1)
    return {k: {"latest": 1.0 + boost * (t - lo) / span} for k, t in times.items()}


def _factors(item: Item, request: SearchRequest) -> dict[str, float]:
    p = request.preset
    out: dict[str, float] = {}
    when = _when(item)
    if request.window is not None and not request.filter and _inside(item, request.window):
        out["time"] = 1.0 + p.time_boost
    elif p.after_window_factor != 1.0 and _after(item, request.window):
        out["after"] = p.after_window_factor
    if when is not None:
        out["recency"] = recency_factor(when, request.point.valid_at, p.recency_weight, p.recency_half_life_days)
    if isinstance(item, Fact):
        out["importance"] = 1.0 - p.importance_weight * (1.0 - min(max(item.confidence, 0.0), 1.0))
    elif isinstance(item, Episode):
        if p.speaker_boost and item.speaker and names_speaker(request.text, item.speaker):
            out["speaker"] = 1.0 + p.speaker_boost
        if p.asking_factor != 1.0 and asks(item.content):
            out["asks"] = p.asking_factor
    return out


def _when(item: Item) -> int | None:
    """When a record happened: an episode's occurrence, a fact's valid start; an entity has no time."""
    if isinstance(item, Episode):
        return item.occurred_at
    if isinstance(item, Fact):
        return item.valid.start
    return None


def _after(item: Item, window: tuple[int | None, int | None] | None) -> bool:
    """Whether an episode was said once the window the question names had ended (it speaks of a later state)."""
    return window is not None and window[1] is not None and isinstance(item, Episode) and item.occurred_at >= window[1]


def _inside(item: Item, window: tuple[int | None, int | None]) -> bool | None:
    """Whether a record lies in the window (an episode's time inside it, a fact's valid time overlapping it);
    ``None`` for an entity, which has no time."""
    lo, hi = window
    if isinstance(item, Episode):
        t = item.occurred_at
        return (lo is None or lo <= t) and (hi is None or t < hi)
    if isinstance(item, Fact):
        v = item.valid
        return (hi is None or v.start < hi) and (v.end is None or lo is None or lo < v.end)
    return None


def _hits(scored: dict[Key, Scored], found: Found, request: SearchRequest) -> list[Hit]:
    wanted = set(request.kinds)
    order = sorted((k for k in scored if k[0] in wanted), key=lambda k: (-scored[k].score, k))
    out = []
    for key in order[: request.k]:
        item, s = found.items[key], scored[key]
        out.append(Hit(key[0], item, s.score, dict(s.parts), cites_of(item)))
    return out
