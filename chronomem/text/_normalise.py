"""Canonical form of text before it is indexed or compared: NFKC (full-width -> half-width) and
Traditional -> Simplified Chinese.

The same function runs on documents and on queries, so ``Ｂｅｒｌｉｎ`` finds ``Berlin``
and ``臺灣`` finds ``台湾``.
Traditional -> Simplified uses OpenCC (the maintained C++ converter) with its ``t2s`` phrase tables.
"""

from __future__ import annotations

import re
import threading
import unicodedata
from typing import Protocol

from ..errors import InvalidValue

__all__ = ["has_han", "normalise", "to_half_width", "to_simplified"]


class _Converter(Protocol):
    def convert(self, text: str) -> str: ...


#: Han ideographs (CJK Unified Ideographs, Extension A, Compatibility Ideographs).
HAN_CLASS = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
_HAN = re.compile(f"[{HAN_CLASS}]")
_lock = threading.Lock()
_t2s: _Converter | None = None


def _converter() -> _Converter:
    # Built on first use, not at import (importing chronomem does no I/O); OpenCC loads its tables from its own
    # package data.
    global _t2s
    with _lock:
        if _t2s is None:
            import opencc

            _t2s = opencc.OpenCC("t2s")
        return _t2s


def has_han(text: str) -> bool:
    """Whether ``text`` holds a Han character (:data:`HAN_CLASS`): what decides that Chinese rules apply.

    >>> has_han("Lisbon 的酒店"), has_han("Lisbon")
    (True, False)
    """
    return _HAN.search(text) is not None


def to_half_width(text: str) -> str:
    """Full-width Latin letters, digits, punctuation and the ideographic space -> their ASCII forms (NFKC).

    NFKC also folds other compatibility characters (``ﬁ`` -> ``fi``, ``①`` -> ``1``), which is what a
    search index wants. Chinese punctuation without an ASCII twin (``。``, ``、``) is left alone.

    >>> to_half_width("ＡＢＣ１２３，你好！")
    'ABC123,你好!'
    """
    return unicodedata.normalize("NFKC", text)


def to_simplified(text: str) -> str:
    """Traditional Chinese -> Simplified Chinese (OpenCC ``t2s``); other scripts pass through unchanged.

    >>> to_simplified("我們開會討論臺灣")
    '我们开会讨论台湾'
    """
    return _converter().convert(text)


def normalise(text: str) -> str:
    """The canonical form used by every index: :func:`to_half_width`, then :func:`to_simplified`.

    Case is kept (the tokenizer lower-cases); so are line breaks and spacing, so offsets of sentences stay
    meaningful.

    >>> normalise("Ｈｅｌｌｏ，臺北")
    'Hello,台北'
    """
    if not isinstance(text, str):
        raise InvalidValue(f"text must be a str, got {type(text).__name__}")
    text = to_half_width(text)
    # OpenCC is only worth calling when the text has Han characters at all.
    if has_han(text):
        text = to_simplified(text)
    return text
