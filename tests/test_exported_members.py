"""Every public namespace's ``__all__`` is sorted and lists exactly what the namespace offers.

Public namespaces are found by walking ``chronomem``: every package and every module whose name has no
leading underscore, so a new subpackage is covered without editing this file. What a namespace offers is
read from its source: the public names it defines (``def``, ``class``, assignments) and, for a package, the
public names its ``__init__`` imports from its own modules (``from ._x import y``: re-exports, a facade's
job) or re-exports from a lower module by the explicit idiom (``from .._claims import Claim as Claim``).
Other imports are for the module's own use (``from ..errors import ConfigError`` in a package that raises
it, ``Path``, ``dataclass``): it offers what it defines. Submodules and ``annotations`` are never members.
An unwanted name is fixed by an underscore (``_T``, ``from .x import y as _y``) or by importing it under
``TYPE_CHECKING``.
"Sorted" is ruff's RUF022 order: CONSTANTS, then Classes, then everything else, each in natural order.
"""

from __future__ import annotations

import ast
import importlib
import importlib.util
import inspect
import pkgutil
import re
from pathlib import Path
from types import ModuleType

import pytest

import chronomem

# Namespaces that fail today because of files other branches are reshaping. strict=True: the
# entry must be removed as soon as its namespace passes.
KNOWN_FAILURES: dict[str, str] = {}
# Adapters whose framework lives in a venv of its own (tests/integrations/test_framework_venvs.py runs this test
# there, where it is installed): skipped where the framework is missing.
IN_VENVS = {"chronomem.integrations.autogen": "autogen_core", "chronomem.integrations.crewai": "crewai"}


def public_namespaces() -> list[str]:
    names = ["chronomem"]
    for info in pkgutil.walk_packages(chronomem.__path__, "chronomem."):
        if not any(part.startswith("_") for part in info.name.split(".")):
            names.append(info.name)
    return names


def _is_own(node: ast.ImportFrom, package: str) -> bool:
    """``from ._x import y`` / ``from <package>.x import y``: the package re-exports one of its modules."""
    return node.level == 1 or (node.module or "").startswith(package + ".")


def _target_names(target: ast.expr) -> set[str]:
    """``a`` and ``a, (b, *c)`` bind names; ``a.b`` and ``a[0]`` do not."""
    if isinstance(target, ast.Name):
        return {target.id}
    if isinstance(target, ast.Starred):
        return _target_names(target.value)
    if isinstance(target, ast.Tuple | ast.List):
        return {name for element in target.elts for name in _target_names(element)}
    return set()


def _bound_names(statements: list[ast.stmt], *, reexports: str | None) -> set[str]:
    """Names the statements bind at run time: definitions, assignments and (``reexports`` = the package's
    name) imports from the package's own modules."""
    names: set[str] = set()
    for node in statements:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.Assign | ast.AnnAssign | ast.AugAssign):
            for target in node.targets if isinstance(node, ast.Assign) else [node.target]:
                names |= _target_names(target)
        elif reexports and isinstance(node, ast.ImportFrom) and _is_own(node, reexports):
            names.update(alias.asname or alias.name for alias in node.names)
        elif reexports and isinstance(node, ast.ImportFrom):
            names.update(alias.name for alias in node.names if alias.asname == alias.name)
        elif isinstance(node, ast.If):
            if not (isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING"):
                names |= _bound_names(node.body + node.orelse, reexports=reexports)
        elif isinstance(node, ast.Try):
            handlers = [statement for handler in node.handlers for statement in handler.body]
            names |= _bound_names(node.body + handlers + node.orelse + node.finalbody, reexports=reexports)
    return names


def members(module: ModuleType) -> set[str]:
    tree = ast.parse(Path(inspect.getfile(module)).read_text(encoding="utf-8"))
    is_package = hasattr(module, "__path__")
    return {
        name
        for name in _bound_names(tree.body, reexports=module.__name__ if is_package else None)
        if not name.startswith("_")
        and name != "annotations"
        and hasattr(module, name)
        and not inspect.ismodule(getattr(module, name))
    }


def ruff_order(name: str) -> tuple[int, list[int | str]]:
    """RUF022's isort-style key: SCREAMING_CASE (2+ chars), then CamelCase, then the rest; natural order."""
    kind = 0 if len(name) > 1 and name.isupper() else 1 if name[:1].isupper() else 2
    natural = [int(part) if part.isdigit() else part for part in re.split(r"(\d+)", name)]
    return kind, natural


def _marks(name: str) -> list[pytest.MarkDecorator]:
    if name in KNOWN_FAILURES:
        return [pytest.mark.xfail(strict=True, reason=KNOWN_FAILURES[name])]
    framework = IN_VENVS.get(name)
    if framework is not None and importlib.util.find_spec(framework) is None:
        return [pytest.mark.skip(reason=f"{framework} is not installed here: test_framework_venvs.py runs it")]
    return []


def _params() -> list[object]:
    return [pytest.param(name, marks=_marks(name)) for name in public_namespaces()]


@pytest.mark.parametrize("name", _params())
def test_all_is_sorted_and_lists_exactly_the_public_members(name: str) -> None:
    module = importlib.import_module(name)
    exported = getattr(module, "__all__", None)
    assert isinstance(exported, list), f"{name} has no __all__ list"
    assert exported == sorted(exported, key=ruff_order), f"{name}.__all__ is not in RUF022 order"
    assert len(exported) == len(set(exported)), f"{name}.__all__ lists a name twice"
    missing = [n for n in exported if not hasattr(module, n)]
    assert not missing, f"{name}.__all__ lists names the module does not have: {missing}"
    offered = members(module)
    assert sorted(offered - set(exported)) == [], f"{name} offers public names missing from __all__"
    assert sorted(set(exported) - offered) == [], f"{name}.__all__ lists names it neither defines nor re-exports"


def test_the_walk_finds_the_known_namespaces() -> None:
    found = set(public_namespaces())
    assert {"chronomem", "chronomem.errors", "chronomem.models", "chronomem.text", "chronomem.testing"} <= found
    assert not any("._" in name for name in found)
