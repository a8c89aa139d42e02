"""BM25 (Robertson–Spärck Jones, Lucene's non-negative idf) as a pure function over the records a full-text
lookup returned, so that every engine ranks the same records the same way."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Mapping, Sequence

__all__ = ["bm25"]

K1 = 1.2
B = 0.75


def bm25(
    docs: Sequence[str],
    terms: Sequence[str],
    documents: int,
    terms_total: int,
    frequencies: Mapping[str, int] | None = None,
    b: float = B,
) -> list[float]:
    """The BM25 score of each document (its index terms, space-separated) for the query ``terms``.

    ``documents`` and ``terms_total`` are the corpus size and length (for the average document length).
    A term's document frequency is ``frequencies``' (the corpus', as a full-text lookup reports it), else
    counted over ``docs``: exact when ``docs`` holds every document that has any query term. ``b`` is the
    weight of length normalisation (0: none, 1: full).

    >>> [round(s, 3) for s in bm25(["a b", "b c"], ["a"], documents=2, terms_total=4)]
    [0.693, 0.0]
    >>> short, long = bm25(["a b", "a b c d e f"], ["a"], documents=3, terms_total=9, b=0.0)
    >>> short == long, bm25(["a b", "a b c d e f"], ["a"], documents=3, terms_total=9)[0] > long
    (True, True)
    """
    wanted = list(dict.fromkeys(terms))
    probes = [(t, f" {t} ") for t in wanted if t]  # "" would match every doubled space
    counts: list[dict[str, int]] = []
    lengths: list[int] = []
    # Counted afresh, the query's few terms only: a cache of each document's counts only paid off on
    # documents seen before, and a search over a large namespace meets mostly new ones. Each space doubled,
    # a term's occurrences are the non-overlapping matches of " term " (str.count, in C), which is faster than
    # splitting the document and counting in the list.
    for d in docs:
        padded = f" {d.replace(' ', '  ')} " if d else ""
        counts.append({t: n for t, probe in probes if (n := padded.count(probe))})
        lengths.append(d.count(" ") + 1 if d else 0)
    df = Counter(t for c in counts for t in c)
    if frequencies:
        df.update({t: n - df[t] for t in wanted if (n := frequencies.get(t, 0)) > df[t]})
    n = max(documents, len(docs), 1)
    avg = max(terms_total / n, 1e-9)
    weight = {t: math.log(1 + (n - df[t] + 0.5) / (df[t] + 0.5)) * (K1 + 1) for t in wanted}  # idf * (k1 + 1)
    fixed, per_term = K1 * (1 - b), K1 * b / avg  # k1 * (1 - b + b * length / avg) = fixed + per_term * length
    return [
        float(sum(weight[t] * tf / (tf + fixed + per_term * length) for t, tf in c.items()))
        for c, length in zip(counts, lengths, strict=True)
    ]
