"""SQLite's full-text index adds new documents to FTS5 in batches (engines/_fulltext.py): a lookup finds a
document whether it waits or is indexed, erasing either kind keeps FTS5 consistent with its content table,
and a database made before migration 0009 keeps working."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

import chronomem
from chronomem.contracts import TextQuery
from chronomem.engines import _fulltext, _sqlite
from chronomem.text import tokenize

T0 = datetime(2024, 1, 1, tzinfo=UTC)
WORDS = ["berlin", "paris", "tokyo", "lima", "oslo", "cairo", "quito"]


def _consistent(path: Path) -> None:
    """FTS5 holds exactly the documents up to ``indexed``, and none after it or erased; ``indexed`` never
    passes the last document. (FTS5's own integrity-check compares every content row, waiting ones too.)"""
    c = sqlite3.connect(path)
    c.execute("INSERT INTO fulltext_terms (fulltext_terms, rank) VALUES ('integrity-check', 0)")  # internally sound
    (indexed,) = c.execute("SELECT indexed FROM fulltext_state").fetchone()
    docs = dict(c.execute("SELECT doc, terms FROM fulltext").fetchall())
    assert indexed <= max(docs, default=0)
    for term in ("ann", *(tokenize(w)[0] for w in WORDS)):
        hits = {r[0] for r in c.execute("SELECT rowid FROM fulltext_terms WHERE fulltext_terms MATCH ?", (term,))}
        assert hits == {d for d, terms in docs.items() if d <= indexed and term in terms.split(" ")}, term
    c.close()


def _waiting(path: Path) -> set[str]:
    c = sqlite3.connect(path)
    got = {r[0] for r in c.execute("SELECT ref FROM fulltext WHERE doc > (SELECT indexed FROM fulltext_state)")}
    c.close()
    return got


@pytest.fixture
def mem(tmp_path: Path) -> Iterator[chronomem.Memory]:
    with chronomem.open(tmp_path / "m.db", namespace="n", embedder=None) as m:
        yield m


def _add(mem: chronomem.Memory, i: int, word: str) -> None:
    mem.add_episode(f"I went to {word} today", occurred_at=T0 + timedelta(minutes=i), id=f"e{i}", speaker="Ann")


def _found(mem: chronomem.Memory, word: str) -> set[str]:
    got = mem.engine.match_text("n", TextQuery("episode", tuple(tokenize(word)), 2**62, 100))
    return {ref for ref, _ in got.records}


@pytest.mark.parametrize("batch", [1, 5, 1000])
def test_a_lookup_finds_waiting_and_indexed_documents_alike(
    mem: chronomem.Memory, batch: int, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(_sqlite, "PENDING_DOCS", batch)
    for i in range(23):
        _add(mem, i, WORDS[i % len(WORDS)])
    for k, word in enumerate(WORDS):
        assert _found(mem, word) == {f"e{i}" for i in range(23) if i % len(WORDS) == k}
    assert _found(mem, "nowhere") == set()
    _consistent(tmp_path / "m.db")


def test_a_lookup_keeps_its_limit_and_puts_the_waiting_documents_first(
    mem: chronomem.Memory, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(_sqlite, "PENDING_DOCS", 10)
    for i in range(14):  # e0..e9 move into FTS5 with the tenth document; e10..e13 wait
        _add(mem, i, "berlin")
    got = mem.engine.match_text("n", TextQuery("episode", ("berlin",), 2**62, 6))
    refs = [r for r, _ in got.records]
    assert len(refs) == 6 and refs[:4] == ["e10", "e11", "e12", "e13"] and got.documents == 14


def test_erasing_waiting_and_indexed_episodes_keeps_the_index_consistent(
    mem: chronomem.Memory, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(_sqlite, "PENDING_DOCS", 4)
    for i in range(10):
        _add(mem, i, "berlin" if i % 2 else "paris")
    waiting = _waiting(tmp_path / "m.db")
    assert {"e8", "e9"} <= waiting and "e3" not in waiting
    mem.erase(episode="e3")  # indexed
    mem.erase(episode="e9")  # waiting, and the last document
    mem.erase(episode="e8")
    _consistent(tmp_path / "m.db")
    for i in range(10, 16):  # new documents take the freed ids: they must wait, then be indexed
        _add(mem, i, "tokyo")
    _consistent(tmp_path / "m.db")
    assert _found(mem, "berlin") == {"e1", "e5", "e7"}
    assert _found(mem, "tokyo") == {f"e{i}" for i in range(10, 16)}


def test_erasing_the_last_indexed_documents_lowers_the_mark_so_new_ones_are_indexed(
    mem: chronomem.Memory, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(_sqlite, "PENDING_DOCS", 3)
    for i in range(6):
        _add(mem, i, "oslo")
    for i in (3, 4, 5):
        mem.erase(episode=f"e{i}")
    c = sqlite3.connect(tmp_path / "m.db")
    indexed, last = c.execute("SELECT indexed, (SELECT max(doc) FROM fulltext) FROM fulltext_state").fetchone()
    c.close()
    assert indexed == last
    for i in range(6, 12):
        _add(mem, i, "lima")
    _consistent(tmp_path / "m.db")
    assert _found(mem, "lima") == {f"e{i}" for i in range(6, 12)}


def test_a_database_from_before_0009_keeps_its_index(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "old.db"
    monkeypatch.setattr(_sqlite, "PENDING_DOCS", 1)  # every document in FTS5, as 0007's triggers kept it
    with chronomem.open(path, namespace="n", embedder=None) as old:
        for i in range(5):
            _add(old, i, "cairo")
    monkeypatch.undo()
    c = sqlite3.connect(path)  # back to the schema of 0008: the triggers of 0007, no fulltext_state
    c.executescript("DROP TRIGGER fulltext_removed; DROP TABLE fulltext_state;"
                    "DELETE FROM migrations WHERE name = '0009_fulltext_pending';")  # fmt: skip
    for statement in _fulltext.SQLITE_MIGRATION[1][-2:]:
        c.execute(statement)
    c.commit()
    c.close()
    with chronomem.open(path, namespace="n", embedder=None) as mem:
        assert _found(mem, "cairo") == {f"e{i}" for i in range(5)}
        _add(mem, 5, "cairo")
        assert "e5" in _found(mem, "cairo")
        mem.erase(episode="e2")
    _consistent(path)
    assert len(_found_in(path)) == 5


def _found_in(path: Path) -> set[str]:
    with chronomem.open(path, namespace="n", embedder=None) as mem:
        return _found(mem, "cairo")


def test_has_term_matches_whole_terms_only() -> None:
    assert _fulltext.has_term("ann go berlin #养 #猫", ["#猫"])
    assert not _fulltext.has_term("ann go berlin", ["berl", "go berlin"])


def test_erasing_a_document_that_never_reached_fts5_leaves_fts5_alone(
    mem: chronomem.Memory, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(_sqlite, "PENDING_DOCS", 1000)  # nothing reaches FTS5: deleting there would corrupt it
    for i in range(3):
        _add(mem, i, "quito")
    mem.erase(episode="e1")
    assert _found(mem, "quito") == {"e0", "e2"}
    _consistent(tmp_path / "m.db")


@pytest.mark.parametrize(
    ("speaker", "content"),
    [
        ("Mary Ann", "Moving to Berlin, Mary Ann's café"),
        ("陈宇航", "陈宇航说后端由他牵头，不去青岛了"),
        (None, "No speaker: 3.5kg of flour, don't ask"),
        ("Tom", ""),
        ("Dana O'Neil", "Dana O'Neil 的面包店 Crumb & Co"),
    ],
)
def test_the_content_terms_of_a_document_are_its_content_tokenized(speaker: str | None, content: str) -> None:
    """Search reads an episode's terms from the document the lookup returned instead of tokenizing it again:
    the two must agree, whatever the speaker's name tokenizes to."""
    from chronomem._values import Episode

    ep = Episode("e", "n", content, 0, 0, speaker=speaker)
    document = " ".join(_fulltext.episode_terms(ep))
    assert _fulltext.content_terms(speaker, document) == _fulltext.episode_terms(replace(ep, speaker=None))
