"""The core never imports an agent framework: the adapters are optional extras."""

from __future__ import annotations

import subprocess
import sys

FRAMEWORKS = (
    "langgraph",
    "langchain_core",
    "langchain",
    "agents",
    "llama_index",
    "autogen_core",
    "autogen_agentchat",
    "autogen_ext",
    "crewai",
)
#: What a user of the core imports. AutoGen and CrewAI live in venvs of their own: ``test_framework_venvs.py`` runs
#: this check there too, where they are installed.
CORE = (
    "import chronomem, chronomem.engines, chronomem.cli, chronomem.ingest, chronomem.retrieve, "
    "chronomem.integrations, chronomem.integrations._recall"
)


def _frameworks_after(imports: str, python: str = sys.executable) -> list[str]:
    """The frameworks' top-level packages in ``sys.modules`` after ``imports`` in a fresh ``python``."""
    code = f"import sys; {imports}; print(sorted({{m.split('.')[0] for m in sys.modules}} & set({FRAMEWORKS!r})))"
    out = subprocess.run([python, "-c", code], capture_output=True, text=True, check=True)
    return eval(out.stdout)  # type: ignore[no-any-return]


def test_importing_chronomem_imports_no_framework() -> None:
    assert _frameworks_after(CORE) == []


def test_the_check_sees_a_framework_imported() -> None:
    assert _frameworks_after("import langchain_core.documents") == ["langchain_core"]
