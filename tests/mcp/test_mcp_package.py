"""``chronomem.mcp`` imports without the MCP SDK and says which extra to install when it is needed."""

from __future__ import annotations

import re
import subprocess
import sys
from importlib.util import find_spec
from pathlib import Path

import pytest
from unavailable import unavailable

import chronomem
from chronomem.errors import ConfigError
from chronomem.mcp import build_server, serve

ROOT = Path(__file__).resolve().parents[2]


def test_the_sdk_is_installed(request: pytest.FixtureRequest) -> None:
    if find_spec("mcp") is None:
        unavailable(
            request, "the MCP SDK is missing, so the MCP server tests were not collected: pip install -e '.[mcp]'"
        )


def test_importing_the_package_does_not_import_the_sdk() -> None:
    code = "import sys, chronomem.mcp, chronomem.cli; assert 'mcp' not in sys.modules, 'the SDK was imported'"
    subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=True)


def test_a_missing_sdk_names_the_extra(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "mcp.server.mcpserver", None)  # what an absent package looks like
    with (
        chronomem.open(tmp_path / "m.db", embedder=None) as mem,
        pytest.raises(ConfigError, match=re.escape("pip install -e '.[mcp]'")),
    ):
        build_server(mem)


def test_an_unknown_transport_is_refused(tmp_path: Path) -> None:
    with chronomem.open(tmp_path / "m.db", embedder=None) as mem, pytest.raises(ConfigError, match="stdio"):
        serve(mem, transport="sse")


def test_the_command_without_the_sdk_names_the_extra_and_creates_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from click.testing import CliRunner

    from chronomem.cli import cli

    monkeypatch.setitem(sys.modules, "mcp.server.mcpserver", None)
    db = tmp_path / "m.db"
    result = CliRunner().invoke(cli, ["mcp", "--db", str(db)])
    assert result.exit_code == 1 and "pip install -e '.[mcp]'" in result.output and not db.exists()
