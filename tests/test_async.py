"""``AsyncMemory``: the sync API awaited, on a real SQLite file; several awaits at once."""

from __future__ import annotations

import asyncio
import inspect
from datetime import UTC, datetime
from pathlib import Path

import pytest

import chronomem
from chronomem import AsyncMemory, Memory
from chronomem.errors import NaiveDatetime, NotFound

T1, T2 = datetime(2024, 1, 1, tzinfo=UTC), datetime(2024, 6, 1, tzinfo=UTC)


def test_every_public_memory_method_is_awaitable_with_its_docstring() -> None:
    public = {n for n in dir(Memory) if not n.startswith("_")} - {"close", "using"}
    for name in public:
        method = getattr(AsyncMemory, name)
        assert method.__doc__ == getattr(Memory, name).__doc__, name
    mem = AsyncMemory.__new__(AsyncMemory)
    mem.sync = Memory.__new__(Memory)
    for name in public:
        assert inspect.iscoroutinefunction(getattr(mem, name)), name
        assert inspect.signature(getattr(mem, name)) == inspect.signature(getattr(mem.sync, name)), name


def test_writes_and_reads_through_the_async_api(tmp_path: Path) -> None:
    async def run() -> None:
        async with await chronomem.open_async(tmp_path / "m.db", namespace="alice", embedder=None) as mem:
            assert mem.namespace == "alice"
            e1 = await mem.add_episode("I live in Berlin", occurred_at=T1, id="e1")
            await mem.assert_fact("Alice", "lives_in", "Berlin", episode=e1)
            result = await mem.add({"id": "m2", "speaker": "Alice", "content": "I moved to Paris.",
                                    "occurred_at": "2024-06-01T00:00:00+00:00"})  # fmt: skip
            assert result.ok and result.episode == "m2"
            many = await mem.add([{"id": "m3", "speaker": "Bob", "content": "Hello.", "occurred_at": T2}])
            assert [r.episode for r in many] == ["m3"]
            before = await mem.value("Alice", "lives_in", valid_at=datetime(2024, 3, 1, tzinfo=UTC))
            assert before is not None and before.object == "berlin"
            assert (await mem.history("Alice", "lives_in"))[0].object == "berlin"
            assert (await mem.get_episode("e1")).content == "I live in Berlin"
            assert await mem.search("Berlin", k=3)
            assert "Alice" in str(await mem.context("where does Alice live?", budget_tokens=300))
            other = mem.using("bob")
            assert other.namespace == "bob"
            with pytest.raises(NotFound):
                await other.facts("Alice")

    asyncio.run(run())


def test_errors_are_the_sync_errors(tmp_path: Path) -> None:
    async def run() -> None:
        mem = AsyncMemory(chronomem.open(tmp_path / "m.db", embedder=None))
        with pytest.raises(NotFound):
            await mem.get_episode("nope")
        with pytest.raises(NaiveDatetime):
            await mem.add_episode("x", occurred_at=datetime(2024, 1, 1))
        await mem.close()

    asyncio.run(run())


def test_several_awaits_at_once_each_write_lands_once(tmp_path: Path) -> None:
    async def run() -> None:
        mem = await chronomem.open_async(tmp_path / "m.db", namespace="n", embedder=None)
        episodes = [
            mem.add({"id": f"m{i}", "speaker": "Alice", "content": f"I like topic{i}.", "occurred_at": T1})
            for i in range(12)
        ]
        reads = [mem.facts("Alice") for _ in range(6)]
        done = await asyncio.gather(*episodes, *reads, return_exceptions=True)
        assert not [d for d in done if isinstance(d, BaseException)]
        again = await asyncio.gather(*(mem.get_episode(f"m{i}") for i in range(12)))
        assert sorted(e.id for e in again) == sorted(f"m{i}" for i in range(12))
        dup = await mem.add({"id": "m0", "speaker": "Alice", "content": "I like topic0.", "occurred_at": T1})
        assert dup.duplicate
        await mem.close()

    asyncio.run(run())
