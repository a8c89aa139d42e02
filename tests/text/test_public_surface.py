"""The public surface of chronomem.text and chronomem.models: sorted, complete, and the examples run."""

from __future__ import annotations

import doctest
import importlib
import inspect
import pkgutil
from types import ModuleType

import pytest

import chronomem.models
import chronomem.text

PACKAGES = [chronomem.models, chronomem.text]


@pytest.mark.parametrize("package", PACKAGES, ids=lambda p: p.__name__)
def test_all_is_sorted_and_complete(package: ModuleType) -> None:
    names = package.__all__
    # The order ruff's RUF022 keeps: CONSTANTS, then Classes, then functions, each alphabetical.
    assert names == sorted(names, key=lambda n: (0 if n.isupper() else 1 if n[0].isupper() else 2, n))
    public = {
        name
        for name, value in vars(package).items()
        if not name.startswith("_") and not inspect.ismodule(value) and name != "annotations"
    }
    assert public == set(names)


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
