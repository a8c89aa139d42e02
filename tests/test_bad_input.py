"""Bad input gets a specific error from chronomem.errors and changes no stored data.

Each bad call runs against a seeded store; a dump of every table is taken before and after and must
be identical. Strings with quotes and SQL fragments are *valid* input: they are stored and read
back verbatim.
"""

from __future__ import annotations

import sqlite3
import warnings
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path

import pytest

import chronomem
from chronomem import Entity, FactRecord, Memory
from chronomem.errors import (
    ChronomemError,
    ConfigError,
    Conflict,
    InvalidInterval,
    InvalidValue,
    NaiveDatetime,
    NotFound,
)

T1, T2 = datetime(2024, 1, 1, tzinfo=UTC), datetime(2024, 6, 1, tzinfo=UTC)
NAIVE = datetime(2024, 1, 1)
BIG = "x" * 70_000
_PLUS14, _MINUS14 = timezone(timedelta(hours=14)), timezone(timedelta(hours=-14))
_FOREIGN = Entity(id="zed", namespace="another", type="person", name="Zed")


def _nested(depth: int) -> list[object]:
    top: list[object] = []
    inner = top
    for _ in range(depth):
        inner.append([])
        inner = inner[0]  # type: ignore[assignment]
    return top


@pytest.fixture
def db(tmp_path: Path) -> Iterator[tuple[Memory, Path]]:
    path = tmp_path / "m.db"
    mem = chronomem.open(path, namespace="ns")
    mem.add_episode("Alice lives in Berlin", occurred_at=T1, id="e1")
    mem.assert_fact("Alice", "lives_in", "Berlin", episode="e1")
    mem.assert_fact("Alice", "age", value=30, valid_from=T1)
    mem.assert_fact("Alice", "knows", "Bob", valid_from=T1)
    mem.add_entity("Alicia", aliases=["Ali"])
    mem.add_entity("Alfred", aliases=["Ali"])
    yield mem, path
    mem.close()


def dump(path: Path) -> list[str]:
    """Every table's schema and rows, as SQL text, read through a connection of its own."""
    conn = sqlite3.connect(path)
    try:
        return list(conn.iterdump())
    finally:
        conn.close()


Call = Callable[[Memory], object]
CASES: list[tuple[str, Call, type[ChronomemError]]] = [
    # empty values and names
    ("empty value", lambda m: m.assert_fact("Alice", "nick", value=""), InvalidValue),
    ("empty list value", lambda m: m.assert_fact("Alice", "nick", value=[]), InvalidValue),
    ("empty dict value", lambda m: m.assert_fact("Alice", "nick", value={}), InvalidValue),
    ("None value", lambda m: m.assert_fact("Alice", "nick", value=None), InvalidValue),
    ("neither object nor value", lambda m: m.assert_fact("Alice", "nick"), InvalidValue),
    ("both object and value", lambda m: m.assert_fact("Alice", "nick", "Bob", value=1), InvalidValue),
    ("empty subject", lambda m: m.assert_fact("", "age", value=1), InvalidValue),
    ("blank object", lambda m: m.assert_fact("Alice", "knows", "   "), InvalidValue),
    ("empty predicate", lambda m: m.assert_fact("Alice", "", value=1), InvalidValue),
    ("empty episode", lambda m: m.add_episode("  ", occurred_at=T1), InvalidValue),
    ("empty entity name", lambda m: m.add_entity(""), InvalidValue),
    ("empty read predicate", lambda m: m.value("Alice", ""), InvalidValue),
    # oversized
    ("oversized value", lambda m: m.assert_fact("Alice", "bio", value=BIG), InvalidValue),
    ("oversized nested value", lambda m: m.assert_fact("Alice", "bio", value={"a": [BIG]}), InvalidValue),
    ("oversized episode", lambda m: m.add_episode("x" * 1_000_001, occurred_at=T1), InvalidValue),
    ("oversized metadata", lambda m: m.add_episode("hi", occurred_at=T1, metadata={"a": BIG}), InvalidValue),
    ("oversized name", lambda m: m.assert_fact("A" * 201, "age", value=1), InvalidValue),
    ("oversized predicate", lambda m: m.assert_fact("Alice", "p" * 201, value=1), InvalidValue),
    ("oversized namespace", lambda m: m.using("n" * 201), InvalidValue),
    ("control characters in namespace", lambda m: m.using("a\x00b"), InvalidValue),
    ("'*' as namespace", lambda m: m.using("*"), InvalidValue),  # a key for '*' grants every namespace
    ("'*' as namespace opened", lambda m: chronomem.open(m.engine.url, namespace="*"), InvalidValue),
    ("'*' as namespace of a memory", lambda m: Memory(m.engine, "*", owns_engine=False), InvalidValue),
    # lone surrogates (from bytes decoded with errors="surrogateescape") are not text
    ("surrogate in value", lambda m: m.assert_fact("Alice", "nick", value="a\udc80"), InvalidValue),
    ("surrogate in nested value", lambda m: m.assert_fact("Alice", "nick", value={"a": ["\ud800"]}), InvalidValue),
    ("surrogate in name", lambda m: m.assert_fact("A\udc80", "age", value=1), InvalidValue),
    ("surrogate in predicate", lambda m: m.assert_fact("Alice", "a\udc80", value=1), InvalidValue),
    ("surrogate in episode", lambda m: m.add_episode("a\udc80", occurred_at=T1), InvalidValue),
    ("surrogate in speaker", lambda m: m.add_episode("hi", occurred_at=T1, speaker="\udc80"), InvalidValue),
    ("surrogate in read", lambda m: m.value("A\udc80", "age"), InvalidValue),
    # NUL: PostgreSQL cannot store it in text, so neither engine takes it
    ("NUL in name", lambda m: m.add_entity("Bo\x00b"), InvalidValue),
    ("NUL in episode", lambda m: m.add_episode("a\x00b", occurred_at=T1), InvalidValue),
    ("NUL in speaker", lambda m: m.add_episode("hi", occurred_at=T1, speaker="x\x00"), InvalidValue),
    ("NUL in message", lambda m: m.add({"speaker": "A", "content": "h\x00i", "occurred_at": T1}), InvalidValue),
    ("surrogate in a message without id", lambda m: m.add({"content": "h\udc80i", "occurred_at": T1}), InvalidValue),
    # messages of the wrong shape
    ("number as a message", lambda m: m.add(42), InvalidValue),  # type: ignore[call-overload]
    ("list as a message's content", lambda m: m.add({"content": ["a", "b"], "occurred_at": T1}), InvalidValue),
    ("JSON object as a message's content", lambda m: m.add({"content": {"a": 1}, "occurred_at": T1}), InvalidValue),
    ("message dated 2099", lambda m: m.add({"content": "hi", "occurred_at": "2099-01-01T00:00:00Z"}), InvalidValue),
    ("time zone that is a tzdata folder", lambda m: m.add({"content": "hi", "occurred_at": T1, "tz": "Europe"}),
     InvalidValue),
    ("time zone that is not text", lambda m: m.add({"content": "hi", "occurred_at": T1, "tz": 8}), InvalidValue),
    # values Python cannot turn into JSON text, or nesting that would crash a recursive walk
    ("huge integer value", lambda m: m.assert_fact("Alice", "n", value=10**5000), InvalidValue),
    ("huge nested integer", lambda m: m.assert_fact("Alice", "n", value={"a": [10**5000]}), InvalidValue),
    ("deeply nested value", lambda m: m.assert_fact("Alice", "n", value=_nested(400)), InvalidValue),
    ("metadata as a list", lambda m: m.add_episode("hi", occurred_at=T1, metadata=[1, 2]), InvalidValue),  # type: ignore[arg-type]
    ("metadata as text", lambda m: m.add_episode("hi", occurred_at=T1, metadata="abc"), InvalidValue),  # type: ignore[arg-type]
    ("entity of another namespace", lambda m: m.assert_fact(_FOREIGN, "likes", value="x"), InvalidValue),
    ("entity of another namespace read", lambda m: m.facts(_FOREIGN), InvalidValue),
    # intervals and times
    ("year 0 in UTC", lambda m: m.add_episode("hi", occurred_at=datetime(1, 1, 1, tzinfo=_PLUS14)), InvalidValue),
    ("year 10000 in UTC", lambda m: m.add_episode("hi", occurred_at=datetime(9999, 12, 31, 23, tzinfo=_MINUS14)),
     InvalidValue),
    ("inverted", lambda m: m.assert_fact("Alice", "age", value=3, valid_from=T2, valid_to=T1), InvalidInterval),
    ("empty interval", lambda m: m.assert_fact("Alice", "age", value=31, valid_from=T1, valid_to=T1), InvalidInterval),
    ("inverted retract", lambda m: m.retract("Alice", "age", valid_from=T2, valid_to=T1), InvalidInterval),
    ("valid_to before default start", lambda m: m.assert_fact("Alice", "age", value=3, valid_to=T1), InvalidInterval),
    ("naive valid_from", lambda m: m.assert_fact("Alice", "age", value=31, valid_from=NAIVE), NaiveDatetime),
    ("naive occurred_at", lambda m: m.add_episode("hi", occurred_at=NAIVE), NaiveDatetime),
    ("naive as_of", lambda m: m.value("Alice", "age", as_of=NAIVE), NaiveDatetime),
    ("naive valid_at", lambda m: m.neighbourhood("Alice", valid_at=NAIVE), NaiveDatetime),
    ("naive since", lambda m: m.changes(NAIVE), NaiveDatetime),
    ("string as a time", lambda m: m.assert_fact("Alice", "age", value=31, valid_from="2024-01-01"), InvalidValue),  # type: ignore[arg-type]
    # unknown namespaces, entities, episodes
    ("unknown namespace", lambda m: m.using("nobody-here", create=False), NotFound),
    ("unknown entity value", lambda m: m.value("Nobody", "age"), NotFound),
    ("unknown entity facts", lambda m: m.facts("Nobody"), NotFound),
    ("unknown entity history", lambda m: m.history("Nobody", "age"), NotFound),
    ("unknown entity audit", lambda m: m.audit("Nobody", "age"), NotFound),
    ("unknown entity walk", lambda m: m.neighbourhood("Nobody"), NotFound),
    ("unknown entity retract", lambda m: m.retract("Nobody", "age"), NotFound),
    ("unknown object retract", lambda m: m.retract("Alice", "knows", "Nobody"), NotFound),
    ("unknown entity erase", lambda m: m.erase(subject="Nobody"), NotFound),
    ("unknown episode", lambda m: m.get_episode("nope"), NotFound),
    ("unknown episode cited", lambda m: m.assert_fact("Alice", "age", value=31, episode="nope"), NotFound),
    ("unknown episode retracted", lambda m: m.retract_episode("nope"), NotFound),
    ("unknown episode erased", lambda m: m.erase(episode="nope"), NotFound),
    ("ambiguous name", lambda m: m.value("Ali", "age"), Conflict),
    # non-JSON values and wrong types
    ("set value", lambda m: m.assert_fact("Alice", "tags", value={"a", "b"}), InvalidValue),  # type: ignore[arg-type]
    ("bytes value", lambda m: m.assert_fact("Alice", "tags", value=b"a"), InvalidValue),  # type: ignore[arg-type]
    ("NaN value", lambda m: m.assert_fact("Alice", "score", value=float("nan")), InvalidValue),
    ("infinite value", lambda m: m.assert_fact("Alice", "score", value=float("inf")), InvalidValue),
    ("object value", lambda m: m.assert_fact("Alice", "score", value=object()), InvalidValue),  # type: ignore[arg-type]
    ("datetime value", lambda m: m.assert_fact("Alice", "born", value=T1), InvalidValue),  # type: ignore[arg-type]
    ("non-string key", lambda m: m.assert_fact("Alice", "profile", value={"a": {1: "x"}}), InvalidValue),  # type: ignore[dict-item]
    ("non-JSON metadata", lambda m: m.add_episode("hi", occurred_at=T1, metadata={"a": {1, 2}}), InvalidValue),  # type: ignore[dict-item]
    ("number as subject", lambda m: m.value(123, "age"), InvalidValue),  # type: ignore[arg-type]
    ("None as entity", lambda m: m.facts(None), InvalidValue),  # type: ignore[arg-type]
    ("number as episode id", lambda m: m.assert_fact("Alice", "age", value=31, episode=123), InvalidValue),  # type: ignore[arg-type]
    ("number as speaker", lambda m: m.add_episode("hi", occurred_at=T1, speaker=5), InvalidValue),  # type: ignore[arg-type]
    ("one string as aliases", lambda m: m.add_entity("Carol", aliases="Caz"), InvalidValue),
    ("unknown kind", lambda m: m.assert_fact("Alice", "age", value=31, kind="rumour"), InvalidValue),
    ("unknown modality", lambda m: m.assert_fact("Alice", "age", value=31, modality="maybe"), InvalidValue),
    ("confidence above 1", lambda m: m.assert_fact("Alice", "age", value=31, confidence=1.5), InvalidValue),
    ("confidence NaN", lambda m: m.assert_fact("Alice", "age", value=31, confidence=float("nan")), InvalidValue),
    ("confidence as text", lambda m: m.assert_fact("Alice", "age", value=31, confidence="high"), InvalidValue),  # type: ignore[arg-type]
    ("multi as text", lambda m: m.assert_fact("Alice", "age", value=31, multi="yes"), InvalidValue),  # type: ignore[arg-type]
    ("negative hops", lambda m: m.neighbourhood("Alice", -1), InvalidValue),
    ("bool hops", lambda m: m.neighbourhood("Alice", True), InvalidValue),
    ("text as row id", lambda m: m.versions("1"), InvalidValue),  # type: ignore[arg-type]
    ("erase with neither target", lambda m: m.erase(), InvalidValue),
    ("bad bulk record", lambda m: m.bulk_assert([FactRecord("Carol", "age", value=1), FactRecord("Carol", "")]),
     InvalidValue),
    # contradicting what is stored
    ("episode id reused", lambda m: m.add_episode("something else", occurred_at=T1, id="e1"), Conflict),
    ("cardinality clash", lambda m: m.assert_fact("Alice", "lives_in", "Paris", multi=True), Conflict),
    ("unknown engine", lambda m: chronomem.open("mysql://localhost/x"), ConfigError),
]  # fmt: skip


@pytest.mark.parametrize(("call", "error"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_bad_input_raises_a_specific_error_and_changes_nothing(
    db: tuple[Memory, Path], call: Call, error: type[ChronomemError]
) -> None:
    mem, path = db
    before = dump(path)
    with pytest.raises(ChronomemError) as info:
        call(mem)
    assert type(info.value) is error, f"{type(info.value).__name__}: {info.value}"
    assert str(info.value)  # says what was wrong
    assert dump(path) == before


NASTY = [
    "Robert'); DROP TABLE facts;--",
    "' OR '1'='1",
    '" OR ""="',
    "1; DELETE FROM entities WHERE 1=1; --",
    "%s %(name)s ? :name $1 {0}",
    "back\\slash \\' \\\" end",
    "北京'); DROP TABLE episodes; --",
    "/* comment */ UNION SELECT * FROM sqlite_master --",
]


@pytest.mark.parametrize("text", NASTY)
def test_quotes_and_sql_fragments_are_stored_verbatim(db: tuple[Memory, Path], text: str) -> None:
    mem, path = db
    tables = [line for line in dump(path) if line.startswith("CREATE TABLE")]
    other = mem.using(text)  # a namespace, too
    ep = other.add_episode(text, occurred_at=T1, id=text, speaker=text, metadata={text: text})
    other.assert_fact(text, text, value={text: [text]}, episode=ep)
    other.assert_fact(text, "knows", f"{text}!", valid_from=T1)
    other.assert_fact("Dora", "motto", value=text, valid_from=T1)

    assert text in mem.engine.namespaces()
    got = other.value(text, text)
    assert got is not None and got.value == {text: [text]} and got.episodes == (text,)
    assert other.get_entity(text).name == text
    assert [e.name for e in other.neighbourhood(text, 1).entities] == sorted([text, f"{text}!"], key=_id_of(other))
    motto = other.value("Dora", "motto")
    assert motto is not None and motto.value == text
    stored = other.get_episode(text)
    assert (stored.content, stored.speaker, stored.metadata) == (text, text, {text: text})
    assert [line for line in dump(path) if line.startswith("CREATE TABLE")] == tables
    assert mem.value("Alice", "age") is not None  # the other namespace is untouched


def _id_of(mem: Memory) -> Callable[[str], str]:
    return lambda name: mem.get_entity(name).id


def test_a_mistyped_predicate_or_namespace_says_what_was_meant(tmp_path: Path) -> None:
    mem = chronomem.open(tmp_path / "m.db", namespace="alice", embedder=None)
    mem.assert_fact("Alice", "lives_in", "Berlin", valid_from=T1)
    mem.assert_fact("Alice", "has_part", value="lead", valid_from=T1)
    for read in (mem.value, mem.values, mem.history):
        with pytest.raises(NotFound, match="did you mean 'lives_in'"):
            read("Alice", "live_in")
    assert mem.values("Alice", "has_pet") == []  # another word, not a typo: simply nothing known
    assert mem.value("Alice", "lives_in") is not None
    typo = mem.using("alcie")
    with pytest.raises(NotFound, match="holds no facts yet"):
        typo.value("Alice", "lives_in")
    mem.close()
    with pytest.warns(UserWarning, match="namespace 'aliec' is new .* did you mean 'alice'"):
        chronomem.open(tmp_path / "m.db", namespace="aliec", embedder=None).close()
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a namespace of its own, or a known one, opens without a word
        chronomem.open(tmp_path / "m.db", namespace="bob", embedder=None).close()
        chronomem.open(tmp_path / "m.db", namespace="alice", embedder=None).close()
        chronomem.open(tmp_path / "m.db", namespace="bobb", embedder=None).close()  # 'bob' holds nothing
