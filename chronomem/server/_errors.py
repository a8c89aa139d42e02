"""Every error the server sends: ``{"error": {"code": <stable code>, "message": <what to fix>}}``, never a trace.

:data:`STATUS` maps :mod:`chronomem.errors` to an HTTP status and a code here, at the boundary; request
validation (pydantic), unknown routes and anything unexpected are turned into the same body.
"""

from __future__ import annotations

import logging
from typing import Any

from fastapi import Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException

from .. import errors

__all__ = ["CODES", "STATUS", "ApiError", "error_response", "install_handlers"]

log = logging.getLogger("chronomem.server")

#: Most specific first: the first class an error is an instance of decides its status and code.
STATUS: tuple[tuple[type[errors.ChronomemError], int, str], ...] = (
    (errors.NaiveDatetime, 422, "naive_datetime"),
    (errors.InvalidInterval, 422, "invalid_interval"),
    (errors.InvalidInput, 422, "invalid_value"),
    (errors.ConfigError, 422, "invalid_option"),
    (errors.NotFound, 404, "not_found"),
    (errors.Conflict, 409, "conflict"),
    (errors.BackendUnavailable, 503, "storage_unavailable"),
    (errors.StorageTimeout, 503, "storage_timeout"),
    (errors.StorageError, 500, "storage_error"),
    (errors.ExtractionError, 502, "extraction_failed"),
    (errors.ModelError, 502, "model_failed"),
    (errors.ChronomemError, 500, "internal"),
)

#: Codes the server itself sends (besides those of :data:`STATUS`).
CODES = {
    "unauthenticated": 401,
    "forbidden": 403,
    "not_found": 404,
    "method_not_allowed": 405,
    "request_timeout": 408,
    "body_too_large": 413,
    "invalid_request": 422,
    "malformed_json": 422,
    "unknown_parameter": 422,
    "internal": 500,
    "timeout": 504,
}


class ApiError(Exception):
    """An error the server decided on (401, 403, 422 for an unknown parameter...): status, code, message."""

    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(message)
        self.status, self.code, self.message = status, code, message


def error_response(status: int, code: str, message: str, headers: dict[str, str] | None = None) -> JSONResponse:
    return JSONResponse({"error": {"code": code, "message": message}}, status_code=status, headers=headers)


def for_error(exc: errors.ChronomemError) -> tuple[int, str]:
    """The status and code of a chronomem error."""
    return next((status, code) for cls, status, code in STATUS if isinstance(exc, cls))


def _where(loc: tuple[Any, ...]) -> str:
    return ".".join(str(part) for part in loc[1:]) or str(loc[0]) if loc else "request"


def _validation_message(err: dict[str, Any]) -> tuple[str, str]:
    """One pydantic error as ``(code, message)``; a naive datetime says to add an offset."""
    where, kind = _where(tuple(err.get("loc", ()))), err.get("type", "")
    if kind == "json_invalid":
        return "malformed_json", f"the body is not valid JSON ({err.get('ctx', {}).get('error', 'parse error')})"
    if kind == "timezone_aware":
        return "naive_datetime", (
            f"{where}: the time has no offset; add one, e.g. 2024-06-12T15:00:00+08:00 or 2024-06-12T07:00:00Z"
        )
    cause = err.get("ctx", {}).get("error")
    if isinstance(cause, errors.ChronomemError):  # a validator's own check, with the Python API's message
        return for_error(cause)[1], f"{where}: {cause}"
    if kind == "extra_forbidden":
        return "invalid_request", f"{where}: unknown field; remove it (see the OpenAPI document at /openapi.json)"
    return "invalid_request", f"{where}: {err.get('msg', 'invalid')}"


async def _on_validation(request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, RequestValidationError)
    found = [_validation_message(e) for e in exc.errors()]
    code = next((c for c, _ in found if c != "invalid_request"), "invalid_request")
    return error_response(422, code, "; ".join(m for _, m in found[:5]) or "invalid request")


async def _on_chronomem(request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, errors.ChronomemError)
    status, code = for_error(exc)
    if status >= 500:
        log.warning("%s %s failed: %s: %s", request.method, request.url.path, type(exc).__name__, exc)
        message = "the server could not complete the request; try again later" if status != 502 else str(exc)
        return error_response(status, code, message)
    return error_response(status, code, str(exc))


async def _on_api(request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, ApiError)
    return error_response(exc.status, exc.code, exc.message)


async def _on_http(request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, HTTPException)
    if exc.status_code == 404:
        return error_response(404, "not_found", f"no route {request.method} {request.url.path}; see /docs")
    if exc.status_code == 405:
        return error_response(405, "method_not_allowed", f"{request.method} is not allowed on {request.url.path}")
    if exc.status_code == 400:
        return error_response(422, "malformed_json", "the body could not be read as JSON; send a JSON object")
    return error_response(exc.status_code, "invalid_request", str(exc.detail))


async def _on_unexpected(request: Request, exc: Exception) -> JSONResponse:
    log.error("%s %s raised", request.method, request.url.path, exc_info=exc)
    return error_response(500, "internal", "the server failed on this request; the server log has the details")


def install_handlers(app: Any) -> None:
    """Register every handler on the FastAPI ``app``."""
    app.add_exception_handler(RequestValidationError, _on_validation)
    app.add_exception_handler(errors.ChronomemError, _on_chronomem)
    app.add_exception_handler(ApiError, _on_api)
    app.add_exception_handler(HTTPException, _on_http)
    app.add_exception_handler(Exception, _on_unexpected)
