"""The speaker rule: what a question asks about a person is said most often by that person ("Where has
Melanie camped?" is answered by Melanie's "we went camping in the mountains", not by the friend who asks her
about camping). An episode whose speaker the question names scores ``1 + speaker_boost`` times as much.

Measured (scripts/retrieval_sweep.py, R@10 over categories 1–4; boost 0 / 0.25 / 0.35 / 0.5 / 1.0): LoCoMo
0.664 / 0.702 / 0.715 / 0.723 / 0.724, zh-mem 0.890 / 0.917 / 0.896 / 0.884 / 0.871, en-upd 0.854 / 0.840 /
0.847 / 0.854 / 0.861; stale_first@10 on en-upd 0.077 -> 0.051 from 0.25 on. Chinese conversations tell a
person's news to them as often as by them ("宇航，……由你牵头后端"), so a strong boost costs zh-mem; 0.35
keeps both languages above where they were.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable

__all__ = ["names_speaker", "without_names"]


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
