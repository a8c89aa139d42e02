"""The web UI's layout, measured in the page: months of history with a few much older facts on a readable axis,
text that never overlaps or spills out of its place, and a 420 px wide screen. Each test saves a screenshot."""

from __future__ import annotations

from itertools import pairwise
from pathlib import Path
from typing import Any

from uitools import Served, labels, open_entity

# the boxes of the timeline's parts, in the SVG's coordinates
TIMELINE_BOXES = """() => {
    const box = (el) => { const b = el.getBBox(); return {x0: b.x, x1: b.x + b.width, row: el.dataset.row || null}; };
    const all = (sel) => [...document.querySelectorAll('#timeline-svg ' + sel)].map(box);
    return {width: document.getElementById('timeline-svg').width.baseVal.value,
            bars: all('rect.bar'), labels: all('text.label'), axis: all('text.axis'), slots: all('text.slot')};
}"""


def assert_apart(boxes: list[dict[str, Any]], width: float) -> None:
    """Each box lies inside [0, width] and none overlaps the next."""
    boxes = sorted(boxes, key=lambda b: b["x0"])
    assert all(b["x0"] >= 0 and b["x1"] <= width for b in boxes), (boxes, width)
    assert all(a["x1"] <= b["x0"] for a, b in pairwise(boxes)), boxes


def test_months_of_history_fill_the_timeline_despite_older_facts(page: Any, served: Served, artifacts: Path) -> None:
    rows = served.api("/v1/namespaces/locomo/entities/Caroline/audit?limit=1000")["items"]
    recent = {r["row_id"] for r in rows if r["valid"]["start"] >= "2023-05"}
    assert len(recent) >= 300 and len(rows) - len(recent) == 3
    open_entity(page, served, "locomo", "Caroline")
    page.wait_for_selector("#timeline text.label")
    page.screenshot(path=str(artifacts / "months.png"), full_page=True)  # first: a failure leaves it to look at
    drawn = page.evaluate(TIMELINE_BOXES)
    width = drawn["width"]
    starts = [b["x0"] for b in drawn["bars"] if int(b["row"]) in recent]
    drawn_from = min(b["x0"] for b in drawn["bars"])
    drawn_to = max(b["x1"] for b in drawn["bars"])
    assert (max(starts) - min(starts)) / (drawn_to - drawn_from) > 0.6  # the months take most of it, not the last 5%
    assert_apart(drawn["axis"], width)
    assert sum(min(starts) <= b["x0"] <= max(starts) for b in drawn["axis"]) >= 4  # dates to read the months by
    older = [b["x0"] for b in drawn["bars"] if int(b["row"]) not in recent]
    assert len(older) == 3 and max(older) < min(starts)  # still drawn, in order, before the months
    bars = {b["row"]: b for b in drawn["bars"]}
    for label in drawn["labels"]:  # on its bar, cut rather than spilling over
        bar = bars[label["row"]]
        assert bar["x0"] <= label["x0"] and label["x1"] <= bar["x1"] + 0.5, (label, bar)
    assert {"Palo Alto", "Stanford", "Oscar"} <= set(labels(page))
    assert all(b["x1"] <= 130 for b in drawn["slots"])


def test_a_420_px_screen_stacks_the_panels_without_sideways_scrolling(
    page: Any, served: Served, artifacts: Path
) -> None:
    page.set_viewport_size({"width": 420, "height": 900})
    open_entity(page, served, "alice", "Alice")
    page.screenshot(path=str(artifacts / "narrow.png"), full_page=True)
    geometry = page.evaluate("""() => {
        const box = (el) => { const b = el.getBoundingClientRect();
                              return {left: b.left, right: b.right, top: b.top, bottom: b.bottom}; };
        const r = (sel) => box(document.querySelector(sel));
        const tl = document.getElementById('timeline-box');
        return {page: document.documentElement.scrollWidth,
                parts: ['header', '#pick', '#searchform', '#controls', '#timeline-box', '#side', '#graph-box']
                    .map((s) => [s, r(s)]),
                controls: [...document.querySelectorAll('input, button')].map((e) => [e.id || e.textContent, box(e)]),
                timeline: [tl.scrollWidth, tl.clientWidth], order: ['#timeline-box', '#side', '#graph-box'].map(r),
                font: parseFloat(getComputedStyle(document.querySelector('#timeline text.label')).fontSize)};
    }""")
    assert geometry["page"] <= 420  # nothing wider than the screen
    for name, box in geometry["parts"] + geometry["controls"]:
        assert box["left"] >= 0 and box["right"] <= 420, (name, box)
    timeline, side, graph = geometry["order"]
    assert timeline["bottom"] <= side["top"] and side["bottom"] <= graph["top"]  # one column
    assert geometry["timeline"][0] <= geometry["timeline"][1]  # the timeline fits its box
    assert geometry["font"] >= 11
    drawn = page.evaluate(TIMELINE_BOXES)
    assert drawn["width"] <= 420
    assert_apart(drawn["axis"], drawn["width"])
    assert sorted(labels(page)) == ["Berlin", "Bob", "Globex", "Paris"]  # whole words on the bars


def test_chinese_on_a_narrow_screen(page: Any, served: Served, artifacts: Path) -> None:
    page.set_viewport_size({"width": 420, "height": 900})
    open_entity(page, served, "alice", "李雷")
    page.screenshot(path=str(artifacts / "chinese-narrow.png"), full_page=True)
    assert labels(page) == ["上海"]
    assert page.inner_text("#holds") == "lives_in 上海"
    assert "上海" in page.locator("#graph text").all_text_contents()
    assert page.evaluate("document.documentElement.scrollWidth") <= 420


def test_narrowing_the_window_redraws_to_the_new_width(page: Any, served: Served, artifacts: Path) -> None:
    open_entity(page, served, "alice", "Alice")
    page.set_viewport_size({"width": 420, "height": 900})
    page.wait_for_function("document.getElementById('timeline-svg').width.baseVal.value <= 420")
    page.wait_for_function("document.getElementById('graph-svg').width.baseVal.value <= 420")
    page.screenshot(path=str(artifacts / "narrowed.png"), full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= 420
    assert sorted(labels(page)) == ["Berlin", "Bob", "Globex", "Paris"]
