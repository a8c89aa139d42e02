"""The web UI at /ui in a real headless Chromium against a real ``chronomem serve``: the timeline's bars, the two
sliders, a bar's episodes, search, the graph, Chinese text, and a timeline of ~4,000 rows."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from uitools import Served, holds, labels, open_entity, serve, set_valid, settle


def test_ui_is_served_and_the_timeline_shows_the_known_bars(page: Any, served: Served, artifacts: Path) -> None:
    open_entity(page, served, "alice", "Alice")
    # 6 rows: berlin (closed by the move), its cut row, paris, acme (closed by the correction), globex, bob
    assert page.locator("#timeline rect.bar").count() == 6
    assert page.locator("#timeline rect.bar.closed").count() == 2
    assert page.locator("#timeline text.mark").count() == 2
    assert sorted(labels(page)) == ["Berlin", "Bob", "Globex", "Paris"]  # names, as the graph shows them
    assert [t.text_content() for t in page.locator("#timeline text.slot").all()] == ["knows", "lives_in", "works_at"]
    assert holds(page) == ["knows Bob", "lives_in Paris", "works_at Globex"]
    assert page.evaluate("sessionStorage.getItem('chronomem.key')") == served.key
    shot = artifacts / "alice.png"
    page.screenshot(path=str(shot), full_page=True)
    print(f"screenshot: {shot}")


def test_system_time_before_the_correction_shows_the_old_value(page: Any, served: Served) -> None:
    open_entity(page, served, "alice", "Alice")
    audit = served.api("/v1/namespaces/alice/entities/alice/predicates/works_at/audit")["items"]
    corrected = next(r for r in audit if r["object"] == "globex")["recorded"]["start"]
    page.focus("#system")
    page.keyboard.press("ArrowLeft")  # the tick of Alice's last write (knows bob)
    settle(page)
    assert page.inner_text("#system-label") == corrected
    assert "works_at Globex" in holds(page)
    page.keyboard.press("ArrowLeft")  # one transaction earlier: before the correction
    settle(page)
    assert page.inner_text("#system-label") < corrected
    assert holds(page) == ["lives_in Paris", "works_at Acme"]
    assert "Acme" in labels(page) and "Globex" not in labels(page) and "Bob" not in labels(page)
    # the acme row is drawn as believed then: not closed
    acme = page.locator("#timeline text.label", has_text="Acme").get_attribute("data-row")
    assert "closed" not in page.locator(f"#timeline rect.bar[data-row='{acme}']").get_attribute("class")
    page.keyboard.press("End")
    settle(page)
    assert "works_at Globex" in holds(page)


def test_valid_time_changes_what_holds_and_the_graph(page: Any, served: Served) -> None:
    open_entity(page, served, "alice", "Alice")
    set_valid(page, "2024-03-01T00:00:00Z")
    assert holds(page) == ["lives_in Berlin", "works_at Globex"]
    assert page.locator("#timeline rect.bar.holds").count() == 2
    graph = page.locator("#graph text").all_text_contents()
    assert "Berlin" in graph and "Paris" not in graph and "Bob" not in graph
    set_valid(page, "2024-07-01T00:00:00Z")
    assert holds(page) == ["knows Bob", "lives_in Paris", "works_at Globex"]
    assert "Bob" in page.locator("#graph text").all_text_contents()
    page.focus("#valid")
    page.keyboard.press("Home")  # the slider's left end: before anything Alice said
    settle(page)
    assert page.input_value("#valid-at") < "2024-01-10"
    assert holds(page) == ["nothing"]


def test_clicking_a_bar_shows_its_episode(page: Any, served: Served) -> None:
    open_entity(page, served, "alice", "Alice")
    page.locator("#timeline text.label", has_text="Globex").click(force=True)  # labels let clicks through
    row = page.locator("#timeline text.label", has_text="Globex").get_attribute("data-row")
    page.locator(f"#timeline rect.bar[data-row='{row}']").click()
    page.wait_for_selector("#detail .episode")
    assert page.inner_text("#detail .episode").endswith("Sorry, I work at Globex, not Acme.")
    assert "replaced row" in page.inner_text("#detail .versions") and "(correction)" in page.inner_text("#detail")
    audit = served.api("/v1/namespaces/alice/entities/alice/predicates/works_at/audit")["items"]
    acme = next(r for r in audit if r["object"] == "acme")["row_id"]
    page.locator(f"#timeline rect.bar.closed[data-row='{acme}']").click()
    page.wait_for_selector("#detail .episode >> text=I work at Acme.")
    assert page.inner_text("#detail .versions").startswith("closed by correction")


def test_search_lists_hits_and_opens_an_entity(page: Any, served: Served) -> None:
    open_entity(page, served, "alice", "Alice")
    page.fill("#q", "Rome")
    page.click("#searchform button")
    page.wait_for_selector("#hits li")
    hits = page.locator("#hits li").all_inner_texts()
    assert any("Rome" in h or "rome" in h for h in hits), hits


def test_chinese_renders_with_real_glyphs(page: Any, served: Served, artifacts: Path) -> None:
    open_entity(page, served, "alice", "李雷")
    assert labels(page) == ["上海"]
    assert page.inner_text("#status").startswith("李雷")
    # with no CJK font both characters would be the same missing-glyph box: draw each and compare the pixels
    same, ink = page.evaluate(
        """() => {
        const font = getComputedStyle(document.body).fontFamily;
        const draw = (ch) => { const c = document.createElement('canvas'); c.width = c.height = 40;
            const g = c.getContext('2d'); g.font = '32px ' + font; g.fillText(ch, 2, 32);
            return Array.from(g.getImageData(0, 0, 40, 40).data); };
        const a = draw('上'), b = draw('海');
        return [a.join() === b.join(), a.filter((v, i) => i % 4 === 3 && v > 0).length];
    }"""
    )
    assert not same and ink > 20
    page.screenshot(path=str(artifacts / "chinese.png"), full_page=True)


def test_a_few_thousand_rows_render_quickly(page: Any, served: Served, artifacts: Path) -> None:
    rows = served.api("/v1/namespaces/big/entities/Busy/audit?limit=1")["total"]
    open_entity(page, served, "big", "Busy")
    bars = page.locator("#timeline rect.bar").count()
    assert bars == rows > 3000  # every row ever stored about the entity
    assert len(holds(page)) == 20
    assert int(page.get_attribute("#timeline", "data-ms")) < 1000
    page.focus("#system")
    page.keyboard.press("Home")  # the first transaction: the first value of every slot
    settle(page)
    assert page.locator("#timeline rect.bar").count() == 20
    page.screenshot(path=str(artifacts / "big.png"))


def test_a_dev_server_needs_no_key(page: Any, store: Path, chromium: str, tmp_path: Path) -> None:
    for _proc, url in serve(store, tmp_path / "dev.log", "--dev-no-auth"):
        page.goto(url + "/ui")  # redirected to /ui/
        assert page.url == url + "/ui/"
        page.goto(url + "/ui/#ns=alice&entity=Bob")
        page.wait_for_selector("#controls:not([hidden])")
        settle(page)
        assert holds(page) == ["Alice knows Bob", "lives_in Rome"]  # edges into Bob too


def test_a_wrong_key_is_reported(page: Any, served: Served) -> None:
    page.goto(served.url + "/ui/")
    page.fill("#key", "cmk_not_a_key")
    page.fill("#ns", "alice")
    page.fill("#entity", "Alice")
    page.click("#pick button")
    page.wait_for_selector("#status.error")
    assert "401" in page.inner_text("#status")


def test_markup_in_the_data_stays_text(page: Any, served: Served) -> None:
    open_entity(page, served, "hostile", "<b>eve")
    (label,) = labels(page)
    assert label.startswith('"<img')  # a JSON value, drawn as text (cut to the bar's width)
    assert holds(page) == ['says "<img src=x onerror=\\"window.pwned=1\\">"']
    page.locator("#timeline rect.bar").first.click()
    page.wait_for_selector("#detail .episode")
    assert page.inner_text("#detail .episode").endswith('<img src=x onerror="window.pwned=1">')
    assert page.evaluate("window.pwned") is None
    assert page.locator("#detail img, #holds img, #timeline img").count() == 0
