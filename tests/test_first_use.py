"""What a new user trips over (issue #10 §3): reads that say what they do, values a person can read."""

from __future__ import annotations

import inspect
from collections.abc import Iterator
from pathlib import Path

import pytest

import chronomem
from chronomem import Memory
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
