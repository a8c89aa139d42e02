"""The LLM contract (messages + JSON schema -> validated object) and its OpenAI-compatible client.

The client asks for structure with a forced tool call, the most widely supported way; when the endpoint
rejects tools or ignores them, it falls back to ``response_format={"type": "json_object", "schema": ...}``
(llama.cpp, vLLM, Ollama) and remembers that for later calls. Every answer is validated against the schema
(JSON Schema 2020-12, ``jsonschema``) before anyone sees it. The fallback and each re-ask after an unusable
answer log one INFO line on ``chronomem.models``.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Literal

import httpx
import jsonschema

from .._log import logger
from .._values import JSON, Usage
from ..contracts import ChatMessage, StructuredAnswer
from ..errors import (
    ConfigError,
    InvalidValue,
    ModelError,
    ModelResponseError,
    SchemaViolation,
    Truncated,
)
from ._http import Endpoint, HttpJson, raise_for_client_error

__all__ = [
    "ChatMessage",
    "OpenAIChatLLM",
    "StructuredAnswer",
    "Usage",
    "check_request",
    "validate_answer",
]

Mode = Literal["tool", "json_object", "scripted"]
_logger = logger.getChild("models")
_TOOL_NAME = re.compile(r"^[A-Za-z0-9_-]{1,64}$")


def check_request(
    messages: Sequence[ChatMessage], schema: Mapping[str, object], name: str
) -> jsonschema.Draft202012Validator:
    """Validate a request before any network call; returns the schema's validator."""
    if isinstance(messages, str) or not isinstance(messages, Sequence) or not messages:
        raise InvalidValue("messages must be a non-empty list of {'role': ..., 'content': ...} dicts")
    for i, message in enumerate(messages):
        if not isinstance(message, Mapping) or message.get("role") not in ("system", "user", "assistant"):
            raise InvalidValue(f"messages[{i}] needs a role of 'system', 'user' or 'assistant'")
        if not isinstance(message.get("content"), str):
            raise InvalidValue(f"messages[{i}]['content'] must be a str")
    if not _TOOL_NAME.match(name):
        raise InvalidValue(f"name {name!r} must be 1-64 letters, digits, '_' or '-'")
    if not isinstance(schema, Mapping) or schema.get("type") != "object":
        raise InvalidValue('schema must be a JSON Schema for an object: {"type": "object", "properties": ...}')
    try:
        jsonschema.Draft202012Validator.check_schema(schema)
    except jsonschema.SchemaError as exc:
        raise InvalidValue(f"schema is not valid JSON Schema: {exc.message}") from exc
    return jsonschema.Draft202012Validator(schema)


def validate_answer(value: object, validator: jsonschema.Draft202012Validator, model: str) -> dict[str, JSON]:
    """``value`` if it is an object matching the schema, else :class:`SchemaViolation` naming the problem."""
    if not isinstance(value, dict):
        raise SchemaViolation(f"{model} answered {type(value).__name__} JSON, the schema asks for an object")
    error = jsonschema.exceptions.best_match(validator.iter_errors(value))
    if error is not None:
        where = "/".join(str(part) for part in error.absolute_path) or "(root)"
        raise SchemaViolation(f"{model} answered JSON that breaks the schema at {where}: {error.message}")
    return value


class OpenAIChatLLM:
    """:class:`LLM` over ``POST {base_url}/chat/completions`` of any OpenAI-compatible server.

    ``mode``: ``"auto"`` (forced tool call, falling back to ``json_object``), ``"tool"`` or ``"json_object"``.
    ``answer_retries`` re-asks after a malformed or schema-violating answer; transport retries (429, 5xx,
    timeouts, refused connections) follow the :class:`Endpoint`. Truncation is never retried.
    Use as a context manager, or call :meth:`close`.

    >>> llm = OpenAIChatLLM(Endpoint("http://127.0.0.1:8080/v1", model="smollm2"))
    >>> llm.model
    'smollm2'
    >>> llm.close()
    """

    def __init__(
        self,
        endpoint: Endpoint,
        *,
        mode: Literal["auto", "tool", "json_object"] = "auto",
        max_tokens: int = 512,
        temperature: float = 0.0,
        answer_retries: int = 1,
        transport: httpx.BaseTransport | None = None,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        if max_tokens < 1 or answer_retries < 0:
            raise InvalidValue("max_tokens must be >= 1 and answer_retries >= 0")
        if mode not in ("auto", "tool", "json_object"):
            raise ConfigError(f"mode {mode!r} is not one of 'auto', 'tool', 'json_object'")
        self.endpoint = endpoint
        self.max_tokens = max_tokens
        self.temperature = temperature
        self.answer_retries = answer_retries
        self._mode: Literal["auto", "tool", "json_object"] = mode
        self._http = HttpJson(endpoint, transport=transport, sleep=sleep)

    @property
    def model(self) -> str:
        return self.endpoint.model

    def __enter__(self) -> OpenAIChatLLM:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def close(self) -> None:
        self._http.close()

    def complete_json(
        self,
        messages: Sequence[ChatMessage],
        schema: dict[str, JSON],
        *,
        name: str = "answer",
        max_tokens: int | None = None,
    ) -> StructuredAnswer:
        """See :class:`LLM`. Example (against a running server)::

        answer = llm.complete_json([{"role": "user", "content": "Name a city"}],
                                   {"type": "object", "properties": {"city": {"type": "string"}},
                                    "required": ["city"]})
        answer.value["city"], answer.usage.completion_tokens
        """
        validator = check_request(messages, schema, name)
        if max_tokens is not None and max_tokens < 1:
            raise InvalidValue(f"max_tokens must be >= 1, got {max_tokens}")
        limit = max_tokens or self.max_tokens
        started = time.perf_counter()
        tally = _Tally()
        error: ModelError | None = None
        asks = 0
        while asks <= self.answer_retries:
            mode: Mode = "json_object" if self._mode == "json_object" else "tool"
            reply = self._http.post("/chat/completions", self._payload(messages, schema, name, mode, limit))
            tally.attempts += reply.attempts
            if reply.status >= 400 and self._fall_back(mode, f"the endpoint answered HTTP {reply.status}"):
                continue  # the endpoint does not take tools: ask again the other way, not counted
            raise_for_client_error(reply, self.endpoint.url("/chat/completions"))
            try:
                text = self._answer_text(reply.body, mode, tally)
                value = validate_answer(_decode(text, self.model, tally.last, limit), validator, self.model)
            except _NoToolCall:
                if self._fall_back(mode, "the model answered without calling the tool"):
                    continue  # the model ignored the tool: ask again the other way, not counted
                error = ModelResponseError(f"{self.model} answered without the forced tool call")
            except (ModelResponseError, SchemaViolation) as exc:
                error = exc
            else:
                return StructuredAnswer(value, tally.usage(self.model, time.perf_counter() - started, mode))
            asks += 1
            if asks <= self.answer_retries:
                _logger.info(
                    "%s gave an unusable answer (ask %d of %d), asking again now (wait 0s): %s: %s",
                    self.model,
                    asks,
                    self.answer_retries + 1,
                    type(error).__name__,
                    error,
                )
        assert error is not None
        raise error

    def _fall_back(self, mode: Mode, reason: str) -> bool:
        if mode == "tool" and self._mode == "auto":
            self._mode = "json_object"
            _logger.info(
                "%s: forced tool call failed (%s); falling back to response_format json_object "
                "for this and later calls of this client",
                self.model,
                reason,
            )
            return True
        return False

    def _payload(
        self, messages: Sequence[ChatMessage], schema: dict[str, JSON], name: str, mode: Mode, max_tokens: int
    ) -> dict[str, object]:
        payload: dict[str, object] = {
            "model": self.model,
            "max_tokens": max_tokens,
            "temperature": self.temperature,
        }
        if mode == "tool":
            function = {"name": name, "description": f"Report the {name}.", "parameters": schema}
            payload["tools"] = [{"type": "function", "function": function}]
            payload["tool_choice"] = {"type": "function", "function": {"name": name}}
            payload["messages"] = list(messages)
        else:
            # OpenAI's json_object mode wants the word JSON in the prompt; small models need the schema.
            hint = "Answer with one JSON object that matches this JSON schema:\n" + json.dumps(
                schema, ensure_ascii=False
            )
            payload["messages"] = [*messages, {"role": "system", "content": hint}]
            payload["response_format"] = {"type": "json_object", "schema": schema}
        return payload

    def _answer_text(self, body: object, mode: Mode, tally: _Tally) -> str:
        choice, usage = _first_choice(body, self.model)
        tally.add(usage)
        if choice.get("finish_reason") == "length":
            raise Truncated(f"{self.model} stopped at max_tokens before finishing its answer; raise max_tokens")
        message = choice.get("message")
        if not isinstance(message, dict):
            raise ModelResponseError(f"{self.model} answered a choice without a message")
        if mode == "json_object":
            content = message.get("content")
            if not isinstance(content, str):
                raise ModelResponseError(f"{self.model} answered no text content")
            return content
        calls = message.get("tool_calls")
        if not isinstance(calls, list) or not calls or not isinstance(calls[0], dict):
            raise _NoToolCall
        function = calls[0].get("function")
        arguments = function.get("arguments") if isinstance(function, dict) else None
        if isinstance(arguments, dict):  # a few servers send the object itself
            return json.dumps(arguments)
        if not isinstance(arguments, str):
            raise ModelResponseError(f"{self.model} answered a tool call without arguments")
        return arguments


class _NoToolCall(Exception):
    """The model answered in prose instead of calling the tool (internal: triggers the fallback)."""


class _Tally:
    def __init__(self) -> None:
        self.prompt = self.completion = self.attempts = 0
        self.last = 0  # completion tokens of the latest answer

    def add(self, usage: object) -> None:
        prompt = usage.get("prompt_tokens") if isinstance(usage, dict) else None
        completion = usage.get("completion_tokens") if isinstance(usage, dict) else None
        self.prompt += prompt if isinstance(prompt, int) else 0
        self.last = completion if isinstance(completion, int) else 0
        self.completion += self.last

    def usage(self, model: str, latency_s: float, mode: Mode) -> Usage:
        return Usage(model, self.prompt, self.completion, latency_s, self.attempts, mode)


def _first_choice(body: object, model: str) -> tuple[dict[str, object], object]:
    choices = body.get("choices") if isinstance(body, dict) else None
    if not isinstance(choices, list) or not choices or not isinstance(choices[0], dict):
        raise ModelResponseError(f"{model} answered without choices: {str(body)[:200]}")
    usage = body.get("usage") if isinstance(body, dict) else None
    return choices[0], usage


def _decode(text: str, model: str, completion_tokens: int, max_tokens: int) -> object:
    try:
        return json.loads(text)
    except ValueError as exc:
        # Some servers (llama-cpp-python's) report finish_reason "tool_calls" even when a tool call was cut
        # off: the token count reaching the limit is then the only sign of truncation.
        if completion_tokens >= max_tokens:
            raise Truncated(
                f"{model} used all {max_tokens} max_tokens before finishing its JSON; raise max_tokens"
            ) from exc
        raise ModelResponseError(f"{model} answered text that is not JSON: {text[:200]!r}") from exc
