"""The web UI moving between things: names wherever an entity is shown, another namespace, an unknown entity, and a
link opened in a new tab (the API key in the link's fragment, never sent to the server or as Referer)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from uitools import Served, holds, labels, open_entity, pick, settle


def test_the_timeline_and_the_holds_show_names_as_the_graph_does(page: Any, served: Served) -> None:
    assert served.api("/v1/namespaces/locomo/entities/Palo Alto")["id"] == "palo-alto"
    open_entity(page, served, "locomo", "Caroline")
    assert {"Palo Alto", "Stanford", "Oscar"} <= set(labels(page))
    assert not {"palo-alto", "stanford", "oscar"} & set(labels(page))
    assert {"lives_in Palo Alto", "studied_at Stanford", "has_pet Oscar"} <= set(holds(page))
    assert {"Palo Alto", "Stanford", "Oscar"} <= set(page.locator("#graph text").all_text_contents())


def test_another_namespace_does_not_keep_the_old_search_hits(page: Any, served: Served, artifacts: Path) -> None:
    open_entity(page, served, "alice", "Alice")
    page.fill("#q", "Rome")
    page.click("#searchform button")
    page.wait_for_selector("#hits li")
    assert any("rome" in h.lower() for h in page.locator("#hits li").all_inner_texts())
    pick(page, "locomo", "Caroline")
    page.wait_for_selector("#status:has-text('Caroline')")
    settle(page)
    page.wait_for_selector("#hits li")  # the question asked again, of the new namespace
    hits = page.locator("#hits li").all_inner_texts()
    assert hits == ["no hits"]
    page.fill("#q", "Stanford")
    page.click("#searchform button")
    page.wait_for_selector("#hits li:has-text('Stanford')")
    # a search in a namespace typed but not opened: its hits, and nothing of the entity open before
    page.fill("#ns", "alice")
    page.fill("#q", "Rome")
    page.click("#searchform button")
    page.wait_for_selector("#hits li:has-text('Rome')")
    assert not any("Stanford" in h for h in page.locator("#hits li").all_inner_texts())
    assert page.locator("#timeline rect.bar").count() == 0
    page.screenshot(path=str(artifacts / "namespace-switch.png"), full_page=True)


def test_an_unknown_entity_clears_what_was_drawn_and_says_so(page: Any, served: Served, artifacts: Path) -> None:
    open_entity(page, served, "alice", "Alice")
    assert page.locator("#timeline rect.bar").count() == 6
    pick(page, "alice", "Nobody")
    page.wait_for_selector("#status.error")
    assert page.inner_text("#status").startswith("404")
    assert page.locator("#timeline rect.bar, #graph circle, #holds li").count() == 0
    assert page.locator("#controls").is_hidden()
    assert page.inner_text("#timeline-count") == ""
    page.screenshot(path=str(artifacts / "not-found.png"), full_page=True)


def test_a_link_with_the_key_opens_in_a_new_tab_and_keeps_the_key_out_of_sight(page: Any, served: Served) -> None:
    assert served.key
    sent: list[tuple[str, str]] = []
    page.on("request", lambda r: sent.append((r.url, r.headers.get("referer") or "")))
    page.goto(f"{served.url}/ui/#key={served.key}&ns=alice&entity=Alice")  # a fresh page: an empty sessionStorage
    page.wait_for_selector("#controls:not([hidden])")
    settle(page)
    assert holds(page) == ["knows Bob", "lives_in Paris", "works_at Globex"]
    assert page.url == served.url + "/ui/#ns=alice&entity=Alice"  # out of the address bar and the history
    assert page.evaluate("sessionStorage.getItem('chronomem.key')") == served.key
    assert len(sent) > 3
    assert not [s for s in sent if served.key in s[0] or served.key in s[1]]
    assert served.key not in served.log.read_text()
    page.reload()  # the tab keeps it
    page.wait_for_selector("#controls:not([hidden])")
    settle(page)
    assert page.inner_text("#status").startswith("Alice")


def test_a_link_without_the_key_asks_for_it_then_opens(page: Any, served: Served) -> None:
    page.goto(served.url + "/ui/#ns=alice&entity=Bob")
    page.wait_for_selector("#status.error")
    assert "401" in page.inner_text("#status") and "paste an API key" in page.inner_text("#status")
    assert page.evaluate("document.activeElement.id") == "key"
    page.fill("#key", served.key or "")
    page.click("#pick button")
    page.wait_for_selector("#controls:not([hidden])")
    settle(page)
    assert holds(page) == ["Alice knows Bob", "lives_in Rome"]
