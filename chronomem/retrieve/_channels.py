"""Channels: each finds records for a query its own way and ranks them; :class:`Channel` is the seam a new
one plugs into. Full text (:class:`FulltextChannel`) always runs; the entities the question names and their
facts (:class:`GraphChannel`) when a preset weights ``"graph"``; vector similarity (:class:`VectorChannel`)
when the memory has an :class:`~chronomem.contracts.Embedder` (:func:`channels_for`). A preset weights the
list names the channels fill.

A channel sees the store only through :class:`~chronomem.contracts.Engine` lookups scoped by namespace and
time, returns records read as of ``as_of`` and never one recorded after it. What holds at ``valid_at`` is
decided by one function, :func:`~chronomem.retrieve.holds_at`, for every channel and rule alike.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Protocol

from .._names import name_key
from .._values import Entity, Episode, Fact, canonical_json
from ..contracts import Embedder, Engine, FactQuery, TextMatch, TextQuery, embed_queries
from ._bm25 import bm25
from ._hits import ENTITY, EPISODE, FACT, Item, tie_key
from ._ranking import Found, live
from ._request import SearchRequest
from ._speakers import without_names
from ._timeliness import holds_at

__all__ = [
    "CHANNELS",
    "Channel",
    "FulltextChannel",
    "GraphChannel",
    "VectorChannel",
    "beyond_subject",
    "channels_for",
    "name_spans",
    "named_entities",
    "rank_facts",
]


class Channel(Protocol):
    """One way of finding records. ``names`` are the list names it fills (the weights a preset gives)."""

    @property
    def names(self) -> tuple[str, ...]: ...

    def run(self, engine: Engine, namespace: str, request: SearchRequest, found: Found) -> None:
        """Add ranked lists (best first) and their records to ``found``. Records must be read as of
        ``request.point.as_of``; fact rows seen go into ``found.facts`` with :func:`holds`."""
        ...


class FulltextChannel:
    """BM25 over the engine's full-text index (``"fulltext"``: episodes, fact rows and entities, each kind a
    list of its own), and the episodes that support the matching facts which hold, ranked by the best such
    fact (``"support"``): an episode that says what holds rises even when it words it differently."""

    names = ("fulltext", "support")

    def run(self, engine: Engine, namespace: str, request: SearchRequest, found: Found) -> None:
        if not request.terms:
            return
        history, p, as_of = request.preset.history, request.preset, request.point.as_of
        # facts rank episodes too (support, staleness); entities only ever rank themselves
        kinds = (EPISODE, FACT, ENTITY) if ENTITY in request.kinds else (EPISODE, FACT)
        matches = engine.match_texts(namespace, [TextQuery(kind, request.terms, as_of, p.fetch) for kind in kinds])
        for kind, match in zip(kinds, matches, strict=True):
            ranked = self._ranked(engine, namespace, request, kind, match)
            if kind == FACT:
                rows = [f for f in ranked if isinstance(f, Fact)]
                for f in rows:  # every match informs the stale rule; a name-only one ranks nothing
                    found.facts[f.row_id] = (f, holds_at(f, request.point))
                if not p.name_only_facts:
                    docs = dict(match.records)
                    rows = [
                        f
                        for f in rows
                        if beyond_subject(engine.name_terms(f.subject), docs[str(f.row_id)], request.terms)
                    ]
                ranked = [f for f in rows if history or found.facts[f.row_id][1]]
                found.add("fulltext", ranked)
                if request.preset.channels.get("support", 0.0) > 0:  # a list no weight reads is not built
                    self._support(engine, namespace, request, ranked, found)
            elif kind == EPISODE:
                found.documents.update(((EPISODE, ref), doc) for ref, doc in match.records)
                found.add(
                    "fulltext",
                    [e for e in ranked if history or (isinstance(e, Episode) and live(e, request.point.as_of))],
                )
            else:
                found.add("fulltext", ranked)

    @staticmethod
    def _ranked(engine: Engine, namespace: str, request: SearchRequest, kind: str, match: TextMatch) -> list[Item]:
        """The ``preset.depth`` best records of ``kind`` by BM25 among those ``match`` found, read as of
        ``as_of``, best first."""
        p, as_of = request.preset, request.point.as_of
        if not match.records:
            return []
        texts = [t for _, t in match.records]
        scores = bm25(texts, request.terms, match.documents, match.terms_total, match.frequencies, p.bm25_b)
        # equal scores: by id (episodes and entities: the application's and the names'); a fact row's id differs
        # between namespaces and engines, so fact rows go by their text, then their ids as numbers
        tie = _fact_tie if kind == FACT else _id_tie
        order = sorted((i for i, s in enumerate(scores) if s > 0), key=lambda i: (-scores[i], tie(match.records[i])))
        refs = [match.records[i][0] for i in order[: p.depth]]
        if kind == EPISODE:
            found: dict[str, Item] = {e.id: e for e in engine.episodes(namespace, refs)}
        elif kind == ENTITY:
            found = {e.id: e for e in engine.entities(namespace, refs) if e.recorded_at <= as_of}
        else:
            rows = engine.facts(namespace, FactQuery(rows=tuple(int(r) for r in refs), as_of=as_of))
            found = {str(f.row_id): f for f in rows}
        return [found[r] for r in refs if r in found]

    @staticmethod
    def _support(engine: Engine, namespace: str, request: SearchRequest, facts: list[Item], found: Found) -> None:
        order: dict[str, None] = {}
        for f in facts:
            if isinstance(f, Fact):
                order.update(dict.fromkeys(f.episodes))
        missing = [e for e in order if (EPISODE, e) not in found.items]
        known = {e.id: e for e in engine.episodes(namespace, missing)} if missing else {}
        as_of, history = request.point.as_of, request.preset.history
        ranked: list[Item] = []
        for ep_id in order:
            ep = found.items.get((EPISODE, ep_id)) or known.get(ep_id)
            if isinstance(ep, Episode) and ep.recorded_at <= as_of and (history or live(ep, as_of)):
                ranked.append(ep)
        found.add("support", ranked)


class VectorChannel:
    """Episodes whose text means what the query means (``"vector"``): the query embedded as a question by the
    memory's embedder (:func:`~chronomem.contracts.embed_queries`), the nearest episode vectors of that model
    recorded by ``as_of`` (:meth:`Engine.nearest`, exact below 20,000 vectors), best first. Finds what full text
    misses: other words ("puppy" for "dog"), the other language (a Chinese question, an English memory), a
    paraphrase."""

    names = ("vector",)

    def __init__(self, embedder: Embedder) -> None:
        self.embedder = embedder

    def run(self, engine: Engine, namespace: str, request: SearchRequest, found: Found) -> None:
        as_of, history = request.point.as_of, request.preset.history
        query = embed_queries(self.embedder, [self._text(request, found)])[0]
        near = engine.nearest(namespace, self.embedder.name, query, request.preset.depth, as_of)
        ids = [item for kind, item, _ in near if kind == EPISODE]
        if not ids:
            return
        known = {i: ep for i in ids if (ep := found.items.get((EPISODE, i))) is not None}  # read by another channel
        known.update((e.id, e) for e in engine.episodes(namespace, [i for i in ids if i not in known]))
        ranked: list[Item] = [
            ep for i in ids if isinstance(ep := known.get(i), Episode) and (history or live(ep, as_of))
        ]
        found.add("vector", ranked)

    @staticmethod
    def _text(request: SearchRequest, found: Found) -> str:
        """What is embedded: the question, without the names of the speakers it names when the preset says
        so (``name_free_vectors``; speakers of the episodes full text found, see :func:`without_names`)."""
        if not request.preset.name_free_vectors:
            return request.text
        speakers = {e.speaker for e in found.items.values() if isinstance(e, Episode) and e.speaker}
        return without_names(request.text, sorted(speakers))


#: The longest name looked up, in tokens ("Mary Ann Smith", "杭州 西湖 区").
_MAX_NAME_TOKENS = 3


def name_spans(tokens: Sequence[str], max_tokens: int = _MAX_NAME_TOKENS) -> list[str]:
    """Every run of up to ``max_tokens`` consecutive tokens, longest first, joined by a space (and, for
    runs of Chinese, without one): the strings a name in the question may be.

    >>> name_spans(["where", "does", "mary", "ann", "live"], 2)[:3]
    ['where does', 'does mary', 'mary ann']
    >>> "苏晴" in name_spans(["苏", "晴", "住"], 2)
    True
    """
    out: dict[str, None] = {}
    for n in range(max_tokens, 0, -1):
        for i in range(len(tokens) - n + 1):
            run = tokens[i : i + n]
            out[" ".join(run)] = None
            if n > 1 and all(not t.isascii() for t in run):
                out["".join(run)] = None
    return list(out)


def named_entities(engine: Engine, namespace: str, text: str, as_of: int) -> dict[str, Entity]:
    """The entities ``text`` names, by id: every run of its words (unstemmed, :func:`name_spans`) looked up in
    the name index (names, aliases, a person's shorter forms), those recorded by ``as_of`` and not merged
    away."""
    from ..text import default_tokenizer

    entities: dict[str, Entity] = {}
    for span in name_spans(default_tokenizer().words(text)):
        for e in engine.find_entities(namespace, name_key(span)):
            if e.recorded_at <= as_of and e.merged_into is None:
                entities.setdefault(e.id, e)
    return entities


def beyond_subject(subject: Collection[str], document: str, terms: Sequence[str]) -> bool:
    """Whether a fact row's full-text ``document`` (its index terms, space-separated) holds a question term
    that is not one of its ``subject``'s name (the index's terms of it: :meth:`Engine.name_terms`), or the
    question has no other term ("Melanie?"). A fact of Melanie's found by "Melanie" alone says nothing about
    "where did Melanie move from?" (all her goals and likes would come back).

    >>> doc = "melani goal run a marathon"
    >>> beyond_subject({"melani"}, doc, ["melani", "move"]), beyond_subject({"melani"}, doc, ["melani", "marathon"])
    (False, True)
    >>> beyond_subject({"melani"}, doc, ["melani"])
    True
    """
    wanted = set(terms).difference(subject)
    return not wanted or not wanted.isdisjoint(document.split(" "))


def _fact_tie(record: tuple[str, str]) -> tuple[str, int]:
    return (record[1], int(record[0]))


def _id_tie(record: tuple[str, str]) -> tuple[str, int]:
    return (record[0], 0)


def rank_facts(facts: Sequence[Fact], terms: Sequence[str], names: set[str]) -> list[Fact]:
    """Fact rows best first: by how many of the question's ``terms`` (other than the entities' own
    ``names``) their predicate and object or value contain, then the later valid start first (a later
    statement updates an earlier one).

    >>> from chronomem._values import Interval
    >>> a = Fact(1, "n", "tom", "rides", "bike", None, Interval(0, None), Interval(0, None))
    >>> b = Fact(2, "n", "tom", "works_at", "mill", None, Interval(5, None), Interval(0, None))
    >>> [f.row_id for f in rank_facts([b, a], ["tom", "bike"], {"tom"})]
    [1, 2]
    """
    wanted = [t for t in terms if t not in names]

    def overlap(f: Fact) -> int:
        text = f"{f.predicate} {f.object or canonical_json(f.value)}".replace("_", " ").casefold()
        return sum(t in text for t in wanted)

    return sorted(facts, key=lambda f: (-overlap(f), tie_key(f)))


class GraphChannel:
    """Entities the question names, looked up by every run of its tokens in the name index (names, aliases,
    a person's shorter forms); their fact rows that hold at the question's point (as subject or object),
    ranked by :func:`rank_facts`; and the episodes that support them, in that order (``"graph"``). Finds what
    a question asks about a person without repeating the words that were said."""

    names = ("graph",)

    def run(self, engine: Engine, namespace: str, request: SearchRequest, found: Found) -> None:
        point, history = request.point, request.preset.history
        entities = named_entities(engine, namespace, request.text, point.as_of)
        if not entities:
            return
        query = FactQuery(touching=tuple(entities), as_of=point.as_of)
        rows = [f for f in engine.facts(namespace, query) if f.recorded.start <= point.as_of]
        judged = {f.row_id: (f, holds_at(f, point)) for f in rows}
        kept = [f for f, ok in judged.values() if ok or history]
        names = {name_key(n) for e in entities.values() for n in (e.name, *e.aliases)}
        ranked = rank_facts(kept, request.terms, names)[: request.preset.depth]
        for f in ranked:
            found.facts.setdefault(f.row_id, judged[f.row_id])
        found.add("graph", list[Item](ranked))
        order = list(dict.fromkeys(ep for f in ranked for ep in f.episodes))
        known = {e.id: e for e in engine.episodes(namespace, order)}
        episodes: list[Item] = []
        for ep_id in order:
            ep = known.get(ep_id)
            if isinstance(ep, Episode) and ep.recorded_at <= point.as_of and (history or live(ep, point.as_of)):
                episodes.append(ep)
        found.add("graph", episodes)


def channels_for(embedder: Embedder | None) -> tuple[Channel, ...]:
    """The channels a memory searches with: :data:`CHANNELS`, and vectors when it has an embedder."""
    return CHANNELS if embedder is None else (*CHANNELS, VectorChannel(embedder))


#: The built-in channels. A preset weights their list names; a channel none of whose names it weights
#: does not run.
CHANNELS: tuple[Channel, ...] = (FulltextChannel(), GraphChannel())
