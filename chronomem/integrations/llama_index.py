"""chronomem in LlamaIndex: a memory block for ``llama_index.core.memory.Memory``.

Needs the extra: ``pip install -e '.[llama-index]'``.

:class:`ChronomemBlock` is a long-term memory block. Asked for its content, it recalls what the memory holds about
the latest user message (facts with their valid time, then what was said) and gives it as a *user* chat message
that says what it is, whatever the ``Memory``'s ``insert_method``: a block's text would go into the system message
by default, and memory is untrusted input. The messages LlamaIndex flushes out of its short-term memory are put
into the block: they are added to chronomem (the speaker of ``"user"`` messages is ``user_id``; their session
the ``Memory``'s session id) and read into facts.
"""

from __future__ import annotations

import asyncio
from typing import Any

from llama_index.core.base.llms.types import ChatMessage, MessageRole
from llama_index.core.memory.memory import BaseMemoryBlock
from pydantic import Field

from .._memory import Memory
from ._recall import memory_prompt, recall

__all__ = ["ChronomemBlock"]


class ChronomemBlock(BaseMemoryBlock[list[ChatMessage]]):
    """A LlamaIndex memory block over a chronomem memory (see the module).

    >>> block = ChronomemBlock(memory=chronomem.open("memory.db", embedder=None), user_id="Alice")   # doctest: +SKIP
    >>> llama_memory = Memory.from_defaults(session_id="s1", memory_blocks=[block])               # doctest: +SKIP
    """

    name: str = Field(default="chronomem", description="The name of the memory block.")
    memory: Memory = Field(description="The chronomem memory the block reads and writes.")
    user_id: str | None = Field(default=None, description="The speaker of the user's messages.")
    k: int = Field(default=5, description="How many facts and messages to recall.")

    async def _aget(self, messages: list[ChatMessage] | None = None, **block_kwargs: Any) -> list[ChatMessage]:
        query = next((m.content for m in reversed(messages or []) if m.role == MessageRole.USER and m.content), "")
        if not query.strip():
            return []
        hits = await asyncio.to_thread(recall, self.memory, query, k=self.k)
        return [ChatMessage(role=MessageRole.USER, content=memory_prompt(hits))] if hits else []

    async def _aput(self, messages: list[ChatMessage]) -> None:
        said: list[dict[str, object]] = []
        session = None
        for m in messages:
            if m.role in (MessageRole.USER, MessageRole.ASSISTANT, MessageRole.SYSTEM) and (m.content or "").strip():
                said.append({"role": m.role.value, "content": m.content})
                session = m.additional_kwargs.get("session_id", session)
        if said:
            sid = session if isinstance(session, str) else None
            await asyncio.to_thread(self.memory.add, said, user_id=self.user_id, session_id=sid)
