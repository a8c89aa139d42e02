from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from chronomem.errors import InvalidValue
from chronomem.text import normalise, to_half_width, to_simplified


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("ＡＢＣ１２３，你好！", "ABC123,你好!"),
        ("Ｈｅｌｌｏ　Ｗｏｒｌｄ", "Hello World"),
        ("我們開會討論臺灣的軟體", "我们开会讨论台湾的软体"),
        ("後來他說", "后来他说"),
        ("plain ascii stays", "plain ascii stays"),
        ("简体保持不变。", "简体保持不变。"),
    ],
)
def test_normalise(raw: str, expected: str) -> None:
    assert normalise(raw) == expected


def test_parts() -> None:
    assert to_half_width("１０％　ｏｆｆ") == "10% off"
    assert to_simplified("電話號碼") == "电话号码"


@given(st.text(max_size=80))
def test_normalise_is_idempotent(text: str) -> None:
    once = normalise(text)
    assert normalise(once) == once


def test_non_str_is_refused() -> None:
    with pytest.raises(InvalidValue, match="str"):
        normalise(b"bytes")  # type: ignore[arg-type]
