"""The server's errors back into :mod:`chronomem.errors`: an answer ``{"error": {"code", "message"}}`` raises
the class the server mapped to that code, with the server's message (the Python API's own, for a 4xx), so
code that catches :class:`~chronomem.errors.NotFound` around a :class:`~chronomem.Memory` call catches it
around a :class:`~chronomem.client.Client` call too. A transport failure raises
:class:`~chronomem.errors.BackendUnavailable` or :class:`~chronomem.errors.StorageTimeout`.
"""

from __future__ import annotations

import httpx

from .. import errors

__all__ = ["ERRORS", "error_for", "error_from", "transport_error"]

#: Every code the server sends (``chronomem.server._errors``: ``STATUS`` and ``CODES``) and the class it raises.
ERRORS: dict[str, type[errors.ChronomemError]] = {
    "naive_datetime": errors.NaiveDatetime,
    "invalid_interval": errors.InvalidInterval,
    "invalid_value": errors.InvalidValue,
    "invalid_option": errors.ConfigError,
    "not_found": errors.NotFound,
    "conflict": errors.Conflict,
    "storage_unavailable": errors.BackendUnavailable,
    "storage_timeout": errors.StorageTimeout,
    "storage_error": errors.StorageError,
    "extraction_failed": errors.ExtractionError,
    "model_failed": errors.ModelError,
    "internal": errors.ChronomemError,
    # what the server itself decides
    "unauthenticated": errors.AccessDenied,
    "forbidden": errors.AccessDenied,
    "method_not_allowed": errors.ChronomemError,
    "request_timeout": errors.StorageTimeout,
    "body_too_large": errors.InvalidValue,
    "invalid_request": errors.InvalidValue,
    "malformed_json": errors.InvalidValue,
    "unknown_parameter": errors.InvalidValue,
    "timeout": errors.StorageTimeout,
}


def error_for(code: str, message: str) -> errors.ChronomemError:
    """The error of ``code`` (an unknown code, from a newer server: :class:`ChronomemError`) saying ``message``."""
    return ERRORS.get(code, errors.ChronomemError)(message)


def error_from(response: httpx.Response) -> errors.ChronomemError:
    """The error an answer of status 400 or more stands for; one that is not the server's JSON (a proxy's page)
    says its status and the start of its text."""
    try:
        body = response.json()["error"]
        return error_for(str(body["code"]), str(body["message"]))
    except (ValueError, KeyError, TypeError):
        said = response.text.strip().replace("\n", " ")[:200]
        return errors.ChronomemError(f"HTTP {response.status_code} from the server, not chronomem's JSON: {said!r}")


def transport_error(exc: httpx.TransportError, base_url: str) -> errors.ChronomemError:
    """A failure to reach the server or to get its answer in time."""
    if isinstance(exc, httpx.TimeoutException):
        return errors.StorageTimeout(f"the chronomem server at {base_url} did not answer in time ({exc!r:.120})")
    return errors.BackendUnavailable(
        f"cannot reach the chronomem server at {base_url} ({exc!r:.120}); is `chronomem serve` running there?"
    )
