"""Ingestion: from messages to bitemporal facts.

A :class:`Message` is checked and stored as an episode; an :class:`~chronomem.contracts.Extractor` turns it
into :class:`Claim` s in the profile vocabulary (:mod:`chronomem._vocabulary`); the entities they name are
resolved; a pure decision (:func:`decide`) says what each claim does to its slot (new, same, supersede, correct,
retract, conflict); the write path (:mod:`chronomem.write`) stores the result in one transaction per message.
"""

from __future__ import annotations

from .._claims import Action as Action
from .._claims import Alias as Alias
from .._claims import Claim as Claim
from .._claims import Extraction as Extraction
from .._claims import ExtractionContext as ExtractionContext
from .._claims import Mentioned as Mentioned
from .._claims import Role as Role
from .._decide import Decision as Decision
from .._decide import Outcome as Outcome
from .._decide import Proposal as Proposal
from .._decide import decide as decide
from ..extract import LLMExtractor as LLMExtractor
from ..extract import OfflineExtractor as OfflineExtractor
from ..extract import StructuredExtractor as StructuredExtractor
from ._choose import EXTRACTORS, choose_extractor
from ._formats import FORMATS, read_conversation
from ._message import EPISODE_KINDS, Message, as_message, to_episode
from ._pipeline import RECENT, ingest, ingest_many
from ._received import Received, ingest_received, receive
from ._result import IngestResult, Skipped

__all__ = [
    "EPISODE_KINDS",
    "EXTRACTORS",
    "FORMATS",
    "RECENT",
    "Action",
    "Alias",
    "Claim",
    "Decision",
    "Extraction",
    "ExtractionContext",
    "IngestResult",
    "LLMExtractor",
    "Mentioned",
    "Message",
    "OfflineExtractor",
    "Outcome",
    "Proposal",
    "Received",
    "Role",
    "Skipped",
    "StructuredExtractor",
    "as_message",
    "choose_extractor",
    "decide",
    "ingest",
    "ingest_many",
    "ingest_received",
    "read_conversation",
    "receive",
    "to_episode",
]
