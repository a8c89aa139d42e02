"""Knowledge updates at retrieval time, as pure rules: the leading episodes are grouped into topics, and within
a topic the statement in force at the question's time ranks first.

People restate what changed in their own words ("we're meeting at the café now", "actually it's Thursday"),
often without a slot the extractor could fill, so this rule does not wait for extracted facts (those are
used too, by :func:`~chronomem.retrieve.demote_stale`). It rests on two observations that hold for any
conversation:

* **Topic.** Two episodes that both match the question nearly as well and share one of its rarer words (a
  word few of the leading episodes contain, :func:`sharing`) speak of the same thing. Grouping is by leader: in
  score order, an episode joins the first group whose leader it resembles, else it leads a new one (no chains
  of episodes that are each a little alike).
* **Supersession.** Within a topic, a later statement updates an earlier one. So for a question about the
  current state, or about a stated time, the latest statement made by then ranks first and earlier ones
  follow, latest first; statements made after that time come last. A question about the past ("used to",
  "before", "originally", "以前", "原来") reverses it: the earliest ranks first.

Nothing is dropped: the group keeps its scores, only which member gets which changes (recall is unchanged
for the group as a whole, the order within it is what the rule decides).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Collection, Hashable, Mapping, MutableMapping, Sequence
from itertools import chain
from typing import TypeVar

from .._values import Episode
from ._fusion import Scored
from ._hits import Key
from ._ranking import Ranking

__all__ = ["PAST_CUES", "asks_past", "group_topics", "in_force_order", "latest_first", "sharing", "topic_rule"]

K = TypeVar("K", bound=Hashable)

#: Words that ask about an earlier state than the current one: the earliest statement on a topic is then the
#: likelier answer ("what did she *use to* drive", "以前住哪儿"). A question naming a time is read by its time
#: instead.
PAST_CUES = re.compile(
    r"\b(used to|did (?:\S+ ){1,4}use to|originally|original|at first|initially|previously|formerly|former|"
    r"before (?:\w+ )*"
    r"(?:changed?|correct(?:ed|ing)?|switch(?:ed)?|mov(?:ed|ing)|renam(?:ed|ing)|updat(?:ed|ing))|"
    r"in the first place|to begin with|(?:first|initial) (?:plan|idea|choice|name|date|time))\b"
    r"|以前|原来|原本|本来|当初|一开始|起初|最初|之前|早先|曾经|原先"
)


def topic_rule(ranking: Ranking) -> None:
    """Apply :func:`latest_first` to the ``topics.depth`` leading episodes, grouped into topics by the rare
    question terms they share (:func:`sharing`) among those nearly as relevant as the topic's leader
    (``topics.ratio``), in force at the end of the window the question names, else at ``valid_at`` (``history``
    or ``topics.depth`` 0: off)."""
    settings, request, scored = ranking.preset.topics, ranking.request, ranking.scored
    if ranking.preset.history or settings.depth <= 0:
        return
    lead = ranking.leading(settings.depth)
    times = {k: item.occurred_at for k in lead if isinstance(item := ranking.found.items[k], Episode)}
    if len(times) < 2:
        return
    wanted = set(request.terms)
    same = sharing({k: ranking.episode_terms(k) & wanted for k in times}, settings.share)

    def comparable(leader: Key, key: Key) -> bool:  # nearly as relevant to the question as the leader
        return scored[key].score >= settings.ratio * scored[leader].score and same(leader, key)

    window = request.window
    reference = window[1] if window is not None and window[1] is not None else request.point.valid_at
    past = window is None and asks_past(request.text)
    latest_first(scored, group_topics(list(times), comparable), times, reference, past)


def asks_past(text: str) -> bool:
    """Whether a question asks about an earlier state (:data:`PAST_CUES`).

    >>> asks_past("What did Tom use to ride?"), asks_past("Which bike does Tom ride now?")
    (True, False)
    >>> asks_past("What bike did Tom ride originally?"), asks_past("苏晴以前住在哪里？")
    (True, True)
    """
    return bool(PAST_CUES.search(text.lower()))


def sharing(terms: Mapping[K, Collection[str]], max_share: float) -> Callable[[K, K], bool]:
    """Same topic by words: the two episodes share one of the question's terms that few of the episodes
    considered contain (at most ``max_share`` of them, and at least 2): a word every candidate has (a
    speaker's name, the conversation's subject) says nothing about which thing they speak of.

    >>> same = sharing({"a": {"tom", "bike"}, "b": {"tom", "bike"}, "c": {"tom"}, "d": {"tom"}}, 0.5)
    >>> same("a", "b"), same("a", "c")
    (True, False)
    """
    count = Counter(chain.from_iterable(set(found) for found in terms.values()))
    cap = max(2, int(max_share * len(terms)))
    rare: dict[K, set[str]] = {}  # an episode's rare words, found when it is first compared

    def rare_of(key: K) -> set[str]:
        found = rare.get(key)
        if found is None:
            found = rare[key] = {t for t in terms.get(key, ()) if count[t] <= cap}
        return found

    def same(a: K, b: K) -> bool:
        return bool(rare_of(a) & rare_of(b))

    return same


def group_topics(keys: Sequence[K], same: Callable[[K, K], bool]) -> list[list[K]]:
    """Group ``keys`` (best first) into topics by leader: each joins the first group whose leader is on its
    topic (``same(leader, key)``), else leads a new group.

    >>> group_topics(["a", "b", "c"], lambda x, y: {x, y} == {"a", "c"})
    [['a', 'c'], ['b']]
    """
    groups: list[list[K]] = []
    for key in keys:
        home = next((g for g in groups if same(g[0], key)), None)
        if home is None:
            groups.append([key])
        else:
            home.append(key)
    return groups


def in_force_order(members: Sequence[K], times: Mapping[K, int], reference: int, past: bool) -> list[K]:
    """``members`` in the order the rule ranks them (see module docstring): for ``past``, earliest first;
    otherwise what was said by ``reference`` latest first, then what was said after it, earliest first.
    Equal times keep the given order.

    >>> in_force_order(["old", "new", "later"], {"old": 1, "new": 5, "later": 9}, reference=6, past=False)
    ['new', 'old', 'later']
    >>> in_force_order(["new", "old"], {"old": 1, "new": 5}, reference=6, past=True)
    ['old', 'new']
    """
    if past:
        return sorted(members, key=lambda k: times[k])
    return sorted(members, key=lambda k: (0, -times[k]) if times[k] <= reference else (1, times[k]))


def latest_first(
    scored: MutableMapping[K, Scored],
    groups: Sequence[Sequence[K]],
    times: Mapping[K, int],
    reference: int,
    past: bool,
) -> None:
    """Within each group of two or more, give the group's scores (best first) to its members in
    :func:`in_force_order`; each moved member's explanation gets ``"topic"``, the factor its score changed by.

    >>> s = {"old": Scored(0.9), "new": Scored(0.5)}
    >>> latest_first(s, [["old", "new"]], {"old": 1, "new": 2}, reference=3, past=False)
    >>> s["new"].score > s["old"].score
    True
    """
    for group in groups:
        if len(group) < 2:
            continue
        slots = sorted((scored[k].score for k in group), reverse=True)
        ranked = sorted(group, key=lambda k: -scored[k].score)  # ties: the given order
        for key, score in zip(in_force_order(ranked, times, reference, past), slots, strict=True):
            s = scored[key]
            if score != s.score and s.score > 0:
                s.parts["topic"] = score / s.score
            s.score = score
