"""A search between its channels and its hits: what the channels found (:class:`Found`), the fused scores, and
the type of the rules after fusion (:data:`RankingRule`). A rule reads the request, its own settings in the
request's preset, and the store through the engine; it changes the scores (and may add what it reads to the
records found). :data:`chronomem.retrieve.RULES` runs them in order.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass, field

from .._values import Episode, Fact
from ..contracts import Engine
from ._fusion import Ranked, Scored
from ._hits import EPISODE, Item, Key, key_of
from ._presets import Preset
from ._request import SearchRequest

__all__ = ["Found", "Ranking", "RankingRule", "live"]


@dataclass(slots=True)
class Found:
    """What channels found: ranked lists (each a channel name over one kind), the records by key, the fact
    rows seen with whether each holds at the question's point (for :func:`demote_stale`), and the full-text
    document of each episode the full-text lookup returned (its index terms: the rules read an episode's
    terms there instead of tokenizing its text again, which on a large namespace is most of a search's time)."""

    lists: list[Ranked] = field(default_factory=list)
    items: dict[Key, Item] = field(default_factory=dict)
    facts: dict[int, tuple[Fact, bool]] = field(default_factory=dict)
    documents: dict[Key, str] = field(default_factory=dict)

    def add(self, channel: str, ranked: list[Item]) -> None:
        keys = []
        for item in ranked:
            key = key_of(item)
            self.items.setdefault(key, item)
            keys.append(key)
        if keys:
            self.lists.append(Ranked(channel, keys))


@dataclass(slots=True)
class Ranking:
    """One search after fusion: the store it reads, the checked request, what the channels found and each
    record's fused score with its explanation (what :func:`chronomem.retrieve.run_search` returns the best of)."""

    engine: Engine
    namespace: str
    request: SearchRequest
    found: Found
    scored: dict[Key, Scored]

    @property
    def preset(self) -> Preset:
        return self.request.preset

    def leading(self, depth: int) -> list[Key]:
        """The ``depth`` best episodes scored, best first (equal scores by key)."""
        scored = self.scored
        return sorted((k for k in scored if k[0] == EPISODE), key=lambda k: (-scored[k].score, k))[:depth]

    def episode_terms(self, key: Key) -> frozenset[str]:
        """An episode's terms as the index reads them (its words and the characters of its Chinese words, without
        its speaker's name): from its full-text document when the lookup returned it, else its text tokenized."""
        item, document = self.found.items[key], self.found.documents.get(key)
        if not isinstance(item, Episode):
            return frozenset()
        return _text_terms(item.content) if document is None else self.engine.content_terms(item.speaker, document)


#: A rule after fusion: it reads its settings from ``ranking.preset`` and changes ``ranking.scored``.
RankingRule = Callable[[Ranking], None]


def live(episode: Episode, as_of: int) -> bool:
    """Not retracted as of ``as_of``."""
    return episode.retracted_at is None or episode.retracted_at > as_of


@functools.lru_cache(maxsize=20_000)
def _text_terms(text: str) -> frozenset[str]:
    """A text's terms as the index reads it. Cached: an episode's text never changes (the episodes found only
    by vectors have no document to read them from)."""
    from ..text import char_terms, tokenize

    words = tokenize(text)
    return frozenset(words + char_terms(words))
