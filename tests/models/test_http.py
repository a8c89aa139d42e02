"""Endpoint: configuration checks and the back-off schedule."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from chronomem.errors import ConfigError
from chronomem.models import Endpoint


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        ({"base_url": "localhost:8080"}, "http"),
        ({"base_url": "ftp://example.org/v1"}, "http"),
        ({"base_url": "http://"}, "URL|http"),
        ({"model": ""}, "model"),
        ({"timeout_s": 0}, "timeout_s"),
        ({"max_retries": -1}, "max_retries"),
        ({"backoff_s": 2.0, "backoff_max_s": 1.0}, "backoff"),
    ],
)
def test_bad_settings_are_config_errors(kwargs: dict[str, object], match: str) -> None:
    settings: dict[str, object] = {"base_url": "http://127.0.0.1:8080/v1", "model": "m", **kwargs}
    with pytest.raises(ConfigError, match=match):
        Endpoint(**settings)  # type: ignore[arg-type]


def test_api_key_is_not_in_repr() -> None:
    assert "sk-secret" not in repr(Endpoint("https://api.example.org/v1", model="m", api_key="sk-secret"))


def test_url_joins_paths_with_or_without_trailing_slash() -> None:
    for base in ("http://h:1/v1", "http://h:1/v1/"):
        assert Endpoint(base, model="m").url("/embeddings") == "http://h:1/v1/embeddings"


@given(
    base=st.floats(0.0, 5.0),
    extra=st.floats(0.0, 60.0),
    retry=st.integers(1, 40),
)
def test_backoff_doubles_and_is_capped(base: float, extra: float, retry: int) -> None:
    endpoint = Endpoint("http://h/v1", model="m", backoff_s=base, backoff_max_s=base + extra)
    delay = endpoint.backoff(retry)
    assert 0.0 <= delay <= base + extra
    assert endpoint.backoff(retry + 1) >= delay


@pytest.mark.parametrize(("header", "expected"), [("2", 2.0), ("100", 8.0), ("-3", 0.0), ("Wed, 21 Oct", 0.5)])
def test_retry_after_wins_but_is_capped(header: str, expected: float) -> None:
    assert Endpoint("http://h/v1", model="m").backoff(1, header) == expected
