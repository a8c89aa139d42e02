"""Which :class:`~._language.Language` reads a sentence: a language code (as the text module detects it) to its
record. A sentence in a language with no record is read by the first one registered.

Adding a language is one folder filling one :class:`~._language.Language` and one :func:`register` call.
"""

from __future__ import annotations

from ._language import Language
from .en import ENGLISH
from .zh import CHINESE

__all__ = ["language_for", "languages", "register", "unregister"]

_LANGUAGES: dict[str, Language] = {}


def register(language: Language) -> None:
    """Read sentences detected as ``language.code`` with ``language``; a code has one record."""
    if language.code in _LANGUAGES:
        raise ValueError(f"a language with code {language.code!r} is registered already")
    _LANGUAGES[language.code] = language


def unregister(code: str) -> None:
    """Forget the record of ``code`` (a sentence in it is then read by the first record)."""
    del _LANGUAGES[code]


def language_for(code: str) -> Language:
    """The record for ``code``, else the first one registered."""
    return _LANGUAGES.get(code) or next(iter(_LANGUAGES.values()))


def languages() -> tuple[Language, ...]:
    """Every registered record, in the order of registration."""
    return tuple(_LANGUAGES.values())


register(ENGLISH)
register(CHINESE)
