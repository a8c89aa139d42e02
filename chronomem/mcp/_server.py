"""The MCP server's wiring: the SDK's ``MCPServer`` with the tools of :mod:`._tools` over one memory, served
over stdio or streamable HTTP. The SDK is imported here, lazily: without the extra, a clear error says what to
install."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .._access import KeyStore, is_loopback
from .._extras import install_hint
from ..errors import ConfigError
from ._auth import KeyCheck

if TYPE_CHECKING:
    from .._memory import Memory

__all__ = ["TRANSPORTS", "build_server", "check_access", "http_app", "require_sdk", "serve"]

TRANSPORTS = ("stdio", "http")
INSTRUCTIONS = (
    "Long-term memory that knows when things were true and when it learned them. Call 'remember' with what the "
    "user tells you; call 'search' or 'context' before answering from memory; 'value', 'facts' and 'history' "
    "read facts at a time (valid_at) as believed at a time (as_of); 'conflicts' lists what needs the user; "
    "'forget_episode' undoes or erases one message. Times are ISO 8601 with an offset."
)


def require_sdk() -> None:
    """Raise :class:`ConfigError` naming the extra when the MCP SDK is not installed."""
    try:
        import mcp.server.mcpserver  # noqa: F401
    except ImportError as exc:
        raise ConfigError(f"the MCP server needs the MCP SDK: {install_hint('mcp')}") from exc


def build_server(memory: Memory, *, name: str = "chronomem") -> Any:
    """An ``mcp.server.mcpserver.MCPServer`` whose tools read and write ``memory`` (its namespace only).
    Raises :class:`ConfigError` when the MCP SDK is not installed."""
    require_sdk()
    from mcp.server.mcpserver import MCPServer
    from mcp.types import ToolAnnotations

    from ._tools import TOOLS, Tools

    server: Any = MCPServer(name, instructions=INSTRUCTIONS, log_level="WARNING")
    tools = Tools(memory)
    for tool in TOOLS:
        hints = ToolAnnotations(read_only_hint=tool.read_only, destructive_hint=tool.destructive)
        server.add_tool(tool.bind(tools), name=tool.name, description=tool.description, annotations=hints,
                        structured_output=False)  # fmt: skip
    return server


def check_access(host: str, keys: KeyStore | None) -> None:
    """Refuse (:class:`ConfigError`) to serve HTTP without keys beyond this machine, or with an empty keys file:
    ``keys=None`` (``--dev-no-auth``) lets anyone who can connect read, write and erase the namespace."""
    if keys is None:
        if not is_loopback(host):
            raise ConfigError(f"--dev-no-auth serves without keys: only on a loopback host, not {host!r}")
    elif not keys.keys():
        raise ConfigError(f"no API keys in {keys.path}; make one with 'chronomem keys add' first")


def http_app(memory: Memory, *, keys: KeyStore | None, host: str = "127.0.0.1") -> Any:
    """The streamable-HTTP ASGI application (``/mcp``) over ``memory``, every request checked against
    ``keys`` (:class:`._auth.KeyCheck`; ``None``: no keys, for local development)."""
    server = build_server(memory)
    return KeyCheck(server.streamable_http_app(host=host), memory.namespace, keys)


def serve(
    memory: Memory, *, transport: str = "stdio", host: str = "127.0.0.1", port: int = 8000,
    keys: KeyStore | None = None,
) -> None:  # fmt: skip
    """Serve ``memory`` over MCP until the client goes away (stdio) or the process is stopped (http: streamable
    HTTP at ``http://host:port/mcp``; each request needs an API key from ``keys`` that grants the namespace, as
    in the HTTP API; ``keys=None`` serves without keys, on a loopback host only)."""
    if transport not in TRANSPORTS:
        raise ConfigError(f"transport={transport!r}; use one of {list(TRANSPORTS)}")
    if transport == "stdio":
        build_server(memory).run("stdio")
        return
    check_access(host, keys)
    import uvicorn

    uvicorn.run(http_app(memory, keys=keys, host=host), host=host, port=port, log_level="warning")
