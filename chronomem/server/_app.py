"""``create_app``: the ASGI application over one memory (every namespace of its store)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from importlib.metadata import version
from pathlib import Path

from fastapi import FastAPI
from fastapi.responses import RedirectResponse
from fastapi.staticfiles import StaticFiles
from fastapi_offline import FastAPIOffline

from .._access import KeyStore
from .._async import AsyncMemory
from .._memory import Memory
from ._errors import install_handlers
from ._guard import NamespaceGuard
from ._limits import AccessLog, BodyLimit, Timeout
from ._routes import health, router

__all__ = ["DEFAULT_MAX_BODY", "DEFAULT_TIMEOUT", "DOCS_ASSETS", "create_app"]

log = logging.getLogger("chronomem.server")

DEFAULT_MAX_BODY = 1_000_000  # bytes: 100 messages of ~10 kB
DEFAULT_TIMEOUT = 30.0  # seconds
DOCS_ASSETS = "/docs-assets"  # where /docs finds Swagger UI's script and style

_DESCRIPTION = """A bitemporal long-term memory for AI agents, over HTTP.

Every route that reads or writes a memory is under `/v1/namespaces/{namespace}` and needs
`Authorization: Bearer <key>` for a key that grants that namespace: `GET` needs a `read` key, `POST` a `write`
key, `DELETE` an `admin` key (`chronomem keys add`). Times are ISO 8601 with an offset. Errors are
`{"error": {"code": ..., "message": ...}}`.
"""


def create_app(
    memory: Memory | AsyncMemory,
    *,
    keys: KeyStore | None = None,
    dev: bool = False,
    max_body: int = DEFAULT_MAX_BODY,
    timeout: float = DEFAULT_TIMEOUT,
) -> FastAPI:
    """The HTTP API over ``memory``'s store: any namespace a request's key grants (see :mod:`._guard`).

    ``keys`` checks API keys; ``dev=True`` lets every request in as an admin for every namespace (only for a
    server on a loopback address: ``chronomem serve`` refuses it elsewhere). ``max_body`` bytes and
    ``timeout`` seconds bound each request. The caller keeps ``memory`` open while serving and closes it.

    >>> import httpx, chronomem                                                       # doctest: +SKIP
    >>> app = create_app(chronomem.open("m.db"), keys=KeyStore("keys.json"))
    >>> client = httpx.AsyncClient(transport=httpx.ASGITransport(app), base_url="http://mem")
    """
    # /docs and /redoc load Swagger UI and ReDoc from the installed fastapi-offline package, not from a CDN:
    # the page renders on a machine with no network
    app = FastAPIOffline(
        title="chronomem", version=version("chronomem"), description=_DESCRIPTION, redirect_slashes=False,
        lifespan=_warmed, static_url=DOCS_ASSETS,
    )  # fmt: skip
    app.state.memory = memory if isinstance(memory, AsyncMemory) else AsyncMemory(memory)
    app.state.ready = app.state.memory.sync.embedder is None  # else once _warmed has loaded the model
    install_handlers(app)
    app.include_router(router)
    app.add_api_route("/health", health, methods=["GET"], tags=["service"], summary="Is the server ready")
    # the web UI: static files that call the routes above with the key the user pastes (no key of their own)
    app.add_api_route("/ui", lambda: RedirectResponse("/ui/"), methods=["GET"], include_in_schema=False)
    app.mount("/ui", StaticFiles(directory=Path(__file__).parent / "ui", html=True), name="ui")
    # added inside out: a request meets AccessLog, then the guard, then the timeout (which also bounds a slow
    # upload), then the body limit
    app.add_middleware(BodyLimit, max_bytes=max_body)
    app.add_middleware(Timeout, seconds=timeout)
    app.add_middleware(NamespaceGuard, keys=keys, dev=dev)
    app.add_middleware(AccessLog)
    return app


@asynccontextmanager
async def _warmed(app: FastAPI) -> AsyncIterator[None]:
    """Load the embedding model at startup: an ASGI server runs this before it listens (uvicorn does), so the
    first requests do not all wait for the model and time out; ``/health`` says not ready until it is done."""
    embedder = app.state.memory.sync.embedder
    if embedder is not None and not app.state.ready:
        log.info("loading the embedding model %s", embedder.name)
        await asyncio.to_thread(embedder.embed, ["ready"])
        app.state.ready = True
    yield
