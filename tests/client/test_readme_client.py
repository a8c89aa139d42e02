"""The README's "Talk to a server from Python" example runs as written against a real ``chronomem serve``."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

import pytest
from clienttools import Served

README = Path(__file__).parents[2] / "README.md"


def test_the_readme_client_example_runs_and_prints_what_its_comments_say(
    served: Served, monkeypatch: pytest.MonkeyPatch
) -> None:
    text = README.read_text()
    section = text[text.index("### Talk to a server from Python") :]
    block = re.search(r"```python\n(.*?)```", section, re.S)
    assert block is not None
    code = block.group(1)
    assert len(code.strip().splitlines()) <= 10
    monkeypatch.setenv("KEY", served.key)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code.replace("http://127.0.0.1:8000", served.base), "README.md", "exec"), {})
    expected = re.findall(r"# (\w+)\s*$", code, re.M)
    assert out.getvalue().split() == expected == ["巴黎", "berlin"]
