"""Every route through the real app and a real store: what the Python API answers, as JSON."""

from __future__ import annotations

import asyncio
from datetime import datetime, timedelta
from pathlib import Path

import httpx
import pytest
from apitools import Api, said

from chronomem.server._guard import PREFIX

A = PREFIX + "alice"


def test_messages_in_then_a_value_at_two_valid_times_and_before_the_move_was_learned(any_api: Api) -> None:
    api = any_api
    added = api.post(
        f"{A}/messages", "alice:write", json={"messages": [said("a5", "I work at Acme.", "2024-07-01T09:00:00Z")]}
    )
    assert added.status_code == 200, added.text
    (result,) = added.json()["results"]
    assert result["episode"] == "a5" and result["error"] is None and result["added"]
    slot = f"{A}/entities/Alice/predicates/lives_in/value"
    assert api.get(slot, "alice:read").json()["fact"]["object"] == "paris"
    past = api.get(slot, "alice:read", params={"valid_at": "2024-03-01T00:00:00+01:00"}).json()["fact"]
    assert past["object"] == "berlin" and past["valid"] == {
        "start": "2024-01-10T08:00:00Z",
        "end": "2024-06-01T07:00:00Z",
    }
    moved_at = datetime.fromisoformat(api.get(slot, "alice:read").json()["fact"]["recorded"]["start"])
    before = api.get(slot, "alice:read", params={"as_of": (moved_at - timedelta(microseconds=1)).isoformat()}).json()
    assert before["fact"]["object"] == "berlin"
    again = api.post(
        f"{A}/messages", "alice:write", json={"messages": [said("a5", "I work at Acme.", "2024-07-01T09:00:00Z")]}
    )
    assert again.json()["results"][0]["duplicate"] is True


def test_reads_history_audit_facts_values_versions_changes_and_neighbourhood(api: Api) -> None:
    base = f"{A}/entities/Alice"
    history = api.get(f"{base}/predicates/lives_in/history", "alice:read").json()
    assert [f["object"] for f in history["items"]] == ["berlin", "paris"] and history["next_offset"] is None
    first = api.get(f"{base}/predicates/lives_in/history", "alice:read", params={"limit": 1}).json()
    assert (first["total"], len(first["items"]), first["next_offset"]) == (2, 1, 1)
    audit = api.get(f"{base}/predicates/lives_in/audit", "alice:read").json()
    assert audit["total"] >= 2
    everything = api.get(f"{base}/audit", "alice:read", params={"limit": 1000}).json()["items"]
    assert {f["predicate"] for f in everything} > {"lives_in"}  # every slot, closed ones too
    assert [f for f in everything if f["predicate"] == "lives_in"] == audit["items"]
    assert all(f["subject"] == everything[0]["subject"] for f in everything)
    assert {f["predicate"] for f in api.get(f"{base}/facts", "alice:read").json()["items"]} >= {"lives_in"}
    assert api.get(f"{base}/predicates/lives_in/values", "alice:read").json()["items"][0]["object"] == "paris"
    row = audit["items"][0]["row_id"]
    assert api.get(f"{A}/facts/{row}/versions", "alice:read").json()["revisions"]
    changes = api.get(f"{A}/changes", "alice:read", params={"since": "2000-01-01T00:00:00Z"}).json()
    assert {c["action"] for c in changes["items"]} >= {"learned"}
    graph = api.get(f"{base}/neighbourhood", "alice:read", params={"hops": 1}).json()
    assert {e["name"] for e in graph["entities"]} >= {"Alice", "Paris"}


def test_search_and_context(api: Api) -> None:
    hits = api.get(f"{A}/search", "alice:read", params={"q": "Paris", "k": 3}).json()["hits"]
    assert hits and all({"kind", "item", "score", "cites", "id"} <= set(h) for h in hits)
    found = api.get(f"{A}/context", "alice:read", params={"q": "where does Alice live?", "budget_tokens": 300}).json()
    assert "Paris" in found["text"] and found["tokens"] <= 300


def test_the_routes_about_time(any_api: Api) -> None:
    api = any_api
    valid = api.get(f"{A}/changes", "alice:read", params={"since": "2024-05-01T00:00:00Z", "entity": "Alice",
                                                         "axis": "valid"}).json()["items"]  # fmt: skip
    assert [(c["action"], c["fact"]["object"], c["at"]) for c in valid] == [
        ("ended", "berlin", "2024-06-01T07:00:00Z"),
        ("began", "paris", "2024-06-01T07:00:00Z"),
    ]
    wrong = api.get(f"{A}/changes", "alice:read", params={"since": "2024-05-01T00:00:00Z", "axis": "valid"})
    assert wrong.status_code == 422 and "entity=" in wrong.json()["error"]["message"]
    kinds = api.get(f"{A}/entities/Alice/facts", "alice:read", params={"kind": ["fact"]}).json()["items"]
    assert kinds and {f["kind"] for f in kinds} == {"fact"}
    moment = api.get(f"{A}/at_event", "alice:read", params={"q": "moved to Paris", "about": "Alice"}).json()
    assert moment["event"]["id"] == "a2" and moment["at"] == "2024-06-01T07:00:00Z"
    assert {f["object"] for f in moment["facts"] if f["predicate"] == "lives_in"} == {"paris"}
    api.post(f"{A}/messages", "alice:write", json={"messages": [
        {**said(f"s{i}", f"turn {i}", f"2024-07-0{i + 1}T09:00:00Z"), "session": "chat"} for i in range(3)
    ]})  # fmt: skip
    recent = api.get(f"{A}/recent", "alice:read", params={"session": "chat", "n": 2}).json()["episodes"]
    assert [e["id"] for e in recent] == ["s1", "s2"]


def test_conflicts_listed_and_resolved_once(api: Api) -> None:
    (conflict,) = api.get(f"{A}/conflicts", "alice:read").json()["items"]
    assert conflict["predicate"] == "allergic_to" and conflict["episode"] == "a4"
    url = f"{A}/conflicts/{conflict['id']}/resolve"
    assert api.post(url, "alice:write", json={"keep": "claim"}).status_code == 200
    twice = api.post(url, "alice:write", json={"keep": "known"})
    assert twice.status_code == 409 and twice.json()["error"]["code"] == "conflict"
    assert api.get(f"{A}/conflicts", "alice:read").json()["total"] == 0
    assert api.get(f"{A}/conflicts", "alice:read", params={"settled": "true"}).json()["total"] == 1


def test_retracting_a_message_withdraws_its_conflict_or_settles_the_one_against_it(api: Api) -> None:
    (conflict,) = api.get(f"{A}/conflicts", "alice:read").json()["items"]
    assert api.post(f"{A}/episodes/a4/retract", "alice:write").status_code == 200  # the denial goes
    assert api.get(f"{A}/conflicts", "alice:read").json()["total"] == 0
    (closed,) = api.get(f"{A}/conflicts", "alice:read", params={"settled": "true"}).json()["items"]
    assert (closed["id"], closed["settlement"]) == (conflict["id"], "withdrawn") and closed["settled_at"]
    refused = api.post(f"{A}/conflicts/{conflict['id']}/resolve", "alice:write", json={"keep": "claim"})
    assert refused.status_code == 409 and "withdrawn" in refused.json()["error"]["message"]


def test_retracting_what_a_conflict_denied_writes_the_denial(api: Api) -> None:
    (conflict,) = api.get(f"{A}/conflicts", "alice:read").json()["items"]
    assert api.post(f"{A}/episodes/a3/retract", "alice:write").status_code == 200  # the allergy goes
    (closed,) = api.get(f"{A}/conflicts", "alice:read", params={"settled": "true"}).json()["items"]
    assert (closed["id"], closed["settlement"]) == (conflict["id"], "uncontested")
    facts = api.get(f"{A}/entities/Alice/facts", "alice:read").json()["items"]
    assert [(f["modality"], f["episodes"]) for f in facts if f["predicate"] == "allergic_to"] == [("negated", ["a4"])]


def test_entities_episodes_retraction_and_erasure(api: Api) -> None:
    made = api.post(f"{A}/entities", "alice:write", json={"name": "Carol", "type": "person", "aliases": ["Caz"]})
    assert made.status_code == 201 and made.json()["name"] == "Carol"
    assert api.get(f"{A}/entities/Caz", "alice:read").json()["id"] == made.json()["id"]
    assert api.get(f"{A}/episodes/a2", "alice:read").json()["content"] == "I moved to Paris."
    retracted = api.post(f"{A}/episodes/a2/retract", "alice:write")
    assert retracted.status_code == 200 and retracted.json()["closed"]
    assert api.get(f"{A}/entities/Alice/predicates/lives_in/value", "alice:read").json()["fact"]["object"] == "berlin"
    assert api.delete(f"{A}/episodes/a1", "alice:admin").json()["erased_rows"] >= 1
    assert api.delete(f"{A}/entities/Alice", "alice:admin").status_code == 200
    gone = api.get(f"{A}/entities/Alice/predicates/lives_in/value", "alice:read")
    assert gone.status_code == 404 or gone.json()["fact"] is None


def test_not_found_is_a_404_with_a_message(api: Api) -> None:
    for path in ("/entities/Nobody", "/episodes/nope", "/entities/Nobody/facts"):
        response = api.get(A + path, "alice:read")
        assert response.status_code == 404 and response.json()["error"]["code"] == "not_found"
    unknown_ns = api.get(f"{PREFIX}carol/entities/Alice", "cmk_x")
    assert unknown_ns.status_code == 401


def test_a_write_creates_an_unknown_namespace_a_read_does_not(tmp_path: Path) -> None:
    import chronomem
    from chronomem.server import KeyStore, create_app

    store = KeyStore(tmp_path / "k.json")
    key, _ = store.add(["*"], "write")
    mem = chronomem.open(str(tmp_path / "m.db"), embedder=None)
    api = Api("", mem, create_app(mem, keys=store), {"k": key})
    unknown = api.get(f"{PREFIX}carol/entities/Carol", "k")
    assert unknown.status_code == 404 and "default" not in unknown.text  # other namespaces are not named
    assert "carol" not in mem.engine.namespaces()
    assert api.post(f"{PREFIX}carol/entities", "k", json={"name": "Carol"}).status_code == 201
    assert "carol" in mem.engine.namespaces()
    mem.close()


@pytest.mark.parametrize("path", ["/health", "/openapi.json", "/docs", "/redoc"])
def test_service_routes_need_no_key(api: Api, path: str) -> None:
    assert api.get(path).status_code == 200


def test_the_openapi_document_describes_every_route_and_the_key(api: Api) -> None:
    doc = api.get("/openapi.json").json()
    assert doc["info"]["title"] == "chronomem"
    assert "HTTPBearer" in doc["components"]["securitySchemes"]
    assert all(op.get("summary") for ops in doc["paths"].values() for op in ops.values())


def test_every_route_is_in_the_readme(api: Api) -> None:
    readme = (Path(__file__).parents[2] / "README.md").read_text()
    paths = api.get("/openapi.json").json()["paths"]
    for path, operations in paths.items():
        short = path.removeprefix(PREFIX + "{namespace}")
        for method in operations:
            assert f"`{method.upper()} {short}" in readme, f"{method.upper()} {path} is not in the README"


def test_concurrent_requests_each_message_is_stored_once(api: Api) -> None:
    at = "2024-08-01T10:00:00Z"

    async def run() -> list[httpx.Response]:
        auth = {"Authorization": f"Bearer {api.keys['alice:write']}"}
        transport = httpx.ASGITransport(app=api.app)
        async with httpx.AsyncClient(transport=transport, base_url="http://chronomem", headers=auth) as client:
            writes = [
                client.post(f"{A}/messages", json={"messages": [said(f"c{i % 8}", f"I like topic{i % 8}.", at)]})
                for i in range(16)
            ]
            reads = [client.get(f"{A}/entities/Alice/facts") for _ in range(8)]
            return list(await asyncio.gather(*writes, *reads))

    responses = asyncio.run(run())
    assert [r.status_code for r in responses] == [200] * 24
    results = [r.json()["results"][0] for r in responses[:16]]
    assert sorted(r["episode"] for r in results if not r["duplicate"]) == [f"c{i}" for i in range(8)]
    for i in range(8):
        assert api.get(f"{A}/episodes/c{i}", "alice:read").status_code == 200


def test_messages_in_the_memory_service_shape_and_hits_with_fact_entities_and_valid(any_api: Api) -> None:
    api = any_api
    added = api.post(
        f"{A}/messages",
        "alice:write",
        json={"messages": [{"role": "user", "content": "I moved to Oslo."}], "user_id": "Alice", "session_id": "s9"},
    )
    assert added.status_code == 200, added.text
    (result,) = added.json()["results"]
    assert result["error"] is None and result["received_at"] is not None
    episode = api.memory.using("alice").get_episode(result["episode"])
    assert (episode.speaker, episode.session) == ("Alice", "s9")
    hits = api.get(f"{A}/search", "alice:read", params={"q": "where does Alice live?", "kinds": "fact"}).json()["hits"]
    assert hits[0]["fact"] == "Alice lives in Oslo"
    assert [e["name"] for e in hits[0]["entities"]] == ["Alice", "Oslo"]
    assert hits[0]["valid"] == {"start": result["received_at"], "end": None}
    dated = api.post(
        f"{A}/messages", "alice:write", json={"messages": [said("a9", "I like tea.", "2024-07-01T09:00:00Z")]}
    )
    assert dated.json()["results"][0]["received_at"] is None
