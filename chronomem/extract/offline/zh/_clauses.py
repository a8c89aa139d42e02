"""How a Chinese message is split into clauses; the small talk before a short answer."""

from __future__ import annotations

import re
from typing import Final

from .._rules import JOINER

__all__ = ["CLAUSE_BREAK", "FILLER", "SCRIPT", "joined"]

#: Where one clause ends and the next begins: a comma (not one before a name, "它叫…", "分别叫…"), a conjunction,
#: or a verb of saying or thinking before a new subject.
CLAUSE_BREAK: Final = re.compile(
    r"[，,；;：:]\s*(?!(?:它们|它|他|她)?(?:分别)?(?:叫|名叫|名字叫|取名|小名))|(?=但是|可是|而且|然后|所以|因为|虽然)|"
    r"(?:(?<=说)|(?<=觉得)|(?<=认为)|(?<=告诉我))(?=我|他|她|你)"
)

#: Two Han characters in a row: a clause of another language holding Chinese words is also read in Chinese.
SCRIPT: Final = re.compile(r"[\u4e00-\u9fff]{2}")

#: The small talk before a short answer ("嗯，还在上海").
FILLER: Final = re.compile(r"^(?:嗯+|对|是的|是啊|对啊|现在|目前|还在|还是|在|住|就|哈哈+|啊)[，,。!！]?\s*")


_LATIN_RUN = re.compile(r"[A-Za-z0-9][\w.'&+\-]*(?: [A-Za-z0-9][\w.'&+\-]*)*", re.ASCII)
_HAN = re.compile(r"[\u4e00-\u9fff]")


def joined(text: str) -> str:
    """``text`` with the spaces that set a Latin word or name apart inside Chinese made a
    :data:`~.._rules.JOINER`: writers of mixed Chinese put a space around a Latin word as typography, not to
    end a word ("今天开始在 Grab 上班" reads as "在Grab上班"). In a sentence with more Han characters than Latin
    words, a run of Latin words is inside Chinese when Han characters stand on both sides, or on one side with the
    sentence's edge or a punctuation mark on the other; Chinese words inside an English sentence ("I moved to 上海
    last year") keep their spaces.

    >>> joined("今天开始在 Grab 上班了") == "今天开始在\u2060Grab\u2060上班了"
    True
    >>> joined("我现在住在 New York，挺好") == "我现在住在\u2060New York，挺好"
    True
    >>> joined("I moved to 上海 last year")
    'I moved to 上海 last year'
    """
    runs = list(_LATIN_RUN.finditer(text))
    if len(_HAN.findall(text)) <= sum(len(m.group().split()) for m in runs):
        return text  # more Latin words than Han characters: an English sentence naming Chinese things
    out = list(text)
    for m in runs:
        left, right = _side(text, m.start() - 1, -1), _side(text, m.end(), 1)
        if None in (left, right) or not (left or right):
            continue
        for space, han in ((m.start() - 1, left), (m.end(), right)):
            if han and text[space] == " ":
                out[space] = JOINER
    return "".join(out)


def _side(text: str, at: int, step: int) -> bool | None:
    """What stands beside a Latin run at ``at`` (looking ``step`` away from it): Han (``True``, after at most
    one space), the edge or a punctuation mark (``False``), anything else (``None``)."""
    if 0 <= at < len(text) and text[at] == " ":
        at += step
    if not 0 <= at < len(text):
        return False
    if _HAN.match(text[at]):
        return True
    return False if not text[at].isalnum() and not text[at].isspace() else None
