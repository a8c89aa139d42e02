"""Namespaces are the security boundary: every ``/v1/namespaces/{namespace}/…`` request is checked here,
before its body is parsed or its route runs, so a refused request touches nothing.

No key (``Authorization: Bearer <key>``) or an unknown or revoked one is 401; a key that does not grant the
namespace, or grants it with too weak a role for the method, is 403. The role a method needs is fixed:
``GET`` reads (``read``), ``POST`` writes (``write``), ``DELETE`` erases (``admin``). With ``dev=True`` (only
on a loopback address; the CLI refuses it otherwise) every request acts as an admin key for every namespace.
"""

from __future__ import annotations

import logging

from starlette.types import ASGIApp, Receive, Scope, Send

from .._access import KeyStore, Refused, Role, authorize, bearer
from ..errors import ChronomemError
from ._errors import error_response

__all__ = ["PREFIX", "ROLE_FOR_METHOD", "NamespaceGuard"]

log = logging.getLogger("chronomem.server")

#: Every route that reads or changes a memory lives under this prefix.
PREFIX = "/v1/namespaces/"
ROLE_FOR_METHOD = {"GET": Role.READ, "HEAD": Role.READ, "POST": Role.WRITE, "DELETE": Role.ADMIN}


class NamespaceGuard:
    """Check the key of every request under :data:`PREFIX` (see the module docstring)."""

    def __init__(self, app: ASGIApp, keys: KeyStore | None, *, dev: bool = False) -> None:
        self.app, self.keys, self.dev = app, keys, dev

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or not scope["path"].startswith(PREFIX):
            await self.app(scope, receive, send)
            return
        # scope["path"] is already percent-decoded, exactly as the router reads it: decoding it again would check
        # one namespace ("al%69ce" -> "alice") and serve another
        namespace = scope["path"][len(PREFIX) :].split("/", 1)[0]
        try:
            refusal = self._refusal(scope, namespace)
        except ChronomemError as exc:  # the keys file became unreadable: refuse, say why in the log
            log.error("cannot check API keys: %s", exc)
            refusal = 500, "internal", "the server cannot check API keys now; the server log has the details"
        if refusal is not None:
            status, code, message = refusal
            headers = {"WWW-Authenticate": "Bearer"} if status == 401 else None
            await error_response(status, code, message, headers)(scope, receive, send)
            return
        await self.app(scope, receive, send)

    def _refusal(self, scope: Scope, namespace: str) -> tuple[int, str, str] | None:
        state = scope.setdefault("state", {})
        state["namespace"] = namespace
        needed = ROLE_FOR_METHOD.get(scope["method"])
        if needed is None:
            return 405, "method_not_allowed", f"{scope['method']} is not allowed; use GET, POST or DELETE"
        if self.dev:
            state["key_id"] = "dev"
            return None
        try:
            key = authorize(self.keys, bearer(scope["headers"]), namespace, needed, scope["method"])
        except Refused as refused:
            if refused.key is not None:
                state["key_id"] = refused.key.id
            return refused.status, refused.code, str(refused)
        state["key_id"] = key.id
        return None
