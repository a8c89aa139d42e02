"""Passages for an embedder: bounded in size and number, aligned to breaks, overlapping a little."""

from __future__ import annotations

import pytest

from chronomem._values import Episode
from chronomem.errors import InvalidValue
from chronomem.text._passages import passages
from chronomem.write import MAX_PARTS, PART_CHARS, embedding_parts


def test_a_short_text_is_one_passage_as_it_is() -> None:
    assert passages("  I moved to Berlin.  ", size=100, overlap=10, limit=4) == ["  I moved to Berlin.  "]
    text = "x" * PART_CHARS
    assert embedding_parts(Episode("e", "n", text, 0, 0, speaker="Ana")) == [f"Ana: {text}"]


def test_passages_end_at_a_paragraph_then_a_sentence_and_overlap() -> None:
    text = "First sentence here. Second one is here.\n\nA new paragraph starts. It goes on and on. The end."
    got = passages(text, size=60, overlap=20, limit=8)
    assert got[0] == "First sentence here. Second one is here."  # the blank line, not the next sentence
    assert all(len(p) <= 60 for p in got)
    assert got[-1].endswith("The end.")
    assert all(p in text for p in got)


def test_a_code_block_ends_a_passage_whole() -> None:
    text = "Here is how to do it, step by step, in prose.\n```python\nprint('hi')\n```\n" + "More words. " * 5
    assert passages(text, size=80, overlap=10, limit=8)[0].endswith("print('hi')\n```")


@pytest.mark.parametrize("size", [5_000, 100_000, 1_000_000])
def test_a_long_text_gives_at_most_the_limit_spread_from_its_start_to_its_end(size: int) -> None:
    text = ("and then the model kept going without a stop " * (size // 40))[: size - 8] + " THE END"
    got = passages(text, size=1000, overlap=100, limit=MAX_PARTS)
    assert len(got) <= MAX_PARTS and all(len(p) <= 1000 for p in got)
    assert got[0].startswith("and then") and got[-1].endswith("THE END")
    parts = embedding_parts(Episode("e", "n", text, 0, 0, speaker="Bot"))
    assert len(parts) == len(got) and all(p.startswith("Bot: ") for p in parts)


def test_a_text_within_the_limit_is_covered_whole() -> None:
    words = [f"w{i}" for i in range(2_000)]
    got = passages(" ".join(words), size=300, overlap=30, limit=1_000)
    assert set(" ".join(got).split()) == set(words)


def test_bad_bounds_are_refused() -> None:
    with pytest.raises(InvalidValue, match="overlap"):
        passages("text", size=10, overlap=6, limit=2)
