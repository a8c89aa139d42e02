"""The wheel builds, installs into a fresh venv and runs the README example from there, not from the clone.

The fresh venv gets only the wheel (``--no-deps --no-index``: no network); its dependencies come from this
environment's site-packages through a ``.pth`` line, which does not run this environment's own ``.pth`` files,
so the clone's editable install stays out of sight. About 10 s."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow  # builds a wheel and a virtualenv

ROOT = Path(__file__).parent.parent

# Run by the fresh venv's python from an empty directory: where chronomem comes from, whether every dependency
# the wheel declares is installed, and what the README example prints.
PROBE = """
import contextlib, io, json, re, sys
from importlib import metadata
import chronomem
missing = []
for req in metadata.requires("chronomem") or []:
    if "extra ==" in req:
        continue
    name = re.match(r"[A-Za-z0-9._-]+", req).group(0)
    try:
        metadata.version(name)
    except metadata.PackageNotFoundError:
        missing.append(name)
out = io.StringIO()
with contextlib.redirect_stdout(out):
    exec(compile(sys.argv[1], "README.md", "exec"), {})
print(json.dumps({"file": chronomem.__file__, "missing": missing, "printed": out.getvalue().split()}))
"""


def _run(*args: str | Path, cwd: Path) -> str:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}  # nothing but the venv's own path
    done = subprocess.run(
        [str(a) for a in args], cwd=cwd, env=env, capture_output=True, text=True, check=False, timeout=300
    )
    assert done.returncode == 0, f"{args}: {done.stdout}\n{done.stderr}"
    return done.stdout


def test_the_built_wheel_installs_and_runs_the_readme_example(tmp_path: Path) -> None:
    dist, venv, work = tmp_path / "dist", tmp_path / "venv", tmp_path / "work"
    work.mkdir()
    _run(sys.executable, "-m", "build", "--wheel", "--no-isolation", "--outdir", dist, ROOT, cwd=tmp_path)
    (wheel,) = dist.glob("chronomem-*.whl")
    _run(sys.executable, "-m", "venv", "--without-pip", venv, cwd=tmp_path)
    python = venv / "bin" / "python"
    _run(
        sys.executable, "-m", "pip", "--python", python, "install", "-q", "--no-deps", "--no-index", wheel, cwd=tmp_path
    )
    purelib = Path(_run(python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])", cwd=work).strip())
    ours = {sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]}
    (purelib / "_chronomem_test_deps.pth").write_text("\n".join(sorted(ours)) + "\n")

    readme = re.search(r"```python\n(.*?)```", (ROOT / "README.md").read_text(), re.S)
    assert readme is not None
    got = json.loads(_run(python, "-c", PROBE, readme.group(1), cwd=work).splitlines()[-1])
    assert Path(got["file"]).is_relative_to(venv), f"chronomem came from {got['file']}, not the wheel"
    assert got["missing"] == []
    assert got["printed"] == ["巴黎", "berlin"]
    assert "Usage: chronomem" in _run(venv / "bin" / "chronomem", "--help", cwd=work)
