from __future__ import annotations

import pytest

from chronomem.errors import InvalidValue
from chronomem.text import detect_language, split_sentences


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "我上周去了北京。明天下午三点开会！你呢？好的",
            ["我上周去了北京。", "明天下午三点开会！", "你呢？", "好的"],
        ),
        (
            "Dr. Smith moved to Paris on Jan. 3. What did I say? OK.",
            ["Dr. Smith moved to Paris on Jan. 3.", "What did I say?", "OK."],
        ),
        ("我上周去了北京。I moved to Paris. 你呢？", ["我上周去了北京。", "I moved to Paris.", "你呢？"]),
        ("  ", []),
        ("no full stop", ["no full stop"]),
    ],
)
def test_split_sentences(text: str, expected: list[str]) -> None:
    assert split_sentences(text) == expected


def test_split_sentences_refuses_non_str() -> None:
    with pytest.raises(InvalidValue):
        split_sentences(["a"])  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("我明天和Alice去Berlin", "zh"),
        ("我們開會", "zh"),
        ("ｗｈａｔ ｄｉｄ Ｉ ｓａｙ", "en"),
        ("What did I say about Berlin?", "en"),
        ("I visited 北京 yesterday with my friends", "en"),
        ("こんにちは世界", "ja"),
        ("東京に行きました", "ja"),
        ("안녕하세요 서울", "ko"),
        ("12345 !!", "und"),
        ("", "und"),
    ],
)
def test_detect_language(text: str, expected: str) -> None:
    assert detect_language(text) == expected
