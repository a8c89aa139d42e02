"""The one tokenizer every full-text index uses, for Chinese and English alike.

Pipeline: :func:`~chronomem.text.normalise` (full-width -> half-width, Traditional -> Simplified), then the
text is cut into runs: runs of Han characters are segmented by jieba (``rjieba``, the maintained Rust port
of jieba, faster than the Python original and with the same dictionary), everything else by a
Unicode word pattern. Latin words are lower-cased, lose a possessive ``'s`` and are stemmed with the
Snowball English stemmer (PyStemmer), so "moved" and "moving" meet at "move". Punctuation is dropped.
"""

from __future__ import annotations

import os
import re
import threading
import time
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Final

from .._log import logger
from ..errors import InvalidValue
from ._normalise import HAN_CLASS, has_han, normalise
from ._stopwords import EN_QUERY_STOPWORDS, ZH_QUERY_STOPWORDS

if TYPE_CHECKING:
    import rjieba

__all__ = ["CHAR_MARK", "Tokenizer", "char_terms", "default_tokenizer", "query_terms", "tokenize"]

_WORD: Final = f"[^\\W_{HAN_CLASS}]+"
# A word may hold an apostrophe (don't) or a decimal point (3.5kg); other punctuation splits it.
_LATIN_WORD: Final = f"{_WORD}(?:['’]{_WORD}|(?<=\\d)\\.(?=\\d){_WORD})*"
_RUNS: Final = re.compile(f"(?P<han>[{HAN_CLASS}]+)|(?P<word>{_LATIN_WORD})")
_LATIN_RUNS: Final = re.compile(_LATIN_WORD)
_QUERY_STOPWORDS: Final = EN_QUERY_STOPWORDS | ZH_QUERY_STOPWORDS
_logger = logger.getChild("text")


class Tokenizer:
    """Segments zh + en text into index terms. Thread-safe; build one and share it.

    ``user_words`` and ``user_dict`` teach the Chinese segmenter words it would split (names, products,
    jargon). ``user_dict`` is a file in jieba's format: one entry a line, ``word [freq] [tag]``, ``#``
    comments allowed. A missing or unreadable file raises :class:`~chronomem.errors.InvalidValue`.

    >>> Tokenizer(user_words=["深度学习"]).tokenize("我喜欢深度学习 and Moving pictures")
    ['我', '喜欢', '深度学习', 'and', 'move', 'pictur']
    """

    def __init__(
        self,
        *,
        user_words: Iterable[str] = (),
        user_dict: str | os.PathLike[str] | None = None,
        stem: bool = True,
    ) -> None:
        import rjieba

        started = time.perf_counter()
        self._jieba: rjieba.Jieba = rjieba.Jieba()  # loads jieba's dictionary: the slow part, hence the log line
        _logger.info("loaded the jieba dictionary in %.2fs", time.perf_counter() - started)
        self._stem = stem
        self._local = threading.local()
        self._lock = threading.Lock()
        for word in user_words:
            self.add_word(word)
        if user_dict is not None:
            self.load_user_dict(user_dict)

    def add_word(self, word: str, freq: int | None = None) -> None:
        """Teach the segmenter one word; ``freq`` (optional) makes it win over competing cuts."""
        word = normalise(word).strip() if isinstance(word, str) else ""
        if not word or any(ch.isspace() for ch in word):
            raise InvalidValue(f"user word {word!r} must be a non-empty string without spaces")
        if freq is not None and freq < 1:
            raise InvalidValue(f"frequency of {word!r} must be >= 1, got {freq}")
        with self._lock:
            self._jieba.add_word(word, freq, None)

    def load_user_dict(self, path: str | os.PathLike[str]) -> int:
        """Add every entry of a jieba-format user dictionary; returns how many words were added."""
        try:
            lines = Path(path).read_text(encoding="utf-8").splitlines()
        except (OSError, UnicodeDecodeError) as exc:
            raise InvalidValue(f"cannot read user dictionary {os.fspath(path)!r}: {exc}") from exc
        added = 0
        for number, line in enumerate(lines, 1):
            fields = line.split("#", 1)[0].split()
            if not fields:
                continue
            freq = fields[1] if len(fields) > 1 else None
            if freq is not None and not freq.isdigit():
                raise InvalidValue(f"{os.fspath(path)}:{number}: frequency {freq!r} is not a whole number")
            self.add_word(fields[0], int(freq) if freq else None)
            added += 1
        return added

    def _stemmer(self) -> _Stem:
        # PyStemmer objects are not thread-safe: one per thread.
        stemmer: _Stem | None = getattr(self._local, "stemmer", None)
        if stemmer is None:
            import Stemmer  # type: ignore[import-not-found]

            stemmer = self._local.stemmer = Stemmer.Stemmer("english")
        return stemmer

    def tokenize(self, text: str) -> list[str]:
        """Index terms of ``text``, in order; punctuation and spaces removed.

        Raises :class:`~chronomem.errors.InvalidValue` when ``text`` is not a ``str``.
        """
        return self._words(normalise(text))[1]

    def words(self, text: str) -> list[str]:
        """The words of ``text`` as :meth:`tokenize` segments them, in order, lower-case but not stemmed (a
        name is looked up as it is written: "Alice", not "alic").

        >>> Tokenizer().words("Where does Alice's sister live?")
        ['where', 'does', 'alice', 'sister', 'live']
        """
        return self._words(normalise(text))[0]

    def query_terms(self, text: str) -> list[str]:
        """The terms of a question worth searching for: :meth:`tokenize` minus question stop-words
        ("what", "did", "I", "什么", "吗", ...), duplicates removed, first occurrence kept.

        >>> Tokenizer().query_terms("What did I say about moving to Berlin?")
        ['move', 'berlin']
        """
        seen: dict[str, None] = {}
        for raw, term in zip(*self._words(normalise(text)), strict=True):
            if raw not in _QUERY_STOPWORDS and term not in _QUERY_STOPWORDS:
                seen.setdefault(term, None)
        return list(seen)

    def _words(self, text: str) -> tuple[list[str], list[str]]:
        """The words of normalised ``text`` before stemming and its terms, aligned one to one, in one pass
        (search tokenizes the episodes it finds: at a few hundred a search this is on its critical path)."""
        text = text.replace("’", "'")
        if not has_han(text):  # Latin only: one pattern, one stemmer call
            words = [w.lower().removesuffix("'s") for w in _LATIN_RUNS.findall(text)]
            return words, self._stemmer().stemWords(words) if self._stem else words
        stem = self._stemmer().stemWord if self._stem else None
        cut = self._jieba.cut
        raws: list[str] = []
        terms: list[str] = []
        for match in _RUNS.finditer(text):
            run = match.group()
            if match.lastgroup == "han":
                cuts = cut(run)
                raws.extend(cuts)
                terms.extend(cuts)
                continue
            word = run.lower().removesuffix("'s")
            raws.append(word)
            terms.append(stem(word) if stem is not None else word)
        return raws, terms


class _Stem:
    """What this module uses of ``Stemmer.Stemmer`` (PyStemmer ships no type hints)."""

    def stemWord(self, word: str) -> str:
        raise NotImplementedError

    def stemWords(self, words: list[str]) -> list[str]:
        raise NotImplementedError


#: What starts a character term (see :func:`char_terms`), so it never equals a one-character word.
CHAR_MARK: Final = "#"
_HAN_RUN: Final = re.compile(f"[{HAN_CLASS}]{{2,}}")


def char_terms(terms: Iterable[str]) -> list[str]:
    """The characters of the Chinese words among ``terms`` (words of two or more Han characters), each
    marked with :data:`CHAR_MARK`: full-text indexes add them to the words, in documents and in queries
    alike, so that "养猫" and "猫", or a name jieba cut differently ("何佳教"), still meet.

    >>> char_terms(["我", "养猫", "berlin"])
    ['#养', '#猫']
    """
    return [CHAR_MARK + ch for t in terms if not t.isascii() and _HAN_RUN.fullmatch(t) for ch in t]


_default: Tokenizer | None = None
_default_lock = threading.Lock()


def default_tokenizer() -> Tokenizer:
    """The shared tokenizer behind :func:`tokenize` and :func:`query_terms` (built on first use)."""
    global _default
    with _default_lock:
        if _default is None:
            _default = Tokenizer()
        return _default


def tokenize(text: str) -> list[str]:
    """Index terms of ``text`` with the default :class:`Tokenizer`.

    >>> tokenize("我上周搬到了Berlin，Ｍｏｖｉｎｇ is hard")
    ['我', '上周', '搬到', '了', 'berlin', 'move', 'is', 'hard']
    """
    return default_tokenizer().tokenize(text)


def query_terms(text: str) -> list[str]:
    """Search terms of a question with the default :class:`Tokenizer` (see :meth:`Tokenizer.query_terms`).

    >>> query_terms("我上周说过什么关于柏林的事？")
    ['上周', '柏林', '事']
    """
    return default_tokenizer().query_terms(text)
