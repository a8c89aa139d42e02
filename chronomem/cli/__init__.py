"""The ``chronomem`` command line: a thin shell over the Python API (parse -> call -> format).

One module per capability's commands (``_bench``, ``_db``, ``_time``), registered once in ``_app``; options
that several commands take (``--db``, ``--json``, ``--as-of``) come from ``_options``.
"""

from __future__ import annotations

from ._app import cli, main

__all__ = ["cli", "main"]
