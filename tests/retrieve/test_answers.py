"""The answer rule (retrieve/_answers.py): its pure parts, and a real SQLite memory where the answer to a
question says it in other words."""

from __future__ import annotations

import doctest
from collections.abc import Iterator
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import chronomem
from chronomem import Memory
from chronomem.retrieve import (
    PRESETS,
    AnswerSettings,
    AskingSettings,
    CorrectionSettings,
    LatestSettings,
    Scored,
    TopicSettings,
    _answers,
)
from chronomem.retrieve._answers import lend_to_answers

T0 = datetime(2024, 6, 3, 18, 0, tzinfo=UTC)


def test_doctests() -> None:
    assert doctest.testmod(_answers).failed == 0


@given(st.lists(st.floats(0.0, 1.0), min_size=2, max_size=8), st.floats(0.0, 1.0))
def test_a_lent_share_only_raises_answers_and_never_above_their_question_plus_own(
    scores: list[float], share: float
) -> None:
    scored = {("episode", str(i)): Scored(s) for i, s in enumerate(scores)}
    before = {k: v.score for k, v in scored.items()}
    answers = {("episode", str(i)): ("episode", str(i + 1)) for i in range(0, len(scores) - 1, 2)}
    lend_to_answers(scored, answers, share)
    for q, a in answers.items():
        assert scored[a].score == pytest.approx(before[a] + share * before[q])
        assert scored[q].score == before[q]  # a question keeps its own score
    untouched = set(scored) - set(answers.values())
    assert all(scored[k].score == before[k] for k in untouched)


@pytest.fixture
def chat(tmp_path: Path) -> Iterator[Memory]:
    turns = [
        ("Mel", "Did you go anywhere fun over the long weekend?"),
        ("Caroline", "We drove up to the lake and slept in a tent for two nights!"),
        ("Mel", "My sister adopted a kitten on Sunday."),
        ("Caroline", "The lake water was freezing in the morning."),
        ("Mel", "Work has been busy with the quarterly report."),
    ]
    with chronomem.open(str(tmp_path / "a.db"), namespace="t", embedder=None) as m:
        m.add(
            [
                {
                    "id": f"t{i}",
                    "speaker": who,
                    "content": text,
                    "session": "s1",
                    "occurred_at": T0 + timedelta(minutes=i),
                }
                for i, (who, text) in enumerate(turns)
            ]
        )
        yield m


def test_the_turn_after_a_matching_question_rises_with_it(chat: Memory) -> None:
    question = "What did Caroline do over the long weekend?"
    off = replace(PRESETS["default"], name="no-answers", answers=AnswerSettings(share=0.0))
    plain = [h.id for h in chat.search(question, kinds=["episode"], preset=off)]
    hits = chat.search(question, kinds=["episode"])
    ids = [h.id for h in hits]
    assert plain.index("t1") > plain.index("t3")  # without the rule, another turn of hers comes first
    assert ids.index("t1") < ids.index("t3")
    assert hits[ids.index("t1")].scores["answer"] > 0 and "answer" not in hits[ids.index("t0")].scores


def test_a_retracted_answer_is_not_lent_to_and_a_statement_lends_nothing(chat: Memory) -> None:
    chat.retract_episode("t1")
    hits = chat.search("What did Caroline do over the long weekend?", kinds=["episode"])
    assert "t1" not in [h.id for h in hits]
    kitten = chat.search("kitten adopted", kinds=["episode"])  # t2 states, it does not ask
    assert all("answer" not in h.scores for h in kitten)


def test_the_engine_reads_the_turn_after_in_the_session_or_among_those_without_one(chat: Memory) -> None:
    chat.add_episode("Any plans tonight?", occurred_at=T0, id="u0")
    chat.add_episode("Pizza and a film.", occurred_at=T0 + timedelta(hours=1), id="u1")
    after = chat.engine.following_episodes(chat.namespace, ["t0", "t3", "t4", "u0", "u1", "nope"])
    assert {k: e.id for k, e in after.items()} == {"t0": "t1", "t3": "t4", "u0": "u1"}
    assert after["u0"] == chat.get_episode("u1")


def test_a_turn_that_asks_ranks_below_a_statement_as_good(tmp_path: Path) -> None:
    said = [
        ("q", "Camping at the lake?"),
        ("s", "Dana and her brothers spent last weekend camping by the lake with the dog."),
        ("x", "The tea shop downtown closed."),
    ]
    with chronomem.open(str(tmp_path / "a.db"), namespace="t", embedder=None) as m:
        for i, (eid, text) in enumerate(said):
            m.add_episode(text, occurred_at=T0 + timedelta(days=i), id=eid)
        question, at = "Who went camping at the lake?", T0 + timedelta(days=5)
        rules_off = {"answers": AnswerSettings(share=0.0), "topics": TopicSettings(depth=0)}
        rules_off |= {"corrections": CorrectionSettings(share=0.0), "latest": LatestSettings(boost=0.0)}
        plain = replace(PRESETS["default"], name="plain", asking=AskingSettings(factor=1.0), **rules_off)  # type: ignore[arg-type]
        assert [h.id for h in m.search(question, kinds=["episode"], valid_at=at, preset=plain)][:2] == ["q", "s"]
        hits = m.search(question, kinds=["episode"], valid_at=at, preset=replace(plain, asking=AskingSettings(0.5)))
        assert [h.id for h in hits][:2] == ["s", "q"]
        assert hits[1].scores["asks"] == pytest.approx(0.5) and "asks" not in hits[0].scores
