"""chronomem: a bitemporal, graph-shaped long-term memory for conversational AI agents.

>>> import chronomem
>>> mem = chronomem.open("memory.db", namespace="alice")     # doctest: +SKIP
"""

from __future__ import annotations

from ._memory import Memory
from ._model import (
    Change,
    Entity,
    Episode,
    Fact,
    Interval,
    Kind,
    Modality,
    Reason,
    Revision,
    Subgraph,
    WriteResult,
)
from ._open import open
from .errors import ChronomemError
from .write import FactRecord

__all__ = [
    "Change",
    "ChronomemError",
    "Entity",
    "Episode",
    "Fact",
    "FactRecord",
    "Interval",
    "Kind",
    "Memory",
    "Modality",
    "Reason",
    "Revision",
    "Subgraph",
    "WriteResult",
    "open",
]
