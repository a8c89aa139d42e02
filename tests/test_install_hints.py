"""Every hint to install an extra gives the form that works from a clone (chronomem is not on PyPI yet: asking
PyPI for ``chronomem`` with an extra finds nothing), in the package's messages, the README and the CLI reference."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import chronomem
from chronomem._extras import install_hint
from chronomem.errors import ConfigError

ROOT = Path(chronomem.__file__).resolve().parent.parent
UNPUBLISHED = re.compile(r"pip install\s+['\"]?chronomem\[")


def test_the_hint_installs_the_clone_with_the_extra() -> None:
    assert install_hint("server") == "pip install -e '.[server]' in a clone of chronomem"


def test_no_message_or_page_asks_pypi_for_an_extra() -> None:
    files = [*(ROOT / "chronomem").rglob("*.py"), ROOT / "README.md", ROOT / "docs" / "cli.md"]
    found = [f"{f.relative_to(ROOT)}: {m.group(0)}" for f in files for m in UNPUBLISHED.finditer(f.read_text())]
    assert found == []


def test_a_missing_driver_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch) -> None:
    modules = __import__("sys").modules
    monkeypatch.setitem(modules, "psycopg", None)  # as if the postgres extra were missing
    monkeypatch.setitem(modules, "chronomem.engines._postgres", None)  # not imported earlier in the run, then
    with pytest.raises(ConfigError, match=re.escape("pip install -e '.[postgres]' in a clone of chronomem")):
        chronomem.open("postgresql://nobody@127.0.0.1:9/none")
