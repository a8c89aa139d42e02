"""The adapters whose frameworks cannot share the development venv run their tests in a venv of their own.

AutoGen pins ``protobuf~=5.29`` (the dev install's ``onnx`` needs protobuf 6) and CrewAI pins its own pydantic and
brings dozens of packages, so ``scripts/setup --dev`` makes ``.venv-autogen`` and ``.venv-crewai``: the framework
from PyPI and chronomem editable from this clone. Each test here runs one adapter's tests
(``tests/integrations/<framework>_tests.py``, which the main run does not collect) with that venv's Python and
passes when they pass. A missing venv skips locally and fails under ``--require-servers`` (CI)."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest
from unavailable import unavailable

ROOT = Path(__file__).parent.parent.parent
#: Each framework's venv and the top-level package it installs.
FRAMEWORKS = {"autogen": "autogen_core", "crewai": "crewai"}
#: CrewAI takes seconds to import: its runs are ``slow``
PARAMS = [pytest.param(f, marks=[pytest.mark.slow] if f == "crewai" else []) for f in sorted(FRAMEWORKS)]
#: What a framework's tests need besides: crewai.rag sets a child module on a module that refuses it, which warns
#: on import (and ``filterwarnings = error`` makes that an error before a mark could apply)
OPTIONS = {"crewai": ["-W", "ignore:Cannot set an attribute on 'crewai:ImportWarning"]}


def _python(framework: str, request: pytest.FixtureRequest) -> Path:
    python = ROOT / f".venv-{framework}" / "bin" / "python"
    if not python.exists():
        unavailable(request, f"{python.parent.parent.name} is missing: run scripts/setup --dev (it makes it)")
    return python


def _run(python: Path, *args: str) -> subprocess.CompletedProcess[str]:
    # CrewAI sends telemetry unless told not to; these tests talk to nothing
    env = {**os.environ, "PYTHONPATH": str(ROOT), "CREWAI_DISABLE_TELEMETRY": "true", "OTEL_SDK_DISABLED": "true"}
    return subprocess.run([str(python), *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=900)


@pytest.mark.parametrize("framework", PARAMS)
def test_the_adapter_tests_pass_in_the_frameworks_venv(framework: str, request: pytest.FixtureRequest) -> None:
    python = _python(framework, request)
    module = f"chronomem.integrations.{framework}"
    tests = f"tests/integrations/{framework}_tests.py"
    exported = f"tests/test_exported_members.py::test_all_is_sorted_and_lists_exactly_the_public_members[{module}]"
    # only this folder's conftest (the `mem` fixture): the root one needs the dev venv's packages
    options = ["-q", "-p", "no:cacheprovider", "--confcutdir=tests/integrations", *OPTIONS.get(framework, [])]
    run = _run(python, "-m", "pytest", *options, tests, exported)
    assert run.returncode == 0, f"{tests} failed in {python.parent.parent.name}:\n{run.stdout[-6000:]}{run.stderr}"
    assert " passed" in run.stdout.splitlines()[-1] and "skipped" not in run.stdout.splitlines()[-1]


@pytest.mark.slow
@pytest.mark.parametrize("framework", sorted(FRAMEWORKS))
def test_the_adapter_type_checks_against_the_frameworks_own_types(
    framework: str, request: pytest.FixtureRequest, tmp_path: Path
) -> None:
    # the dev venv's mypy sees these frameworks as Any (pyproject.toml); here they are installed
    python = _python(framework, request)
    run = _run(python, "-m", "mypy", "--cache-dir", str(tmp_path), "-m", f"chronomem.integrations.{framework}")
    assert run.returncode == 0, run.stdout + run.stderr


@pytest.mark.parametrize("framework", PARAMS)
def test_importing_chronomem_imports_no_framework_where_it_is_installed(
    framework: str, request: pytest.FixtureRequest
) -> None:
    python = _python(framework, request)
    here = str(Path(__file__).parent)
    check = f"import sys; sys.path.insert(0, {here!r}); from test_core_imports_none import _frameworks_after, CORE"
    found = _run(python, "-c", f"{check}; print(_frameworks_after(CORE, sys.executable))")
    assert found.returncode == 0, found.stderr
    assert found.stdout.strip() == "[]"
    top = FRAMEWORKS[framework]
    seen = _run(python, "-c", f"{check}; print(_frameworks_after('import {top}', sys.executable))")
    assert seen.stdout.strip() == repr([top])  # the check sees the framework when it is imported
