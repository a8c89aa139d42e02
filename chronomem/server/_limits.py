"""What every request goes through before its route: an access log line, a body-size limit and a timeout.

Each is a small ASGI middleware (no buffering of responses). The body is read whole, up to the limit, before
the route runs, so an oversized body is a 413 whatever the route, and nothing has been touched.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from ._errors import error_response

__all__ = ["AccessLog", "BodyLimit", "Timeout"]

log = logging.getLogger("chronomem.server")


class AccessLog:
    """One INFO line per request on the ``chronomem.server`` logger, with the same fields as ``extra``
    (``method``, ``path``, ``status``, ``ms``, ``key``, ``namespace``) for structured handlers."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        start, status = time.perf_counter(), [500]

        async def send_status(message: Message) -> None:
            if message["type"] == "http.response.start":
                status[0] = message["status"]
            await send(message)

        try:
            await self.app(scope, receive, send_status)
        finally:
            state: dict[str, Any] = scope.get("state", {})
            fields = {
                "method": scope["method"],
                "path": scope["path"],
                "status": status[0],
                "ms": round((time.perf_counter() - start) * 1000, 1),
                "key": state.get("key_id", "-"),
                "namespace": state.get("namespace", "-"),
            }
            log.info(
                "%(method)s %(path)s %(status)s %(ms)sms key=%(key)s namespace=%(namespace)s", fields, extra=fields
            )


class BodyLimit:
    """Refuse a body over ``max_bytes`` with 413 (by its Content-Length, or while reading it)."""

    def __init__(self, app: ASGIApp, max_bytes: int) -> None:
        self.app, self.max_bytes = app, max_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        length = dict(scope["headers"]).get(b"content-length", b"0")
        if not length.isdigit() or int(length) > self.max_bytes:
            await self._refuse(scope, receive, send)
            return
        body, more = bytearray(), True
        while more:
            message = await receive()
            if message["type"] == "http.disconnect":
                return
            body += message.get("body", b"")
            more = message.get("more_body", False)
            if len(body) > self.max_bytes:
                await self._refuse(scope, receive, send)
                return
        replayed = False

        async def replay() -> Message:
            nonlocal replayed
            if not replayed:
                replayed = True
                return {"type": "http.request", "body": bytes(body), "more_body": False}
            return await receive()

        await self.app(scope, replay, send)

    async def _refuse(self, scope: Scope, receive: Receive, send: Send) -> None:
        response = error_response(
            413, "body_too_large", f"the body is over {self.max_bytes} bytes; send fewer messages per request"
        )
        await response(scope, receive, send)


class Timeout:
    """Answer 504 when a request takes longer than ``seconds``, or 408 when its body had not all arrived by
    then (the client was slow, not the server). A write already under way still commits (its worker thread
    cannot be stopped); messages are idempotent by id, so sending one again is safe."""

    def __init__(self, app: ASGIApp, seconds: float) -> None:
        self.app, self.seconds = app, seconds

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started, received = False, False

        async def send_started(message: Message) -> None:
            nonlocal started
            started = True
            await send(message)

        async def receive_body() -> Message:
            nonlocal received
            message = await receive()
            received = received or not message.get("more_body", False)
            return message

        try:
            await asyncio.wait_for(self.app(scope, receive_body, send_started), self.seconds)
        except TimeoutError:
            if started:
                raise
            if not received:  # BodyLimit reads every body whole before the route: it was still arriving
                message = f"the request's body did not all arrive within {self.seconds:g} s; send it again, promptly"
                await error_response(408, "request_timeout", message)(scope, receive, send)
                return
            message = f"the request took longer than {self.seconds:g} s; ask for less (a smaller k or limit)"
            await error_response(504, "timeout", message)(scope, receive, send)
