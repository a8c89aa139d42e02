"""Shared fixtures. ``--require-servers`` turns a missing integration server into a failure (CI uses it)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, settings

# "ci" runs the property tests hard; "dev" (default) keeps local runs quick.
settings.register_profile("ci", max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("dev", max_examples=100, deadline=None)  # use with --hypothesis-profile=dev


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
