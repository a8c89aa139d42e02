"""chronomem.ingest.OfflineExtractor on what a new user says in their own words (issue #30): a subject cut off by
stray punctuation, corrections of another person's fact or of a date, a start date said apart from the job, plans
that pass. The sentences are this file's own."""

from __future__ import annotations

import pytest
from test_offline_support import asserted

ME = "me"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("My friend Robert'); DROP TABLE users;-- lives in Paris", ("Robert", "lives_in", "Paris")),
        ("My cousin Ines -- works at Siemens now.", ("Ines", "works_at", "Siemens")),
        ("Ask my neighbour Tomas... speaks Lithuanian, by the way.", ("Tomas", "speaks", "Lithuanian")),
    ],
)
def test_a_verb_agreeing_with_a_third_person_is_not_the_speakers(text: str, expected: tuple[str, str, str]) -> None:
    got = asserted(text)
    assert expected in got
    assert (ME, expected[1], expected[2]) not in got


def test_a_dropped_first_person_is_still_the_speaker() -> None:
    assert (ME, "lives_in", "Leeds") in asserted("My friend Robert is great. Moved to Leeds last month, by the way.")
