"""``chronomem mcp``: serve a memory to an agent over MCP (parse -> chronomem.mcp.serve)."""

from __future__ import annotations

import click

from .._access import KeyStore
from .._names import empty_namespace
from ..models import one_blas_thread
from ._options import (
    db_option,
    dev_option,
    embedder_option,
    keys_option,
    keys_path,
    namespace_option,
    open_memory,
    reported,
)  # fmt: skip

__all__ = ["mcp_command"]


@click.command(name="mcp")
@db_option("the user's memory file")
@namespace_option
@click.option("--transport", type=click.Choice(["stdio", "http"]), default="stdio", show_default=True,
              help="stdio (the client starts this command) or streamable HTTP at http://HOST:PORT/mcp.")  # fmt: skip
@click.option("--host", default="127.0.0.1", show_default=True, help="For http: the address to listen on.")
@click.option("--port", type=click.IntRange(1, 65535), default=8000, show_default=True, help="For http.")
@keys_option
@dev_option
@embedder_option
def mcp_command(
    db: str | None, namespace: str, transport: str, host: str, port: int, keys: str | None, dev_no_auth: bool,
    embedder: str,
) -> None:  # fmt: skip
    """Serve one namespace of the memory to an MCP client (an agent): tools to remember, search, read facts as of a
    time, show history, list conflicts and forget. Over http every request needs an API key that grants the
    namespace (chronomem keys add), as for chronomem serve. Needs: pip install -e '.[mcp]' in a clone of chronomem."""
    from ..mcp import serve
    from ..mcp._server import check_access, require_sdk

    store = None if dev_no_auth else KeyStore(keys_path(keys))
    one_blas_thread()
    with reported():
        require_sdk()  # before opening (or creating) anything
        if transport == "http":
            check_access(host, store)
        with open_memory(db, namespace, embedder=embedder) as mem:
            if not mem.engine.holds_anything(namespace):  # a mistyped --namespace would read an empty memory
                click.echo(f"{empty_namespace(namespace)} (check --namespace)", err=True)
            if transport == "http":
                where = f"[{host}]" if ":" in host else host
                click.echo(
                    f"serving namespace {namespace!r} of {mem.engine.url} at http://{where}:{port}/mcp", err=True
                )
            serve(mem, transport=transport, host=host, port=port, keys=store)
