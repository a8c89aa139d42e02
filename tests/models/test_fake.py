"""ScriptedLLM: the deterministic LLM for tests of code that calls an LLM."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from chronomem import JSON
from chronomem.contracts import LLM
from chronomem.errors import InvalidValue, ModelResponseError, RateLimited, SchemaViolation
from chronomem.models import ChatMessage, ScriptedLLM

SCHEMA: dict[str, JSON] = {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}
ASK: list[ChatMessage] = [
    {"role": "system", "content": "Extract."},
    {"role": "user", "content": "I live in Berlin"},
]


def test_answers_in_order_and_records_calls() -> None:
    llm = ScriptedLLM([{"city": "Berlin"}, {"city": "Paris"}], model="fake")
    assert isinstance(llm, LLM)
    first = llm.complete_json(ASK, SCHEMA, name="place")
    second = llm.complete_json(ASK, SCHEMA)
    assert (first.value, second.value) == ({"city": "Berlin"}, {"city": "Paris"})
    assert [call.name for call in llm.calls] == ["place", "answer"]
    assert llm.calls[0].messages == tuple(ASK) and llm.remaining == 0
    assert first.usage.model == "fake" and first.usage.mode == "scripted"
    assert first.usage.prompt_tokens == 5 and first.usage.completion_tokens == 2


def test_function_steps_see_the_request() -> None:
    def echo(messages: Sequence[ChatMessage], schema: dict[str, JSON]) -> dict[str, JSON]:
        return {"city": messages[-1]["content"].split()[-1]}

    llm = ScriptedLLM([echo])
    assert llm.complete_json(ASK, SCHEMA).value == {"city": "Berlin"}


def test_error_steps_are_raised() -> None:
    llm = ScriptedLLM([RateLimited("scripted 429")])
    with pytest.raises(RateLimited, match="scripted"):
        llm.complete_json(ASK, SCHEMA)


def test_answers_are_validated_against_the_schema() -> None:
    llm = ScriptedLLM([{"town": "Berlin"}])
    with pytest.raises(SchemaViolation, match="city"):
        llm.complete_json(ASK, SCHEMA)


def test_requests_are_checked_like_the_real_client() -> None:
    with pytest.raises(InvalidValue):
        ScriptedLLM([{"city": "x"}]).complete_json([], SCHEMA)


def test_running_out_of_steps_says_so() -> None:
    llm = ScriptedLLM()
    llm.add({"city": "Berlin"})
    llm.complete_json(ASK, SCHEMA)
    with pytest.raises(ModelResponseError, match="ran out of answers after 1"):
        llm.complete_json(ASK, SCHEMA)
