"""The offline extractor: rules over sentences and clauses, in Chinese and English, with no model and no
network. Deterministic: the same episode and context give the same extraction.

Per message: the assistant's own words assert nothing about the user; a person's message is read sentence by
sentence and clause by clause (:mod:`._read`, each sentence with its language's :class:`._language.Language`
record, filled in :mod:`.en` and :mod:`.zh`); then a short answer is read against the question before it, a
correction re-asserts the portion it corrects (:mod:`._context`), a job whose first day is said apart starts
then (:mod:`._begins`), and the claims are deduplicated, one value
per single-valued slot (:mod:`._merge`). The rules are compiled on the first message, not at import.
"""

from __future__ import annotations

from ..._claims import Alias, Extraction, ExtractionContext, Role
from ..._time import to_us
from ..._values import Episode

__all__ = ["OfflineExtractor"]

_ASKED = (Role.ASSISTANT, Role.SYSTEM)


class OfflineExtractor:
    """Claims from Chinese and English messages by rules, without a model or a network.

    >>> from datetime import datetime, timezone
    >>> from chronomem._values import Episode
    >>> from chronomem.ingest import ExtractionContext, Role
    >>> at = datetime(2024, 3, 4, 9, 15, tzinfo=timezone.utc)
    >>> ep = Episode("e1", "ns", "I moved to Paris last month.", 0, 0, speaker="Alice")
    >>> found = OfflineExtractor().extract(ep, ExtractionContext("Alice", Role.USER, at))
    >>> [(c.predicate, c.object.name) for c in found.claims]
    [('lives_in', 'Paris')]
    """

    @property
    def name(self) -> str:
        return "offline"

    def extract(self, episode: Episode, context: ExtractionContext) -> Extraction:
        """The claims and aliases of ``episode``; nothing from the assistant's or the system's words."""
        if context.role in _ASKED or not episode.content.strip():
            return Extraction()
        from ._begins import started_later
        from ._context import answer_claims, calls_said_value_wrong, correct
        from ._merge import merge
        from ._read import read_message

        run = read_message(episode.content, context)
        claims = run.claims
        if not run.questions:
            claims = claims + answer_claims(episode.content, context)
        if run.correction or calls_said_value_wrong(episode.content, context):
            claims = correct(claims, episode.content, context)
        claims = started_later(claims, episode.content, context)
        # In the order of their valid time: "London for now, moving to Lisbon in September" is London until
        # September, not London over the move.
        now = to_us(context.reference)
        ordered = sorted(merge(claims), key=lambda c: now if c.valid_from is None else c.valid_from)
        return Extraction(tuple(ordered), tuple(_unique(run.aliases)))


def _unique(aliases: list[Alias]) -> list[Alias]:
    seen: set[tuple[str, str]] = set()
    kept: list[Alias] = []
    for a in aliases:
        key = (a.entity.name, a.alias)
        if key not in seen and a.alias != a.entity.name:
            seen.add(key)
            kept.append(a)
    return kept
