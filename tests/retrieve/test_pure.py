"""The pure parts of retrieval: BM25, fusion, factors, what holds, the stale rule, presets."""

from __future__ import annotations

import dataclasses
import math
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from chronomem import Fact, Interval
from chronomem.errors import ConfigError
from chronomem.retrieve import (
    PRESETS,
    AnswerSettings,
    AskingSettings,
    ImportanceSettings,
    Point,
    Preset,
    Ranked,
    RecencySettings,
    Scored,
    SpeakerSettings,
    TopicSettings,
    WindowSettings,
    apply_factors,
    bm25,
    demote_stale,
    fuse,
    holds_at,
    preset,
    recency_factor,
)

E = "episode"


def _fact(row: int, obj: str, valid: tuple[int, int | None], recorded: tuple[int, int | None], *eps: str) -> Fact:
    return Fact(row, "n", "alice", "lives_in", obj, None, Interval(*valid), Interval(*recorded), episodes=eps)


def test_bm25_prefers_rarer_terms_and_shorter_documents() -> None:
    docs = ["berlin canal", "berlin", "canal " * 5 + "berlin", "paris"]
    scores = bm25(docs, ["berlin", "canal"], documents=4, terms_total=sum(len(d.split()) for d in docs))
    assert scores[3] == 0
    assert scores[0] > scores[1] > 0  # both terms beat one
    assert scores[1] > bm25(docs, ["berlin"], 4, 10)[2]  # same term, longer document scores less


def test_bm25_counts_document_frequency_over_the_matches() -> None:
    (alone,) = bm25(["a"], ["a"], documents=100, terms_total=100)
    common = bm25(["a"] * 50, ["a"], documents=100, terms_total=100)[0]
    assert alone > common > 0
    assert bm25([], ["a"], 0, 0) == []


_WORDS = st.sampled_from(["a", "aa", "ab", "b", "ba", "a1", "狗", "狗狗", ""])


@given(st.lists(st.lists(_WORDS, max_size=12).map(" ".join), max_size=6), st.lists(_WORDS, min_size=1, max_size=4))
def test_bm25_equals_the_formula_over_each_document_s_words(docs: list[str], terms: list[str]) -> None:
    """Term counts are exact: a term that is a prefix, suffix or repeat of a neighbour counts only where it
    stands as a word of its own (the documents are space-separated terms, doubled spaces included)."""
    n, total = 10, 40
    got = bm25(docs, terms, documents=n, terms_total=total)
    wanted = [t for t in dict.fromkeys(terms) if t]
    words = [d.split(" ") if d else [] for d in docs]
    df = {t: sum(t in w for w in words) for t in wanted}
    idf = {t: math.log(1 + (n - df[t] + 0.5) / (df[t] + 0.5)) for t in wanted}
    for w, score in zip(words, got, strict=True):
        norm = 1.2 * (1 - 0.75 + 0.75 * len(w) / (total / n))
        expected = sum(idf[t] * w.count(t) * 2.2 / (w.count(t) + norm) for t in wanted if w.count(t))
        assert score == pytest.approx(expected)


def test_fuse_sums_weighted_reciprocal_ranks_and_counts_a_repeat_once() -> None:
    a = [(E, "x"), (E, "y"), (E, "x")]
    out = fuse([Ranked("a", a), Ranked("b", [(E, "y")]), Ranked("off", [(E, "z")])], {"a": 1, "b": 0.5}, rrf_k=10)
    assert set(out) == {(E, "x"), (E, "y")}
    assert out[(E, "x")].score == pytest.approx(1 / 11)
    assert out[(E, "y")].score == pytest.approx(1 / 12 + 0.5 / 11)
    assert out[(E, "y")].parts == {"a": pytest.approx(1 / 12), "b": pytest.approx(0.5 / 11)}


@given(st.lists(st.sampled_from("abcdef"), min_size=1, unique=True))
def test_fusing_one_list_keeps_its_order(keys: list[str]) -> None:
    out = fuse([Ranked("a", [(E, k) for k in keys])], {"a": 1.0}, rrf_k=60)
    assert sorted(out, key=lambda k: -out[k].score) == [(E, k) for k in keys]


def test_factors_multiply_and_are_explained() -> None:
    scored = {(E, "x"): Scored(2.0, {"a": 2.0})}
    apply_factors(scored, {(E, "x"): {"time": 1.5, "recency": 1.0}, (E, "gone"): {"time": 2.0}})
    assert scored[(E, "x")].score == 3.0
    assert scored[(E, "x")].parts == {"a": 2.0, "time": 1.5}


def test_recency_halves_each_half_life_and_ignores_the_future() -> None:
    day = 86_400_000_000
    assert recency_factor(0, 30 * day, 1.0, 30.0) == pytest.approx(1.5)
    assert recency_factor(10 * day, 0, 1.0, 30.0) == 1.0
    assert recency_factor(0, day, 0.0, 30.0) == 1.0


def test_a_row_holds_at_a_point_or_over_a_window() -> None:
    row = _fact(1, "berlin", (10, 20), (5, None))
    assert holds_at(row, Point(15, 100)) and not holds_at(row, Point(20, 100)) and not holds_at(row, Point(9, 100))
    assert not holds_at(_fact(1, "berlin", (10, 20), (5, 50)), Point(15, 100))  # closed before as_of
    assert not holds_at(row, Point(15, 4))  # recorded after as_of
    assert holds_at(row, Point(50, 100, (0, 11))) and not holds_at(row, Point(50, 100, (20, None)))


def test_a_superseded_episode_is_put_below_what_superseded_it() -> None:
    old = _fact(1, "berlin", (0, 5), (1, None), "e1")
    new = _fact(2, "paris", (5, None), (2, None), "e2")
    scored = {(E, "e1"): Scored(1.0), (E, "e2"): Scored(0.2), (E, "e3"): Scored(0.5)}
    demote_stale(scored, [(old, False), (new, True)], {("alice", "lives_in")}, factor=1.0)
    assert scored[(E, "e1")].score < scored[(E, "e2")].score
    assert scored[(E, "e1")].parts["stale"] == pytest.approx(0.2 * 0.999)
    assert scored[(E, "e3")].score == 0.5


def test_a_past_value_nothing_replaced_is_history_not_stale() -> None:
    event = _fact(1, "berlin", (0, 5), (1, None), "e1")
    scored = {(E, "e1"): Scored(1.0)}
    demote_stale(scored, [(event, False)], held=set(), factor=0.5)
    assert scored[(E, "e1")].score == 1.0


def test_an_episode_is_judged_on_its_focus_topic() -> None:
    old = _fact(1, "berlin", (0, 5), (1, None), "e1")
    likes = Fact(3, "n", "alice", "likes", "tea", None, Interval(0, None), Interval(1, None), episodes=("e1",))
    held = {("alice", "lives_in"), ("alice", "likes")}
    on_home = {(E, "e1"): Scored(1.0)}
    demote_stale(on_home, [(old, False), (likes, True)], held, 0.5, focus={"e1": ("alice", "lives_in")})
    assert on_home[(E, "e1")].score == 0.5
    on_tea = {(E, "e1"): Scored(1.0)}
    demote_stale(on_tea, [(old, False), (likes, True)], held, 0.5, focus={"e1": ("alice", "likes")})
    assert on_tea[(E, "e1")].score == 1.0


def test_presets_are_named_data() -> None:
    assert preset("default") is PRESETS["default"]
    assert PRESETS["history"].history and not PRESETS["default"].history
    custom = Preset("mine", {"fulltext": 1.0})
    assert preset(custom) is custom
    with pytest.raises(ConfigError, match="default"):
        preset("best")
    with pytest.raises(ConfigError):
        Preset("bad", {}, window=WindowSettings(intent="sometimes"))


@pytest.mark.parametrize(
    ("change", "says"),
    [
        ({"channels": {"fulltext": -1.0}}, "channel 'fulltext' weighs -1.0; use a number >= 0"),
        ({"channels": {"vector": math.nan}}, "channel 'vector' weighs nan"),
        ({"asking": AskingSettings(factor=0.0)}, "asking.factor=0.0; use a number in (0, 1]"),
        ({"window": WindowSettings(after_factor=1.5)}, "window.after_factor=1.5; use a number in (0, 1]"),
        ({"bm25_b": -0.1}, "bm25_b=-0.1; use a number in [0, 1]"),
        ({"answers": AnswerSettings(share="0.3")}, "answers.share='0.3'; use a number in [0, 1]"),  # type: ignore[arg-type]
        ({"speaker": SpeakerSettings(boost=math.inf)}, "speaker.boost=inf; use a number >= 0"),
        ({"recency": RecencySettings(half_life_days=0.0)}, "recency.half_life_days=0.0; use a number > 0"),
        ({"topics": TopicSettings(depth=2.5)}, "topics.depth=2.5; use an integer >= 0"),  # type: ignore[arg-type]
        ({"depth": True}, "depth=True; use an integer >= 1"),
        ({"rrf_k": 0}, "rrf_k=0; use an integer >= 1"),
    ],
)
def test_a_preset_number_out_of_range_says_which_and_what_fits(change: dict[str, object], says: str) -> None:
    with pytest.raises(ConfigError, match=re.escape(f"preset 'mine': {says}")):
        Preset("mine", **{"channels": {"fulltext": 1.0}, **change})  # type: ignore[arg-type]
    for p in PRESETS.values():  # the named presets fit, and so does every edge value
        dataclasses.replace(
            p,
            bm25_b=0.0,
            asking=AskingSettings(factor=1.0),
            topics=TopicSettings(depth=0),
            speaker=SpeakerSettings(boost=0.0),
            importance=ImportanceSettings(weight=1.0),
        )
    assert all(math.isfinite(w) for p in PRESETS.values() for w in p.channels.values())
