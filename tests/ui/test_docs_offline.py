"""``/docs`` in a real headless Chromium that may reach only the server: Swagger UI comes from the package, so the
page lists the API's operations with no network (before, it loaded its script from a CDN and stayed blank)."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

from uitools import Served


def test_the_api_docs_render_with_no_network(page: Any, served: Served) -> None:
    local = urlsplit(served.url).netloc
    elsewhere: list[str] = []

    def only_local(route: Any) -> None:
        if urlsplit(route.request.url).netloc == local:
            route.continue_()
        else:
            elsewhere.append(route.request.url)
            route.abort()

    page.route("**/*", only_local)
    page.goto(served.url + "/docs")
    page.wait_for_selector(".opblock", timeout=30_000)
    summaries = page.locator(".opblock-summary-path").all_inner_texts()
    assert any("/v1/namespaces/{namespace}/messages" in s.replace("\u200b", "") for s in summaries), summaries
    assert elsewhere == []
