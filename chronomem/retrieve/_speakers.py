"""The speaker rule: what a question asks about a person is said most often by that person ("Where has
Melanie camped?" is answered by Melanie's "we went camping in the mountains", not by the friend who asks her
about camping). An episode whose speaker the question names scores ``1 + speaker.boost`` times as much.

Chinese conversations tell a person's news to them as often as by them ("宇航，……由你牵头后端"), so a strong boost
costs them what it gains elsewhere; the default is moderate.

In a memory of a person's talks with an assistant, the person's own turns are the memory and the assistant's are
context: what the person said, decided and changed is in their words ("my deadline moved to March 15"), while a
long reply around it repeats their words among many others. So an episode an assistant said (role
``assistant``) scores ``speaker.assistant`` times as much; between people (no assistant turn) nothing changes.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable

from .._values import Episode
from ._fusion import apply_factors
from ._ranking import Ranking

__all__ = ["ASSISTANT", "names_speaker", "speaker_rule", "without_names"]

#: The role of an assistant's episodes.
ASSISTANT = "assistant"


def speaker_rule(ranking: Ranking) -> None:
    """Apply the ``"speaker"`` factor to every episode scored whose speaker the question names
    (``speaker.boost`` 0: off), or ``speaker.assistant`` to an assistant's (1: off)."""
    settings, items, question = ranking.preset.speaker, ranking.found.items, ranking.request.text
    if not settings.boost and settings.assistant == 1.0:
        return
    out = {}
    for key in ranking.scored:
        item = items[key]
        if not isinstance(item, Episode):
            continue
        if item.role == ASSISTANT and settings.assistant != 1.0:
            out[key] = {"speaker": settings.assistant}
        elif settings.boost and item.speaker and names_speaker(question, item.speaker):
            out[key] = {"speaker": 1.0 + settings.boost}
    apply_factors(ranking.scored, out)


@functools.lru_cache(maxsize=4096)
def names_speaker(question: str, speaker: str) -> bool:
    """Whether ``question`` names ``speaker``: the whole name, or a Latin name's first word, as a word of its
    own (case-insensitive); a Chinese name anywhere in it.

    >>> names_speaker("Where has Melanie camped?", "Melanie"), names_speaker("Where has Mel camped?", "Melanie")
    (True, False)
    >>> names_speaker("What is Mary's job?", "Mary Ann Smith"), names_speaker("陈宇航牵头什么项目？", "陈宇航")
    (True, True)
    """
    name = speaker.strip()
    if not name:
        return False
    if not name.isascii():
        return name in question
    first = name.split()[0]
    return any(re.search(rf"\b{re.escape(n)}\b", question, re.IGNORECASE) for n in dict.fromkeys((name, first)))


def without_names(question: str, speakers: Iterable[str]) -> str:
    """``question`` without the names of ``speakers`` it names (as :func:`names_speaker` finds them, with a
    possessive ``'s``), spaces collapsed; the question itself when no word to look for would be left.

    >>> without_names("Where has Melanie camped?", ["Melanie", "Caroline"])
    'Where has camped?'
    >>> without_names("What is Mary's job?", ["Mary Ann Smith"]), without_names("陈宇航牵头什么项目？", ["陈宇航"])
    ('What is job?', '牵头什么项目？')
    >>> without_names("Who is Melanie?", ["Melanie"])
    'Who is Melanie?'
    """
    out = question
    for speaker in speakers:
        name = speaker.strip()
        if not name or not names_speaker(question, name):
            continue
        if not name.isascii():
            out = out.replace(name, " ")
            continue
        for n in dict.fromkeys((name, name.split()[0])):
            out = re.sub(rf"\b{re.escape(n)}(?:['’]s)?\b", " ", out, flags=re.IGNORECASE)
    out = re.sub(r"\s+", " ", out).strip()
    out = re.sub(r"\s+([?？,.!])", r"\1", out)
    from ..text import query_terms

    return out if query_terms(out) else question
