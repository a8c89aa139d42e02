"""chronomem.ingest: a message is checked on the way in, with an error that says what to fix."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

import pytest

from chronomem.errors import InvalidInput, InvalidValue, NaiveDatetime
from chronomem.ingest import Message, Role, as_message, to_episode

T = datetime(2024, 3, 4, 9, 15, tzinfo=timezone(timedelta(hours=1)))
GOOD = {"id": "m1", "speaker": "Alice", "role": "user", "content": "I moved to Paris.", "occurred_at": T}


def test_a_dict_and_a_message_are_the_same_message() -> None:
    from_dict = as_message({**GOOD, "occurred_at": "2024-03-04T09:15:00+01:00", "tz": "Europe/Berlin"})
    typed = as_message(Message("I moved to Paris.", T, speaker="Alice", id="m1", tz="Europe/Berlin"))
    assert from_dict == typed and from_dict.role is Role.USER


def test_an_event_is_stored_as_its_json_text() -> None:
    m = as_message({"content": {"type": "checkout", "items": 2}, "occurred_at": T, "kind": "event"})
    assert m.content == '{"items":2,"type":"checkout"}' and m.kind == "event"


@pytest.mark.parametrize(
    ("change", "error", "words"),
    [
        ({"occurred_at": None}, InvalidValue, "needs 'occurred_at'"),
        ({"occurred_at": "2024-03-04T09:15:00"}, NaiveDatetime, "has no offset"),
        ({"occurred_at": datetime(2024, 3, 4)}, NaiveDatetime, "no time zone"),
        ({"occurred_at": "last tuesday"}, InvalidValue, "not ISO 8601"),
        ({"role": "bot"}, InvalidValue, "use one of ['user', 'assistant', 'system', 'other']"),
        ({"tz": "Mars/Olympus"}, InvalidValue, "unknown time zone"),
        ({"kind": "tweet"}, InvalidValue, "use one of ['message', 'document', 'event']"),
        ({"metadata": [1, 2]}, InvalidValue, "metadata must be a JSON object"),
        ({"speaker": "  "}, InvalidValue, "speaker must be a non-empty name"),
        ({"text": "hi"}, InvalidValue, "unknown message keys ['text']"),
    ],
)
def test_bad_messages_are_refused_with_advice(change: dict[str, object], error: type[Exception], words: str) -> None:
    with pytest.raises(error, match=None) as caught:
        as_message({**GOOD, **change})
    assert words in str(caught.value)


@pytest.mark.parametrize("content", ["", "   ", "x" * 1_000_001])
def test_empty_or_oversized_content_is_refused_when_it_becomes_an_episode(content: str) -> None:
    with pytest.raises(InvalidInput):
        to_episode("ns", as_message({**GOOD, "content": content}))


def test_without_an_id_the_same_message_gets_the_same_episode_id() -> None:
    m = as_message({k: v for k, v in GOOD.items() if k != "id"})
    a, b = to_episode("ns", m), to_episode("ns", m)
    assert a.id == b.id and a.id.startswith("m-")
    other = to_episode("ns", as_message({**GOOD, "id": None, "occurred_at": T.astimezone(UTC) + timedelta(seconds=1)}))
    assert other.id != a.id
    assert to_episode("ns", as_message(GOOD)).id == "m1"
