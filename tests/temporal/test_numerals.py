"""Chinese and English number words."""

from __future__ import annotations

import pytest

from chronomem.temporal._numerals import en_number, zh_number


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("三", 3),
        ("十", 10),
        ("十五", 15),
        ("二十", 20),
        ("二十三", 23),
        ("三十一", 31),
        ("两", 2),
        ("一百", 100),
        ("一百零五", 105),
        ("二零二四", 2024),
        ("一九九八", 1998),
        ("〇八", 8),
        ("12", 12),
        ("", None),
        ("abc", None),
        ("三x", None),
    ],
)
def test_zh_number(text: str, value: int | None) -> None:
    assert zh_number(text) == value


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("3", 3),
        ("three", 3),
        ("Twelve", 12),
        ("twenty-one", 21),
        ("twenty first", 21),
        ("3rd", 3),
        ("21st", 21),
        ("a few", 3),
        ("a couple of", 2),
        ("last", -1),
        ("thirty-first", 31),
        ("", None),
        ("lots", None),
    ],
)
def test_en_number(text: str, value: int | None) -> None:
    assert en_number(text) == value
