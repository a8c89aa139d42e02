"""The MCP server's wiring: the SDK's ``MCPServer`` with the tools of :mod:`._tools` over one memory, served
over stdio or streamable HTTP. The SDK is imported here, lazily: without the extra, a clear error says what to
install."""

from __future__ import annotations

import ipaddress
from typing import TYPE_CHECKING, Any

from ..errors import ConfigError

if TYPE_CHECKING:
    from .._memory import Memory

__all__ = ["TRANSPORTS", "build_server", "check_loopback", "require_sdk", "serve"]

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
        raise ConfigError("the MCP server needs the MCP SDK: pip install 'chronomem[mcp]'") from exc


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


def check_loopback(host: str) -> str:
    """``host`` when it is a loopback address; else :class:`ConfigError`. The HTTP transport has no API keys
    yet (issue #13): anyone who can reach it reads and writes the namespace, so it listens on this machine only."""
    try:
        loopback = host == "localhost" or ipaddress.ip_address(host).is_loopback
    except ValueError:
        loopback = False
    if not loopback:
        raise ConfigError(f"--host {host}: the MCP HTTP transport has no API keys yet; bind it to 127.0.0.1 or ::1")
    return host


def serve(memory: Memory, *, transport: str = "stdio", host: str = "127.0.0.1", port: int = 8000) -> None:
    """Serve ``memory`` over MCP until the client goes away (stdio) or the process is stopped (http:
    streamable HTTP at ``http://host:port/mcp``, loopback only)."""
    if transport not in TRANSPORTS:
        raise ConfigError(f"transport={transport!r}; use one of {list(TRANSPORTS)}")
    if transport == "http":
        check_loopback(host)
    server = build_server(memory)
    if transport == "stdio":
        server.run("stdio")
    else:
        server.run("streamable-http", host=host, port=port)
