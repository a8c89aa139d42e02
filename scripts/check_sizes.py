#!/usr/bin/env python3
"""Warn about modules over ~500 lines and functions over ~60 (soft caps, so warnings, never failures).

Usage: python scripts/check_sizes.py [PATH ...]   (default: chronomem). Prints one ``WARNING`` line per
oversized module or function, ``path:line``-first so editors can jump to it, and always exits 0.
"""

from __future__ import annotations

import argparse
import ast
import sys
from collections.abc import Iterator
from pathlib import Path

MODULE_LINES = 500
FUNCTION_LINES = 60


def python_files(paths: list[Path]) -> Iterator[Path]:
    for path in paths:
        if path.is_dir():
            yield from sorted(p for p in path.rglob("*.py") if "__pycache__" not in p.parts)
        elif path.suffix == ".py":
            yield path


def warnings_for(path: Path, module_lines: int, function_lines: int) -> Iterator[str]:
    source = path.read_text(encoding="utf-8")
    lines = len(source.splitlines())
    if lines > module_lines:
        yield f"WARNING {path}:1: module is {lines} lines (soft cap {module_lines})"
    for node in ast.walk(ast.parse(source, filename=str(path))):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            # From the first decorator to the last line of the body: what a reader has to hold in mind.
            first = min([node.lineno, *(d.lineno for d in node.decorator_list)])
            length = (node.end_lineno or node.lineno) - first + 1
            if length > function_lines:
                yield (
                    f"WARNING {path}:{node.lineno}: function {node.name}() is {length} lines "
                    f"(soft cap {function_lines})"
                )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="*", type=Path, default=[Path("chronomem")])
    parser.add_argument("--module-lines", type=int, default=MODULE_LINES)
    parser.add_argument("--function-lines", type=int, default=FUNCTION_LINES)
    args = parser.parse_args(argv)
    count = 0
    for path in python_files(args.paths):
        for line in warnings_for(path, args.module_lines, args.function_lines):
            print(line)
            count += 1
    print(f"check_sizes: {count} warning(s)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
