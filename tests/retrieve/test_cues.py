"""Cues read whole (:mod:`chronomem.retrieve._cues`): a question mark or a correction word in a long message
marks one of its sentences, not the message, so the asking, answer and correction rules leave it alone."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path

import chronomem
from chronomem.retrieve import PRESETS, LatestSettings, TopicSettings
from chronomem.retrieve._cues import cue_marks

T0 = datetime(2025, 2, 3, 10, 0, tzinfo=UTC)

# A long explanation that happens to hold a correction word ("instead") and a question mark.
_LONG = (
    "Here is how I would lay out the sprint for the invoicing service. "
    + "Each ticket gets an owner, an estimate and a reviewer, and the board is groomed every Monday. " * 12
    + "You could use Postgres instead of SQLite for the invoicing tables later on. Shall I draft the schema?"
)


def test_only_a_message_short_enough_is_marked_whole_by_its_cue() -> None:
    assert cue_marks("Actually it was Tuesday, not Monday.", 1000)
    assert not cue_marks(_LONG, 1000) and len(_LONG) > 1000
    assert cue_marks(_LONG, 0)  # 0: any length, as before


def test_a_cue_inside_a_long_reply_does_not_move_it_above_the_message_it_answers(tmp_path: Path) -> None:
    said = [
        ("mine", "User", "The invoicing service has a deadline of March 14, and Dana reviews every invoicing ticket."),
        ("reply", "Assistant", _LONG),
    ]
    with chronomem.open(str(tmp_path / "c.db"), namespace="t", embedder=None) as m:
        for i, (eid, who, text) in enumerate(said):
            m.add_episode(text, occurred_at=T0 + timedelta(seconds=30 * i), id=eid, speaker=who, session="s1")
        question, asked = "Who reviews the invoicing tickets before the March deadline?", T0 + timedelta(days=1)
        # the topic rule groups no two (a ratio above 1), so only the cue rules can move them
        rules = replace(PRESETS["default"], topics=TopicSettings(ratio=1.01), latest=LatestSettings(boost=0.0))
        before = replace(rules, name="cues at any length", cue_chars=0)
        old = m.search(question, kinds=["episode"], valid_at=asked, preset=before)
        assert old[0].id == "reply" and "correction" in old[0].scores  # the long reply took the message's place
        hits = m.search(question, kinds=["episode"], valid_at=asked, preset=rules)
        assert [h.id for h in hits][:2] == ["mine", "reply"]
        reply = next(h for h in hits if h.id == "reply")
        assert "correction" not in reply.scores and "asks" not in reply.scores


def test_a_request_to_an_assistant_is_not_read_as_a_question_between_people(tmp_path: Path) -> None:
    """A person's question to an assistant carries their situation: it is not demoted as asking, and the
    assistant's reply does not take its score; the same question put to a person is (the rules between people)."""
    request = "My flight to Lisbon on May 3 got cancelled, can you find me a train instead?"
    reply = "Sure. There is a night train to Lisbon; it leaves at 21:40 and arrives in the morning."
    question, asked = "When was my flight to Lisbon?", T0 + timedelta(days=1)
    rules = replace(PRESETS["default"], topics=TopicSettings(ratio=1.01), latest=LatestSettings(boost=0.0))
    found = {}
    for role in ("assistant", "user"):
        with chronomem.open(str(tmp_path / f"{role}.db"), namespace="t", embedder=None) as m:
            m.add_episode(request, occurred_at=T0, id="ask", speaker="Ana", role="user", session="s1")
            m.add_episode(reply, occurred_at=T0 + timedelta(seconds=30), id="reply", speaker="Sam", role=role,
                          session="s1")  # fmt: skip
            found[role] = {h.id: h.scores for h in m.search(question, kinds=["episode"], valid_at=asked, preset=rules)}
    to_assistant, to_person = found["assistant"], found["user"]
    assert "asks" not in to_assistant["ask"] and "answer" not in to_assistant.get("reply", {})
    assert "asks" in to_person["ask"] and "answer" in to_person["reply"]
