"""Every MCP tool is documented in the README's "Connect an MCP client" table, and nothing else is."""

from __future__ import annotations

import re
from pathlib import Path

from chronomem.mcp._tools import TOOLS, Tools

README = Path(__file__).resolve().parents[2] / "README.md"


def test_every_tool_is_in_the_readme_table() -> None:
    section = README.read_text(encoding="utf-8").split("## Connect an MCP client", 1)[1].split("\n## ", 1)[0]
    documented = re.findall(r"^\| `(\w+)` \|", section, re.M)
    assert documented == [t.name for t in TOOLS]


def test_every_tool_has_a_handler() -> None:
    assert all(callable(getattr(Tools, t.name, None)) for t in TOOLS)
