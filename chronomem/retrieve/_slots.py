"""The slot rule: a question about the value of one person's slot ("where does Tom live?", "王芳在哪里工作？",
"who is Sam's partner?") is answered by the store's fact in force for that slot, and by the message that said
it. Their words seldom match the question's as well as other turns do ("I moved to Palo Alto last week" says
nothing of living; every turn of Tom's names Tom), and a fact row has one full-text list where an episode has
two; so the match alone ranks them low. When the question asks for a predicate (the ``sought`` words of its
:class:`~chronomem._vocabulary.Predicate` record, :func:`sought_predicate`) that holds one value at a time, and
names a subject that has a row of it holding at the question's point, that row and then the episodes that
support it rank first (:func:`put_first`).

What decides is what the store holds, not a weight: nothing moves when the question names no known subject,
the predicate holds many values, nothing holds at the point, the question asks when, how or why something
happened (:data:`EVENT_CUES`: an event of the slot, not its value) or about an earlier state
(:func:`~._topics.asks_past`, which the topic rule answers by its earliest statement). A row holds at the
point as everywhere in search (:func:`~._timeliness.holds_at`): with ``valid_at`` in the past, the value
in force then rises, not the one in force now.

The store can lag behind what was said: a message the extractor read no value from ("Vegetarian again, for
good.") may still update the slot. So a row is trusted only when no episode found, said by the subject
after the row's last supporting episode and by ``valid_at``, holds its predicate's ``told`` words (a message
that speaks of the slot's value); when one does, that row moves nothing and the topic rule's order stands.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping, MutableMapping, Sequence

from .._names import name_key
from .._values import Entity, Episode, Fact
from .._vocabulary import PREDICATES, single_valued
from ..contracts import FactQuery
from ._channels import named_entities
from ._fusion import Scored
from ._hits import EPISODE, FACT, Key, key_of, tie_key
from ._ranking import Ranking, live
from ._topics import asks_past

__all__ = ["EVENT_CUES", "asks_event", "put_first", "slot_rule", "sought_predicate", "told_later"]

_ABOVE = 1 / 0.999

#: Words that ask when, how or why something happened ("when did Tom move?", "王芳是怎么丢的手机？"): such a
#: question is about an event of a slot, not the value it holds.
EVENT_CUES = re.compile(
    r"^\W*(?:when|how|why|on what (?:date|day)|in what (?:year|month))\b|"
    r"什么时候|何时|哪天|哪一天|哪一年|为什么|怎么|如何",
    re.I,
)


def asks_event(question: str) -> bool:
    """Whether ``question`` asks when, how or why something happened (:data:`EVENT_CUES`).

    >>> asks_event("When did Tom move to Palo Alto?"), asks_event("Where does Tom live?")
    (True, False)
    >>> asks_event("王芳是哪天搬家的？"), asks_event("王芳现在住在哪里？")
    (True, False)
    """
    return EVENT_CUES.search(question) is not None


def told_later(
    fact: Fact, said: Mapping[str, Episode], episodes: Collection[Episode], names: Collection[str], valid_at: int
) -> bool:
    """Whether one of ``episodes``, said by the subject (its speaker's name key among ``names``) after the
    last of ``fact``'s supporting episodes (``said``: those read) and by ``valid_at``, and not one of them,
    holds the ``told`` words of ``fact``'s predicate: a later word on the slot the store read no value from.

    >>> from chronomem._values import Interval
    >>> f = Fact(1, "n", "maya", "diet", None, "vegan", Interval(0, None), Interval(0, None), episodes=("e1",))
    >>> e1 = Episode("e1", "n", "Going vegan!", 10, 0, speaker="Maya")
    >>> e2 = Episode("e2", "n", "Vegetarian again, for good.", 20, 0, speaker="Maya")
    >>> told_later(f, {"e1": e1}, [e1, e2], {"maya"}, 30), told_later(f, {"e1": e1}, [e1, e2], {"maya"}, 15)
    (True, False)
    """
    record = PREDICATES.get(fact.predicate)
    if record is None or record.told is None:
        return False
    last = max((said[e].occurred_at for e in fact.episodes if e in said), default=None)
    if last is None:
        return False
    told = record.told
    return any(
        last < ep.occurred_at <= valid_at
        and ep.id not in fact.episodes
        and name_key(ep.speaker or "") in names
        and told.search(ep.content)
        for ep in episodes
    )


def sought_predicate(question: str) -> str | None:
    """The predicate whose ``sought`` words ``question`` holds (the lowest rank when several do), else None.

    >>> sought_predicate("Where does Tom live now?"), sought_predicate("王芳现在在哪里工作？")
    ('lives_in', 'works_at')
    >>> sought_predicate("Who is Sam's partner?"), sought_predicate("What did Tom eat?")
    ('partner', None)
    """
    cued = [(p.sought.rank, p.name) for p in PREDICATES.values() if p.sought is not None and p.sought.search(question)]
    return min(cued)[1] if cued else None


def put_first(scored: MutableMapping[Key, Scored], keys: Sequence[Key]) -> None:
    """Give ``keys`` the best places, in their order, above every other record scored: each scores a little
    more than the one after it, the last a little more than the best score before (theirs included). What each
    gained is recorded as ``"slot"`` in its explanation (a record not scored before starts at 0).

    >>> s = {("fact", "1"): Scored(0.1), ("episode", "a"): Scored(0.5), ("episode", "b"): Scored(0.6)}
    >>> put_first(s, [("fact", "1"), ("episode", "b")])
    >>> sorted(s, key=lambda k: -s[k].score)
    [('fact', '1'), ('episode', 'b'), ('episode', 'a')]
    """
    floor = max((s.score for s in scored.values()), default=0.0) or 1.0
    for i, key in enumerate(reversed(keys), 1):
        s = scored.setdefault(key, Scored())
        lifted = floor * _ABOVE**i
        if lifted > s.score:
            s.parts["slot"] = lifted - s.score
            s.score = lifted


def slot_rule(ranking: Ranking) -> None:
    """Rank first the rows of the predicate the question seeks (:func:`sought_predicate`) that hold at the
    question's point, of the subjects it names (the latest valid start first), each followed by the episodes
    that support it, recorded by ``as_of`` and not retracted then, best scored first (``slots.lift`` false,
    ``history``, or a question about an earlier state: off)."""
    request, engine, namespace = ranking.request, ranking.engine, ranking.namespace
    if not ranking.preset.slots.lift or ranking.preset.history:
        return
    predicate = sought_predicate(request.text)
    if predicate is None or asks_event(request.text) or (request.window is None and asks_past(request.text)):
        return
    if engine.predicates(namespace).get(predicate, not single_valued(predicate)):
        return  # many values at once: no one value answers
    point = request.point
    subjects = named_entities(engine, namespace, request.text, point.as_of)
    if not subjects:
        return
    from ._timeliness import holds_at

    rows = engine.facts(namespace, FactQuery(touching=tuple(sorted(subjects)), as_of=point.as_of))
    held = sorted(
        (f for f in rows if f.subject in subjects and f.predicate == predicate and holds_at(f, point)), key=tie_key
    )
    if not held:
        return
    support = _support(ranking, held)
    found = [e for k in ranking.scored if isinstance(e := ranking.found.items[k], Episode)]
    said = {k[1]: e for ks in support.values() for k in ks if isinstance(e := ranking.found.items[k], Episode)}
    names = _names(subjects)
    held = [f for f in held if not told_later(f, said, found, names.get(f.subject, ()), point.valid_at)]
    ranking.found.items.update((key_of(f), f) for f in held)
    keys: list[Key] = []
    for fact in held:
        if FACT in request.kinds:
            keys.append(key_of(fact))
        if EPISODE in request.kinds:
            keys.extend(k for k in _best_first(ranking.scored, support.get(fact.row_id, ())) if k not in keys)
    put_first(ranking.scored, keys)


def _support(ranking: Ranking, facts: Sequence[Fact]) -> Mapping[int, list[Key]]:
    """Each row's supporting episodes that the search may return (read and added to what was found)."""
    as_of, found = ranking.request.point.as_of, ranking.found.items
    wanted = [e for f in facts for e in f.episodes if (EPISODE, e) not in found]
    if wanted:
        found.update(((EPISODE, e.id), e) for e in ranking.engine.episodes(ranking.namespace, wanted))
    out: dict[int, list[Key]] = {}
    for f in facts:
        out[f.row_id] = [
            (EPISODE, e)
            for e in f.episodes
            if isinstance(ep := found.get((EPISODE, e)), Episode) and ep.recorded_at <= as_of and live(ep, as_of)
        ]
    return out


def _names(entities: Mapping[str, Entity]) -> dict[str, set[str]]:
    """Each entity's names and aliases as name keys (what a speaker's name is compared by)."""
    return {i: {name_key(n) for n in (e.name, *e.aliases)} for i, e in entities.items()}


def _best_first(scored: Mapping[Key, Scored], keys: Sequence[Key]) -> list[Key]:
    return sorted(keys, key=lambda k: -(scored[k].score if k in scored else 0.0))
