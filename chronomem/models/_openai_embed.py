"""Embeddings from any OpenAI-compatible ``/v1/embeddings`` endpoint (OpenAI, vLLM, llama.cpp, Ollama)."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence

import httpx
import numpy as np
import numpy.typing as npt

from ..errors import InvalidValue, ModelResponseError
from ._embed import Matrix, check_texts, unit_rows
from ._http import Endpoint, HttpJson, raise_for_client_error

__all__ = ["OpenAIEmbedder"]

Vector = npt.NDArray[np.float32]


class OpenAIEmbedder:
    """Vectors from ``POST {base_url}/embeddings``, unit-normalised here whatever the server does.

    ``dim`` is the model's width (1536 for OpenAI's text-embedding-3-small); when you do not know it,
    :meth:`probe` asks the server once. A server that answers one vector per *token* (llama.cpp without
    pooling) is mean-pooled here. Errors: see :meth:`HttpJson.post`; a 4xx maps through
    ``raise_for_client_error``; an answer of the wrong shape or width is a
    :class:`~chronomem.errors.ModelResponseError`.

    >>> e = OpenAIEmbedder(Endpoint("http://127.0.0.1:8080/v1", model="nomic-embed"), dim=768)
    >>> e.name, e.dim
    ('nomic-embed', 768)
    >>> e.close()
    """

    def __init__(
        self,
        endpoint: Endpoint,
        *,
        dim: int,
        batch_size: int = 64,
        max_chars: int = 32_000,
        transport: httpx.BaseTransport | None = None,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        if batch_size < 1 or max_chars < 1 or dim < 1:
            raise InvalidValue("batch_size, max_chars and dim must be >= 1")
        self.endpoint = endpoint
        self.batch_size = batch_size
        self.max_chars = max_chars
        self._dim = dim
        self._http = HttpJson(endpoint, transport=transport, sleep=sleep)

    @classmethod
    def probe(
        cls,
        endpoint: Endpoint,
        *,
        batch_size: int = 64,
        max_chars: int = 32_000,
        transport: httpx.BaseTransport | None = None,
        sleep: Callable[[float], None] = time.sleep,
    ) -> OpenAIEmbedder:
        """An embedder whose ``dim`` was learnt by embedding one short text (one request)."""
        with HttpJson(endpoint, transport=transport, sleep=sleep) as http:
            dim = int(cls._request_with(http, endpoint, ["dimension probe"]).shape[1])
        return cls(endpoint, dim=dim, batch_size=batch_size, max_chars=max_chars, transport=transport, sleep=sleep)

    def __enter__(self) -> OpenAIEmbedder:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def close(self) -> None:
        self._http.close()

    @property
    def name(self) -> str:
        return self.endpoint.model

    @property
    def dim(self) -> int:
        return self._dim

    def embed(self, texts: Sequence[str]) -> Matrix:
        """See :class:`~chronomem.models.Embedder`."""
        items = check_texts(texts, max_chars=self.max_chars, model=self.name)
        parts = [self._request(items[i : i + self.batch_size]) for i in range(0, len(items), self.batch_size)]
        matrix = np.vstack(parts)
        if matrix.shape[1] != self._dim:
            raise ModelResponseError(f"{self.name} returned {matrix.shape[1]}-d vectors, expected {self._dim}")
        return matrix

    def _request(self, batch: list[str]) -> Matrix:
        return self._request_with(self._http, self.endpoint, batch)

    @staticmethod
    def _request_with(http: HttpJson, endpoint: Endpoint, batch: list[str]) -> Matrix:
        url = endpoint.url("/embeddings")
        reply = http.post("/embeddings", {"model": endpoint.model, "input": batch})
        raise_for_client_error(reply, url)
        body = reply.body
        data = body.get("data") if isinstance(body, dict) else None
        if not isinstance(data, list) or len(data) != len(batch):
            raise ModelResponseError(f"{url} answered no 'data' list of {len(batch)} embeddings: {str(body)[:200]}")
        rows: list[Vector | None] = [None] * len(batch)
        for position, item in enumerate(data):
            index = item.get("index", position) if isinstance(item, dict) else None
            if not isinstance(index, int) or not 0 <= index < len(batch) or rows[index] is not None:
                raise ModelResponseError(f"{url} answered a bad or repeated index in data[{position}]")
            rows[index] = _pooled(item.get("embedding"), url)
        return unit_rows(np.vstack([row for row in rows if row is not None]), model=endpoint.model)


def _pooled(embedding: object, url: str) -> Vector:
    try:
        array = np.asarray(embedding, dtype=np.float32)
    except (TypeError, ValueError) as exc:
        raise ModelResponseError(f"{url} answered an embedding that is not a list of numbers") from exc
    if array.ndim == 2 and array.shape[0] > 0:  # one vector per token: mean-pool them
        array = array.mean(axis=0)
    if array.ndim != 1 or array.size == 0:
        raise ModelResponseError(f"{url} answered an embedding of shape {array.shape}, expected (dim,)")
    return array
