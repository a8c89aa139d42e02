"""The full-text statistics a process keeps (engines/_termstats.py): the common-terms rule, and counts that
catch up with writes and start over after an erase, on a real SQLite file (both engines: the conformance
suite's ``test_the_lookup_counts_every_document_and_matches_the_rare_terms_when_many``)."""

from __future__ import annotations

import doctest
from datetime import datetime
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

import chronomem
from chronomem.contracts import TextQuery
from chronomem.engines import _termstats
from chronomem.engines._termstats import TermStats, match_terms


def test_doctests() -> None:
    assert doctest.testmod(_termstats).failed == 0


@given(st.dictionaries(st.text("abcdef", min_size=1, max_size=3), st.integers(0, 500), min_size=1), st.integers(1, 800))
def test_the_rare_terms_are_kept_and_fit_unless_one_alone_does_not(df: dict[str, int], limit: int) -> None:
    kept = match_terms(df, limit)
    assert kept and set(kept) <= set(df)
    if sum(df.values()) <= limit:
        assert set(kept) == set(df)
    else:
        held = sum(df[t] for t in kept)
        assert len(kept) == 1 or held <= limit
        assert max(df[t] for t in kept) <= min((df[t] for t in df if t not in kept), default=10**9)


def test_counts_catch_up_only_when_the_namespace_was_written() -> None:
    stats, reads = TermStats(), []

    def since(seen: int) -> list[tuple[str, int, int]]:
        reads.append(seen)
        return [("a b", 2, 5), ("b c b", 3, 7)] if seen < 5 else []

    first = stats.statistics("ns", "episode", (1, 10, 0), since, ["b", "z"])
    assert (first.documents, first.terms_total, dict(first.frequencies)) == (2, 5, {"b": 2, "z": 0})
    stats.statistics("ns", "episode", (1, 10, 0), since, ["b"])  # same last write: nothing read
    stats.statistics("ns", "episode", (1, 11, 0), since, ["b"])
    assert reads == [-1, 7]
    stats.statistics("ns", "episode", (1, 11, 1), since, ["b"])  # another epoch: counted again
    assert reads == [-1, 7, -1]
    stats.forget("ns")
    stats.statistics("ns", "episode", (1, 11, 1), since, ["b"])
    assert reads == [-1, 7, -1, -1]


def test_a_memory_counts_what_was_added_after_its_first_search(tmp_path: Path) -> None:
    mem = chronomem.open(str(tmp_path / "m.db"), namespace="n", embedder=None)
    t0 = "2024-05-01T10:00:00+00:00"
    mem.add_episode("the kettle is broken", occurred_at=datetime.fromisoformat(t0), id="a")
    assert mem.search("kettle")[0].id == "a"
    mem.add_episode("a new kettle arrived", occurred_at=datetime.fromisoformat("2024-05-02T10:00:00+00:00"), id="b")
    found = mem.engine.match_text("n", TextQuery("episode", ("kettl",), mem.get_episode("b").recorded_at, 10))
    assert found.frequencies == {"kettl": 2} and found.documents == 2
    other = chronomem.open(
        str(tmp_path / "m.db"), namespace="n", embedder=None
    )  # another reader, counting from scratch, agrees
    again = other.engine.match_text("n", TextQuery("episode", ("kettl",), mem.get_episode("b").recorded_at, 10))
    assert again.frequencies == found.frequencies and again.terms_total == found.terms_total
