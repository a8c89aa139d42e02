"""Each framework's example in the README runs offline, as written, and prints what its comments say."""

from __future__ import annotations

import contextlib
import gc
import io
import os
import re
from pathlib import Path

import pytest

README = Path(__file__).parent.parent.parent / "README.md"
FRAMEWORKS = [
    "langgraph",
    "openai-agents",
    "langchain",
    # LlamaIndex's default chat store leaves its aiosqlite connection to the garbage collector
    pytest.param("llama-index", marks=pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")),
]
#: Run in the framework's own venv (``autogen_tests.py``, ``crewai_tests.py``; see ``test_framework_venvs.py``).
IN_VENVS = ["autogen", "crewai"]


def _example(name: str) -> str:
    found = re.search(rf"<!-- example: {re.escape(name)} -->\n```python\n(.*?)```", README.read_text(), re.S)
    assert found is not None, f"the README has no example for {name}"
    return found.group(1)


def run_example(name: str, tmp_path: Path) -> tuple[list[str], list[str]]:
    """Run the README's example for ``name`` in ``tmp_path``: the lines it printed and those its comments say."""
    code = _example(name)
    expected = re.findall(r"# prints: (.*)$", code, re.M)
    assert expected
    out = io.StringIO()
    cwd = os.getcwd()
    os.chdir(tmp_path)
    try:
        with contextlib.redirect_stdout(out):
            exec(compile(code, f"README.md ({name})", "exec"), {})
    finally:
        os.chdir(cwd)
        gc.collect()  # what the example left open is closed (and warns) within this test
    return out.getvalue().splitlines(), expected


@pytest.mark.parametrize("name", FRAMEWORKS)
def test_the_readme_example_runs_and_prints_what_it_says(name: str, tmp_path: Path) -> None:
    printed, expected = run_example(name, tmp_path)
    assert printed == expected


def test_every_example_is_tested() -> None:
    names = [f if isinstance(f, str) else f.values[0] for f in FRAMEWORKS]
    assert re.findall(r"<!-- example: ([\w-]+) -->", README.read_text()) == names + IN_VENVS
