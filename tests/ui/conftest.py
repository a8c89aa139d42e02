"""Fixtures of the web UI's tests: a real ``chronomem serve`` process over a seeded SQLite file, and a real
headless Chromium (Debian's ``chromium-headless-shell``) driven by Playwright. Skipped with a reason when either
is missing; a failure under ``--require-servers`` (``scripts/setup --dev`` installs both)."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from ui_seed import seed_many, seed_months, seed_story
from uitools import Served, serve
from unavailable import unavailable

from chronomem.cli import cli

ARTIFACTS = Path(__file__).parent / "artifacts"
CHROMIUM = ("/usr/bin/chromium-headless-shell", "/usr/lib/chromium/chromium-headless-shell")


@pytest.fixture(scope="session")
def chromium(request: pytest.FixtureRequest) -> str:
    """The path of a headless Chromium (never downloaded: `playwright install` is not used)."""
    found = next((p for p in CHROMIUM if os.access(p, os.X_OK)), None) or shutil.which("chromium-headless-shell")
    if found is None:
        unavailable(request, "no chromium-headless-shell (apt-get install chromium-headless-shell fonts-noto-cjk)")
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        unavailable(request, "Playwright is missing (pip install -e '.[ui-test]')")
    return str(found)


@pytest.fixture(scope="session")
def store(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Namespaces ``alice`` (ui_seed.seed_story), ``big`` (ui_seed.seed_many: ~4,000 rows on one entity) and
    ``locomo`` (ui_seed.seed_months: months of history and a few facts years older)."""
    db = tmp_path_factory.mktemp("ui") / "m.db"
    seed_story(db)
    seed_many(db)
    seed_months(db)
    return db


@pytest.fixture(scope="session")
def served(store: Path, chromium: str) -> Iterator[Served]:
    """The server with API keys: a read key for every namespace, as a user would paste it."""
    keys = store.parent / "keys.json"
    made = CliRunner().invoke(cli, ["keys", "add", "--keys", str(keys), "-n", "*", "--role", "read"])
    assert made.exit_code == 0, made.output
    log = store.parent / "serve.log"
    for proc, url in serve(store, log, "--keys", str(keys)):
        yield Served(url, made.stdout.strip(), proc, log)


@pytest.fixture(scope="module")
def browser(chromium: str) -> Iterator[Any]:
    """Playwright's sync API runs an event loop on this thread until it stops: module scope stops it before any
    later test module needs ``asyncio.run``."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        launched = p.chromium.launch(executable_path=chromium)
        yield launched
        launched.close()


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    """A fresh page (its own sessionStorage); a script error on it fails the test."""
    context = browser.new_context(viewport={"width": 1400, "height": 900})
    pg = context.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda exc: errors.append(str(exc)))
    yield pg
    context.close()
    assert errors == []


@pytest.fixture
def artifacts() -> Path:
    """Screenshots land here (gitignored) for a human or CI to look at."""
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS
