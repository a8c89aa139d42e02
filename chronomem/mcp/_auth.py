"""Who may call the MCP server over HTTP: the API keys of the HTTP API (:mod:`chronomem._access`), the same
namespaces and roles.

:class:`KeyCheck` wraps the streamable-HTTP application: every request needs ``Authorization: Bearer <key>``
for a live key that grants the served namespace (401 without one, 403 for another namespace), and records the
key for the tools. A session belongs to the key that opened it: a request with another key's session id (to
end it, or to read its stream) is answered as for an unknown session (404). Each tool then asks
:func:`require` for the role it needs: reading needs ``read``, ``remember`` and undoing an episode ``write``,
erasing ``admin`` (as ``GET``, ``POST`` and ``DELETE`` in the HTTP API). Over stdio there is no request and
no key: the client started the process as the memory's owner.
"""

from __future__ import annotations

import json
import logging
from typing import Any

from .._access import ApiKey, KeyStore, Refused, Role, authorize, bearer
from ..errors import ChronomemError

__all__ = ["STATE_KEY", "KeyCheck", "require"]

log = logging.getLogger("chronomem.mcp")

_SESSION = b"mcp-session-id"  # the streamable-HTTP transport's session header (lower case, as ASGI gives it)

#: Where :class:`KeyCheck` leaves the caller's key in the request's ``scope["state"]`` (``"dev"`` without keys).
STATE_KEY = "chronomem_key"


class KeyCheck:
    """ASGI middleware: refuse a request whose key does not grant ``namespace``; else pass it on with the key in
    ``scope["state"][STATE_KEY]``. ``keys=None`` (``--dev-no-auth``, loopback only) lets every request act as
    an admin of the namespace."""

    def __init__(self, app: Any, namespace: str, keys: KeyStore | None) -> None:
        self.app, self.namespace, self.keys = app, namespace, keys
        self.owners: dict[bytes, str] = {}  # session id -> the id of the key that opened it

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        try:
            key: ApiKey | str = "dev" if self.keys is None else self._key(scope)
        except Refused as refused:
            await _error(send, refused.status, refused.code, str(refused))
            return
        scope.setdefault("state", {})[STATE_KEY] = key
        key_id = key if isinstance(key, str) else key.id
        session = dict(scope["headers"]).get(_SESSION)
        if session is not None and self.owners.get(session, key_id) != key_id:
            message = "no such MCP session for this key; a session is used by the key that opened it"
            await _error(send, 404, "not_found", message)
            return

        async def send_owned(message: dict[str, Any]) -> None:
            if message["type"] == "http.response.start":
                opened = dict(message.get("headers", ())).get(_SESSION)
                if session is None and opened is not None:
                    self.owners[opened] = key_id
                elif session is not None and scope["method"] == "DELETE" and message["status"] < 300:
                    self.owners.pop(session, None)
            await send(message)

        await self.app(scope, receive, send_owned)

    def _key(self, scope: dict[str, Any]) -> ApiKey:
        try:
            return authorize(self.keys, bearer(scope["headers"]), self.namespace, Role.READ, "MCP")
        except ChronomemError as exc:  # the keys file became unreadable: refuse, say why in the log
            log.error("cannot check API keys: %s", exc)
            raise Refused(500, "internal", "the server cannot check API keys now; its log has the details") from exc


def require(request: Any, needed: Role, action: str) -> None:
    """Raise :class:`PermissionError` unless the key :class:`KeyCheck` left on ``request`` (a Starlette request,
    or ``None`` over stdio) may act as ``needed``; ``action`` names what was asked, for the message."""
    if request is None:
        return
    key = request.scope.get("state", {}).get(STATE_KEY)
    if key == "dev":
        return
    if not isinstance(key, ApiKey):  # KeyCheck did not run: refuse rather than serve unchecked
        raise PermissionError(f"{action} refused: the request carries no checked API key")
    if not key.role.allows(needed):
        raise PermissionError(f"{action} needs the {needed.value} role; key {key.id} is {key.role.value}-only")


async def _error(send: Any, status: int, code: str, message: str) -> None:
    """The HTTP API's error body, ``{"error": {"code", "message"}}``, without its framework."""
    body = json.dumps({"error": {"code": code, "message": message}}).encode()
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
    if status == 401:
        headers.append((b"www-authenticate", b"Bearer"))
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})
