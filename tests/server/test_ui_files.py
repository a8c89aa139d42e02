"""The web UI's static files at /ui (in-process; tests/ui drives them in a real browser)."""

from __future__ import annotations

import re

from apitools import Api


def test_the_ui_is_served_without_a_key(api: Api) -> None:
    moved = api.get("/ui")
    assert moved.status_code == 307 and moved.headers["location"] == "/ui/"
    page = api.get("/ui/")
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    assert '<script type="module" src="app.js"></script>' in page.text
    assert '<meta name="referrer" content="no-referrer">' in page.text  # a key in a link's fragment never leaves
    modules = [("app.js", "javascript"), ("axis.js", "javascript"), ("timeline.js", "javascript")]
    for name, kind in [*modules, ("style.css", "text/css")]:
        got = api.get(f"/ui/{name}")
        assert got.status_code == 200 and kind in got.headers["content-type"], name
        addresses = set(re.findall(r"https?://[^\s\"'`)]+", got.text)) - {"http://www.w3.org/2000/svg"}
        assert not addresses, name  # nothing loaded from elsewhere (no CDN): works offline


def test_the_ui_serves_only_its_own_files(api: Api) -> None:
    assert api.get("/ui/nope.js").status_code == 404
    assert api.get("/ui/../_app.py").status_code == 404
    assert api.get("/ui/%2e%2e/_app.py").status_code == 404
    assert "/ui" not in api.get("/openapi.json").json()["paths"]
