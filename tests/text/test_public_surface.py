"""The examples in chronomem.text and chronomem.models run (``__all__``: tests/test_exported_members.py)."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import chronomem.models
import chronomem.text

PACKAGES = [chronomem.models, chronomem.text]


def _modules() -> list[str]:
    found = []
    for package in PACKAGES:
        found.append(package.__name__)
        found.extend(m.name for m in pkgutil.iter_modules(package.__path__, package.__name__ + "."))
    return found


@pytest.mark.parametrize("module", _modules())
def test_doctests(module: str) -> None:
    result = doctest.testmod(importlib.import_module(module), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
