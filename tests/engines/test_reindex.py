"""``Memory.reindex`` and ``chronomem reindex`` on SQLite, PostgreSQL and Citus: records stored without a
full-text document get one, episodes without a vector of the memory's embedder get one (with the message
before it), and a second run does nothing."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from click.testing import CliRunner

import chronomem
from chronomem.cli import cli
from chronomem.contracts import TextQuery
from chronomem.models import HashingEmbedder
from chronomem.text import tokenize

T0 = datetime(2024, 3, 1, 9, 0, tzinfo=UTC)
OLD, NEW = HashingEmbedder(dim=64), HashingEmbedder(dim=96)


@pytest.fixture(
    params=[
        "sqlite",
        pytest.param("postgresql", marks=pytest.mark.integration),
        pytest.param("citus", marks=pytest.mark.integration),
    ]
)
def url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "sqlite":
        yield str(tmp_path / "m.db")
    else:
        yield str(request.getfixturevalue("pg_url" if request.param == "postgresql" else "citus_url"))


def _fill(mem: chronomem.Memory) -> None:
    for i, text in enumerate(["Ann moved to Lisbon", "she loves the trams there", "Bob adopted a beagle"]):
        mem.add_episode(text, occurred_at=T0 + timedelta(minutes=i), id=f"e{i}", speaker="Ann", session="s")
    mem.assert_fact("Ann", "lives_in", "Lisbon", valid_from=T0, episode="e0")


def _forget_documents(url: str) -> None:
    """What a database written before migration 0007 lacks: every full-text document."""
    if "://" in url and not url.startswith("sqlite"):
        import psycopg

        with psycopg.connect(url, autocommit=True) as c:
            c.execute("DELETE FROM fulltext WHERE namespace = %s", ("n",))
        return
    c = sqlite3.connect(url)
    c.execute("DELETE FROM fulltext")
    c.commit()
    c.close()


def _found(mem: chronomem.Memory, kind: str, word: str) -> set[str]:
    got = mem.engine.match_text(mem.namespace, TextQuery(kind, tuple(tokenize(word)), 2**62, 50))
    return {ref for ref, _ in got.records}


def test_reindex_adds_missing_documents_and_the_vectors_of_a_new_embedder(url: str) -> None:
    with chronomem.open(url, namespace="n", embedder=OLD) as mem:
        _fill(mem)
    _forget_documents(url)
    with chronomem.open(url, namespace="n", embedder=NEW) as mem:
        assert _found(mem, "episode", "Lisbon") == set()
        assert sorted(mem.engine.unembedded("n", NEW.name, 10)) == ["e0", "e1", "e2"]
        done = mem.reindex()
        assert (done.documents, done.embedded, done.model) == (3 + 1 + 2, 3, NEW.name)  # episodes, fact, entities
        assert _found(mem, "episode", "Lisbon") == {"e0"}
        assert _found(mem, "fact", "Lisbon") and _found(mem, "entity", "Ann") == {"ann"}
        assert mem.engine.embedded_with("n", "e0") == ["e1"]  # embedded with the message before, as ingestion does
        near = mem.engine.nearest("n", NEW.name, NEW.embed(["Bob adopted a beagle"])[0], 1)
        assert [item for _, item, _ in near] == ["e2"]
        again = mem.reindex()
        assert (again.documents, again.embedded) == (0, 0)


def test_the_cli_reindexes_and_says_what_it_did(tmp_path: Path) -> None:
    db = tmp_path / "m.db"
    with chronomem.open(db, namespace="n", embedder=None) as mem:
        _fill(mem)
    _forget_documents(str(db))
    runner = CliRunner()
    out = runner.invoke(cli, ["reindex", "--db", str(db), "-n", "n", "--embedder", "hashing", "--json"])
    assert out.exit_code == 0, out.output
    assert '"documents": 6' in out.output and '"embedded": 3' in out.output
    out = runner.invoke(cli, ["reindex", "--db", str(db), "-n", "n", "--embedder", "none"])
    assert out.exit_code == 0 and out.output.startswith("0 full-text documents added, 0 episodes embedded")
    out = runner.invoke(cli, ["reindex", "--db", str(db), "-n", "nobody"])
    assert out.exit_code != 0 and "does not exist" in out.output
