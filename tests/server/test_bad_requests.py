"""Bad requests are 4xx with a JSON error that says what to fix, never a 5xx or a trace, and change nothing:
malformed JSON, wrong types, huge bodies, naive datetimes, unknown fields and parameters, path tricks in ids;
then requests generated from the OpenAPI document (schemathesis), bounded to stay quick."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from apitools import Api, make_api, said
from hypothesis import HealthCheck, given, settings

from chronomem.errors import InvalidValue
from chronomem.server import KeyStore
from chronomem.server._guard import PREFIX

A = PREFIX + "alice"
JSON = {"content-type": "application/json"}


def refused(response: Any, status: int, code: str | None = None) -> dict[str, Any]:
    assert response.status_code == status, response.text
    error = response.json()["error"]
    assert set(error) == {"code", "message"} and error["message"]
    assert code is None or error["code"] == code, error
    assert "Traceback" not in response.text and 'File "' not in response.text
    return dict(error)


def test_malformed_json_wrong_types_and_unknown_fields(api: Api) -> None:
    before = api.dump()
    refused(api.post(f"{A}/messages", "alice:write", content=b'{"messages": [', headers=JSON), 422, "malformed_json")
    refused(api.post(f"{A}/messages", "alice:write", content=b"\xff\xfe", headers=JSON), 422)
    refused(api.post(f"{A}/messages", "alice:write", json=[1, 2]), 422, "invalid_request")
    refused(api.post(f"{A}/messages", "alice:write", json={"messages": "hello"}), 422, "invalid_request")
    wrong = {"messages": [{"content": 5, "occurred_at": "2024-01-01T00:00:00Z"}]}
    refused(api.post(f"{A}/messages", "alice:write", json=wrong), 422, "invalid_request")
    extra = {"messages": [{**said("x", "hi", "2024-01-01T00:00:00Z"), "mood": "happy"}]}
    assert "mood" in refused(api.post(f"{A}/messages", "alice:write", json=extra), 422, "invalid_request")["message"]
    refused(api.post(f"{A}/entities", "alice:write", json={"name": "Carol", "colour": "red"}), 422)
    refused(api.post(f"{A}/conflicts/1/resolve", "alice:write", json={"keep": "both"}), 422)
    refused(api.get(f"{A}/search", "alice:read", params={"q": "x", "k": "many"}), 422)
    refused(api.get(f"{A}/search", "alice:read", params={"q": "x", "k": 0}), 422)
    refused(api.get(f"{A}/entities/Alice/facts", "alice:read", params={"asof": "2024-01-01T00:00:00Z"}), 422,
            "unknown_parameter")  # fmt: skip
    refused(api.get(f"{A}/facts/abc/versions", "alice:read"), 422)
    refused(api.get(f"{A}/search", "alice:read", params={"q": "x", "preset": "nope"}), 422, "invalid_option")
    assert api.dump() == before


def test_naive_datetimes_say_to_add_an_offset(api: Api) -> None:
    before = api.dump()
    naive = {"messages": [said("x", "I live in Rome.", "2024-01-01T09:00:00")]}
    error = refused(api.post(f"{A}/messages", "alice:write", json=naive), 422, "naive_datetime")
    assert "offset" in error["message"]
    for params in ({"valid_at": "2024-01-01T00:00:00"}, {"as_of": "2024-01-01"}):
        response = api.get(f"{A}/entities/Alice/facts", "alice:read", params=params)
        assert "offset" in refused(response, 422)["message"]
    refused(api.get(f"{A}/changes", "alice:read", params={"since": "2024-01-01T00:00:00"}), 422, "naive_datetime")
    refused(api.get(f"{A}/changes", "alice:read", params={"since": "yesterday"}), 422)
    assert api.dump() == before


def test_a_huge_body_is_413_by_length_or_while_streamed(tmp_path: Path) -> None:
    for api in make_api(str(tmp_path / "m.db"), tmp_path, max_body=10_000):
        before = api.dump()
        huge = {"messages": [said(f"h{i}", "x" * 500, "2024-01-01T00:00:00Z") for i in range(40)]}
        refused(api.post(f"{A}/messages", "alice:write", json=huge), 413, "body_too_large")

        async def chunks() -> Any:  # no Content-Length: counted while read
            for _ in range(30):
                yield b"x" * 1000

        refused(api.post(f"{A}/messages", "alice:write", content=chunks(), headers=JSON), 413, "body_too_large")
        assert api.dump() == before


@pytest.mark.parametrize(
    "path",
    [
        "/episodes/..%2F..%2Fetc%2Fpasswd",
        "/episodes/%2e%2e",
        "/episodes/a1%00",
        "/episodes/" + "x" * 300,
        "/entities/%2F",
        "/entities/Alice%2F..%2F..%2Fbob/facts",
        "/../bob/entities/Bob",
        "/entities/%E2%80%AE",
    ],
)
def test_path_tricks_in_ids_are_4xx_and_never_leave_the_namespace(api: Api, path: str) -> None:
    before = api.dump()
    for method in ("GET", "POST", "DELETE"):
        response = api.request(method, A + path, "alice:admin")
        assert 400 <= response.status_code < 500, (method, path, response.text)
        refused(response, response.status_code)
        assert "Rome" not in response.text  # bob's
    assert api.dump() == before


def test_an_unknown_route_and_method_are_json_errors(api: Api) -> None:
    refused(api.get("/nope"), 404, "not_found")
    refused(api.request("PUT", f"{A}/messages", "alice:write"), 405, "method_not_allowed")
    refused(api.request("PATCH", f"{A}/messages", "alice:admin"), 405, "method_not_allowed")


def _fuzz(api: Api, key: str, examples: int) -> int:
    """Requests generated from the OpenAPI document, ``examples`` per operation, sent with ``key``; how many."""
    import schemathesis
    from schemathesis import checks

    CHECKS = [
        checks.not_a_server_error,
        checks.status_code_conformance,
        checks.content_type_conformance,
        checks.response_schema_conformance,
    ]

    schema = schemathesis.openapi.from_asgi("/openapi.json", api.app)
    sent = 0
    for found in schema.get_all_operations():
        operation = found.ok()

        @settings(max_examples=examples, deadline=None, database=None, suppress_health_check=list(HealthCheck))
        @given(case=operation.as_strategy())
        def check(case: Any) -> None:
            nonlocal sent
            sent += 1
            if case.path_parameters and "namespace" in case.path_parameters:
                case.path_parameters["namespace"] = "alice"
            response = case.call(headers={"Authorization": f"Bearer {api.keys[key]}"})
            assert response.status_code < 500, (case.method, case.formatted_path, response.text)
            # the answer is what the document says: a documented status, its content type and its schema
            case.validate_response(response, checks=CHECKS)

        check()
    print(f"fuzz {key}: {sent} generated requests")
    return sent


@pytest.mark.slow
def test_generated_requests_with_a_read_key_never_fail_and_never_change_the_store(api: Api) -> None:
    pytest.importorskip("schemathesis")
    before = api.dump()
    sent = _fuzz(api, "alice:read", examples=80)
    assert sent >= 1000  # thousands over both tests (hypothesis stops early on operations with few inputs)
    assert api.dump() == before


@pytest.mark.slow
def test_generated_requests_with_an_admin_key_never_fail(api: Api) -> None:
    pytest.importorskip("schemathesis")
    assert _fuzz(api, "alice:admin", examples=60) >= 1000


@pytest.mark.parametrize("when", [1718000000, 1718000000.5, 1718000000000])
def test_a_number_as_occurred_at_is_refused_as_the_python_api_refuses_it(any_api: Api, when: float) -> None:
    before = any_api.dump()
    with pytest.raises(InvalidValue) as python:
        any_api.memory.add({"id": "n1", "speaker": "Alice", "content": "I live in Oslo.", "occurred_at": when})
    body = {"messages": [{"id": "n1", "speaker": "Alice", "content": "I live in Oslo.", "occurred_at": when}]}
    error = refused(any_api.post(f"{A}/messages", "alice:write", json=body), 422, "invalid_value")
    assert error["message"] == f"messages.0.occurred_at: {python.value}"
    assert any_api.dump() == before


def test_a_namespace_named_star_is_refused(any_api: Api, tmp_path: Path) -> None:
    """'*' in a key means every namespace: a namespace of that name could never be granted alone."""
    token, _ = KeyStore(tmp_path / "keys.json").add(["*"], "write")
    before = any_api.dump()
    body = {"messages": [said("s1", "I live in Oslo.", "2024-01-01T00:00:00Z")]}
    error = refused(any_api.post(f"{PREFIX}%2A/messages", token, json=body), 422, "invalid_value")
    assert "'*'" in error["message"] and "choose another name" in error["message"]
    assert any_api.dump() == before
    assert "*" not in any_api.memory.engine.namespaces()
