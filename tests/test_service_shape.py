"""The memory-service shape (issue 34): messages without a time, in OpenAI's shape, with a user and a session beside
them (``Memory.add(..., user_id=, session_id=)``), and ``retrieve`` whose hits tell a fact, its entities and its
valid time. On SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

import chronomem
from chronomem import Interval, Memory
from chronomem._time import now_us, to_us
from chronomem.errors import InvalidValue, NaiveDatetime
from chronomem.ingest import Message

T0 = datetime(2024, 5, 1, 9, 0, tzinfo=UTC)


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.integration)])
def mem(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Memory]:
    url = str(tmp_path / "m.db") if request.param == "sqlite" else request.getfixturevalue("pg_url")
    m = chronomem.open(url, namespace="one", embedder=None)
    yield m
    m.close()


def test_undated_messages_are_dated_when_received_in_order_and_say_so(mem: Memory) -> None:
    before = now_us()
    results = mem.add(
        [
            {"role": "user", "content": "I moved to Paris."},
            {"role": "assistant", "content": "Noted. I am a bot living in the cloud."},
            {"role": "user", "content": "I work at Google.", "occurred_at": "2024-05-01T09:00:00Z"},
            {"role": "user", "content": [{"type": "text", "text": "My sister Dana"}, {"type": "text", "text": "is 9"}]},
        ],
        user_id="Alice",
        session_id="s1",
    )
    after = now_us()
    assert [r.status for r in results] == ["stored"] * 4
    assert [r.stamped for r in results] == [True, True, False, True]
    first = results[0].received_at
    assert first is not None and before <= first <= after
    assert [r.received_at for r in results] == [first, first + 1, None, first + 2]
    episodes = [mem.get_episode(r.episode) for r in results]
    assert [e.occurred_at for e in episodes] == [first, first + 1, to_us(T0), first + 2]
    assert [(e.role, e.speaker, e.session) for e in episodes] == [
        ("user", "Alice", "s1"),
        ("assistant", None, "s1"),
        ("user", "Alice", "s1"),
        ("user", "Alice", "s1"),
    ]
    assert episodes[3].content == "My sister Dana\nis 9"
    # the assistant's "I" is not the user's: nothing it said became a fact about Alice
    assert results[1].added == ()
    assert mem.value("Alice", "lives_in") is not None


def test_a_message_keeps_its_own_speaker_session_and_time(mem: Memory) -> None:
    own = mem.add({"content": "I like tea.", "occurred_at": T0, "speaker": "Bob", "session": "x"}, user_id="Alice")
    typed = mem.add(Message("I like jam.", T0, speaker=None), user_id="Alice", session_id="s2")
    assert not own.stamped and own.received_at is None and not typed.stamped
    bob, alice = mem.get_episode(own.episode), mem.get_episode(typed.episode)
    assert (bob.speaker, bob.session, bob.occurred_at) == ("Bob", "x", to_us(T0))
    assert (alice.speaker, alice.session) == ("Alice", "s2")


def test_openai_roles_and_names_map_to_chronomem_s(mem: Memory) -> None:
    results = mem.add(
        [
            {"role": "developer", "content": "Be brief."},
            {"role": "tool", "content": "42"},
            {"role": "user", "name": "Carol", "content": "hi"},
        ],
        user_id="Alice",
    )
    eps = [mem.get_episode(r.episode) for r in results]
    assert [(e.role, e.speaker) for e in eps] == [("system", None), ("other", None), ("user", "Carol")]


def test_a_naive_time_is_still_an_error(mem: Memory) -> None:
    with pytest.raises(NaiveDatetime):
        mem.add({"role": "user", "content": "hi", "occurred_at": datetime(2024, 5, 1, 9)}, user_id="Alice")
    with pytest.raises(NaiveDatetime):
        mem.add({"role": "user", "content": "hi", "occurred_at": "2024-05-01T09:00:00"})
    refused = mem.add([{"role": "user", "content": "hi", "occurred_at": "2024-05-01T09:00:00"}])[0]
    assert isinstance(refused.error, NaiveDatetime) and not refused.stamped


@pytest.mark.parametrize("bad", ["", "  ", 7])
def test_user_and_session_ids_are_non_empty_text(mem: Memory, bad: object) -> None:
    with pytest.raises(InvalidValue, match="user_id"):
        mem.add({"role": "user", "content": "hi"}, user_id=bad)  # type: ignore[arg-type]
    with pytest.raises(InvalidValue, match="session_id"):
        mem.add({"role": "user", "content": "hi"}, session_id=bad)  # type: ignore[arg-type]


def test_retrieve_returns_facts_with_their_entities_and_valid_time(mem: Memory) -> None:
    mem.add({"content": "I live in Berlin.", "occurred_at": T0}, user_id="Alice")
    moved = mem.add({"role": "user", "content": "I moved to Paris."}, user_id="Alice")
    hits = mem.retrieve("where does Alice live?")
    assert hits and {h.kind for h in hits} == {"fact"}
    top = hits[0]
    assert top.fact == "Alice lives in Paris"
    assert [e.name for e in top.entities] == ["Alice", "Paris"]
    assert top.valid == Interval(moved.received_at or 0, None)
    assert top.valid_from is not None and to_us(top.valid_from) == moved.received_at and top.valid_to is None
    assert top.cites == (moved.episode,)
    # as it was: Berlin held on T0, until she said she moved
    then = mem.retrieve("where does Alice live?", valid_at=T0)[0]
    assert then.fact == "Alice lives in Berlin"
    assert then.valid_from == T0 and then.valid_to is not None and to_us(then.valid_to) == moved.received_at


def test_search_hits_of_every_kind_expose_fact_entities_and_valid(mem: Memory) -> None:
    mem.add({"content": "My sister Dana works at Google.", "occurred_at": T0, "speaker": "Alice"})
    by_kind = {h.kind: h for h in mem.search("Dana", k=10)}
    assert set(by_kind) == {"episode", "fact", "entity"}
    episode, entity = by_kind["episode"], by_kind["entity"]
    assert (episode.fact, episode.entities, episode.valid, episode.valid_from) == (None, (), None, None)
    assert (entity.fact, entity.valid, [e.name for e in entity.entities]) == (None, None, ["Dana"])
    facts = {h.fact for h in mem.search("Dana", k=10, kinds=["fact"])}
    assert "Dana works at Google" in facts


def test_the_async_api_takes_the_same_shape(tmp_path: Path) -> None:
    async def main() -> tuple[bool, str | None]:
        async with await chronomem.open_async(str(tmp_path / "m.db"), embedder=None) as amem:
            result = await amem.add({"role": "user", "content": "I moved to Paris."}, user_id="Alice", session_id="s")
            many = await amem.add([{"role": "user", "content": "I like tea."}], user_id="Alice")
            hits = await amem.retrieve("where does Alice live?")
            return result.stamped and many[0].stamped, hits[0].fact

    assert asyncio.run(main()) == (True, "Alice lives in Paris")


def test_an_undated_message_added_again_under_its_id_is_a_duplicate(mem: Memory) -> None:
    first = mem.add({"id": "u1", "role": "user", "content": "I moved to Paris."}, user_id="Alice")
    again = mem.add([{"id": "u1", "role": "user", "content": "I moved to Paris."}], user_id="Alice")[0]
    assert first.stamped and again.status == "duplicate" and not again.stamped
    assert mem.get_episode("u1").occurred_at == first.received_at
