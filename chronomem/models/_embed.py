"""The embedder contract, its input checks, and the dependency-free hashing embedder.

An :class:`Embedder` turns texts into an ``(n, dim)`` float32 matrix whose rows have unit length, so a dot
product is a cosine similarity: higher means more similar, 1.0 is identical direction.
"""

from __future__ import annotations

import re
import unicodedata
import zlib
from collections.abc import Sequence
from typing import Final

import numpy as np
import numpy.typing as npt

from ..contracts import Matrix
from ..errors import InvalidValue, ModelResponseError

__all__ = ["HashingEmbedder", "Matrix", "check_texts", "unit_rows"]


def check_texts(texts: Sequence[str], *, max_chars: int, model: str) -> list[str]:
    """The validation every embedder runs first; returns the texts as a list.

    >>> check_texts(["a", "b"], max_chars=10, model="m")
    ['a', 'b']
    """
    if isinstance(texts, str | bytes) or not isinstance(texts, Sequence):
        raise InvalidValue(f"texts must be a list of str, got {type(texts).__name__}; wrap one text as [text]")
    if not texts:
        raise InvalidValue("texts is empty; pass at least one text to embed")
    for i, text in enumerate(texts):
        if not isinstance(text, str):
            raise InvalidValue(f"texts[{i}] is {type(text).__name__}, not str")
        if not text.strip():
            raise InvalidValue(f"texts[{i}] is empty or blank; drop it before embedding")
        if len(text) > max_chars:
            raise InvalidValue(
                f"texts[{i}] has {len(text)} characters; {model} reads at most {max_chars}. "
                "Split it, e.g. with chronomem.text.split_sentences"
            )
    return list(texts)


def unit_rows(matrix: npt.ArrayLike, *, model: str) -> Matrix:
    """Rows scaled to unit L2 norm, as float32. A zero or non-finite row is the model's fault."""
    array = np.asarray(matrix, dtype=np.float32)
    if array.ndim != 2:
        raise ModelResponseError(f"{model} returned an array of shape {array.shape}, expected (n, dim)")
    norms = np.linalg.norm(array, axis=1, keepdims=True)
    if not np.all(np.isfinite(norms)) or np.any(norms == 0):
        raise ModelResponseError(f"{model} returned a zero or non-finite vector")
    return np.ascontiguousarray(array / norms, dtype=np.float32)


_HAN: Final = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
_FEATURES: Final = re.compile(f"[{_HAN}]+|[^\\W_{_HAN}]+")


class HashingEmbedder:
    """Feature hashing of words and character bigrams: no model, no dependency but numpy, deterministic.

    Latin text contributes lower-cased words and word bigrams; Han text contributes character unigrams and
    bigrams (the classic CJK retrieval features, so no segmenter is needed). Each feature lands in one of
    ``dim`` buckets with a sign (CRC32), counts are log-scaled, and rows are unit-normalised. Texts sharing
    words get a positive cosine; it is lexical similarity, not meaning.

    >>> e = HashingEmbedder(dim=64)
    >>> v = e.embed(["我住在柏林", "I live in Berlin"])
    >>> v.shape, str(v.dtype)
    ((2, 64), 'float32')
    """

    def __init__(self, dim: int = 256, *, max_chars: int = 100_000) -> None:
        if not 8 <= dim <= 65_536:
            raise InvalidValue(f"dim must be between 8 and 65536, got {dim}")
        self._dim = dim
        self.max_chars = max_chars

    @property
    def name(self) -> str:
        return f"hashing-{self._dim}"

    @property
    def dim(self) -> int:
        return self._dim

    def embed(self, texts: Sequence[str]) -> Matrix:
        """See :class:`Embedder`. Never raises a model error."""
        items = check_texts(texts, max_chars=self.max_chars, model=self.name)
        out = np.zeros((len(items), self._dim), dtype=np.float32)
        for row, text in enumerate(items):
            self._fill(out[row], text)
        return unit_rows(out, model=self.name)

    def _fill(self, row: Matrix, text: str) -> None:
        buckets: dict[int, float] = {}
        for feature in _features(unicodedata.normalize("NFKC", text).lower()):
            code = zlib.crc32(feature.encode())
            index = (code >> 1) % self._dim
            buckets[index] = buckets.get(index, 0.0) + (1.0 if code & 1 else -1.0)
        for index, count in buckets.items():
            row[index] = np.copysign(np.log1p(abs(count)), count)
        if not row.any():
            # Only punctuation or symbols, or features that cancelled out: hash the whole text instead.
            row[(zlib.crc32(text.encode()) >> 1) % self._dim] = 1.0


def _features(text: str) -> list[str]:
    features: list[str] = []
    previous = ""
    for match in _FEATURES.finditer(text):
        run = match.group()
        if "\u3400" <= run[0] <= "\ufaff":
            features.extend(run)
            features.extend(run[i : i + 2] for i in range(len(run) - 1))
            previous = ""
        else:
            features.append(run)
            if previous:
                features.append(previous + " " + run)
            previous = run
    return features
