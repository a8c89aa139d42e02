"""Namespaces are the security boundary: every route, tried with a key for another namespace, with no key, with
an unknown key and with too weak a role, is refused (401/403) and the store is unchanged (a dump of every
table before and after)."""

from __future__ import annotations

from typing import Any

import pytest
from apitools import Api

from chronomem.server import Role
from chronomem.server._guard import PREFIX, ROLE_FOR_METHOD

# Every route under the prefix, with arguments that would work for the right key ("{ns}" is the namespace).
ROUTES: list[tuple[str, str, dict[str, Any] | None]] = [
    ("POST", "/messages", {"messages": [{"content": "I live in Oslo.", "occurred_at": "2024-09-01T10:00:00Z"}]}),
    ("GET", "/search?q=Berlin", None),
    ("GET", "/context?q=where+does+Alice+live", None),
    ("GET", "/at_event?q=moved", None),
    ("GET", "/recent", None),
    ("POST", "/entities", {"name": "Carol", "type": "person"}),
    ("GET", "/entities/Alice", None),
    ("POST", "/entities/Alice/merge", {"into": "Bob"}),
    ("POST", "/entities/Alice/unmerge", None),
    ("POST", "/facts", {"subject": "Alice", "predicate": "lives_in", "object": "Rome"}),
    ("POST", "/facts/correct", {"subject": "Alice", "predicate": "lives_in", "object": "Rome"}),
    ("POST", "/facts/retract", {"subject": "Alice", "predicate": "lives_in"}),
    ("POST", "/episodes", {"content": "hello", "occurred_at": "2024-09-01T10:00:00Z"}),
    ("DELETE", "/entities/Alice", None),
    ("GET", "/entities/Alice/facts", None),
    ("GET", "/entities/Alice/audit", None),
    ("GET", "/entities/Alice/neighbourhood", None),
    ("GET", "/entities/Alice/predicates/lives_in/value", None),
    ("GET", "/entities/Alice/predicates/lives_in/values", None),
    ("GET", "/entities/Alice/predicates/lives_in/history", None),
    ("GET", "/entities/Alice/predicates/lives_in/audit", None),
    ("GET", "/changes?since=2020-01-01T00:00:00Z", None),
    ("GET", "/facts/1/versions", None),
    ("GET", "/conflicts", None),
    ("POST", "/conflicts/1/resolve", {"keep": "claim"}),
    ("GET", "/episodes/a1", None),
    ("POST", "/episodes/a1/retract", None),
    ("DELETE", "/episodes/a1", None),
]


def call(api: Api, method: str, path: str, body: dict[str, Any] | None, key: str | None, ns: str = "alice") -> Any:
    return api.request(method, f"{PREFIX}{ns}{path}", key, json=body)


def test_the_list_covers_every_route_of_the_app(api: Api) -> None:
    paths = api.get("/openapi.json").json()["paths"]
    served = {
        (m.upper(), p.removeprefix(PREFIX + "{namespace}"))
        for p, ops in paths.items()
        if p.startswith(PREFIX)
        for m in ops
    }
    listed = {(m, p.split("?")[0]) for m, p, _ in ROUTES}
    templated = {(m, p.replace("Alice", "{ref}").replace("lives_in", "{predicate}")) for m, p in listed}
    templated = {(m, p.replace("/facts/1/", "/facts/{row_id}/").replace("/conflicts/1/", "/conflicts/{conflict_id}/"))
                 for m, p in templated}  # fmt: skip
    templated = {(m, p.replace("/episodes/a1", "/episodes/{episode_id}")) for m, p in templated}
    assert templated == served


@pytest.mark.parametrize(("method", "path", "body"), ROUTES, ids=[f"{m} {p.split('?')[0]}" for m, p, _ in ROUTES])
def test_every_route_refuses_every_wrong_key_and_changes_nothing(
    any_api: Api, method: str, path: str, body: dict[str, Any] | None
) -> None:
    api = any_api
    before = api.dump()
    attempts: list[tuple[str | None, int, str]] = [
        (None, 401, "unauthenticated"),
        ("cmk_000000000000_not-a-real-key", 401, "unauthenticated"),
        ("bob:admin", 403, "forbidden"),
    ]
    needed = ROLE_FOR_METHOD[method]
    attempts += [(f"alice:{r.value}", 403, "forbidden") for r in Role if not r.allows(needed)]
    for key, status, code in attempts:
        response = call(api, method, path, body, key)
        assert response.status_code == status, (key, response.text)
        assert response.json()["error"]["code"] == code
        assert "Traceback" not in response.text
    # a key for alice does not reach bob either, whatever its role
    response = call(api, method, path, body, "alice:admin", ns="bob")
    assert response.status_code == 403
    assert api.dump() == before


def test_a_revoked_key_is_refused_from_the_next_request(api: Api, tmp_path: Any) -> None:
    from chronomem.server import KeyStore

    assert api.get(f"{PREFIX}alice/entities/Alice", "alice:read").status_code == 200
    store = KeyStore(tmp_path / "keys.json")
    rec = store.authenticate(api.keys["alice:read"])
    assert rec is not None
    store.revoke(rec.id)
    assert api.get(f"{PREFIX}alice/entities/Alice", "alice:read").status_code == 401


def test_the_right_key_gets_through(api: Api) -> None:
    assert api.get(f"{PREFIX}alice/entities/Alice", "alice:read").status_code == 200
    assert api.post(f"{PREFIX}alice/episodes/a1/retract", "alice:write").status_code == 200
    assert api.delete(f"{PREFIX}alice/episodes/a1", "alice:admin").status_code == 200


@pytest.mark.parametrize("namespace", ["al%2569ce", "alice%2F..%2Fbob", "%61lice", "bob%00", "ALICE", "alice%20"])
def test_a_namespace_spelled_another_way_is_another_namespace(api: Api, namespace: str) -> None:
    before = api.dump()
    for method, path, body in ROUTES:
        response = api.request(method, f"{PREFIX}{namespace}{path}", "alice:admin", json=body)
        if namespace == "%61lice":  # the client sends 'alice' itself, percent-encoded: the same namespace
            continue
        assert response.status_code in (403, 404), (method, path, response.text)
        assert "Rome" not in response.text and "Berlin" not in response.text
    if namespace != "%61lice":
        assert api.dump() == before
