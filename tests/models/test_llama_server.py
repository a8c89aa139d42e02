"""The real client against llama.cpp's OpenAI-compatible server with SmolLM2-135M (CI builds and starts it).

SmolLM2-135M's content is poor: these tests assert structure (schema-valid objects, usage, truncation),
not wisdom. max_tokens stays small so the suite stays quick on two cores.
"""

from __future__ import annotations

import numpy as np
import pytest
from model_servers import LlamaServer

from chronomem import JSON
from chronomem.errors import ConfigError, Truncated
from chronomem.models import ChatMessage, Endpoint, OpenAIChatLLM, OpenAIEmbedder

pytestmark = pytest.mark.integration

PERSON: dict[str, JSON] = {
    "type": "object",
    "properties": {"person": {"type": "string"}, "city": {"type": "string"}},
    "required": ["person", "city"],
}
FACTS: dict[str, JSON] = {
    "type": "object",
    "properties": {
        "facts": {
            "type": "array",
            "maxItems": 2,
            "items": {
                "type": "object",
                "properties": {
                    "subject": {"type": "string"},
                    "kind": {"type": "string", "enum": ["lives_in", "works_at", "likes"]},
                },
                "required": ["subject", "kind"],
            },
        },
        "language": {"type": "string", "enum": ["zh", "en"]},
    },
    "required": ["facts", "language"],
}
ASK: list[ChatMessage] = [
    {"role": "system", "content": "You extract facts from the user's message."},
    {"role": "user", "content": "Alice moved to Paris in 2024."},
]


def chat(server: LlamaServer, mode: str = "auto", max_tokens: int = 64) -> OpenAIChatLLM:
    endpoint = Endpoint(server.base_url, model=server.chat_model, timeout_s=60, max_retries=1)
    return OpenAIChatLLM(endpoint, mode=mode, max_tokens=max_tokens)  # type: ignore[arg-type]


@pytest.mark.parametrize("mode", ["tool", "json_object"])
def test_structured_answer_in_each_mode(llama_server: LlamaServer, mode: str) -> None:
    with chat(llama_server, mode) as llm:
        answer = llm.complete_json(ASK, PERSON)
    assert isinstance(answer.value["person"], str) and isinstance(answer.value["city"], str)
    assert answer.usage.mode == mode
    assert answer.usage.prompt_tokens > 0 and answer.usage.completion_tokens > 0
    assert answer.usage.latency_s > 0 and answer.usage.attempts >= 1


def test_nested_schema_with_enums_and_chinese_input(llama_server: LlamaServer) -> None:
    messages: list[ChatMessage] = [{"role": "user", "content": "张伟住在上海，喜欢咖啡。"}]
    with chat(llama_server, max_tokens=96) as llm:
        answer = llm.complete_json(messages, FACTS, name="record_facts")
    assert answer.value["language"] in ("zh", "en")
    facts = answer.value["facts"]
    assert isinstance(facts, list) and len(facts) <= 2
    for fact in facts:
        assert isinstance(fact, dict) and fact["kind"] in ("lives_in", "works_at", "likes")


def test_truncation_is_reported(llama_server: LlamaServer) -> None:
    with chat(llama_server) as llm, pytest.raises(Truncated):
        llm.complete_json(ASK, PERSON, max_tokens=2)


def test_unknown_route_is_a_config_error(llama_server: LlamaServer) -> None:
    endpoint = Endpoint(llama_server.base_url + "/nope", model=llama_server.chat_model, max_retries=0)
    with OpenAIChatLLM(endpoint, mode="tool") as llm, pytest.raises(ConfigError, match="404"):
        llm.complete_json(ASK, PERSON)


def test_embeddings_through_the_real_client(llama_server: LlamaServer) -> None:
    endpoint = Endpoint(llama_server.base_url, model=llama_server.embed_model, timeout_s=60)
    with OpenAIEmbedder.probe(endpoint, batch_size=2) as embedder:
        texts = ["I live in Berlin", "我住在柏林", "The meeting is on Friday"]
        matrix = embedder.embed(texts)
        again = embedder.embed(texts[:1])
    assert matrix.shape == (3, embedder.dim) and embedder.dim > 0 and matrix.dtype == np.float32
    np.testing.assert_allclose(np.linalg.norm(matrix, axis=1), 1.0, rtol=1e-5)
    np.testing.assert_allclose(matrix[0], again[0], atol=1e-4)  # same text, same vector
