"""``chronomem.open``: the one call that opens a memory."""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

from ._memory import Memory
from .engines import open_engine

if TYPE_CHECKING:
    from .contracts import LLM, Embedder, Extractor

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
    embedder: Embedder | None = None,
) -> Memory:
    """Open a memory. ``url`` is a file path (SQLite), ``sqlite:///path``, or ``postgresql://…``;
    ``None`` picks :func:`default_path`. The namespace is created if new. ``extractor`` is what
    :meth:`Memory.add` reads messages with by default: ``"offline"`` (rules, no model), ``"llm"`` (``llm``,
    any :class:`~chronomem.contracts.LLM`), or an :class:`~chronomem.contracts.Extractor` of your own.
    ``embedder`` (any :class:`~chronomem.contracts.Embedder`) lets ingestion also find an entity by a name
    that means the same ("pottery classes" for "pottery class"); without one, names match by form only.

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
    mem = Memory(engine, namespace, extractor=extractor, llm=llm, embedder=embedder)
    engine.ensure_namespace(namespace)
    return mem
