"""The MCP tests need the extra ``chronomem[mcp]``: without it, the modules that talk to a server are not
collected, and ``test_mcp_package.py`` skips (or, with ``--require-servers``, fails) saying what to install."""

from __future__ import annotations

from importlib.util import find_spec

SDK = find_spec("mcp") is not None

collect_ignore = [] if SDK else ["test_mcp_docs.py", "test_mcp_http.py", "test_mcp_stdio.py"]
