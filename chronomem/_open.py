"""``chronomem.open``: the one call that opens a memory."""

from __future__ import annotations

import os
import warnings
from pathlib import Path
from typing import TYPE_CHECKING

from ._memory import Memory
from ._names import near_miss
from .engines import open_engine

if TYPE_CHECKING:
    from .contracts import LLM, Embedder, Engine, Extractor

__all__ = ["default_path", "open"]


def default_path() -> Path:
    """Where ``open()`` keeps its file: ``$XDG_DATA_HOME/chronomem/memory.db`` (``~/.local/share/…``)."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "chronomem" / "memory.db"


def open(
    url: str | Path | None = None,
    *,
    namespace: str = "default",
    durability: str = "normal",
    extractor: str | Extractor = "offline",
    llm: LLM | None = None,
    embedder: str | Embedder | None = "auto",
) -> Memory:
    """Open a memory. ``url`` is a file path (SQLite), ``sqlite:///relative.db``, ``sqlite:////absolute.db`` or
    ``postgresql://…`` (read as SQLAlchemy reads URLs; a malformed one raises :class:`ConfigError`);
    ``None`` picks :func:`default_path`. ``namespace`` is whose memory this is (one user, agent or tenant);
    without it the namespace is ``"default"``, shared by every caller that omits it. It is created if new (with a
    :class:`UserWarning` when it is one typo away from a namespace that holds memories: ``"alcie"`` beside
    ``"alice"``).
    ``extractor`` is what :meth:`Memory.add` reads messages with by default: ``"offline"`` (rules, no model),
    ``"llm"`` (``llm``, any :class:`~chronomem.contracts.LLM`),
    or an :class:`~chronomem.contracts.Extractor` of your own.
    ``embedder`` embeds each episode's text for search (vectors beside full text) and lets ingestion find
    an entity by a name that means the same ("pottery classes" for "pottery class"): ``"auto"`` is the
    multilingual Universal Sentence Encoder (Chinese and English in one space, loaded on first use), or
    pass another name of :data:`chronomem.models.EMBEDDERS` or any :class:`~chronomem.contracts.Embedder`;
    ``None`` turns vectors off (full-text search only; the fastest ingestion).

    >>> import chronomem, tempfile, os
    >>> mem = chronomem.open(os.path.join(tempfile.mkdtemp(), "m.db"), namespace="alice")
    >>> mem.namespace
    'alice'
    >>> mem.close()
    """
    if url is None:
        path = default_path()
        path.parent.mkdir(parents=True, exist_ok=True)
        url = path
    engine = open_engine(url, durability=durability)
    from .models._choose import choose_embedder

    try:
        mem = Memory(engine, namespace, extractor=extractor, llm=llm, embedder=choose_embedder(embedder))
    except BaseException:
        engine.close()
        raise
    _warn_if_mistyped(engine, namespace)
    engine.ensure_namespace(namespace)
    return mem


def _warn_if_mistyped(engine: Engine, namespace: str) -> None:
    """A new namespace one typo away from one that holds memories is most likely that one mistyped: say so
    (a :class:`UserWarning`) before it is created, rather than answer every read from an empty memory."""
    known = engine.namespaces()
    if namespace in known:
        return
    near = near_miss(namespace, known)
    if near is not None and engine.holds_anything(near):
        warnings.warn(
            f"namespace {namespace!r} is new and is being created; did you mean {near!r}?", UserWarning, stacklevel=3
        )
