"""The speaker rule (retrieve/_speakers.py): who a question names, and a real SQLite memory where the person
asked about says the answer and a friend only asks about it; the question's vector without those names."""

from __future__ import annotations

import doctest
from collections.abc import Sequence
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

import chronomem
from chronomem.models import HashingEmbedder
from chronomem.models._embed import Matrix
from chronomem.retrieve import (
    PRESETS,
    AnswerSettings,
    CorrectionSettings,
    SpeakerSettings,
    TopicSettings,
    _speakers,
)
from chronomem.retrieve._speakers import names_speaker, without_names

T0 = datetime(2023, 7, 1, 12, 0, tzinfo=UTC)


def test_doctests() -> None:
    assert doctest.testmod(_speakers).failed == 0


@pytest.mark.parametrize(
    ("question", "speaker", "named"),
    [
        ("What did melanie paint?", "Melanie", True),  # case does not matter
        ("What did Melanies paint?", "Melanie", False),  # a word of its own
        ("Did Jon and Gina meet?", "Gina", True),
        ("何佳的父母是哪天离开杭州的？", "何佳", True),
        ("何佳的父母是哪天离开杭州的？", "苏晴", False),
        ("Where has Melanie camped?", "", False),
    ],
)
def test_a_question_names_a_speaker_by_name_or_first_name(question: str, speaker: str, named: bool) -> None:
    assert names_speaker(question, speaker) is named


def test_the_person_asked_about_outranks_a_friend_who_asks_about_it(tmp_path: Path) -> None:
    turns = [
        ("Caroline", "Camping, camping, camping: I love camping!"),
        ("Melanie", "We went camping at the beach with the kids, the whole weekend outdoors in the sun."),
        ("Melanie", "Work was busy this week."),
        ("Melanie", "The tea shop downtown closed."),
        ("Caroline", "Did you see the match?"),
    ]
    with chronomem.open(str(tmp_path / "s.db"), namespace="t", embedder=None) as m:
        m.add(
            [
                {"id": f"t{i}", "speaker": who, "content": text, "occurred_at": T0 + timedelta(days=i)}
                for i, (who, text) in enumerate(turns)
            ]
        )
        question = "Where has Melanie camped?"
        # the speaker rule alone (the topic rule would give the later of two camping turns the first place)
        rules_off = {"answers": AnswerSettings(share=0.0), "topics": TopicSettings(depth=0)}
        rules_off |= {"corrections": CorrectionSettings(depth=0)}  # the topic depth turned both off before
        off = replace(PRESETS["default"], name="no-speaker", speaker=SpeakerSettings(boost=0.0), **rules_off)  # type: ignore[arg-type]
        plain = [h.id for h in m.search(question, kinds=["episode"], preset=off)]
        hits = m.search(question, kinds=["episode"], preset=replace(off, speaker=SpeakerSettings(boost=0.35)))
        assert plain[0] == "t0"  # the friend's camping talk matches better
        assert hits[0].id == "t1" and hits[0].scores["speaker"] == pytest.approx(1.35)
        assert all(("speaker" in h.scores) == (h.item.speaker == "Melanie") for h in hits)  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("question", "speakers", "bare"),
    [
        ("Where has Melanie camped?", ["Melanie", "Caroline"], "Where has camped?"),
        ("What did Melanie's kids paint?", ["Melanie"], "What did kids paint?"),
        ("Where did Mel go?", ["Melanie"], "Where did Mel go?"),  # not the speaker's name
        ("Did Jon and Gina meet in Rome?", ["Jon", "Gina"], "Did and meet in Rome?"),
        ("何佳的父母是哪天离开杭州的？", ["何佳", "苏晴"], "的父母是哪天离开杭州的？"),
        ("Who is Melanie?", ["Melanie"], "Who is Melanie?"),  # nothing left to look for: kept whole
    ],
)
def test_the_vector_query_leaves_out_the_speakers_names(question: str, speakers: list[str], bare: str) -> None:
    assert without_names(question, speakers) == bare


class _Recording(HashingEmbedder):
    """The hashing embedder, remembering what it was asked to embed (to see the query a search embeds)."""

    def __init__(self) -> None:
        super().__init__(dim=64)
        self.seen: list[str] = []

    def embed(self, texts: Sequence[str]) -> Matrix:
        self.seen.extend(texts)
        return super().embed(texts)


def test_a_search_embeds_the_question_without_the_names_of_speakers_it_found(tmp_path: Path) -> None:
    embedder = _Recording()
    with chronomem.open(str(tmp_path / "v.db"), namespace="t", embedder=embedder) as m:
        m.add([{"id": "a", "speaker": "Melanie", "content": "We went camping at the beach.", "occurred_at": T0}])
        m.search("Where has Melanie camped?")
        assert embedder.seen[-1] == "Where has camped?"
        named = replace(PRESETS["default"], name="named", name_free_vectors=False)
        hits = m.search("Where has Melanie camped?", preset=named)
        assert embedder.seen[-1] == "Where has Melanie camped?" and hits[0].id == "a"
        m.search("Where has Priya camped?")  # nobody of that name spoke: nothing to leave out
        assert embedder.seen[-1] == "Where has Priya camped?"


def test_an_assistants_long_reply_ranks_below_the_persons_own_words(tmp_path: Path) -> None:
    """The person's statement and the assistant's reply that repeats its words among many others: the person's
    ranks first; with ``speaker.assistant`` at 1 (off) the reply's extra matches put it first."""
    mine = "We picked Redis for the session cache; the cutover is planned for the sprint after next."
    reply = (
        "Redis is a good fit for a session cache. For the cutover, warm the cache before the sprint ends, "
        "plan a rollback, and keep the session cache keys short. Redis cutover checklists usually cover: "
        "eviction policy, persistence, session cache sizing and the cutover window."
    )
    rules = replace(PRESETS["default"], topics=TopicSettings(ratio=1.01), answers=AnswerSettings(share=0.0))
    with chronomem.open(str(tmp_path / "a.db"), namespace="t", embedder=None) as m:
        m.add_episode(mine, occurred_at=T0, id="mine", speaker="Dev", role="user", session="s")
        m.add_episode(reply, occurred_at=T0 + timedelta(seconds=30), id="reply", speaker="Assistant", role="assistant",
                      session="s")  # fmt: skip
        question = "When is the Redis session cache cutover?"
        off = replace(rules, name="off", speaker=SpeakerSettings(assistant=1.0))
        assert m.search(question, kinds=["episode"], preset=off)[0].id == "reply"
        hits = m.search(question, kinds=["episode"], preset=rules)
        assert [h.id for h in hits] == ["mine", "reply"] and hits[1].scores["speaker"] == 0.5
