"""Shared fixtures. ``--require-servers`` turns a missing integration server into a failure (CI uses it).

``--hypothesis-profile=ci`` runs 1,000 examples per property/model-based test (CI uses it)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, settings

# Hypothesis profiles: the default keeps local runs quick, `dev` quicker still (DEVELOPERS.md); CI runs
# `pytest --hypothesis-profile=ci`.
# No deadline: tests that write to a real database vary in speed on shared machines.
settings.register_profile("default", deadline=None)
settings.register_profile("dev", max_examples=20, deadline=None)
settings.register_profile("ci", max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow])


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
