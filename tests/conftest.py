"""Shared pytest options. ``--require-servers`` turns "server unavailable" skips into failures (for CI)."""

from __future__ import annotations

import pytest


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--require-servers",
        action="store_true",
        default=False,
        help="fail, instead of skipping, integration tests whose server cannot be started",
    )
