"""Every error chronomem raises, in one tree.

Catch :class:`ChronomemError` to catch them all; catch a subclass to act on one failure.
Messages say what was wrong and what to do about it.

::

    ChronomemError
    ├── ConfigError              bad settings, unknown provider/engine name, malformed URL
    │   └── AccessDenied         a server refused the API key (none, unknown, revoked, too weak)
    ├── InvalidInput             the caller passed something unusable; nothing was stored
    │   ├── NaiveDatetime        a datetime without tzinfo crossed the API
    │   ├── InvalidInterval      empty, inverted or out-of-range interval
    │   └── InvalidValue         empty/oversized text, non-JSON value, bad identifier
    ├── NotFound                 unknown namespace, entity, episode or fact
    ├── Conflict                 the write contradicts stored state (idempotency clash, invariant)
    ├── StorageError             the engine failed
    │   ├── BackendUnavailable   cannot reach / lost the database; safe to retry later
    │   ├── StorageTimeout       the database did not answer in time
    │   └── SchemaMismatch       the database schema is older/newer than this code
    ├── ExtractionError          an extractor could not turn an episode into facts
    └── ModelError               an embedder or LLM call failed
        ├── ModelUnavailable     connection refused / DNS / closed; check the endpoint
        ├── ModelTimeout         no answer within the timeout
        ├── RateLimited          HTTP 429 after all retries
        ├── ModelResponseError   5xx after retries, or a malformed/non-JSON answer
        ├── SchemaViolation      the answer was JSON but did not match the schema
        └── Truncated            the answer was cut off (finish_reason == "length")
"""

from __future__ import annotations

__all__ = [
    "AccessDenied",
    "BackendUnavailable",
    "ChronomemError",
    "ConfigError",
    "Conflict",
    "ExtractionError",
    "InvalidInput",
    "InvalidInterval",
    "InvalidValue",
    "ModelError",
    "ModelResponseError",
    "ModelTimeout",
    "ModelUnavailable",
    "NaiveDatetime",
    "NotFound",
    "RateLimited",
    "SchemaMismatch",
    "SchemaViolation",
    "StorageError",
    "StorageTimeout",
    "Truncated",
]


class ChronomemError(Exception):
    """Base of every error raised by chronomem."""


class ConfigError(ChronomemError):
    """Settings are wrong: an unknown engine or provider name, a malformed URL, a missing option."""


class AccessDenied(ConfigError):
    """A chronomem server refused the request's API key: none, unknown or revoked (HTTP 401), or one that does
    not grant the namespace or is too weak a role for the call (HTTP 403). Nothing was read or changed; pass
    a key from ``chronomem keys add`` that grants the namespace."""


class InvalidInput(ChronomemError, ValueError):
    """The caller passed something unusable. Nothing was stored."""


class NaiveDatetime(InvalidInput):
    """A datetime without tzinfo crossed the API. Pass an aware datetime, e.g. ``datetime.now(UTC)``."""


class InvalidInterval(InvalidInput):
    """An interval is empty, inverted (start >= end) or outside the representable range."""


class InvalidValue(InvalidInput):
    """A value is empty, too large, not JSON-serialisable, or an identifier has a bad shape."""


class NotFound(ChronomemError, LookupError):
    """The namespace, entity, episode or fact named does not exist."""


class Conflict(ChronomemError):
    """The write contradicts what is stored (e.g. the same episode id with other content)."""


class StorageError(ChronomemError):
    """The storage engine failed. Stored data is unchanged unless the message says otherwise."""


class BackendUnavailable(StorageError):
    """The database cannot be reached or the connection was lost. Safe to retry later."""


class StorageTimeout(StorageError):
    """The database did not answer in time (lock wait or statement timeout)."""


class SchemaMismatch(StorageError):
    """The database schema does not match this version of chronomem. Run ``chronomem migrate``."""


class ExtractionError(ChronomemError):
    """An extractor could not turn an episode into entities and facts."""


class ModelError(ChronomemError):
    """An embedder or LLM call failed."""


class ModelUnavailable(ModelError):
    """The model endpoint refused the connection or could not be reached. Check its base URL."""


class ModelTimeout(ModelError):
    """The model endpoint did not answer within the timeout."""


class RateLimited(ModelError):
    """The endpoint kept answering HTTP 429 after all retries. Slow down or raise the budget."""


class ModelResponseError(ModelError):
    """The endpoint answered 5xx after all retries, or its answer was not valid JSON."""


class SchemaViolation(ModelError):
    """The model answered JSON that does not match the requested schema."""


class Truncated(ModelError):
    """The model's answer was cut off (``finish_reason == "length"``). Raise ``max_tokens``."""
