"""The LlamaIndex memory block, in LlamaIndex's own ``Memory`` (its SQL chat store) and a chat engine with
LlamaIndex's ``MockLLM``, on a real SQLite file."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

from llama_index.core.chat_engine import SimpleChatEngine
from llama_index.core.llms import ChatMessage, MockLLM
from llama_index.core.memory import Memory as LlamaMemory
from sqlalchemy.ext.asyncio import create_async_engine

from chronomem import Memory
from chronomem.integrations._recall import MEMORY_HEADING
from chronomem.integrations.llama_index import ChronomemBlock


def _with_memory(block: ChronomemBlock, work: Callable[[LlamaMemory], Awaitable[Any]], **options: Any) -> Any:
    """Run ``work`` on a LlamaIndex memory holding ``block``, its chat store's engine closed after (LlamaIndex
    leaves the one it makes to the garbage collector)."""

    async def main() -> Any:
        engine = create_async_engine("sqlite+aiosqlite:///:memory:")
        try:
            llama = LlamaMemory.from_defaults(session_id="s1", memory_blocks=[block], async_engine=engine, **options)
            return await work(llama)
        finally:
            await engine.dispose()

    return asyncio.run(main())


def test_the_block_gives_memory_as_a_user_message_never_the_system_one(mem: Memory) -> None:
    mem.add({"role": "user", "content": "I moved to Paris."}, user_id="Alice")

    async def work(llama: LlamaMemory) -> list[ChatMessage]:
        await llama.aput_messages(
            [ChatMessage(role="system", content="Be brief."), ChatMessage(role="user", content="Where do I live?")]
        )
        return await llama.aget()

    got = _with_memory(ChronomemBlock(memory=mem, user_id="Alice"), work)  # insert_method: the system message
    system = [m for m in got if m.role == "system"]
    assert [m.content for m in system] == ["Be brief."]
    carried = [m for m in got if m.role == "user" and MEMORY_HEADING in (m.content or "")]
    assert len(carried) == 1 and "Alice lives in Paris (valid from" in (carried[0].content or "")
    assert got[-1].content == "Where do I live?"


def test_messages_flushed_from_short_term_memory_are_remembered(mem: Memory) -> None:
    async def work(llama: LlamaMemory) -> None:
        await llama.aput(ChatMessage(role="user", content="I moved to Paris."))
        for n in range(4):  # later turns push the first out of the short-term window
            await llama.aput(ChatMessage(role="assistant", content=f"Answer number {n} is a long one, said in full."))
            await llama.aput(ChatMessage(role="user", content=f"Tell me more, part {n}."))

    options = {"token_limit": 60, "chat_history_token_ratio": 0.1, "token_flush_size": 20}
    _with_memory(ChronomemBlock(memory=mem, user_id="Alice"), work, **options)
    hits = mem.retrieve("where does Alice live?")
    assert hits and hits[0].fact == "Alice lives in Paris"
    said = mem.get_episode(hits[0].cites[0])
    assert (said.speaker, said.session) == ("Alice", "s1")


def test_a_chat_engine_runs_with_the_block(mem: Memory) -> None:
    mem.add({"role": "user", "content": "I moved to Paris."}, user_id="Alice")

    async def work(llama: LlamaMemory) -> tuple[str, list[ChatMessage]]:
        engine = SimpleChatEngine.from_defaults(llm=MockLLM(max_tokens=5), memory=llama)
        reply = await engine.achat("Where do I live?")
        return reply.response, await llama.aget()

    reply, history = _with_memory(ChronomemBlock(memory=mem, user_id="Alice"), work)
    assert isinstance(reply, str)
    assert any(MEMORY_HEADING in (m.content or "") for m in history if m.role == "user")
