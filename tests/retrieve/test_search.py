"""``Memory.search`` on SQLite: bad input, stop-words, time, and the shape of a hit."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

import chronomem
from chronomem import Memory
from chronomem.errors import ConfigError, InvalidInterval, InvalidValue, NaiveDatetime
from chronomem.retrieve import (
    MAX_QUERY_CHARS,
    PRESETS,
    CorrectionSettings,
    Hit,
    LatestSettings,
    TopicSettings,
    WindowSettings,
)

T0 = datetime(2024, 1, 1, tzinfo=UTC)


@pytest.fixture
def mem(tmp_path: Path) -> Iterator[Memory]:
    with chronomem.open(str(tmp_path / "m.db"), namespace="t") as m:
        e1 = m.add_episode("I live in Berlin.", occurred_at=T0, id="e1", speaker="Alice")
        m.assert_fact("Alice", "lives_in", "Berlin", episode=e1)
        e2 = m.add_episode("I moved to Paris.", occurred_at=T0 + timedelta(days=60), id="e2", speaker="Alice")
        m.assert_fact("Alice", "lives_in", "Paris", episode=e2)
        yield m


@pytest.mark.parametrize(
    ("kwargs", "error"),
    [
        ({"query": ""}, InvalidValue),
        ({"query": "   "}, InvalidValue),
        ({"query": 42}, InvalidValue),
        ({"query": "x" * (MAX_QUERY_CHARS + 1)}, InvalidValue),
        ({"k": 0}, InvalidValue),
        ({"k": 1001}, InvalidValue),
        ({"k": True}, InvalidValue),
        ({"preset": "best"}, ConfigError),
        ({"kinds": ["episode", "memo"]}, InvalidValue),
        ({"kinds": []}, InvalidValue),
        ({"valid_at": datetime(2024, 1, 1)}, NaiveDatetime),
        ({"as_of": datetime(2024, 1, 1)}, NaiveDatetime),
        ({"window": (T0, T0 - timedelta(days=1))}, InvalidInterval),
        ({"window": (datetime(2024, 1, 1), None)}, NaiveDatetime),
        ({"window": "last week"}, InvalidValue),
    ],
)
def test_bad_input_raises_a_specific_error(mem: Memory, kwargs: dict[str, object], error: type[Exception]) -> None:
    args: dict[str, object] = {"query": "where does Alice live?", **kwargs}
    with pytest.raises(error):
        mem.search(**args)  # type: ignore[arg-type]


def test_a_query_of_stop_words_finds_nothing(mem: Memory) -> None:
    assert mem.search("what is it?") == []
    assert mem.search("这是什么？") == []


def test_a_hit_explains_its_score_and_cites_its_episodes(mem: Memory) -> None:
    hits = mem.search("where does Alice live?")
    assert all(isinstance(h, Hit) and h.score > 0 for h in hits)
    assert [h.score for h in hits] == sorted((h.score for h in hits), reverse=True)
    fact = next(h for h in hits if h.kind == "fact")
    assert (fact.item.object, fact.cites, fact.id) == ("paris", ("e2",), str(fact.item.row_id))  # type: ignore[union-attr]
    assert fact.scores["fulltext"] > 0
    assert next(h for h in hits if h.kind == "episode").cites[0] in ("e1", "e2")


def test_as_of_leaves_out_what_was_recorded_later(mem: Memory) -> None:
    before = datetime.fromtimestamp(mem.get_episode("e2").recorded_at / 1e6 - 1e-6, UTC)
    hits = mem.search("Alice live Paris Berlin", as_of=before, valid_at=T0 + timedelta(days=90))
    assert {c for h in hits for c in h.cites} == {"e1"}
    assert [h.item.object for h in hits if h.kind == "fact"] == ["berlin"]  # type: ignore[union-attr]


def test_the_current_value_outranks_the_superseded_one(mem: Memory) -> None:
    hits = mem.search("where does Alice live now?", kinds=["episode"])
    assert [h.id for h in hits] == ["e2", "e1"]
    assert "stale" in hits[1].scores
    then = mem.search("where did Alice live?", kinds=["fact"], valid_at=T0 + timedelta(days=1))
    assert [h.item.object for h in then] == ["berlin"]  # type: ignore[union-attr]


def test_a_window_keeps_only_its_period_and_a_named_time_boosts_it(mem: Memory) -> None:
    w = (T0 - timedelta(days=1), T0 + timedelta(days=1))
    assert {c for h in mem.search("Alice Berlin Paris", window=w) for c in h.cites} == {"e1"}
    hits = mem.search("Alice in January 2024", kinds=["episode"], valid_at=T0 + timedelta(days=90))
    assert hits[0].id == "e1" and hits[0].scores["time"] > 1


def test_what_was_said_after_the_named_period_ranks_below_what_was_said_in_it(tmp_path: Path) -> None:
    said = [
        ("jan", datetime(2024, 1, 5, tzinfo=UTC), "Priya had a long week."),
        ("feb", datetime(2024, 2, 10, tzinfo=UTC), "Priya works at the LGI pharmacy on the ring road."),
        ("jun", datetime(2024, 6, 1, tzinfo=UTC), "Priya works in Shipley now."),
    ]
    with chronomem.open(str(tmp_path / "w.db"), namespace="t", embedder=None) as m:
        for eid, when, text in said:
            m.add_episode(text, occurred_at=when, id=eid)
        question, asked = "Where did Priya work in February 2024?", datetime(2024, 7, 1, tzinfo=UTC)
        plain = replace(
            PRESETS["default"],
            name="plain",
            window=WindowSettings(boost=0.0, after_factor=1.0),
            topics=TopicSettings(depth=0),
            corrections=CorrectionSettings(depth=0),
            latest=LatestSettings(boost=0.0),
        )
        assert m.search(question, kinds=["episode"], valid_at=asked, preset=plain)[0].id == "jun"
        after = replace(plain, window=WindowSettings(boost=0.0, after_factor=0.5))
        hits = m.search(question, kinds=["episode"], valid_at=asked, preset=after)
        ids, factors = [h.id for h in hits], {h.id: h.scores.get("after") for h in hits}
        assert ids[0] == "feb" and factors == {"jan": None, "feb": None, "jun": 0.5}  # before: may still hold
        assert m.search(question, kinds=["episode"], valid_at=asked)[0].id == "feb"  # the default preset


def test_k_and_kinds_cut_the_result(mem: Memory) -> None:
    assert len(mem.search("Alice live Berlin Paris", k=1)) == 1
    assert {h.kind for h in mem.search("Alice live Berlin Paris", kinds="entity")} == {"entity"}


@pytest.fixture
def renamed(tmp_path: Path) -> Iterator[Memory]:
    """A team renamed months later, in other words, with no fact extracted: only the episodes say it."""
    with chronomem.open(str(tmp_path / "r.db"), namespace="t", embedder=None) as m:
        old = "The entry form wants a team name. Our team name is Spoke Folk."
        m.add_episode(old, occurred_at=T0, id="old", speaker="Tom")
        m.add_episode("Training ride on Saturday from the car park.", occurred_at=T0, id="ride", speaker="Priya")
        m.add_episode(
            "I moved the bikes into the garage.", occurred_at=T0 + timedelta(days=30), id="bikes", speaker="Tom"
        )
        later = T0 + timedelta(days=90)
        new = "Good news before the ride: I changed our team name on the portal this morning, we are the Hill Snails."
        m.add_episode(new, occurred_at=later, id="new", speaker="Priya")
        yield m


def test_a_later_statement_on_the_same_topic_outranks_the_earlier_one(renamed: Memory) -> None:
    asked = T0 + timedelta(days=100)
    without = replace(PRESETS["default"], topics=TopicSettings(depth=0), corrections=CorrectionSettings(depth=0))
    plain = renamed.search("What is the team name?", kinds=["episode"], valid_at=asked, preset=without)
    assert [h.id for h in plain][:2] == ["old", "new"]  # without the rule, the earlier statement matches best
    hits = renamed.search("What is the team name?", kinds=["episode"], valid_at=asked)
    assert [h.id for h in hits][:2] == ["new", "old"]  # the earlier one stays, below
    assert hits[0].scores["topic"] > 1


def test_a_question_about_the_past_keeps_the_earlier_statement_first(renamed: Memory) -> None:
    asked = T0 + timedelta(days=100)
    for question in ("What did they use to call the team?", "What was the team name originally?"):
        assert [h.id for h in renamed.search(question, kinds=["episode"], valid_at=asked)][:2] == ["old", "new"]
    then = renamed.search("What was the team name in February 2024?", kinds=["episode"], valid_at=asked)
    assert [h.id for h in then][:2] == ["old", "new"]  # in force then: the earlier one


def test_the_graph_channel_finds_what_a_named_entitys_facts_rest_on(tmp_path: Path) -> None:
    with chronomem.open(str(tmp_path / "g.db"), namespace="t", embedder=None) as m:
        said = m.add_episode("Started at the mill on Monday.", occurred_at=T0, id="said", speaker="Tom")
        m.assert_fact("Tom", "works_at", "Leeds Mill", episode=said)
        m.add_episode("Tom, where do you keep the pump?", occurred_at=T0, id="pump", speaker="Priya")
        graph = replace(PRESETS["default"], channels={"fulltext": 1.0, "graph": 1.0})
        hits = m.search("Which company employs Tom?", kinds=["episode", "fact"], preset=graph)
        assert any(h.kind == "fact" and h.scores.get("graph", 0) > 0 for h in hits)
        said_hit = next(h for h in hits if h.id == "said")
        assert said_hit.scores["graph"] > 0  # "employs" is not in it: found through Tom's fact


def test_a_fact_found_only_by_its_subject_s_name_is_left_out(tmp_path: Path) -> None:
    with chronomem.open(str(tmp_path / "n.db"), namespace="t", embedder=None) as m:
        m.add_episode("I want to run a marathon.", occurred_at=T0, id="g", speaker="Alice")
        m.assert_fact("Alice", "goal", value="run a marathon", episode="g")
        m.add_episode("I moved here from Oslo.", occurred_at=T0 + timedelta(days=1), id="o", speaker="Alice")

        def facts(question: str, preset: str | object = "default") -> list[object]:
            return [h.item.value for h in m.search(question, kinds=["fact"], preset=preset) if h.kind == "fact"]  # type: ignore[arg-type, union-attr]

        assert facts("Where did Alice move from?") == []
        assert facts("Where did Alice move from?", replace(PRESETS["default"], name_only_facts=True)) == [
            "run a marathon"
        ]
        assert facts("Does Alice have a marathon goal?") == ["run a marathon"]
        assert facts("Alice?") == ["run a marathon"]  # a question of names only asks about the person


@pytest.mark.parametrize(
    ("speaker", "content"),
    [
        ("Melanie", "Actually we moved the pottery class to Thursdays, not Wednesdays."),
        ("陈宇航", "不对不对，富春那边订满了，改订了冶春的包间。"),
        (None, "Dana's café: 3.5kg of flour, don't ask"),
    ],
)
def test_the_rules_read_the_same_terms_from_a_document_as_from_the_text(
    speaker: str | None, content: str, tmp_path: Path
) -> None:
    """The topic and correction rules read an episode's terms from its full-text document when the lookup
    returned it (no tokenizing on the search's path), else from its text: both must give the same words."""
    from chronomem._values import Episode
    from chronomem.engines import open_engine
    from chronomem.engines._fulltext import episode_terms
    from chronomem.retrieve import Found, Ranking, check_request
    from chronomem.retrieve._corrections import content_words

    ep = Episode("e", "n", content, 0, 0, speaker=speaker)
    key = ("episode", "e")
    request = check_request("x", k=1, valid_at=None, as_of=None, window=None, kinds=None, preset_name="default")
    engine = open_engine(tmp_path / "t.db")
    try:
        read = Ranking(engine, "n", request, Found(items={key: ep}, documents={key: " ".join(episode_terms(ep))}), {})
        tokenized = Ranking(engine, "n", request, Found(items={key: ep}), {})
        assert read.episode_terms(key) == tokenized.episode_terms(key)
        assert content_words(read.episode_terms(key)) == content_words(tokenized.episode_terms(key)) != frozenset()
    finally:
        engine.close()
