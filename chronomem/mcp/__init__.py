"""An MCP server over one memory: tools for an agent to remember messages, recall them (search,
context), read facts as of a time, show a history, list conflicts and forget an episode.

Needs the extra: ``pip install -e '.[mcp]'`` in a clone (the official MCP Python SDK). Importing this package does
not import the SDK; :func:`build_server` and :func:`serve` raise :class:`~chronomem.errors.ConfigError` naming
the extra when it is missing. From the command line: ``chronomem mcp --db memory.db --namespace alice``.

>>> import chronomem, chronomem.mcp                                             # doctest: +SKIP
>>> chronomem.mcp.serve(chronomem.open("memory.db", namespace="alice"))          # stdio  # doctest: +SKIP
"""

from __future__ import annotations

from ._server import TRANSPORTS, build_server, serve

__all__ = ["TRANSPORTS", "build_server", "serve"]
