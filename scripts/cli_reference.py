#!/usr/bin/env python3
"""Write the CLI reference, docs/cli.md, from the click app itself, so it cannot drift.

    python scripts/cli_reference.py            # (re)write docs/cli.md
    python scripts/cli_reference.py --check    # exit 1 with a diff when docs/cli.md is out of date

Every command's ``--help``, as click renders it at a fixed width, from the root down through every group
(hidden commands left out). ``--app module:attribute`` names the app (default: ``chronomem._cli:main``);
when the attribute is a plain function such as a console-script ``main``, the module's one root click group
is used. Uses only click's own API (``click.Context`` + ``Command.get_help``); no new dependency.
"""

from __future__ import annotations

import argparse
import difflib
import importlib
import sys
from collections.abc import Iterator
from pathlib import Path

import click

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_APP = "chronomem.cli:main"
DEFAULT_OUTPUT = ROOT / "docs" / "cli.md"
WIDTH = 100  # fixed, so the file does not depend on the terminal it was generated in


def load_app(spec: str) -> click.Command:
    """The click command named by ``module:attribute``; a non-command attribute means the module's root group."""
    module_name, _, attribute = spec.partition(":")
    module = importlib.import_module(module_name)
    target = getattr(module, attribute) if attribute else None
    if isinstance(target, click.Command):
        return target
    groups = [value for value in vars(module).values() if isinstance(value, click.Group)]
    nested = {id(sub) for group in groups for sub in group.commands.values()}
    roots = [group for group in groups if id(group) not in nested]
    if len(roots) != 1:
        names = ", ".join(sorted(group.name or "?" for group in roots)) or "none"
        raise SystemExit(f"{spec} is not a click command and {module_name} has no single root group ({names})")
    return roots[0]


def walk(command: click.Command, ctx: click.Context) -> Iterator[tuple[click.Context, click.Command]]:
    """``(context, command)`` for ``command`` and every visible sub-command, depth first, in click's order."""
    yield ctx, command
    if isinstance(command, click.Group):
        for name in command.list_commands(ctx):
            sub = command.get_command(ctx, name)
            if sub is None or sub.hidden:
                continue
            yield from walk(sub, click.Context(sub, info_name=name, parent=ctx, terminal_width=WIDTH))


def render(app: click.Command, prog: str) -> str:
    root = click.Context(app, info_name=prog, terminal_width=WIDTH)
    parts = [
        "# CLI reference\n",
        "<!-- Generated from the click app by scripts/cli_reference.py: do not edit by hand.",
        "     Regenerate with `python scripts/cli_reference.py`; scripts/test checks it with --check. -->\n",
        f"Every `{prog}` command's `--help`, rendered by click at {WIDTH} columns.\n",
    ]
    for ctx, command in walk(app, root):
        parts.append(f"## `{ctx.command_path}`\n")
        parts.append("```text\n" + command.get_help(ctx).rstrip() + "\n```\n")
    return "\n".join(parts)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--app", default=DEFAULT_APP, help=f"module:attribute of the click app (default {DEFAULT_APP})")
    parser.add_argument("--prog", default="chronomem", help="program name shown in usage lines (default chronomem)")
    parser.add_argument("--output", type=Path, default=DEFAULT_OUTPUT, help="Markdown file (default docs/cli.md)")
    parser.add_argument("--check", action="store_true", help="compare instead of writing; exit 1 with a diff")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(ROOT))  # this checkout's package, not whichever one the venv has installed
    text = render(load_app(args.app), args.prog)
    if not args.check:
        args.output.parent.mkdir(parents=True, exist_ok=True)
        args.output.write_text(text, encoding="utf-8")
        print(f"wrote {args.output}")
        return 0
    current = args.output.read_text(encoding="utf-8") if args.output.exists() else ""
    if current == text:
        print(f"{args.output} is up to date")
        return 0
    diff = difflib.unified_diff(
        current.splitlines(keepends=True), text.splitlines(keepends=True), str(args.output), "generated"
    )
    sys.stdout.writelines(diff)
    print(f"\n{args.output} is out of date: run python scripts/cli_reference.py", file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main())
