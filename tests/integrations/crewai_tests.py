"""The CrewAI storage backend, under CrewAI's own ``Memory`` (``remember`` with its fields given and ``recall``
shallow: neither calls a model), on a real SQLite file.

CrewAI pins its own pydantic and brings dozens of packages, so these run in ``.venv-crewai`` (``scripts/setup
--dev`` makes it): ``test_framework_venvs.py`` in the main run launches them there. Not collected by the main run
(the file name does not start with ``test_``)."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from crewai import Agent, Crew, Task
from crewai import Memory as CrewMemory
from crewai.llms.base_llm import BaseLLM
from crewai.memory.storage.backend import StorageBackend
from crewai.memory.types import MemoryRecord
from pydantic import Field
from test_readme_examples import run_example

from chronomem import Memory
from chronomem.errors import ConfigError
from chronomem.integrations.crewai import ChronomemStorage

T0 = datetime(2024, 3, 4, 9, 15)  # CrewAI's records carry naive UTC


def _crew_memory(storage: ChronomemStorage) -> CrewMemory:
    return CrewMemory(storage=storage, embedder=storage.embedder)


def test_it_is_a_crewai_storage_backend_that_crewais_memory_uses(mem: Memory) -> None:
    storage = ChronomemStorage(mem, user_id="Alice", session_id="s1")
    assert isinstance(storage, StorageBackend)
    crew = _crew_memory(storage)
    crew.remember("I moved to Paris.", scope="/alice", categories=["home"], importance=0.9)
    matches = crew.recall("where does Alice live?", depth="shallow")
    fact = matches[0].record
    assert fact.metadata["kind"] == "fact" and fact.metadata["text"] == "Alice lives in Paris"
    assert fact.content.startswith("Alice lives in Paris (valid from ") and fact.scope == "/alice"
    said = mem.get_episode(fact.metadata["cites"][0])
    assert (said.speaker, said.session) == ("Alice", "s1")
    assert [r.content for r in storage.list_records()] == ["I moved to Paris."]
    assert storage.count("/alice") == 1 and storage.count("/bob") == 0
    assert storage.list_categories() == {"home": 1} and storage.list_scopes("/") == ["/alice"]
    crew.close()


def test_records_come_back_as_saved_and_are_dated_when_created(mem: Memory) -> None:
    storage = ChronomemStorage(mem, user_id="Alice")
    record = MemoryRecord(content="I live in Berlin.", scope="/a/b", categories=["home"], created_at=T0)
    storage.save([record])
    got = storage.get_record(record.id)
    assert got is not None and got.model_dump() == record.model_dump()
    assert mem.retrieve("where does Alice live?")[0].valid_from == T0.replace(tzinfo=UTC)
    assert storage.get_record("no-such-record") is None
    info = storage.get_scope_info("/a")
    assert (info.record_count, info.categories, info.child_scopes) == (1, ["home"], ["/a/b"])


def test_delete_and_reset_retract_and_history_keeps_them(mem: Memory) -> None:
    storage = ChronomemStorage(mem, user_id="Alice")
    storage.save([MemoryRecord(content="I moved to Paris.", scope="/home"), MemoryRecord(content="I work at Acme.")])
    before = datetime.now(UTC)
    assert storage.delete(scope_prefix="/home") == 1
    assert [h.fact for h in mem.retrieve("where does Alice live?") if h.fact] == []
    assert mem.retrieve("where does Alice live?", as_of=before)[0].fact == "Alice lives in Paris"
    assert [r.content for r in storage.list_records()] == ["I work at Acme."]
    storage.reset()
    assert storage.count() == 0


def test_update_replaces_the_record(mem: Memory) -> None:
    storage = ChronomemStorage(mem, user_id="Alice")
    record = MemoryRecord(content="I live in Berlin.")
    storage.save([record])
    storage.update(record.model_copy(update={"content": "I live in Rome."}))
    assert [r.content for r in storage.list_records()] == ["I live in Rome."]
    assert mem.retrieve("where does Alice live?")[0].fact == "Alice lives in Rome"


def test_a_vector_the_storage_did_not_make_is_refused(mem: Memory) -> None:
    with pytest.raises(ConfigError, match=r"embedder=storage\.embedder"):
        ChronomemStorage(mem).search([0.5] * 256)


class ScriptedLLM(BaseLLM):
    """Answers every call with one final answer and keeps the messages it was sent."""

    calls: list[Any] = Field(default_factory=list)

    def call(self, messages: Any, *args: Any, **kwargs: Any) -> str:
        self.calls.append(messages)
        return "Thought: I know it.\nFinal Answer: In Paris."


# CrewAI's agent reads its own deprecated fields
@pytest.mark.filterwarnings("ignore:function_calling_llm is deprecated:DeprecationWarning")
@pytest.mark.filterwarnings("ignore:deprecated:DeprecationWarning")
def test_a_crew_gets_memory_in_the_tasks_user_message_never_the_system_one(mem: Memory) -> None:
    mem.add({"role": "user", "content": "I moved to Paris."}, user_id="Alice")
    storage = ChronomemStorage(mem, user_id="Alice", session_id="crew")
    llm = ScriptedLLM(model="scripted")
    agent = Agent(role="assistant", goal="answer", backstory="Be brief.", llm=llm)
    task = Task(description="Where does Alice live?", expected_output="a city", agent=agent)
    crew_memory = CrewMemory(storage=storage, embedder=storage.embedder, llm=llm)
    assert Crew(agents=[agent], tasks=[task], memory=crew_memory).kickoff().raw == "In Paris."
    prompt = next(c for c in llm.calls if isinstance(c, list) and "Current Task:" in str(c))
    system = [m["content"] for m in prompt if m["role"] == "system"]
    assert system and not any("Alice lives in Paris" in s for s in system)
    user = [m["content"] for m in prompt if m["role"] == "user"]
    assert any("Alice lives in Paris (valid from" in u for u in user)
    crew_memory.close()


def test_the_readme_example(tmp_path: Path) -> None:
    printed, expected = run_example("crewai", tmp_path)
    assert printed == expected
