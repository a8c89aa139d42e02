"""chronomem: a bitemporal, graph-shaped long-term memory for conversational AI agents.

>>> import chronomem
>>> mem = chronomem.open("memory.db", namespace="alice")     # doctest: +SKIP
"""

from __future__ import annotations

from . import _log  # noqa: F401  (the "chronomem" logger and its NullHandler)
from ._async import AsyncMemory, open_async
from ._memory import Memory
from ._open import open
from ._snapshot import Snapshot
from ._values import (
    JSON,
    Change,
    Entity,
    Episode,
    ErasedRow,
    Fact,
    Interval,
    Kind,
    Merge,
    Modality,
    Reason,
    Revision,
    Subgraph,
    WriteResult,
)
from ._vocabulary import Predicate
from ._vocabulary import register as register_predicate
from .errors import ChronomemError
from .write import FactRecord

__all__ = [
    "JSON",
    "AsyncMemory",
    "Change",
    "ChronomemError",
    "Entity",
    "Episode",
    "ErasedRow",
    "Fact",
    "FactRecord",
    "Interval",
    "Kind",
    "Memory",
    "Merge",
    "Modality",
    "Predicate",
    "Reason",
    "Revision",
    "Snapshot",
    "Subgraph",
    "WriteResult",
    "open",
    "open_async",
    "register_predicate",
]
