"""Shared fixtures. ``--require-servers`` turns a missing integration server into a failure (CI uses it)."""

from __future__ import annotations

import pytest


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--require-servers",
        action="store_true",
        default=False,
        help="fail, instead of skipping, when an integration server (PostgreSQL, LLM) cannot be started",
    )


@pytest.fixture(autouse=True)
def clean_environ(monkeypatch: pytest.MonkeyPatch) -> None:
    """No test sees the developer's chronomem settings."""
    import os

    for key in list(os.environ):
        if key.startswith("CHRONOMEM_"):
            monkeypatch.delenv(key)
