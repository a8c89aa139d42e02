"""The README's first example must run offline, as written."""

from __future__ import annotations

import contextlib
import io
import os
import re
from pathlib import Path

README = Path(__file__).parent.parent / "README.md"


def test_readme_example_runs_and_prints_what_its_comments_say(tmp_path: Path) -> None:
    block = re.search(r"```python\n(.*?)```", README.read_text(), re.S)
    assert block is not None
    code = block.group(1)
    assert len(code.strip().splitlines()) <= 10
    out = io.StringIO()
    cwd = os.getcwd()
    os.chdir(tmp_path)
    try:
        with contextlib.redirect_stdout(out):
            exec(compile(code, "README.md", "exec"), {})
    finally:
        os.chdir(cwd)
    expected = re.findall(r"# (\w+)\s*$", code, re.M)  # the comments that end a line with one word
    assert out.getvalue().split() == expected == ["巴黎", "berlin"]
