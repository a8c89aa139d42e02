"""One POST of JSON to an OpenAI-compatible endpoint, with retries, back-off and error mapping.

Every ``httpx`` exception stops here and comes out as a :class:`~chronomem.errors.ModelError` subclass,
so callers handle chronomem's errors only. Retried: connection failures, timeouts, HTTP 429 (honouring
``Retry-After``) and 5xx. Not retried: other 4xx, which are the caller's to fix.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import dataclass, field

import httpx

from .._log import logger
from ..errors import (
    ConfigError,
    ModelError,
    ModelResponseError,
    ModelTimeout,
    ModelUnavailable,
    RateLimited,
)

__all__ = ["Endpoint", "HttpJson", "Reply", "raise_for_client_error"]

_logger = logger.getChild("models")


@dataclass(frozen=True, slots=True)
class Endpoint:
    """Where an OpenAI-compatible API lives and how patiently to talk to it.

    ``base_url`` includes the version prefix (``http://127.0.0.1:8080/v1``, ``https://api.openai.com/v1``).
    ``max_retries`` counts retries after the first attempt; back-off doubles from ``backoff_s`` up to
    ``backoff_max_s``. Raises :class:`~chronomem.errors.ConfigError` for a malformed URL or bad numbers.

    >>> Endpoint("http://127.0.0.1:8080/v1", model="smollm2").url("/chat/completions")
    'http://127.0.0.1:8080/v1/chat/completions'
    """

    base_url: str
    model: str
    api_key: str | None = field(default=None, repr=False)
    timeout_s: float = 60.0
    max_retries: int = 2
    backoff_s: float = 0.5
    backoff_max_s: float = 8.0

    def __post_init__(self) -> None:
        try:
            url = httpx.URL(self.base_url)
        except (httpx.InvalidURL, TypeError) as exc:
            raise ConfigError(f"base_url {self.base_url!r} is not a URL: {exc}") from exc
        if url.scheme not in ("http", "https") or not url.host:
            raise ConfigError(f"base_url {self.base_url!r} must be http(s)://host[:port]/v1")
        if not self.model:
            raise ConfigError("model must name the model the endpoint serves, e.g. 'gpt-4o-mini'")
        if not self.timeout_s > 0:
            raise ConfigError(f"timeout_s must be > 0 seconds, got {self.timeout_s}")
        if self.max_retries < 0 or self.backoff_s < 0 or self.backoff_max_s < self.backoff_s:
            raise ConfigError("need max_retries >= 0 and 0 <= backoff_s <= backoff_max_s")

    def url(self, path: str) -> str:
        """The full URL of an API path such as ``/embeddings``."""
        return self.base_url.rstrip("/") + path

    def backoff(self, retry: int, retry_after: str | None = None) -> float:
        """Seconds to wait before retry ``retry`` (1-based); a server's ``Retry-After`` wins, capped."""
        if retry_after is not None:
            try:
                return min(max(float(retry_after), 0.0), self.backoff_max_s)
            except ValueError:
                pass  # an HTTP-date: fall back to our own schedule
        return float(min(self.backoff_s * 2 ** (retry - 1), self.backoff_max_s))


@dataclass(frozen=True, slots=True)
class Reply:
    """A decoded JSON answer (2xx or a non-retryable 4xx) and how many attempts it took."""

    status: int
    body: object
    attempts: int


class HttpJson:
    """Posts JSON to one :class:`Endpoint`. Use as a context manager or call :meth:`close`.

    ``transport`` and ``sleep`` are for tests (``httpx.MockTransport``, a recording sleep).
    """

    def __init__(
        self,
        endpoint: Endpoint,
        *,
        transport: httpx.BaseTransport | None = None,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        headers = {"Authorization": f"Bearer {endpoint.api_key}"} if endpoint.api_key else {}
        self.endpoint = endpoint
        self._sleep = sleep
        self._client = httpx.Client(timeout=endpoint.timeout_s, headers=headers, transport=transport)

    def __enter__(self) -> HttpJson:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def close(self) -> None:
        self._client.close()

    def post(self, path: str, payload: dict[str, object]) -> Reply:
        """POST ``payload``; returns the decoded reply for 2xx and for 4xx other than 429.

        Raises :class:`ModelUnavailable`, :class:`ModelTimeout`, :class:`RateLimited` or
        :class:`ModelResponseError` (5xx, or a body that is not JSON) once the retries are spent.
        """
        url = self.endpoint.url(path)
        attempts = self.endpoint.max_retries + 1
        for attempt in range(1, attempts + 1):
            error, retry_after = self._attempt(url, payload, attempt)
            if isinstance(error, Reply):
                return error
            if attempt == attempts:
                raise error
            wait = self.endpoint.backoff(attempt, retry_after)
            _logger.info(
                "POST %s failed (attempt %d of %d), retrying in %.2fs: %s: %s",
                url,
                attempt,
                attempts,
                wait,
                type(error).__name__,
                error,
            )
            self._sleep(wait)
        raise AssertionError("unreachable")  # pragma: no cover

    def _attempt(self, url: str, payload: dict[str, object], attempt: int) -> tuple[Reply | ModelError, str | None]:
        try:
            response = self._client.post(url, json=payload)
        except httpx.TimeoutException as exc:
            return ModelTimeout(f"{url} did not answer within {self.endpoint.timeout_s}s: {exc!r}"), None
        except httpx.TransportError as exc:
            return ModelUnavailable(f"cannot reach {url}: {exc!r}; is the server running?"), None
        status = response.status_code
        if status == 429:
            message = f"{url} answered 429 Too Many Requests {attempt} time(s); slow down or raise max_retries"
            return RateLimited(message), response.headers.get("Retry-After")
        if status >= 500:
            return ModelResponseError(f"{url} answered HTTP {status}: {_snippet(response.text)}"), None
        try:
            body: object = json.loads(response.content)
        except ValueError as exc:
            raise ModelResponseError(f"{url} answered HTTP {status} with non-JSON: {_snippet(response.text)}") from exc
        return Reply(status, body, attempt), None


def _snippet(text: str, limit: int = 300) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[:limit] + "…"


def raise_for_client_error(reply: Reply, url: str) -> None:
    """Map a 4xx :class:`Reply` to the error a caller can act on; no-op for 2xx."""
    if reply.status < 400:
        return
    detail = _snippet(json.dumps(reply.body, ensure_ascii=False))
    if reply.status in (401, 403):
        raise ConfigError(f"{url} refused the API key (HTTP {reply.status}): {detail}")
    if reply.status == 404:
        raise ConfigError(f"{url} not found (HTTP 404): check base_url ends in /v1 and the model name: {detail}")
    raise ModelResponseError(f"{url} rejected the request (HTTP {reply.status}): {detail}")
