"""The Embedder contract: input checks, and the hashing embedder's algebra."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chronomem.contracts import Embedder
from chronomem.errors import InvalidValue
from chronomem.models import HashingEmbedder

texts = st.lists(st.text(min_size=1, max_size=200).filter(str.strip), min_size=1, max_size=8)


@pytest.mark.parametrize(
    ("bad", "match"),
    [
        ("just one string", "list of str"),
        (b"bytes", "list of str"),
        (42, "list of str"),
        ([], "empty"),
        (["ok", ""], r"texts\[1\] is empty"),
        (["ok", "  \n"], r"texts\[1\] is empty or blank"),
        (["ok", 3], r"texts\[1\] is int"),
        (["x" * 101], r"texts\[0\] has 101 characters"),
    ],
)
def test_bad_input_is_refused_with_a_clear_error(bad: object, match: str) -> None:
    with pytest.raises(InvalidValue, match=match):
        HashingEmbedder(dim=16, max_chars=100).embed(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("dim", [0, 7, 65_537])
def test_dim_out_of_range_is_refused(dim: int) -> None:
    with pytest.raises(InvalidValue, match="dim"):
        HashingEmbedder(dim=dim)


def test_hashing_embedder_meets_the_protocol() -> None:
    embedder = HashingEmbedder(dim=64)
    assert isinstance(embedder, Embedder)
    assert (embedder.name, embedder.dim) == ("hashing-64", 64)


@settings(max_examples=60, deadline=None)
@given(texts)
def test_rows_are_unit_float32_and_in_order(batch: list[str]) -> None:
    embedder = HashingEmbedder(dim=32)
    matrix = embedder.embed(batch)
    assert matrix.shape == (len(batch), 32) and matrix.dtype == np.float32
    np.testing.assert_allclose(np.linalg.norm(matrix, axis=1), 1.0, rtol=1e-5)
    for i, text in enumerate(batch):  # batching does not change a row
        np.testing.assert_array_equal(matrix[i], embedder.embed([text])[0])


@settings(max_examples=30, deadline=None)
@given(texts)
def test_deterministic_across_instances(batch: list[str]) -> None:
    np.testing.assert_array_equal(HashingEmbedder().embed(batch), HashingEmbedder().embed(batch))


def test_shared_words_are_more_similar_than_unrelated_text() -> None:
    berlin, berlin2, stocks, zh_berlin, zh_berlin2 = HashingEmbedder().embed(
        [
            "I moved to Berlin last year",
            "Berlin is where I moved",
            "The stock market fell sharply",
            "我去年搬到了柏林",
            "我住在柏林",
        ]
    )
    assert berlin @ berlin2 > berlin @ stocks
    assert zh_berlin @ zh_berlin2 > zh_berlin @ stocks
    assert zh_berlin @ zh_berlin2 > 0.2


def test_full_width_and_case_do_not_matter() -> None:
    a, b = HashingEmbedder().embed(["Ｂｅｒｌｉｎ ＢＥＲＬＩＮ", "berlin berlin"])
    assert a @ b == pytest.approx(1.0)


def test_symbol_only_text_still_gets_a_unit_vector() -> None:
    (row,) = HashingEmbedder(dim=16).embed(["!!! ???"])
    assert np.linalg.norm(row) == pytest.approx(1.0)
