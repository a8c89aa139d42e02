"""The AutoGen adapter, run by AutoGen's own ``AssistantAgent`` with its replay model client
(``autogen_ext.models.replay.ReplayChatCompletionClient``), on a real SQLite file.

AutoGen pins a protobuf the development venv cannot have, so these run in ``.venv-autogen`` (``scripts/setup --dev``
makes it): ``test_framework_venvs.py`` in the main run launches them there. Not collected by the main run (the file
name does not start with ``test_``)."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from autogen_agentchat.agents import AssistantAgent
from autogen_core.memory import Memory as AutogenMemory
from autogen_core.memory import MemoryContent, MemoryMimeType
from autogen_core.model_context import UnboundedChatCompletionContext
from autogen_core.models import SystemMessage, UserMessage
from autogen_ext.models.replay import ReplayChatCompletionClient
from test_readme_examples import run_example

from chronomem import Memory
from chronomem.errors import InvalidValue
from chronomem.integrations._recall import MEMORY_HEADING
from chronomem.integrations.autogen import ChronomemMemory

T0 = datetime(2024, 3, 4, 9, 15, tzinfo=UTC)


def _text(content: str, **metadata: Any) -> MemoryContent:
    return MemoryContent(content=content, mime_type=MemoryMimeType.TEXT, metadata=metadata or None)


def test_it_is_an_autogen_memory_that_stores_and_finds_facts(mem: Memory) -> None:
    memory = ChronomemMemory(mem, user_id="Alice", session_id="s1")
    assert isinstance(memory, AutogenMemory)
    asyncio.run(memory.add(_text("I moved to Paris.")))
    found = asyncio.run(memory.query("where does Alice live?")).results
    assert found[0].metadata is not None and found[0].metadata["kind"] == "fact"
    assert found[0].metadata["text"] == "Alice lives in Paris" and found[0].metadata["valid_to"] is None
    assert isinstance(found[0].content, str) and found[0].content.startswith("Alice lives in Paris (valid from ")
    said = mem.get_episode(found[0].metadata["cites"][0])
    assert (said.speaker, said.session, said.role) == ("Alice", "s1", "user")
    again = asyncio.run(memory.query(_text("where does Alice live?"))).results
    assert [r.content for r in again] == [r.content for r in found]


def test_json_content_is_a_message_and_other_types_are_refused(mem: Memory) -> None:
    memory = ChronomemMemory(mem, user_id="Alice")
    said = {"role": "user", "content": "I live in Berlin.", "occurred_at": T0}
    asyncio.run(memory.add(MemoryContent(content=said, mime_type=MemoryMimeType.JSON)))
    fact = mem.retrieve("where does Alice live?")[0]
    assert (fact.fact, fact.valid_from) == ("Alice lives in Berlin", T0)
    with pytest.raises(InvalidValue, match="image/"):
        asyncio.run(memory.add(MemoryContent(content=b"\x89PNG", mime_type=MemoryMimeType.IMAGE)))
    with pytest.raises(InvalidValue, match="is a message"):
        asyncio.run(memory.add(MemoryContent(content={"text": "hi"}, mime_type=MemoryMimeType.JSON)))


def test_update_context_adds_memory_as_a_user_message_never_a_system_one(mem: Memory) -> None:
    mem.add({"role": "user", "content": "I moved to Paris."}, user_id="Alice")
    context = UnboundedChatCompletionContext(
        [SystemMessage(content="Be brief."), UserMessage(content="Where do I live?", source="user")]
    )
    result = asyncio.run(ChronomemMemory(mem).update_context(context))
    messages = asyncio.run(context.get_messages())
    assert [m.content for m in messages if isinstance(m, SystemMessage)] == ["Be brief."]
    carried = messages[-1]
    assert isinstance(carried, UserMessage) and isinstance(carried.content, str)
    assert carried.content.startswith(MEMORY_HEADING) and "Alice lives in Paris (valid from" in carried.content
    assert result.memories.results[0].metadata is not None
    assert result.memories.results[0].metadata["text"] == "Alice lives in Paris"


def test_nothing_recalled_adds_nothing(mem: Memory) -> None:
    context = UnboundedChatCompletionContext([UserMessage(content="zebras?", source="user")])
    result = asyncio.run(ChronomemMemory(mem).update_context(context))
    assert result.memories.results == [] and len(asyncio.run(context.get_messages())) == 1


def test_an_assistant_agent_sends_the_model_memory_in_a_user_message(mem: Memory) -> None:
    mem.add({"role": "user", "content": "I moved to Paris."}, user_id="Alice")
    model = ReplayChatCompletionClient(["In Paris."])
    agent = AssistantAgent("assistant", model, system_message="Be brief.", memory=[ChronomemMemory(mem)])
    reply = asyncio.run(agent.run(task="Where do I live?"))
    assert reply.messages[-1].to_text() == "In Paris."
    sent = model.create_calls[0]["messages"]
    assert [m.content for m in sent if isinstance(m, SystemMessage)] == ["Be brief."]
    assert not any(MEMORY_HEADING in str(m.content) for m in sent if isinstance(m, SystemMessage))
    carried = [m for m in sent if isinstance(m, UserMessage) and MEMORY_HEADING in str(m.content)]
    assert len(carried) == 1 and "Alice lives in Paris (valid from" in str(carried[0].content)


def test_clear_retracts_the_sessions_episodes_and_history_keeps_them(mem: Memory) -> None:
    memory = ChronomemMemory(mem, user_id="Alice", session_id="s1")
    asyncio.run(memory.add(_text("I moved to Paris.")))
    mem.add({"role": "user", "content": "I work at Acme."}, user_id="Alice", session_id="s2")
    before = datetime.now(UTC)
    asyncio.run(memory.clear())
    assert [h.fact for h in mem.retrieve("where does Alice live?") if h.fact] == []
    assert mem.retrieve("where does Alice work?")[0].fact == "Alice works at Acme"  # another session stays
    assert mem.retrieve("where does Alice live?", as_of=before)[0].fact == "Alice lives in Paris"


def test_close_closes_the_chronomem_memory(tmp_path: Path) -> None:
    import chronomem

    m = chronomem.open(str(tmp_path / "m.db"), embedder=None)
    asyncio.run(ChronomemMemory(m).close())
    with pytest.raises(Exception, match="closed"):
        m.search("anything")


def test_the_readme_example(tmp_path: Path) -> None:
    printed, expected = run_example("autogen", tmp_path)
    assert printed == expected
