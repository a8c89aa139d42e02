"""``/docs`` and ``/redoc`` load their scripts from the package (fastapi-offline), never from a CDN: a machine with
no network still gets the interactive API documentation (tests/ui renders it in a real browser)."""

from __future__ import annotations

import re

import pytest
from apitools import Api


@pytest.mark.parametrize("page", ["/docs", "/redoc"])
def test_the_docs_pages_reference_only_local_urls_that_answer(api: Api, page: str) -> None:
    html = api.get(page).text
    urls = re.findall(r"""(?:src|href|url)\s*[:=]\s*['"]([^'"]+)['"]""", html)
    assert urls, html
    assert not [u for u in urls if "//" in u], f"{page} loads from another host"
    for url in urls:
        answer = api.get(url)
        assert answer.status_code == 200, url
        assert len(answer.content) > 100, url
    assert "/openapi.json" in urls
