"""The answer rule: a conversation is read in order, and a question's answer is the turn after it ("Where did
you go last weekend?" — "Camping with the kids!"). A search that matches a question well has found where
the answer is said, often in other words; so each leading episode that asks lends a share of its score to
the turn said just after it in its session. It is the "sentence window" of document retrieval narrowed to
the adjacency pair that carries the most: lending to every neighbour, both ways, raised LoCoMo as much but
cost zh-mem R@10 0.875 -> 0.839 (neighbours of strong but wrong matches crowded out weak right ones).
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from ._fusion import Scored
from ._hits import Key

__all__ = ["asks", "lend_to_answers"]

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
