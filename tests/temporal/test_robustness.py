"""parse() never raises on odd text or at the ends of the calendar, and its mentions are well formed."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

from hypothesis import given, settings
from hypothesis import strategies as st

from chronomem.temporal import Shape, parse

from . import test_en, test_zh

WORDS = [c.text for c in test_en.ALL + test_zh.ALL] + [
    "到",
    "从",
    "-",
    "to",
    "from",
    "until",
    "since",
    "之前",
    "以后",
    "的",
    "at",
    "every",
    "每",
    "around",
    "左右",
    "13月",
    "32号",
    "25点",
    "61分",
    "Feb 30",
    "13/45/2024",
    "9999年",
    "0000年",
    "24:00",
    "13pm",
    "上上上周",
]
REFS = [
    datetime(2024, 6, 12, 15, 0, tzinfo=timezone(timedelta(hours=8))),
    datetime(2024, 2, 29, 0, 0, tzinfo=timezone(timedelta(hours=-5))),
    datetime(1, 1, 2, 0, 0, tzinfo=UTC),
    datetime(9999, 12, 30, 0, 0, tzinfo=UTC),
]


def _well_formed(text: str, ref: datetime, tz: str | None) -> None:
    for m in parse(text, ref, tz):
        assert text[m.span[0] : m.span[1]] == m.text
        if m.shape is Shape.ANCHORED:  # tied to an event, not placed: no ends, and the event's words in the text
            assert m.start is None and m.end is None and m.anchor is not None
            assert text[m.anchor.event_span[0] : m.anchor.event_span[1]] == m.anchor.event
            continue
        assert m.anchor is None
        if m.start is not None and m.end is not None:
            assert m.start < m.end
        assert m.start is not None or m.shape is Shape.OPEN_BEFORE
        assert m.end is not None or m.shape is Shape.OPEN_AFTER


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.sampled_from(WORDS), min_size=1, max_size=4),
    st.sampled_from(REFS),
    st.sampled_from([None, "Asia/Shanghai", "America/New_York"]),
    st.sampled_from(["", " ", "，"]),
)
def test_mixed_expressions_are_well_formed(words: list[str], ref: datetime, tz: str | None, sep: str) -> None:
    _well_formed(sep.join(words), ref, tz)


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from("0123456789:/-. 年月日号点分周上下前后天今明昨amp的到从at")))
def test_arbitrary_text_never_raises(text: str) -> None:
    _well_formed(text, REFS[0], None)
