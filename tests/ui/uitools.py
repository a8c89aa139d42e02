"""Helpers of the web UI's tests: ``serve`` starts a real ``chronomem serve`` process on a free 127.0.0.1 port; the
others drive or read the page."""

from __future__ import annotations

import subprocess
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx

from chronomem.bench._child import Child


@dataclass
class Served:
    """A running ``chronomem serve``: its base URL and, unless ``--dev-no-auth``, a read key for every namespace."""

    url: str
    key: str | None
    proc: subprocess.Popen[bytes]
    log: Path

    def api(self, path: str) -> Any:
        headers = {"Authorization": f"Bearer {self.key}"} if self.key else {}
        resp = httpx.get(self.url + path, headers=headers, timeout=30)
        resp.raise_for_status()
        return resp.json()


def serve(db: Path, log: Path, *options: str) -> Iterator[tuple[subprocess.Popen[bytes], str]]:
    """Start ``chronomem serve`` on a free port; yield the process and its base URL; stop it (SIGINT)."""
    with Child(["serve", "--db", str(db), "--embedder", "none", *options], log) as server:
        assert server.proc is not None
        yield server.proc, server.base


def settle(page: Any) -> None:
    """Wait until the page has fetched what holds at its chosen point."""
    page.wait_for_selector("body:not([data-busy])", state="attached", timeout=30_000)


def open_entity(page: Any, served: Served, ns: str, entity: str) -> None:
    page.goto(served.url + "/ui/")
    page.fill("#key", served.key or "")
    pick(page, ns, entity)
    page.wait_for_selector("#controls:not([hidden])")
    settle(page)


def pick(page: Any, ns: str, entity: str) -> None:
    """Fill the namespace and entity and press open, as a user does (the page stays: no navigation)."""
    page.fill("#ns", ns)
    page.fill("#entity", entity)
    page.click("#pick button")


def labels(page: Any) -> list[str]:
    """The text drawn on the timeline's bars."""
    return [t.text_content() for t in page.locator("#timeline text.label").all()]


def holds(page: Any) -> list[str]:
    """The "holds at (valid, system)" list, one string per line."""
    return [" ".join(t.split()) for t in page.locator("#holds li").all_inner_texts()]


def set_valid(page: Any, instant: str) -> None:
    page.fill("#valid-at", instant)
    page.press("#valid-at", "Enter")
    settle(page)
