"""chronomem in AutoGen: an ``autogen_core.memory.Memory`` for an ``AssistantAgent``'s ``memory=[...]``.

Needs the extra: ``pip install -e '.[autogen]'`` (AutoGen pins its own protobuf: ``scripts/setup --dev`` gives it a
venv of its own, ``.venv-autogen``).

:class:`ChronomemMemory`. Before each model call the agent runs ``update_context``: it recalls what the memory holds
about the latest user message (facts with their valid time, then what was said,
:func:`~chronomem.integrations._recall.recall`) and adds it to the model context as a *user* message that says what
it is, never a system message (AutoGen's own ``ListMemory`` adds one; memory is untrusted input). ``add`` stores a
text, markdown or JSON message (``{"role", "content"}``) and reads it into facts, the speaker of ``"user"`` messages
being ``user_id``, their session ``session_id``; ``query`` returns the hits as ``MemoryContent`` whose metadata is
the hit's record (:func:`~chronomem.integrations._recall.hit_record`); ``clear`` retracts what the session holds
(:meth:`Memory.retract_episode`: reads as of before still see it); ``close`` closes the chronomem memory.
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from typing import Any

from autogen_core import CancellationToken
from autogen_core.memory import Memory as AutogenMemory
from autogen_core.memory import MemoryContent, MemoryMimeType, MemoryQueryResult, UpdateContextResult
from autogen_core.model_context import ChatCompletionContext
from autogen_core.models import UserMessage

from .._memory import Memory
from .._time import MAX_US
from ..errors import InvalidValue
from ..retrieve import Hit
from ._recall import hit_record, hit_text, memory_prompt, recall

__all__ = ["SOURCE", "ChronomemMemory"]

#: The ``source`` of the user message that carries recalled memory.
SOURCE = "chronomem"
_TEXT = (MemoryMimeType.TEXT.value, MemoryMimeType.MARKDOWN.value)


class ChronomemMemory(AutogenMemory):
    """AutoGen's ``Memory`` over a chronomem memory (see the module).

    >>> memory = ChronomemMemory(chronomem.open("memory.db", embedder=None), user_id="Alice")   # doctest: +SKIP
    >>> agent = AssistantAgent("assistant", model_client, memory=[memory])                  # doctest: +SKIP
    """

    component_type = "memory"

    def __init__(self, memory: Memory, *, user_id: str | None = None, session_id: str | None = None, k: int = 5):
        self.memory = memory
        self.user_id = user_id
        self.session_id = session_id
        self.k = k

    async def update_context(self, model_context: ChatCompletionContext) -> UpdateContextResult:
        """Add what the memory recalls about the latest user message as a user message (nothing when it recalls
        nothing or there is no user message with text)."""
        messages = await model_context.get_messages()
        query = next((m.content for m in reversed(messages) if _asked(m)), "")
        hits = await asyncio.to_thread(recall, self.memory, str(query), k=self.k) if str(query).strip() else []
        if hits:
            await model_context.add_message(UserMessage(content=memory_prompt(hits), source=SOURCE))
        return UpdateContextResult(memories=MemoryQueryResult(results=[_content(h) for h in hits]))

    async def query(
        self, query: str | MemoryContent, cancellation_token: CancellationToken | None = None, **kwargs: Any
    ) -> MemoryQueryResult:
        """The ``k`` facts and messages that answer ``query`` (a string, or text content), best first."""
        text = query if isinstance(query, str) else _text(query)
        hits = await asyncio.to_thread(recall, self.memory, text, k=self.k)
        return MemoryQueryResult(results=[_content(h) for h in hits])

    async def add(self, content: MemoryContent, cancellation_token: CancellationToken | None = None) -> None:
        """Store ``content`` as a message of the session, dated now, and read it into facts. Text and markdown are
        what ``metadata["role"]`` says (``"user"`` when it says nothing); JSON is a message ``{"role", "content"}``.

        Raises :class:`~chronomem.errors.InvalidValue` for another MIME type (images, bytes)."""
        said = _message(content)
        await asyncio.to_thread(self.memory.add, said, user_id=self.user_id, session_id=self.session_id)

    async def clear(self) -> None:
        """Retract every episode of the session ``session_id`` (with none: the episodes that have no session)."""
        await asyncio.to_thread(self._clear)

    async def close(self) -> None:
        """Close the chronomem memory."""
        self.memory.close()

    def _clear(self) -> None:
        for ep in self.memory.engine.recent_episodes(self.memory.namespace, self.session_id, MAX_US, 1_000_000):
            self.memory.retract_episode(ep.id)


def _asked(message: object) -> bool:
    return isinstance(message, UserMessage) and message.source != SOURCE and isinstance(message.content, str)


def _content(hit: Hit) -> MemoryContent:
    return MemoryContent(content=hit_text(hit), mime_type=MemoryMimeType.TEXT, metadata=dict(hit_record(hit)))


def _mime(content: MemoryContent) -> str:
    mime: object = content.mime_type
    return str(mime.value if isinstance(mime, MemoryMimeType) else mime)


def _text(content: MemoryContent) -> str:
    value: object = content.content
    if _mime(content) in _TEXT and isinstance(value, str):
        return value
    raise InvalidValue(f"chronomem stores and searches text: got {_mime(content)} content; pass text/plain")


def _message(content: MemoryContent) -> dict[str, object]:
    if _mime(content) == MemoryMimeType.JSON.value and isinstance(content.content, Mapping):
        said = dict(content.content)
        if not isinstance(said.get("content"), str):
            raise InvalidValue('a JSON memory content is a message: {"role": ..., "content": "<text>"}')
        return said
    role = (content.metadata or {}).get("role", "user")
    return {"role": role, "content": _text(content)}
