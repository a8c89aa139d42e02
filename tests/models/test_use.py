"""The multilingual embedder (USE v3 in numpy): the contract, and Chinese and English in one space."""

from __future__ import annotations

import numpy as np
import pytest

from chronomem.errors import InvalidValue
from chronomem.models import USE_NAME, USEEmbedder


@pytest.fixture(scope="module")
def use() -> USEEmbedder:
    return USEEmbedder(threads=1)


def test_contract(use: USEEmbedder) -> None:
    v = use.embed(["I moved to Berlin", "我搬到柏林了", "a"])
    assert v.shape == (3, use.dim) and v.dtype == np.float32 and use.name == USE_NAME
    assert np.allclose(np.linalg.norm(v, axis=1), 1.0, atol=1e-5)
    assert np.allclose(use.embed(["I moved to Berlin"])[0], v[0], atol=1e-5)  # batching changes nothing


def test_a_question_finds_its_answer_across_languages(use: USEEmbedder) -> None:
    q = use.embed(["Where does Alice live now?"])[0]
    docs = use.embed(["爱丽丝现在住在巴黎。", "我今天吃了三个苹果。", "明天下午开会。"])
    assert int(np.argmax(docs @ q)) == 0
    zh_q = use.embed(["她的猫叫什么名字？"])[0]
    en_docs = use.embed(["My cat is called Luna.", "The train leaves at nine.", "I work at a bank."])
    assert int(np.argmax(en_docs @ zh_q)) == 0


@pytest.mark.parametrize("bad", [[], [""], ["  "], [3], "one string", ["x" * 4001]])
def test_bad_input_is_refused(use: USEEmbedder, bad: object) -> None:
    with pytest.raises(InvalidValue):
        use.embed(bad)  # type: ignore[arg-type]
