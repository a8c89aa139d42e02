"""``chronomem bench models``: the corpus and the command's shape (speed itself is not asserted)."""

from __future__ import annotations

import json
import subprocess
import sys

from click.testing import CliRunner

from chronomem.bench.models import corpus
from chronomem.cli import cli
from chronomem.text import detect_language


def test_corpus_is_deterministic_half_chinese_and_varied() -> None:
    texts = corpus(200)
    assert texts == corpus(200) and len(texts) == 200
    languages = [detect_language(t) for t in texts]
    assert languages.count("zh") == languages.count("en") == 100
    assert len(set(texts)) > 50
    assert all("{" not in t for t in texts)


def test_cli_prints_the_figures_as_json() -> None:
    result = CliRunner().invoke(cli, ["bench", "models", "--json", "--no-minilm", "--sentences", "64", "--repeat", "1"])
    assert result.exit_code == 0, result.output
    figures = json.loads(result.output)
    assert figures["minilm_sentences_per_s"] is None
    assert figures["hashing_sentences_per_s"] > 0 and figures["tokenizer_mb_per_s"] > 0


def test_importing_models_and_text_loads_no_model_runtime() -> None:
    heavy = ("torch", "sentence_transformers", "onnxruntime", "rjieba", "opencc", "sentencex", "Stemmer")
    code = f"import sys, chronomem.models, chronomem.text; print([m for m in {heavy!r} if m in sys.modules])"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, env={})
    assert out.stdout.strip() == "[]"
