"""The parts of a name that block candidates for a similarity check: its words in Latin script, its character
pairs in Han script ("New York City" -> new, york, city; "北京市" -> 北京, 京市). Two names that share no part
are never compared, so resolution looks up a few index keys instead of scanning every entity.

>>> name_parts("The New York Times"), name_parts("北京市")
(('new', 'york', 'times'), ('北京', '京市'))
"""

from __future__ import annotations

import re
import unicodedata
from typing import Final

__all__ = ["name_parts"]

_WORD: Final = re.compile(r"[^\W_]{2,}")
_HAN_RUN: Final = re.compile(r"[\u4e00-\u9fff]+")
#: Words too common in names to block on (a candidate that shares only these is no candidate).
_COMMON: Final = frozenset(
    {"the", "of", "and", "a", "an", "in", "at", "for", "on", "de", "la", "le", "inc", "ltd", "llc", "co", "corp",
     "company", "group", "my", "our", "your", "his", "her", "their"}
)  # fmt: skip
#: At most this many parts per name: a long name blocks on its first words.
MAX_PARTS: Final = 6


def name_parts(name: str) -> tuple[str, ...]:
    """The blocking parts of ``name`` (see the module docstring), at most :data:`MAX_PARTS`."""
    text = unicodedata.normalize("NFKC", name).casefold()
    parts: list[str] = []
    for run in _HAN_RUN.findall(text):
        parts += [run] if len(run) <= 2 else [run[i : i + 2] for i in range(len(run) - 1)]
    latin = _HAN_RUN.sub(" ", text)
    parts += [w for w in _WORD.findall(latin) if w not in _COMMON and not w.isdigit()]
    return tuple(dict.fromkeys(parts))[:MAX_PARTS]
