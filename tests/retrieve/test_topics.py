"""The knowledge-update rule and the graph channel's pure parts: past questions, topics, the order in force, names."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from chronomem import Fact, Interval
from chronomem.retrieve import Scored
from chronomem.retrieve._channels import name_spans, rank_facts
from chronomem.retrieve._topics import asks_past, group_topics, in_force_order, latest_first, sharing


@pytest.mark.parametrize(
    ("question", "past"),
    [
        ("What did Tom use to ride?", True),
        ("What did Priya and Tom use to call their team?", True),
        ("What do they use to clean the oven?", False),  # an instrument, not a past state
        ("What bike did Tom ride originally?", True),
        ("Before Sam corrected it, what did Reno assume about the house?", True),
        ("What was the team called at first?", True),
        ("Where did Maya work previously?", True),
        ("What was the original meeting point?", True),
        ("苏晴以前住在哪里？", True),
        ("陈宇航原来的组叫什么？", True),
        ("Which bike is Tom riding now?", False),
        ("What is Dana's bakery called?", False),
        ("On what date did Maya have her first driving lesson?", False),  # a first event, not an earlier state
        ("苏晴现在住在哪里？", False),
    ],
)
def test_a_past_question_is_told_by_its_words(question: str, past: bool) -> None:
    assert asks_past(question) is past


def test_words_that_every_candidate_has_make_no_topic() -> None:
    terms = {"a": {"tom", "bike"}, "b": {"tom", "bike"}, "c": {"tom", "oven"}, "d": {"tom"}, "e": {"tom", "oven"}}
    same = sharing(terms, 0.4)
    assert same("a", "b") and same("c", "e")
    assert not same("a", "c") and not same("a", "d")  # "tom" is in all five


def test_topics_form_around_leaders_without_chains() -> None:
    links = {frozenset("ab"), frozenset("bc")}  # b resembles a and c, but c does not resemble a
    groups = group_topics(list("abcd"), lambda x, y: frozenset((x, y)) in links)
    assert groups == [["a", "b"], ["c"], ["d"]]


def test_in_force_order_current_window_and_past() -> None:
    times = {"jan": 1, "mar": 3, "may": 5}
    assert in_force_order(["jan", "may", "mar"], times, reference=9, past=False) == ["may", "mar", "jan"]
    assert in_force_order(["jan", "may", "mar"], times, reference=4, past=False) == ["mar", "jan", "may"]
    assert in_force_order(["may", "mar", "jan"], times, reference=9, past=True) == ["jan", "mar", "may"]


def test_latest_first_moves_scores_within_a_topic_only() -> None:
    s = {"old": Scored(0.9), "other": Scored(0.8), "new": Scored(0.7)}
    latest_first(s, [["old", "new"], ["other"]], {"old": 1, "other": 2, "new": 3}, reference=9, past=False)
    assert (s["new"].score, s["other"].score, s["old"].score) == (0.9, 0.8, 0.7)
    assert s["new"].parts["topic"] > 1 > s["old"].parts["topic"]


@given(st.lists(st.tuples(st.floats(0.01, 1.0), st.integers(0, 100)), min_size=1, max_size=8), st.booleans())
def test_latest_first_keeps_the_groups_scores(members: list[tuple[float, int]], past: bool) -> None:
    keys = [f"e{i}" for i in range(len(members))]
    s = {k: Scored(score) for k, (score, _) in zip(keys, members, strict=True)}
    times = {k: t for k, (_, t) in zip(keys, members, strict=True)}
    before = sorted(x.score for x in s.values())
    latest_first(s, [keys], times, reference=50, past=past)
    assert sorted(x.score for x in s.values()) == before
    order = sorted(keys, key=lambda k: -s[k].score)
    if past:
        assert [times[k] for k in order] == sorted(times[k] for k in order) or len(set(before)) < len(before)


def test_name_spans_cover_multi_token_and_chinese_names() -> None:
    spans = name_spans(["where", "does", "mary", "ann", "live"])
    assert "mary ann" in spans and "mary" in spans
    assert spans.index("mary ann") < spans.index("mary")  # longest first
    assert "苏晴" in name_spans(["苏", "晴"])


def test_rank_facts_prefers_the_questions_words_then_the_latest() -> None:
    old = Fact(1, "n", "tom", "rides", "steel bike", None, Interval(0, None), Interval(0, None))
    new = Fact(2, "n", "tom", "rides", "carbon bike", None, Interval(9, None), Interval(0, None))
    job = Fact(3, "n", "tom", "works_at", "mill", None, Interval(5, None), Interval(0, None))
    assert [f.row_id for f in rank_facts([job, old, new], ["tom", "bike"], {"tom"})] == [2, 1, 3]
