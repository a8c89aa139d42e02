"""OpenAIEmbedder against a local server that misbehaves on purpose."""

from __future__ import annotations

import numpy as np
import pytest
from model_servers import MisbehavingServer, Step, free_port

from chronomem.contracts import Embedder, embed_queries
from chronomem.errors import ConfigError, InvalidValue, ModelResponseError, ModelTimeout, ModelUnavailable
from chronomem.models import Endpoint, OpenAIEmbedder


def embedder(server: MisbehavingServer, **kwargs: object) -> OpenAIEmbedder:
    endpoint = Endpoint(server.base_url, model="emb", timeout_s=5, max_retries=1, backoff_s=0.0)
    kwargs.setdefault("dim", 2)
    return OpenAIEmbedder(endpoint, **kwargs)  # type: ignore[arg-type]


def answer(*vectors: object, indices: list[int] | None = None) -> dict[str, object]:
    order = indices if indices is not None else list(range(len(vectors)))
    return {"data": [{"object": "embedding", "index": i, "embedding": v} for i, v in zip(order, vectors, strict=True)]}


def test_vectors_come_back_unit_length_in_input_order(flaky: MisbehavingServer) -> None:
    flaky.script(Step(body=answer([0.0, 2.0], [3.0, 4.0], indices=[1, 0])))
    with embedder(flaky) as e:
        assert isinstance(e, Embedder)
        matrix = e.embed(["first", "second"])
        assert e.name == "emb" and e.dim == 2
    np.testing.assert_allclose(matrix, [[0.6, 0.8], [0.0, 1.0]], rtol=1e-6)
    assert matrix.dtype == np.float32
    assert flaky.requests == [{"model": "emb", "input": ["first", "second"]}]


def test_batches_are_split_by_batch_size(flaky: MisbehavingServer) -> None:
    flaky.script(Step(body=answer([1, 0], [0, 1])), Step(body=answer([1, 1], [1, 0])), Step(body=answer([0, 1])))
    with embedder(flaky, batch_size=2) as e:
        matrix = e.embed(["a", "b", "c", "d", "e"])
    assert matrix.shape == (5, 2)
    assert [r["input"] for r in flaky.requests] == [["a", "b"], ["c", "d"], ["e"]]


def test_token_level_vectors_are_mean_pooled(flaky: MisbehavingServer) -> None:
    flaky.script(Step(body=answer([[1.0, 0.0], [0.0, 1.0]])))
    with embedder(flaky) as e:
        (row,) = e.embed(["two tokens"])
    np.testing.assert_allclose(row, [2**-0.5, 2**-0.5], rtol=1e-6)


def test_probe_learns_dim_with_one_request(flaky: MisbehavingServer) -> None:
    flaky.script(Step(body=answer([1.0, 2.0, 3.0])), Step(body=answer([0.0, 0.0, 1.0])))
    endpoint = Endpoint(flaky.base_url, model="emb")
    with OpenAIEmbedder.probe(endpoint, batch_size=8) as e:
        assert (e.dim, e.batch_size) == (3, 8)
        assert len(flaky.requests) == 1
        assert e.embed(["x"]).shape == (1, 3)


@pytest.mark.parametrize(
    ("body", "match"),
    [
        ({"data": []}, "no 'data' list of 1"),
        ({"error": "x"}, "no 'data' list"),
        ({"data": [{"index": 5, "embedding": [1.0]}]}, "bad or repeated index"),
        ({"data": [{"index": 0, "embedding": "abc"}]}, "not a list of numbers|shape"),
        ({"data": [{"index": 0, "embedding": [0.0, 0.0]}]}, "zero or non-finite"),
        ({"data": [{"index": 0, "embedding": [[]]}]}, "shape"),
    ],
)
def test_malformed_answers_are_response_errors(flaky: MisbehavingServer, body: object, match: str) -> None:
    flaky.script(Step(body=body))
    with embedder(flaky) as e, pytest.raises(ModelResponseError, match=match):
        e.embed(["x"])


def test_declared_dim_is_enforced(flaky: MisbehavingServer) -> None:
    flaky.script(Step(body=answer([1.0, 0.0, 0.0])))
    with embedder(flaky, dim=4) as e, pytest.raises(ModelResponseError, match="3-d vectors, expected 4"):
        e.embed(["x"])


def test_input_is_checked_before_any_request(flaky: MisbehavingServer) -> None:
    with embedder(flaky, max_chars=5) as e, pytest.raises(InvalidValue, match="at most 5"):
        e.embed(["too long"])
    assert flaky.requests == []


def test_unknown_model_is_a_config_error(flaky: MisbehavingServer) -> None:
    flaky.script(Step(404, {"error": "model not found"}))
    with embedder(flaky) as e, pytest.raises(ConfigError, match="404"):
        e.embed(["x"])


def test_transport_failures_map_to_model_errors(flaky: MisbehavingServer) -> None:
    dead = Endpoint(f"http://127.0.0.1:{free_port()}/v1", model="emb", max_retries=0)
    with OpenAIEmbedder(dead, dim=1) as e, pytest.raises(ModelUnavailable):
        e.embed(["x"])
    flaky.script(Step(body=answer([1.0]), delay_s=1.0))
    slow = Endpoint(flaky.base_url, model="emb", timeout_s=0.2, max_retries=0)
    with OpenAIEmbedder(slow, dim=1) as e, pytest.raises(ModelTimeout):
        e.embed(["x"])


def test_a_question_is_sent_as_is_like_any_text(flaky: MisbehavingServer) -> None:
    flaky.script(Step(body=answer([0.0, 2.0])), Step(body=answer([0.0, 2.0])))
    with embedder(flaky) as e:
        np.testing.assert_array_equal(embed_queries(e, ["where?"]), e.embed(["where?"]))
    assert [r["input"] for r in flaky.requests] == [["where?"], ["where?"]]
