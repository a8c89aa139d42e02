"""Fusion and reranking, as pure functions over ranked lists and plain values.

Channels score on scales that do not compare (BM25 is unbounded and depends on the corpus, cosine similarity
lies in [-1, 1], a graph walk counts hops), and a channel may be missing (no embedder). So the lists are
fused by **weighted reciprocal rank** (Cormack et al., SIGIR 2009): a record at rank ``r`` (1-based) of a list
weighted ``w`` gains ``w / (rrf_k + r)``. It needs no calibration, a missing channel just adds nothing, and
a record that several channels agree on rises. A normalised score sum would instead let one channel's score
distribution (a flat BM25 tail, a bunched cosine) decide the order. What is known about a record rather
than about its match (its time against the question's, its age, its confidence, whether it still holds)
then multiplies the fused score, each as a named factor in the hit's explanation.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from ._hits import Key

__all__ = ["Ranked", "Scored", "apply_factors", "fuse"]


@dataclass(frozen=True, slots=True)
class Ranked:
    """One channel's ranked list (best first) of one kind of record; ``channel`` names its weight."""

    channel: str
    keys: Sequence[Key]


@dataclass(slots=True)
class Scored:
    """A record's fused score and its explanation (channel shares, then factors)."""

    score: float = 0.0
    parts: dict[str, float] = field(default_factory=dict)


def fuse(lists: Iterable[Ranked], weights: Mapping[str, float], rrf_k: int) -> dict[Key, Scored]:
    """Weighted reciprocal-rank fusion of ``lists`` (see module docstring). A key repeated within one list
    counts at its best rank.

    >>> out = fuse([Ranked("a", [("episode", "x"), ("episode", "y")]), Ranked("b", [("episode", "y")])],
    ...            {"a": 1.0, "b": 1.0}, rrf_k=60)
    >>> max(out, key=lambda k: out[k].score)
    ('episode', 'y')
    """
    out: dict[Key, Scored] = {}
    for ranked in lists:
        w = weights.get(ranked.channel, 0.0)
        if w <= 0:
            continue
        seen: set[Key] = set()
        for rank, key in enumerate(ranked.keys, 1):
            if key in seen:
                continue
            seen.add(key)
            share = w / (rrf_k + rank)
            s = out.setdefault(key, Scored())
            s.score += share
            s.parts[ranked.channel] = s.parts.get(ranked.channel, 0.0) + share
    return out


def apply_factors(scored: Mapping[Key, Scored], factors: Mapping[Key, Mapping[str, float]]) -> None:
    """Multiply each record's score by its named factors (recorded in its explanation; 1.0 is not recorded)."""
    for key, named in factors.items():
        s = scored.get(key)
        if s is None:
            continue
        for name, f in named.items():
            if f != 1.0:
                s.score *= f
                s.parts[name] = s.parts.get(name, 1.0) * f
