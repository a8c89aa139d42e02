"""The HTTP API (``chronomem serve``; ``pip install -e '.[server]'`` in a clone): a thin shell over the Python API.

``create_app`` builds the ASGI application; ``KeyStore`` manages the API keys that grant namespaces and roles.
One module per concept: ``_app`` (the application), ``_routes`` (parse -> call -> format), ``_schemas``
(bodies and JSON), ``_keys`` and ``_guard`` (who may do what, where), ``_errors`` (one JSON error shape),
``_limits`` (access log, body size, timeout), ``_shapes`` (what the routes answer, for the OpenAPI document).
"""

from __future__ import annotations

from .._extras import install_hint

try:
    import fastapi as _fastapi  # noqa: F401  (the extra's framework; pydantic and starlette come with it)
except ImportError as exc:  # pragma: no cover - only without the extra
    raise ImportError(f"chronomem.server needs its extra: {install_hint('server')} ({exc})") from exc

from .. import _access
from ._app import DEFAULT_MAX_BODY, DEFAULT_TIMEOUT, create_app

#: The API keys (shared with the MCP server's HTTP transport): who may call the server, where, in which role.
ALL_NAMESPACES = _access.ALL_NAMESPACES
ApiKey = _access.ApiKey
KeyStore = _access.KeyStore
Role = _access.Role

__all__ = ["ALL_NAMESPACES", "DEFAULT_MAX_BODY", "DEFAULT_TIMEOUT", "ApiKey", "KeyStore", "Role", "create_app"]
