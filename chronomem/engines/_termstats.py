"""Full-text statistics kept in process: per namespace and kind, the number of documents, their total length
and each term's document frequency, caught up with the index before every lookup (as :mod:`._vectors` keeps
a namespace's vectors), and the "common terms" rule they allow (:func:`match_terms`).

Why: a lookup's cost is the matches the engine ranks. In a large namespace a speaker's name is in about one
document in eight, and ranking every match of "What did Caroline research?" is most of a search. Lucene's
common-terms query matches on the rare terms and scores with all of them; that needs each term's exact
document count in the namespace, which the engines cannot give cheaply (a count per term within a namespace
and kind), and counting the documents themselves scanned all of them after every write.

So a process counts each namespace's documents once and then reads only what was added since
(``fulltext.recorded``, migration ``0013_fulltext_recorded``): writers to one namespace are serialised and
system time increases, so ``recorded > seen`` is exactly what it has not counted. The counts are keyed by the
namespace's creation time and cache epoch: an erase (or a re-created namespace, or a re-index) moves one of
them, and the counts start over; documents are never changed in place. The statistics are those of every
document in the namespace, all system time, as BM25's corpus size always was.
"""

from __future__ import annotations

import threading
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

__all__ = ["TermStats", "TextStatistics", "match_terms"]

#: How many (namespace, kind) counts a process keeps; beyond it they start over (memory stays bounded).
MAX_SPACES = 1024


@dataclass(frozen=True, slots=True)
class TextStatistics:
    """A namespace's documents of one kind: how many, their total length, and the document frequency of
    the terms asked about."""

    documents: int
    terms_total: int
    frequencies: Mapping[str, int]


def match_terms(frequencies: Mapping[str, int], limit: int) -> tuple[str, ...]:
    """The terms a lookup matches on (Lucene's common-terms rule): every term when the documents that hold
    them number ``limit`` or fewer, so that none is cut; otherwise the rarest terms, as many as fit within
    ``limit`` documents, and at least the rarest one. The terms left out still score the documents found.

    >>> match_terms({"carolin": 12000, "research": 300, "pottery": 40}, 1000)
    ('pottery', 'research')
    >>> match_terms({"carolin": 12000, "melani": 11000}, 1000)
    ('melani',)
    >>> match_terms({"berlin": 3, "pari": 2}, 1000)
    ('berlin', 'pari')
    """
    if sum(frequencies.values()) <= limit:
        return tuple(frequencies)
    out: list[str] = []
    held = 0
    for term, df in sorted(frequencies.items(), key=lambda kv: (kv[1], kv[0])):
        if out and held + df > limit:
            break
        out.append(term)
        held += df
    return tuple(out)


@dataclass(slots=True)
class _Counts:
    created: int
    epoch: int
    seen: int = -1  # system time of the newest document counted (documents from before 0013 read as 0)
    looked: int | None = None  # the namespace's last write when it last looked for new documents
    documents: int = 0
    total: int = 0
    df: Counter[str] = field(default_factory=Counter)

    def add(self, rows: Sequence[tuple[Any, ...]]) -> None:
        """Count ``(terms, length, recorded)`` rows, in system-time order."""
        for terms, length, _ in rows:
            self.df.update(set(terms.split(" ")) if terms else ())
            self.total += int(length)
        self.documents += len(rows)
        self.seen = max(self.seen, int(rows[-1][2]))


class TermStats:
    """The process's counts, one per (namespace, kind) of one engine; safe to share between threads."""

    def __init__(self) -> None:
        self._counts: dict[tuple[str, str], _Counts] = {}
        self._lock = threading.Lock()

    def statistics(
        self,
        namespace: str,
        kind: str,
        stamp: tuple[int, int, int],
        since: Callable[[int], Sequence[tuple[Any, ...]]],
        terms: Sequence[str],
    ) -> TextStatistics:
        """Catch the counts up, then read them for ``terms``. ``stamp`` is the namespace's creation time, last
        write and cache epoch (nothing to read while the last write is the same); ``since(t)`` reads the
        documents recorded after ``t``, in order."""
        created, last, epoch = stamp
        basis = (created, epoch)
        with self._lock:
            counts = self._counts.get((namespace, kind))
            if counts is None or (counts.created, counts.epoch) != basis:
                if len(self._counts) >= MAX_SPACES:
                    self._counts.clear()
                counts = self._counts[(namespace, kind)] = _Counts(*basis)
            if counts.looked != last:
                rows = since(counts.seen)
                if rows:
                    counts.add(rows)
                counts.looked = last
            return TextStatistics(counts.documents, counts.total, {t: counts.df[t] for t in dict.fromkeys(terms)})

    def forget(self, namespace: str) -> None:
        """Drop the namespace's counts (this process erased it)."""
        with self._lock:
            for key in [key for key in self._counts if key[0] == namespace]:
                del self._counts[key]
