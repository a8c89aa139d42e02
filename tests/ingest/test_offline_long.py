"""Long messages: the offline extractor reads them in bounded pieces, so its work grows linearly with their length.

No test here is timed: each checks a structure that bounds the work (no rule sees more than a sentence's
worth of text, a clause break cannot start inside white space) on inputs that took minutes before.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from typing import Any

import pytest

from chronomem._values import Episode
from chronomem.extract.offline import _read
from chronomem.extract.offline._registry import language_for
from chronomem.extract.offline.en._clauses import CLAUSE_BREAK
from chronomem.ingest import ExtractionContext, OfflineExtractor, Role

AT = datetime(2024, 3, 4, 9, 15, tzinfo=UTC)

#: Texts that made one step of reading super-linear: white space, "and and and", "so so so", clock times,
#: a run of dots, Chinese and English without a stop, and a name after a long text (a role word looked for
#: before it).
PATHOLOGICAL = {
    "spaces": "I live in Berlin" + " " * 5000 + "and I love hiking.",
    "newlines and tabs": "I live in Berlin" + " \t" * 3000 + "ok",
    "and and and": "I said " + "and " * 3000 + "I love hiking.",
    "so so so": "I said, " + "so " * 3000 + "I love hiking.",
    "clock times": "we met at " + "3 pm " * 2000,
    "dots": "wait" + "." * 5000 + "x",
    "no stop (en)": "and then the model kept going without a stop " * 200,
    "no stop (zh)": "我们的系统在队列超过一百条的时候会丢任务" * 300,
    "names": "my sister Ana is here " * 1000,
}


def _read_all(text: str, recent: tuple[Episode, ...] = ()) -> list[tuple[str, str | None]]:
    episode = Episode("e", "n", text, 0, 0, speaker="Alice")
    found = OfflineExtractor().extract(episode, ExtractionContext("Alice", Role.USER, AT, recent=recent))
    return [(c.predicate, c.object.name if c.object else None) for c in found.claims]


def _spy(monkeypatch: pytest.MonkeyPatch, name: str, seen: list[int]) -> None:
    """Record the length of the text ``_read.<name>`` is called with; refuse an unbounded one at once."""
    real: Callable[..., Any] = getattr(_read, name)

    def spy(text: str, *args: Any, **kwargs: Any) -> Any:
        seen.append(len(text))
        assert len(text) <= _read.MAX_SENTENCE, f"{name} got {len(text)} characters"
        return real(text, *args, **kwargs)

    monkeypatch.setattr(_read, name, spy)


@pytest.mark.parametrize("kind", sorted(PATHOLOGICAL))
def test_no_clause_split_or_time_parse_reads_more_than_a_bounded_piece(
    kind: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    clause_splits: list[int] = []
    time_parses: list[int] = []
    _spy(monkeypatch, "_clauses", clause_splits)
    _spy(monkeypatch, "parse", time_parses)
    text = PATHOLOGICAL[kind]
    _read_all(text)
    _read_all("actually no, it's 555-0199", recent=(Episode("p", "n", text, 0, 0, speaker="Alice"),))
    assert clause_splits and max(clause_splits) <= _read.MAX_SENTENCE


def test_sentences_are_bounded_cut_at_a_space_where_there_is_one_and_cover_the_text() -> None:
    words = "word " * 700  # 3,500 characters without a stop
    text = "I live in Berlin. " + words + "a" * 2500 + ". 我住在北京。"
    spans = list(_read._sentences(text))
    assert all(0 < b - a <= _read.MAX_SENTENCE for a, b in spans)
    assert all(b1 <= a2 for (_, b1), (a2, _) in itertools.pairwise(spans))
    assert "".join(text[a:b] for a, b in spans).replace(" ", "") == text.replace(" ", "")
    in_words = [text[a:b] for a, b in spans if text[a:b].startswith("word")]
    assert all(piece.endswith(("word ", "word")) for piece in in_words)  # never inside a word
    assert text[spans[0][0] : spans[0][1]] == "I live in Berlin."
    assert text[spans[-1][0] : spans[-1][1]] == "我住在北京。"


def test_what_a_long_message_says_is_read_around_its_runs() -> None:
    for kind in ("spaces", "and and and", "so so so"):
        claims = _read_all(PATHOLOGICAL[kind])
        assert ("likes", "hiking") in claims, kind


def test_a_day_far_from_the_word_birthday_in_a_long_message_is_no_birthday() -> None:
    short = "Remind me to take December 12 off. It's my birthday."
    assert [p for p, _ in _read_all(short)] == ["birthday"]
    long = "Remind me to take December 12 off. " + "The build is slow. " * 200 + "It's my birthday."
    assert [p for p, _ in _read_all(long)] == []


def _breaks(text: str) -> Iterator[tuple[int, int]]:
    return ((m.start(), m.end()) for m in CLAUSE_BREAK.finditer(text))


def test_a_clause_break_takes_its_white_space_whole_and_starts_where_it_starts() -> None:
    # A break begins at the first space of a run, never inside it (each try inside a run of n spaces used to
    # rescan the run: n^2 work per run, n^3 with the backtracking), and it splits as it did (the same breaks
    # as before on every turn of the development sets).
    text = "I moved to Oslo   ,   and my sister lives in Rome; she said   I should come"
    assert list(_breaks(text)) == [(15, 22), (49, 51), (54, 62)]
    assert CLAUSE_BREAK.match(text, 16) is None and CLAUSE_BREAK.match(text, 17) is None
    assert CLAUSE_BREAK.match(text, 15) is not None
    en = language_for("en")
    assert [text[a:b] for a, b in _read._clauses(text, en)] == [
        "I moved to Oslo", "and my sister lives in Rome", "she", "I should come",
    ]  # fmt: skip


def test_a_correction_after_a_long_message_reads_only_its_end_again(monkeypatch: pytest.MonkeyPatch) -> None:
    read: list[int] = []
    real = _read.read_message

    def spy(content: str, context: ExtractionContext) -> _read.Reading:
        read.append(len(content))
        return real(content, context)

    monkeypatch.setattr(_read, "read_message", spy)
    said = Episode("p", "n", "The build is slow. " * 5_000 + "I live in Oslo now.", 0, 0, speaker="Alice")
    claims = _read_all("sorry, not Oslo, I meant Bergen", recent=(said,))
    assert read[0] < 100 and max(read[1:]) <= 4_000  # this message, then the end of the one before
    assert ("lives_in", "Bergen") in claims


def test_a_sentence_longer_than_the_time_parser_takes_is_read() -> None:
    # the time parser refuses a text over 100,000 characters; a message that long without a stop was refused
    text = "I live in Berlin. " + "and then the model kept going without a stop " * 3_000 + "I love hiking."
    assert ("likes", "hiking") in _read_all(text)
