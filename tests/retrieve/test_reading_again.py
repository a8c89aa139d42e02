"""What a search or a context reads is the same wherever and whenever it is read again: ties rank by what the
records say (never by row ids, which differ between namespaces, engines and orders of ingestion), results say
the basis they were read at, and a context dates what it tells in the conversation's zone, in the question's
language."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

import chronomem
from chronomem import Fact, Memory
from chronomem.retrieve import Hit

T0 = datetime(2024, 5, 1, 9, 0, tzinfo=UTC)


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.integration)])
def mem(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Memory]:
    url = str(tmp_path / "m.db") if request.param == "sqlite" else request.getfixturevalue("pg_url")
    m = chronomem.open(url, namespace="one", embedder=None)
    yield m
    m.close()


def _likes(mem: Memory, start: int) -> None:
    for food in ["tea", "jam", "fig", "oat"]:
        mem.assert_fact("Alice", "likes", value=food, valid_from=T0 + timedelta(minutes=start))


def _said(hit: Hit) -> str:
    """A hit as what it is, the same in any namespace: a fact by what it says, else by its id."""
    f = hit.item
    return f"{f.subject} {f.predicate} {f.object or f.value} {f.valid}" if isinstance(f, Fact) else hit.id


def _ranked(mem: Memory, query: str) -> list[tuple[str, str]]:
    return [(h.kind, _said(h)) for h in mem.search(query, k=10)]


def test_ties_rank_alike_whatever_the_namespace_or_what_other_tenants_wrote(mem: Memory) -> None:
    other = mem.using("other")
    for i in range(7):  # another tenant's rows: this namespace's ids straddle a power of ten (8..11)
        other.assert_fact(f"P{i}", "age", value=i, valid_from=T0)
    _likes(mem, 0)
    two = mem.using("two")
    _likes(two, 0)
    for query in ("what does Alice like?", "Alice likes"):
        assert _ranked(mem, query) == _ranked(two, query)


def test_messages_added_in_a_batch_or_one_by_one_rank_alike(mem: Memory) -> None:
    said = [
        {"speaker": "Bo", "content": f"I like {x}.", "occurred_at": T0, "id": f"m{i}"}
        for i, x in enumerate(["tea", "jam", "figs", "oats", "rye", "kale", "okra", "leek", "corn", "rice", "peas"])
    ]
    mem.add(said)
    one_by_one = mem.using("two")
    for m in reversed(said):  # the other order, one message at a time
        one_by_one.add(m)
    for query in ("what does Bo like?", "Bo likes"):
        assert _ranked(mem, query) == _ranked(one_by_one, query)


def test_a_search_says_its_basis_and_reads_the_same_again_there(mem: Memory) -> None:
    mem.add({"speaker": "Ann", "content": "I live in Oslo.", "occurred_at": T0, "id": "a1"})
    hits = mem.search("where does Ann live?")
    mem.add(
        {"speaker": "Ann", "content": "I moved to Lima, I live in Lima now.", "occurred_at": T0 + timedelta(days=9)}
    )
    again = mem.search("where does Ann live?", as_of=hits.basis)
    assert [(h.kind, h.id) for h in again] == [(h.kind, h.id) for h in hits]
    assert [(h.kind, h.id) for h in mem.search("where does Ann live?")] != [(h.kind, h.id) for h in hits]
    ctx = mem.context("where does Ann live?")
    assert mem.context("where does Ann live?", as_of=ctx.basis).text == ctx.text


def test_a_context_dates_in_the_conversations_zone_and_labels_in_the_questions_language(mem: Memory) -> None:
    mem.add({"speaker": "李雷", "content": "我住在上海。", "occurred_at": "2024-03-05T02:00:00+08:00",
             "tz": "Asia/Shanghai", "id": "z1"})  # fmt: skip
    ctx = mem.context("李雷住在哪里？")
    assert ctx.zone == "Asia/Shanghai" and ctx.language == "zh"
    assert "2024-03-05" in ctx.text and "2024-03-04" not in ctx.text
    english = mem.context("Where does 李雷 live?")
    assert english.language == "en" and "Memory for" in english.text
    assert "2024-03-04" in mem.context("Where does 李雷 live?", zone="UTC").text


def test_a_past_value_says_when_its_change_was_said_not_when_it_was_stored(mem: Memory) -> None:
    mem.add({"speaker": "Cy", "content": "I live in Berlin.", "occurred_at": "2023-01-05T10:00:00+01:00", "id": "c1"})
    mem.add({"speaker": "Cy", "content": "I moved to Paris.", "occurred_at": "2024-01-03T10:00:00+01:00", "id": "c2"})
    text = mem.context("Where does Cy live?").text
    assert "change said on 2024-01-03" in text
    assert str(datetime.now(UTC).year) not in text.split("change said on")[1][:12]


def test_an_unknown_zone_for_a_context_is_refused(mem: Memory) -> None:
    with pytest.raises(chronomem.errors.InvalidValue):
        mem.context("anything", zone="Europe")
