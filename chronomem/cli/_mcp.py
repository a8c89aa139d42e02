"""``chronomem mcp``: serve a memory to an agent over MCP (parse -> chronomem.mcp.serve)."""

from __future__ import annotations

import click

from ._options import db_option, embedder_option, namespace_option, open_memory, reported

__all__ = ["mcp_command"]


@click.command(name="mcp")
@db_option("the user's memory file")
@namespace_option
@click.option("--transport", type=click.Choice(["stdio", "http"]), default="stdio", show_default=True,
              help="stdio (the client starts this command) or streamable HTTP at http://HOST:PORT/mcp.")  # fmt: skip
@click.option("--host", default="127.0.0.1", show_default=True, help="For http: a loopback address (no API keys yet).")
@click.option("--port", type=click.IntRange(1, 65535), default=8000, show_default=True, help="For http.")
@embedder_option
def mcp_command(db: str | None, namespace: str, transport: str, host: str, port: int, embedder: str) -> None:
    """Serve one namespace of the memory to an MCP client (an agent): tools to remember, search, read facts as of a
    time, show history, list conflicts and forget. Needs: pip install 'chronomem[mcp]'."""
    from ..mcp import serve
    from ..mcp._server import check_loopback, require_sdk

    with reported():
        require_sdk()  # before opening (or creating) anything
        if transport == "http":
            check_loopback(host)
        with open_memory(db, namespace, embedder=embedder) as mem:
            if transport == "http":
                where = f"[{host}]" if ":" in host else host
                click.echo(
                    f"serving namespace {namespace!r} of {mem.engine.url} at http://{where}:{port}/mcp", err=True
                )
            serve(mem, transport=transport, host=host, port=port)
