"""The answer rule: a conversation is read in order, and a question's answer is the turn after it ("Where did
you go last weekend?" — "Camping with the kids!"). A search that matches a question well has found where
the answer is said, often in other words; so each leading episode that asks lends a share of its score to
the turn said just after it in its session. It is the "sentence window" of document retrieval narrowed to
the adjacency pair that carries the most: lending to every neighbour, both ways, lets the neighbours of strong
but wrong matches crowd out weak right ones.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from .._values import Episode
from ._cues import cue_marks, requests
from ._fusion import Scored
from ._hits import EPISODE, Key
from ._ranking import Ranking, live

__all__ = ["answer_rule", "asks", "lend_to_answers"]

_QUESTION = re.compile(r"[?？]")


def asks(text: str) -> bool:
    """Whether a turn asks something (it has a question mark, in either script).

    >>> asks("Where did you go?"), asks("你去哪儿了？"), asks("I went camping.")
    (True, True, False)
    """
    return _QUESTION.search(text) is not None


def lend_to_answers(scored: dict[Key, Scored], answers: Mapping[Key, Key], share: float) -> None:
    """Give the turn after each question in ``answers`` (question -> the turn after it) ``share`` times the
    question's score, added to its own (an answer nothing found starts at 0) and recorded as ``"answer"`` in its
    explanation; an answer to several questions takes the largest. Scores are read before any is raised.

    >>> s = {("episode", "q"): Scored(1.0), ("episode", "a"): Scored(0.1)}
    >>> lend_to_answers(s, {("episode", "q"): ("episode", "a")}, 0.25)
    >>> round(s[("episode", "a")].score, 2), s[("episode", "q")].score
    (0.35, 1.0)
    """
    gains: dict[Key, float] = {}
    for question, answer in answers.items():
        gains[answer] = max(gains.get(answer, 0.0), share * scored[question].score)
    for answer, gain in gains.items():
        s = scored.setdefault(answer, Scored())
        s.score += gain
        s.parts["answer"] = gain


def answer_rule(ranking: Ranking) -> None:
    """Apply :func:`lend_to_answers` to the ``answers.depth`` leading episodes that ask (in a message short
    enough for its cue to mark it whole, and not of a request to an assistant: :mod:`._cues`), with the turn
    after each
    that was recorded by ``as_of`` and is not retracted then (``answers.share`` 0, or no episodes asked for:
    off)."""
    request, settings = ranking.request, ranking.preset.answers
    if settings.share <= 0 or EPISODE not in request.kinds:
        return
    found, as_of = ranking.found, request.point.as_of
    limit = ranking.preset.cue_chars
    asking = {
        k: e
        for k in ranking.leading(settings.depth)
        if isinstance(e := found.items[k], Episode) and cue_marks(e.content, limit) and asks(e.content)
    }
    if not asking:
        return
    after = ranking.engine.following_episodes(ranking.namespace, [k[1] for k in asking])
    answers: dict[Key, Key] = {}
    for k, question in asking.items():
        reply = after.get(k[1])
        if reply is None or requests(question, reply):
            continue
        if reply.recorded_at <= as_of and (ranking.preset.history or live(reply, as_of)):
            answers[k] = (EPISODE, reply.id)
            found.items.setdefault(answers[k], reply)
    lend_to_answers(ranking.scored, answers, settings.share)
