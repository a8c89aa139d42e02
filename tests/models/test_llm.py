"""OpenAIChatLLM against a local server that misbehaves on purpose (real HTTP, no mocks)."""

from __future__ import annotations

import json
import logging

import pytest
from model_servers import MisbehavingServer, Step, free_port

from chronomem.contracts import LLM
from chronomem.errors import (
    ConfigError,
    InvalidValue,
    ModelResponseError,
    ModelTimeout,
    ModelUnavailable,
    RateLimited,
    SchemaViolation,
    Truncated,
)
from chronomem.models import ChatMessage, Endpoint, OpenAIChatLLM

SCHEMA = {
    "type": "object",
    "properties": {"person": {"type": "string"}, "age": {"type": "integer", "minimum": 0}},
    "required": ["person", "age"],
    "additionalProperties": False,
}
ASK: list[ChatMessage] = [{"role": "user", "content": "Alice is 30."}]


def tool_answer(arguments: str, *, finish: str = "tool_calls", usage: tuple[int, int] = (10, 5)) -> dict[str, object]:
    call = {"id": "c1", "type": "function", "function": {"name": "answer", "arguments": arguments}}
    return {
        "choices": [
            {
                "index": 0,
                "message": {"role": "assistant", "content": None, "tool_calls": [call]},
                "finish_reason": finish,
            }
        ],
        "usage": {"prompt_tokens": usage[0], "completion_tokens": usage[1]},
    }


def text_answer(content: str, *, finish: str = "stop") -> dict[str, object]:
    return {
        "choices": [{"index": 0, "message": {"role": "assistant", "content": content}, "finish_reason": finish}],
        "usage": {"prompt_tokens": 7, "completion_tokens": 3},
    }


def client(server: MisbehavingServer, **kwargs: object) -> OpenAIChatLLM:
    endpoint_args = {"timeout_s": 5.0, "max_retries": 2, "backoff_s": 0.01, "backoff_max_s": 0.05}
    endpoint_args.update({k: kwargs.pop(k) for k in list(kwargs) if k in ("timeout_s", "max_retries", "api_key")})
    endpoint = Endpoint(server.base_url, model="m", **endpoint_args)  # type: ignore[arg-type]
    return OpenAIChatLLM(endpoint, **kwargs)  # type: ignore[arg-type]


GOOD = json.dumps({"person": "Alice", "age": 30})


def test_forced_tool_call_returns_validated_value_and_usage(flaky: MisbehavingServer) -> None:
    flaky.script(Step(body=tool_answer(GOOD, usage=(12, 6))))
    with client(flaky) as llm:
        assert isinstance(llm, LLM)
        answer = llm.complete_json(ASK, SCHEMA)
    assert answer.value == {"person": "Alice", "age": 30}
    usage = answer.usage
    assert (usage.prompt_tokens, usage.completion_tokens, usage.attempts, usage.mode) == (12, 6, 1, "tool")
    assert usage.latency_s > 0
    sent = flaky.requests[0]
    assert sent["tool_choice"] == {"type": "function", "function": {"name": "answer"}}
    assert sent["tools"][0]["function"]["parameters"] == SCHEMA  # type: ignore[index]
    assert sent["messages"] == ASK and sent["model"] == "m"


def test_api_key_is_sent_as_bearer_token(flaky: MisbehavingServer) -> None:
    flaky.script(Step(body=tool_answer(GOOD)))
    with client(flaky, api_key="sk-test") as llm:
        llm.complete_json(ASK, SCHEMA)
    assert flaky.headers[0]["Authorization"] == "Bearer sk-test"


def test_falls_back_to_json_object_when_tools_are_rejected_and_remembers(flaky: MisbehavingServer) -> None:
    flaky.script(
        Step(400, {"error": "tools not supported"}),
        Step(body=text_answer(GOOD)),
        Step(body=text_answer(GOOD)),
    )
    with client(flaky) as llm:
        first = llm.complete_json(ASK, SCHEMA)
        second = llm.complete_json(ASK, SCHEMA)
    assert first.value == second.value == {"person": "Alice", "age": 30}
    assert first.usage.mode == second.usage.mode == "json_object"
    assert "tools" in flaky.requests[0]
    for sent in flaky.requests[1:]:
        assert sent["response_format"] == {"type": "json_object", "schema": SCHEMA}
        assert "tools" not in sent
        assert "JSON" in sent["messages"][-1]["content"]  # type: ignore[index]
    assert len(flaky.requests) == 3


def test_falls_back_when_the_model_ignores_the_tool(flaky: MisbehavingServer) -> None:
    flaky.script(Step(body=text_answer("Alice is thirty.")), Step(body=text_answer(GOOD)))
    with client(flaky) as llm:
        answer = llm.complete_json(ASK, SCHEMA)
    assert answer.usage.mode == "json_object" and answer.value["age"] == 30


def test_tool_mode_without_tool_call_is_a_response_error(flaky: MisbehavingServer) -> None:
    flaky.script(Step(body=text_answer(GOOD)), Step(body=text_answer(GOOD)))
    with client(flaky, mode="tool") as llm, pytest.raises(ModelResponseError, match="tool call"):
        llm.complete_json(ASK, SCHEMA)
    assert len(flaky.requests) == 2  # asked once more (answer_retries=1)


def test_malformed_json_is_retried_then_accepted(flaky: MisbehavingServer) -> None:
    flaky.script(Step(body=tool_answer('{"person": "Alice", "age": 3')), Step(body=tool_answer(GOOD)))
    with client(flaky) as llm:
        answer = llm.complete_json(ASK, SCHEMA)
    assert answer.value["person"] == "Alice"
    assert answer.usage.attempts == 2
    assert answer.usage.prompt_tokens == 20  # both attempts are counted


def test_malformed_json_after_all_retries_is_a_response_error(flaky: MisbehavingServer) -> None:
    flaky.script(*[Step(body=tool_answer("not json {")) for _ in range(3)])
    with client(flaky, answer_retries=2) as llm, pytest.raises(ModelResponseError, match="not JSON"):
        llm.complete_json(ASK, SCHEMA)
    assert len(flaky.requests) == 3


@pytest.mark.parametrize(
    ("arguments", "where"),
    [
        ('{"person": "Alice"}', "(root)"),
        ('{"person": "Alice", "age": -1}', "age"),
        ('{"person": "Alice", "age": "thirty"}', "age"),
        ('{"person": "Alice", "age": 1, "extra": true}', "(root)"),
        ('["Alice", 30]', None),
    ],
)
def test_schema_violations_are_reported(flaky: MisbehavingServer, arguments: str, where: str | None) -> None:
    flaky.script(Step(body=tool_answer(arguments)), Step(body=tool_answer(arguments)))
    with client(flaky) as llm, pytest.raises(SchemaViolation) as caught:
        llm.complete_json(ASK, SCHEMA)
    if where is not None:
        assert f"at {where}" in str(caught.value)


def test_truncation_is_detected_and_not_retried(flaky: MisbehavingServer) -> None:
    flaky.script(Step(body=tool_answer('{"person": "Al', finish="length")), Step(body=tool_answer(GOOD)))
    with client(flaky) as llm, pytest.raises(Truncated, match="max_tokens"):
        llm.complete_json(ASK, SCHEMA, max_tokens=3)
    assert len(flaky.requests) == 1
    assert flaky.requests[0]["max_tokens"] == 3


def test_unparseable_answer_at_the_token_limit_is_truncation(flaky: MisbehavingServer) -> None:
    # Some servers (llama-cpp-python's) say finish_reason "tool_calls" for a cut-off tool call; the token count
    # gives it away.
    flaky.script(Step(body=tool_answer('{"person": "Al', usage=(10, 8))))
    with client(flaky) as llm, pytest.raises(Truncated, match="all 8 max_tokens"):
        llm.complete_json(ASK, SCHEMA, max_tokens=8)
    assert len(flaky.requests) == 1


def test_5xx_is_retried_with_backoff(flaky: MisbehavingServer) -> None:
    slept: list[float] = []
    flaky.script(Step(503, "busy"), Step(500, {"error": "boom"}), Step(body=tool_answer(GOOD)))
    endpoint = Endpoint(flaky.base_url, model="m", max_retries=2, backoff_s=0.01, backoff_max_s=1.0)
    with OpenAIChatLLM(endpoint, sleep=slept.append) as llm:
        answer = llm.complete_json(ASK, SCHEMA)
    assert answer.usage.attempts == 3
    assert slept == [0.01, 0.02]


def test_5xx_after_all_retries_is_a_response_error(flaky: MisbehavingServer) -> None:
    flaky.script(*[Step(500, "internal error") for _ in range(3)])
    with client(flaky) as llm, pytest.raises(ModelResponseError, match="HTTP 500"):
        llm.complete_json(ASK, SCHEMA)
    assert len(flaky.requests) == 3


def test_429_honours_retry_after_then_gives_up(flaky: MisbehavingServer) -> None:
    slept: list[float] = []
    flaky.script(*[Step(429, {"error": "slow down"}, headers={"Retry-After": "0.03"}) for _ in range(2)])
    endpoint = Endpoint(flaky.base_url, model="m", max_retries=1, backoff_s=0.5, backoff_max_s=1.0)
    with OpenAIChatLLM(endpoint, sleep=slept.append) as llm, pytest.raises(RateLimited, match="429"):
        llm.complete_json(ASK, SCHEMA)
    assert slept == [0.03]


@pytest.mark.parametrize("status", [401, 403, 404])
def test_auth_and_routing_errors_are_config_errors(flaky: MisbehavingServer, status: int) -> None:
    flaky.script(Step(status, {"error": "no"}))
    with client(flaky, mode="tool") as llm, pytest.raises(ConfigError, match=str(status)):
        llm.complete_json(ASK, SCHEMA)
    assert len(flaky.requests) == 1


def test_non_json_body_is_a_response_error(flaky: MisbehavingServer) -> None:
    flaky.script(Step(200, "<html>proxy error</html>"))
    with client(flaky) as llm, pytest.raises(ModelResponseError, match="non-JSON"):
        llm.complete_json(ASK, SCHEMA)


def test_answer_without_choices_is_a_response_error(flaky: MisbehavingServer) -> None:
    flaky.script(Step(body={"object": "chat.completion"}), Step(body={"choices": []}))
    with client(flaky) as llm, pytest.raises(ModelResponseError, match="without choices"):
        llm.complete_json(ASK, SCHEMA)


def test_connection_refused_is_model_unavailable() -> None:
    endpoint = Endpoint(f"http://127.0.0.1:{free_port()}/v1", model="m", max_retries=1, backoff_s=0.0)
    with OpenAIChatLLM(endpoint) as llm, pytest.raises(ModelUnavailable, match="cannot reach"):
        llm.complete_json(ASK, SCHEMA)


def test_dropped_connection_is_model_unavailable(flaky: MisbehavingServer) -> None:
    flaky.script(Step(drop=True), Step(drop=True))
    with client(flaky, max_retries=1) as llm, pytest.raises(ModelUnavailable):
        llm.complete_json(ASK, SCHEMA)


def test_slow_answer_past_the_timeout_is_model_timeout(flaky: MisbehavingServer) -> None:
    flaky.script(Step(body=tool_answer(GOOD), delay_s=1.0))
    with client(flaky, timeout_s=0.2, max_retries=0) as llm, pytest.raises(ModelTimeout, match=r"0\.2s"):
        llm.complete_json(ASK, SCHEMA)


@pytest.mark.parametrize(
    ("messages", "schema", "name", "match"),
    [
        ([], SCHEMA, "answer", "non-empty list"),
        ("hello", SCHEMA, "answer", "non-empty list"),
        ([{"role": "robot", "content": "x"}], SCHEMA, "answer", "role"),
        ([{"role": "user", "content": 3}], SCHEMA, "answer", "content"),
        (ASK, {"type": "string"}, "answer", "object"),
        (ASK, {"type": "object", "properties": {"a": {"type": "nope"}}}, "answer", "not valid JSON Schema"),
        (ASK, SCHEMA, "has space", "name"),
    ],
)
def test_bad_requests_fail_before_any_network_call(
    flaky: MisbehavingServer, messages: object, schema: object, name: str, match: str
) -> None:
    with client(flaky) as llm, pytest.raises(InvalidValue, match=match):
        llm.complete_json(messages, schema, name=name)  # type: ignore[arg-type]
    assert flaky.requests == []


def test_constructor_rejects_bad_settings(flaky: MisbehavingServer) -> None:
    with pytest.raises(InvalidValue):
        client(flaky, max_tokens=0)
    with pytest.raises(ConfigError, match="mode"):
        client(flaky, mode="grammar")


def test_per_call_max_tokens_must_be_positive(flaky: MisbehavingServer) -> None:
    with client(flaky) as llm, pytest.raises(InvalidValue, match="max_tokens"):
        llm.complete_json(ASK, SCHEMA, max_tokens=0)
    assert flaky.requests == []


def info_lines(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.name.startswith("chronomem") and r.levelno == logging.INFO]


def test_a_transport_retry_logs_one_info_line(flaky: MisbehavingServer, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, logger="chronomem")
    flaky.script(Step(503, "busy"), Step(body=tool_answer(GOOD)))
    with client(flaky) as llm:
        llm.complete_json(ASK, SCHEMA)
    [line] = info_lines(caplog)
    assert "attempt 1 of 3" in line and "retrying in 0.01s" in line
    assert "ModelResponseError" in line and "HTTP 503" in line
    assert caplog.records[0].name == "chronomem.models"


def test_the_fallback_logs_one_info_line(flaky: MisbehavingServer, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, logger="chronomem")
    flaky.script(
        Step(400, {"error": "tools not supported"}), Step(body=text_answer(GOOD)), Step(body=text_answer(GOOD))
    )
    with client(flaky) as llm:
        llm.complete_json(ASK, SCHEMA)
        llm.complete_json(ASK, SCHEMA)  # remembered: no second fallback, no second line
    [line] = info_lines(caplog)
    assert "falling back to response_format json_object" in line and "HTTP 400" in line


def test_asking_again_after_an_unusable_answer_logs_one_info_line(
    flaky: MisbehavingServer, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="chronomem")
    flaky.script(Step(body=tool_answer('{"person": "Alice", "age": 3')), Step(body=tool_answer(GOOD)))
    with client(flaky) as llm:
        llm.complete_json(ASK, SCHEMA)
    [line] = info_lines(caplog)
    assert "ask 1 of 2" in line and "wait 0s" in line and "not JSON" in line


def test_the_last_failed_attempt_logs_nothing_more(flaky: MisbehavingServer, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, logger="chronomem")
    flaky.script(*[Step(500, "internal error") for _ in range(3)])
    with client(flaky) as llm, pytest.raises(ModelResponseError):
        llm.complete_json(ASK, SCHEMA)
    assert len(info_lines(caplog)) == 2  # two retries; the final failure is the exception, not a log line


def test_the_library_adds_no_handler_but_a_null_handler() -> None:
    handlers = logging.getLogger("chronomem").handlers
    assert [type(h) for h in handlers] == [logging.NullHandler]
    assert logging.getLogger("chronomem.models").handlers == []
