"""The public surface: what ``import chronomem`` offers, and that importing it does nothing."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import chronomem
from chronomem import errors


def test_every_error_derives_from_the_base_and_is_listed_in_the_tree() -> None:
    doc = errors.__doc__ or ""
    assert errors.__all__ == sorted(errors.__all__)
    for name in errors.__all__:
        cls = getattr(errors, name)
        assert issubclass(cls, errors.ChronomemError)
        assert name in doc, f"{name} missing from the tree in errors.py's docstring"
        assert cls.__module__ == "chronomem.errors"
    assert "MemoryError" not in errors.__all__ and "ValidationError" not in errors.__all__


def test_import_with_an_empty_environment_reads_nothing_and_writes_nothing(tmp_path: Path) -> None:
    code = (
        "import os, sys; before = set(os.listdir('.')); import chronomem, chronomem.engines, chronomem.cli; "
        "assert set(os.listdir('.')) == before; print('ok')"
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(Path(chronomem.__file__).parent.parent)},
        cwd=str(tmp_path),
        capture_output=True,
        text=True,
        check=False,
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "ok"
