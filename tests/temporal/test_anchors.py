"""Event-anchored phrases: a parsed anchor (event words, relation, offset) with no start or end, for ingestion
to bind; time expressions are never hidden behind one."""

from __future__ import annotations

import pytest

from chronomem.temporal import Anchor, Grain, Shape, parse, query_intent

from ._table import REF

#: text -> (mention text, event, relation, amount, unit)
ANCHORED = {
    "since I caught a cold": ("since I caught a cold", "I caught a cold", "since", None, None),
    "ever since we moved here": ("ever since we moved here", "we moved here", "since", None, None),
    "two days after the wedding": ("two days after the wedding", "the wedding", "after", 2.0, Grain.DAY),
    "a week before my trip, we packed": ("a week before my trip", "my trip", "before", 1.0, Grain.WEEK),
    "3 months after I started the job": (
        "3 months after I started the job",
        "I started the job",
        "after",
        3.0,
        Grain.MONTH,
    ),
    "the day before my exam": ("the day before my exam", "my exam", "before", 1.0, Grain.DAY),
    "after the wedding we flew to Rome": ("after the wedding", "the wedding", "after", None, None),
    "until the baby arrives": ("until the baby arrives", "the baby arrives", "until", None, None),
    "自从搬家以后": ("自从搬家以后", "搬家", "since", None, None),
    "自从搬家我就没见过他": ("自从搬家", "搬家", "since", None, None),
    "自从他走了": ("自从他走了", "他走了", "since", None, None),
    "结婚前": ("结婚前", "结婚", "before", None, None),
    "我们结婚前去了巴黎": ("结婚前", "结婚", "before", None, None),
    "他毕业两年后去了上海": ("毕业两年后", "毕业", "after", 2.0, Grain.YEAR),
    "搬家前一天": ("搬家前一天", "搬家", "before", 1.0, Grain.DAY),
    "下班以后一起吃饭吧": ("下班以后", "下班", "after", None, None),
    "退休之后他搬回了老家": ("退休之后", "退休", "after", None, None),
}


@pytest.mark.parametrize("text", sorted(ANCHORED))
def test_anchor_is_parsed_not_resolved(text: str) -> None:
    said, event, relation, amount, unit = ANCHORED[text]
    found = [m for m in parse(text, REF) if m.shape is Shape.ANCHORED]
    assert len(found) == 1, [m.to_json() for m in parse(text, REF)]
    m = found[0]
    assert (m.text, m.start, m.end) == (said, None, None)
    assert m.anchor == Anchor(event, m.anchor.event_span if m.anchor else (0, 0), relation, amount, unit)
    assert text[m.anchor.event_span[0] : m.anchor.event_span[1]] == event
    assert m.to_json()["anchor"] == {
        "event": event,
        "relation": relation,
        "amount": amount,
        "unit": unit and unit.value,
    }


#: the words after the connector are a time: the time is kept, no anchor is made
TIMES_NOT_ANCHORS = [
    "after lunch",
    "since March",
    "since the 15th",
    "before the end of the month",
    "the day after tomorrow",
    "until Friday",
    "三天后",
    "午饭后",
    "很久以前",
    "然后我们走了",
    "最后一次",
    "两年前",
]


@pytest.mark.parametrize("text", TIMES_NOT_ANCHORS)
def test_times_are_not_anchors(text: str) -> None:
    assert all(m.shape is not Shape.ANCHORED and m.anchor is None for m in parse(text, REF))


def test_a_time_inside_the_event_words_stays_a_time() -> None:
    found = parse("I've been coughing since I caught a cold last week", REF)
    assert [(m.text, m.shape) for m in found] == [
        ("since I caught a cold", Shape.ANCHORED),
        ("last week", Shape.INSTANT),
    ]


def test_plain_mentions_carry_no_anchor_key() -> None:
    (m,) = parse("tomorrow at 5pm", REF)
    assert "anchor" not in m.to_json()


def test_query_intent_ignores_unbound_anchors() -> None:
    assert query_intent("what did I eat since I caught a cold?", REF) is None
    intent = query_intent("what did I eat last week since I caught a cold?", REF)
    assert intent is not None and intent.strict
