"""The structured extractor: the application says what a message means; the claims cite its episode."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from .._claims import Alias, Claim, Extraction
from ..errors import InvalidValue

if TYPE_CHECKING:
    from .._claims import ExtractionContext
    from .._values import Episode

__all__ = ["StructuredExtractor"]


class StructuredExtractor:
    """Returns the claims (and aliases) it was given, for whatever episode it is asked about: the path for an
    application that already knows the entities and facts with their valid times (``Memory.add(message,
    claims=[...])``). They go through the same resolution and decisions as extracted ones.

    >>> from chronomem.ingest import Claim, Mentioned
    >>> StructuredExtractor([Claim(Mentioned("Alice", "person"), "lives_in", Mentioned("Paris", "place"))]).name
    'structured'
    """

    name = "structured"

    def __init__(self, claims: Iterable[Claim] = (), aliases: Iterable[Alias] = ()) -> None:
        self.claims = tuple(claims)
        self.aliases = tuple(aliases)
        bad = [c for c in (*self.claims, *self.aliases) if not isinstance(c, Claim | Alias)]
        if bad:
            raise InvalidValue(f"claims are chronomem.ingest.Claim (aliases Alias) values, got {bad[0]!r:.80}")

    def extract(self, episode: Episode, context: ExtractionContext) -> Extraction:
        return Extraction(self.claims, self.aliases)
