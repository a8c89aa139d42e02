"""Sentence splitting for zh + en text, by ``sentencex`` (rule-based, ~300 languages, maintained).

sentencex knows abbreviations ("Dr.", "Jan.") and the Chinese full stops (。！？); its ``zh`` rules also
split the English sentences inside mixed text correctly, so the language only picks the rule set.
"""

from __future__ import annotations

import re

from ..errors import InvalidValue
from ._language import detect_language

__all__ = ["split_sentences"]

_CJK_STOP_BEFORE_LATIN = re.compile(r"([。！？；…])(?=[A-Za-z])")


def split_sentences(text: str) -> list[str]:
    """The sentences of ``text``, stripped, empty ones dropped, in order.

    >>> split_sentences("我上周去了北京。Dr. Smith moved to Paris! 你呢？")
    ['我上周去了北京。', 'Dr. Smith moved to Paris!', '你呢？']
    """
    if not isinstance(text, str):
        raise InvalidValue(f"text must be a str, got {type(text).__name__}")
    import sentencex  # type: ignore[import-untyped]

    language = "zh" if detect_language(text) == "zh" else "en"
    # sentencex only sees an abbreviation ("Dr.") at a word start; "。Dr." glues it to the Chinese before.
    text = _CJK_STOP_BEFORE_LATIN.sub(r"\1 ", text)
    pieces: list[str] = [piece.strip() for piece in sentencex.segment(language, text)]
    return [piece for piece in pieces if piece]
