"""Database URLs are read the way SQLAlchemy reads them; a malformed one is a ConfigError saying what was wrong."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

import chronomem
from chronomem.engines import open_engine, parse_target
from chronomem.engines._url import EngineTarget
from chronomem.errors import ConfigError


@pytest.mark.parametrize(
    ("url", "target"),
    [
        ("memory.db", EngineTarget("sqlite", "memory.db")),
        ("./dir/m.db", EngineTarget("sqlite", "./dir/m.db")),
        (Path("/abs/m.db"), EngineTarget("sqlite", "/abs/m.db")),
        ("C:\\data\\m.db", EngineTarget("sqlite", "C:\\data\\m.db")),
        ("sqlite:///rel.db", EngineTarget("sqlite", "rel.db")),
        ("sqlite:///dir/rel.db", EngineTarget("sqlite", "dir/rel.db")),
        ("sqlite:////abs/path.db", EngineTarget("sqlite", "/abs/path.db")),
        ("SQLite:////abs/path.db", EngineTarget("sqlite", "/abs/path.db")),
        ("postgresql://u:p@h:5432/db", EngineTarget("postgresql", "postgresql://u:p@h:5432/db")),
        ("postgres://u@h/db", EngineTarget("postgresql", "postgresql://u@h/db")),
        ("postgresql+psycopg://u@h/db", EngineTarget("postgresql", "postgresql://u@h/db")),
        (
            "postgresql+psycopg2://u@h/db?sslmode=require",
            EngineTarget("postgresql", "postgresql://u@h/db?sslmode=require"),
        ),
    ],
)
def test_urls_name_what_sqlalchemy_says(url: str | Path, target: EngineTarget) -> None:
    assert parse_target(url) == target


@pytest.mark.parametrize(
    ("url", "says"),
    [
        ("postgres:/bad", "no // after the scheme"),
        ("postgresql:bad", "no // after the scheme"),
        ("postgresql+asyncpg://u@h/db", "driver 'asyncpg'"),
        ("postgresql://u@h:port/db", "not a valid PostgreSQL URL"),
        ("sqlite:/m.db", "three slashes"),
        ("sqlite://host/m.db", "names a host"),
        ("sqlite://", "in-memory SQLite"),
        ("sqlite:///", "in-memory SQLite"),
        (":memory:", "in-memory SQLite"),
        ("sqlite:///m.db?mode=ro", "query parameters"),
        ("mysql://localhost/x", "unknown engine 'mysql'"),
        ("notes:2024.db", "a file whose name has a colon: ./notes:2024.db"),
        ("", "empty"),
    ],
)
def test_a_malformed_url_says_what_was_wrong(
    url: str, says: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    with pytest.raises(ConfigError, match=says.replace("(", r"\(").replace("?", r"\?")):
        chronomem.open(url, namespace="alice", embedder=None)
    assert os.listdir(tmp_path) == []  # nothing became a file name


def test_four_slashes_open_an_absolute_file_and_three_a_relative_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    absolute = tmp_path / "abs.db"
    with chronomem.open(f"sqlite:///{absolute}", namespace="alice", embedder=None) as mem:
        mem.add_entity("Alice")
    assert absolute.is_file()
    monkeypatch.chdir(tmp_path)
    for url in ("sqlite:///rel.db", f"sqlite:///{absolute}"):
        engine = open_engine(url)
        engine.close()
        assert engine.url == url  # the URL an engine reports opens the same file
    assert (tmp_path / "rel.db").is_file()


def test_three_slashes_before_an_absolute_looking_path_say_to_write_four(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "elsewhere").mkdir()
    target = tmp_path / "elsewhere" / "m.db"  # relative to cwd, "tmp/…/elsewhere" does not exist
    url = f"sqlite://{target}"  # sqlite:// + /tmp/... = three slashes: the relative path tmp/...
    with pytest.raises(ConfigError, match="four slashes"):
        open_engine(url)
    assert not target.exists()


def test_the_module_examples_run() -> None:
    import doctest

    from chronomem.engines import _url

    assert doctest.testmod(_url).failed == 0


@pytest.mark.integration
def test_every_postgresql_spelling_opens_the_same_database(pg_url: str) -> None:
    assert pg_url.startswith("postgresql://")
    rest = pg_url.removeprefix("postgresql://")
    with chronomem.open(pg_url, namespace="alice", embedder=None) as mem:
        mem.assert_fact("Alice", "lives_in", "Berlin")
    for url in (f"postgres://{rest}", f"postgresql+psycopg://{rest}", f"PostgreSQL+psycopg2://{rest}"):
        with chronomem.open(url, namespace="alice", embedder=None) as mem:
            fact = mem.value("Alice", "lives_in")
            assert fact is not None and fact.object == "berlin", url
