"""The OpenAI Agents SDK adapter, run by the SDK's own ``Runner`` with its scripted test model
(``agents.testing.ScriptedModel``), on a real SQLite file."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from agents import Agent, Runner, set_tracing_disabled
from agents.memory import Session, SessionSettings
from agents.testing import ScriptedModel, assistant_message, function_call

from chronomem import Memory
from chronomem.integrations.openai_agents import ChronomemSession, memory_tools


@pytest.fixture(autouse=True)
def no_tracing() -> Any:
    # the SDK exports traces to OpenAI by default; these tests talk to nothing
    set_tracing_disabled(True)
    yield
    set_tracing_disabled(False)


def _run(coro: Any) -> Any:
    return asyncio.run(coro)


def test_the_session_follows_the_sdk_protocol(mem: Memory) -> None:
    session = ChronomemSession(mem, "s1", user_id="Alice")
    assert isinstance(session, Session)
    items: list[Any] = [
        {"role": "user", "content": "I moved to Paris."},
        {"type": "function_call", "call_id": "c1", "name": "f", "arguments": "{}"},
        {"role": "assistant", "content": [{"type": "output_text", "text": "Noted."}]},
    ]
    _run(session.add_items(items))
    assert _run(session.get_items()) == items
    assert _run(session.get_items(limit=2)) == items[1:]
    assert _run(session.get_items(limit=0)) == []
    assert mem.value("Alice", "lives_in") is not None  # the user's message was read into facts
    assert _run(session.pop_item()) == items[2]
    assert _run(session.get_items()) == items[:2]
    other = ChronomemSession(mem, "s2")
    _run(other.add_items([{"role": "user", "content": "hello"}]))
    _run(session.clear_session())
    assert _run(session.get_items()) == [] and _run(session.pop_item()) is None
    assert mem.value("Alice", "lives_in") is None  # taken back: what only it said no longer holds
    assert _run(other.get_items()) == [{"role": "user", "content": "hello"}]
    limited = ChronomemSession(mem, "s2", session_settings=SessionSettings(limit=0))
    assert _run(limited.get_items()) == []


def test_a_runner_keeps_the_conversation_in_the_session(mem: Memory) -> None:
    model = ScriptedModel([[assistant_message("Noted.")], [assistant_message("In Paris.")]])
    agent = Agent(name="assistant", instructions="Be brief.", model=model)
    session = ChronomemSession(mem, "chat-1", user_id="Alice")
    _run(Runner.run(agent, "I moved to Paris.", session=session))
    result = _run(Runner.run(agent, "Where do I live?", session=session))
    assert result.final_output == "In Paris."
    second = model.calls[1].input
    assert [i.get("role") for i in second] == ["user", "assistant", "user"]
    assert second[0]["content"] == "I moved to Paris."
    episodes = mem.search("Paris", k=10, kinds=["episode"])
    assert {h.item.session for h in episodes} == {"chat-1"}  # type: ignore[union-attr]


def test_recall_is_a_tool_whose_output_is_not_the_instructions(mem: Memory) -> None:
    mem.add({"role": "user", "content": "I moved to Paris."}, user_id="Alice")
    model = ScriptedModel(
        [
            [function_call("recall", {"query": "where does Alice live?"}, call_id="c1")],
            [assistant_message("You live in Paris.")],
        ]
    )
    agent = Agent(name="assistant", instructions="Be brief.", model=model, tools=memory_tools(mem, user_id="Alice"))
    result = _run(Runner.run(agent, "Where do I live?"))
    assert result.final_output == "You live in Paris."
    last = model.calls[-1]
    assert last.system_instructions == "Be brief."
    outputs = [i for i in last.input if i.get("type") == "function_call_output"]
    assert len(outputs) == 1 and "Alice lives in Paris (valid from" in str(outputs[0]["output"])


def test_remember_stores_what_the_user_said(mem: Memory) -> None:
    model = ScriptedModel(
        [
            [function_call("remember", {"content": "I moved to Paris."}, call_id="c1")],
            [assistant_message("Done.")],
        ]
    )
    agent = Agent(name="assistant", model=model, tools=memory_tools(mem, user_id="Alice"))
    _run(Runner.run(agent, "Remember that I moved to Paris."))
    hits = mem.retrieve("where does Alice live?")
    assert hits and hits[0].fact == "Alice lives in Paris"
