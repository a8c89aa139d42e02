"""A deterministic, scripted :class:`~chronomem.models.LLM` for tests of code that calls an LLM."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import TypeAlias

from .._values import JSON, Usage
from ..contracts import ChatMessage, StructuredAnswer
from ..errors import ModelError, ModelResponseError
from ._llm import check_request, validate_answer

__all__ = ["ScriptedCall", "ScriptedLLM"]

#: A scripted step: an answer, an error to raise, or a function of (messages, schema) giving the answer.
Step: TypeAlias = "dict[str, JSON] | ModelError | Callable[[Sequence[ChatMessage], dict[str, JSON]], dict[str, JSON]]"


@dataclass(frozen=True, slots=True)
class ScriptedCall:
    """One call a :class:`ScriptedLLM` received, for assertions."""

    messages: tuple[ChatMessage, ...]
    schema: dict[str, JSON]
    name: str


class ScriptedLLM:
    """Answers from a script, in order; checks requests and answers exactly like the real client.

    Each step is a dict (the answer), a :class:`~chronomem.errors.ModelError` (raised, as a failing
    endpoint would), or a function ``(messages, schema) -> dict``. Answers are validated against the
    schema, so a script that drifts from the schema fails with :class:`~chronomem.errors.SchemaViolation`.
    Running out of steps raises :class:`~chronomem.errors.ModelResponseError`. Token counts are words.

    >>> llm = ScriptedLLM([{"city": "Berlin"}])
    >>> schema = {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}
    >>> llm.complete_json([{"role": "user", "content": "Where?"}], schema).value
    {'city': 'Berlin'}
    >>> len(llm.calls)
    1
    """

    def __init__(self, steps: Iterable[Step] = (), *, model: str = "scripted") -> None:
        self._steps = list(steps)
        self._model = model
        self.calls: list[ScriptedCall] = []

    @property
    def model(self) -> str:
        return self._model

    def add(self, *steps: Step) -> None:
        """Append steps to the script."""
        self._steps.extend(steps)

    @property
    def remaining(self) -> int:
        """Steps not yet used."""
        return len(self._steps) - len(self.calls)

    def complete_json(
        self,
        messages: Sequence[ChatMessage],
        schema: dict[str, JSON],
        *,
        name: str = "answer",
        max_tokens: int | None = None,
    ) -> StructuredAnswer:
        """See :class:`~chronomem.models.LLM`."""
        validator = check_request(messages, schema, name)
        index = len(self.calls)
        self.calls.append(ScriptedCall(tuple(messages), schema, name))
        if index >= len(self._steps):
            raise ModelResponseError(f"ScriptedLLM ran out of answers after {index}; add more steps")
        step = self._steps[index]
        if isinstance(step, ModelError):
            raise step
        answer = step(messages, schema) if callable(step) else step
        value = validate_answer(answer, validator, self._model)
        prompt = sum(len(m["content"].split()) for m in messages)
        completion = len(json.dumps(value, ensure_ascii=False).split())
        return StructuredAnswer(value, Usage(self._model, prompt, completion, 0.0, 1, "scripted"))
