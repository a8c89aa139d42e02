"""What a test does when something it needs (a server, a browser, an extra) is missing: skip, saying why and
what to install, or fail under ``--require-servers`` (CI), where nothing may be missing."""

from __future__ import annotations

from typing import NoReturn

import pytest


def unavailable(request: pytest.FixtureRequest, reason: str) -> NoReturn:
    """Skip the test with ``reason``, or fail it when the run was given ``--require-servers``."""
    if request.config.getoption("--require-servers"):
        pytest.fail(f"--require-servers: {reason}")
    pytest.skip(reason)
