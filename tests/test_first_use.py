"""What a new user trips over: reads that say what they do, values a person can read."""

from __future__ import annotations

import inspect
import re
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

import chronomem
from chronomem import Memory
from chronomem._display import iso
from chronomem.errors import InvalidInput, NotFound

README = (Path(__file__).parent.parent / "README.md").read_text()


@pytest.fixture
def mem(tmp_path: Path) -> Iterator[Memory]:
    m = chronomem.open(tmp_path / "m.db", namespace="alice", embedder=None)
    yield m
    m.close()


def test_value_of_an_unknown_entity_raises_not_found_as_its_docstring_says(mem: Memory) -> None:
    mem.add_entity("Alice", type="person")
    doc = inspect.getdoc(Memory.value) or ""
    assert "NotFound" in doc and "None" in doc
    with pytest.raises(NotFound, match="no entity named 'Nobody'"):
        mem.value("Nobody", "lives_in")
    assert mem.value("Alice", "lives_in") is None  # a known entity with an empty slot


def test_value_of_a_multi_valued_slot_refuses_and_names_values(mem: Memory) -> None:
    mem.assert_fact("Alice", "likes", "pizza", multi=True)
    assert mem.value("Alice", "likes").object == "pizza"  # one value: that one
    mem.assert_fact("Alice", "likes", "sushi")
    with pytest.raises(InvalidInput, match=r"call values\('Alice', 'likes'\)"):
        mem.value("Alice", "likes")
    assert sorted(f.object for f in mem.values("Alice", "likes")) == ["pizza", "sushi"]
    assert "values" in (inspect.getdoc(Memory.value) or "")


def test_the_default_namespace_is_documented(tmp_path: Path) -> None:
    assert inspect.signature(chronomem.open).parameters["namespace"].default == "default"
    assert '"default"' in (inspect.getdoc(chronomem.open) or "")
    assert 'without `namespace=` the namespace is `"default"`' in README
    with chronomem.open(tmp_path / "m.db", embedder=None) as m:
        assert m.namespace == "default"


def test_the_readme_says_how_to_install_without_a_release() -> None:
    install = README[: README.index("```python")]
    assert "not on PyPI yet" in install and "pip install ./chronomem" in install and "python -m build" in install


def test_values_show_iso_times_and_keep_their_keys_and_equality(mem: Memory) -> None:
    ep = mem.add_episode("I live in Berlin. " * 10, occurred_at=datetime(2023, 1, 10, 8, tzinfo=UTC), id="m1")
    done = mem.assert_fact("Alice", "lives_in", "Berlin", episode=ep, valid_from=datetime(2023, 1, 10, tzinfo=UTC))
    fact = mem.value("Alice", "lives_in")
    assert fact is not None and fact.object == "berlin" and isinstance(fact.valid.start, int)  # keys and types stay
    assert fact == done.inserted[0] and hash(fact) == hash(done.inserted[0])
    for shown in (repr(fact), str(fact), repr(done), repr(ep), repr(mem.get_entity("Alice")), repr(fact.valid)):
        assert not re.search(r"\d{13,}", shown), f"microseconds in {shown}"
    assert repr(fact.valid) == "Interval[2023-01-10T00:00:00+00:00, ∞)"
    assert repr(fact).startswith(f"Fact(#{fact.row_id} alice -lives_in-> berlin, namespace='alice', valid=Interval[")
    assert str(fact).startswith("alice -lives_in-> berlin, valid [2023-01-10T00:00:00+00:00, ∞), recorded [")
    assert "occurred_at=2023-01-10T08:00:00+00:00" in repr(ep) and "…'" in repr(ep)  # long text is cut
    assert repr(mem.get_entity("Alice")).startswith("Entity(id='alice', namespace='alice', type='thing', name='Alice'")
    assert repr(done).startswith(f"WriteResult(tx={fact.recorded.start_dt.isoformat()}, inserted=(Fact(#")
    change = mem.changes(datetime(2000, 1, 1, tzinfo=UTC))[0]
    assert repr(change).startswith(f"Change(at={fact.recorded.start_dt.isoformat()}, action='learned'")


def test_what_add_returns_shows_iso_times(mem: Memory) -> None:
    result = mem.add({"speaker": "Alice", "content": "I live in Berlin.", "occurred_at": "2023-01-10T09:00+01:00"})
    assert result.tx is not None and not re.search(r"\d{13,}", repr(result))
    assert repr(result).startswith(f"IngestResult(episode='{result.episode}', tx={iso(result.tx)}, added=(Fact(#")


def test_describe_shows_names_where_facts_hold_keys(mem: Memory) -> None:
    mem.add_entity("Alice", type="person", aliases=["小爱"])
    mem.assert_fact("小爱", "lives_in", "Berlin", valid_from=datetime(2023, 1, 10, tzinfo=UTC))
    mem.assert_fact("Alice", "age", value="三十", valid_from=datetime(2023, 1, 10, tzinfo=UTC))
    lives = mem.value("Alice", "lives_in")
    assert lives is not None and lives.subject == "alice" and lives.object == "berlin"
    assert mem.describe(lives).startswith("Alice lives_in Berlin, valid [2023-01-10T00:00:00+00:00, ∞), recorded [")
    age = mem.value("Alice", "age")
    assert age is not None and mem.describe(age).startswith('Alice age "三十", valid [2023-01-10')


def test_a_start_nobody_said_shows_as_unknown_not_year_one(mem: Memory) -> None:
    mem.add({"speaker": "Alice", "content": "Lived in Chicago for a while.", "occurred_at": "2023-01-10T09:00+01:00"})
    (fact,) = mem.history("Alice", "lives_in")
    assert str(fact.valid) == "[-∞, 2023-01-10T08:00:00+00:00)" and "0001-01-01" not in mem.describe(fact)
