"""The core never imports an agent framework: the adapters are optional extras."""

from __future__ import annotations

import subprocess
import sys

FRAMEWORKS = ("langgraph", "langchain_core", "langchain", "agents", "llama_index", "autogen_core", "crewai")


def test_importing_chronomem_imports_no_framework() -> None:
    code = (
        "import sys, chronomem, chronomem.engines, chronomem.cli, chronomem.ingest, chronomem.retrieve, "
        "chronomem.integrations; "
        f"print(sorted(m for m in sys.modules if m.split('.')[0] in {FRAMEWORKS!r}))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_an_adapter_imports_its_framework() -> None:
    # the check above can fail: importing an adapter does bring its framework in
    code = "import sys, chronomem.integrations.langgraph; print('langgraph' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "True"
