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


def test_a_small_batch_runs_on_one_thread_and_embeds_the_same() -> None:
    from chronomem.models._use import SMALL_BATCH

    two = USEEmbedder(threads=2)
    texts = [f"I moved to Berlin in {2000 + i}." for i in range(SMALL_BATCH + 1)]
    batch = two.embed(texts)
    assert two._model._model.threads == 2
    one = two.embed(texts[:1])
    assert two._model._model.threads == 1
    np.testing.assert_allclose(one[0], batch[0], atol=1e-5)
