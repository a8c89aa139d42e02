"""Ingestion fixtures: the real llama.cpp server of ``tests/models/conftest.py``, for the LLM extractor.

Re-exported, not copied, so that the skip (or, under ``--require-servers``, the failure) is the same. Pytest
scopes a fixture to its conftest's directory, so a run of both ``tests/models`` and ``tests/ingest`` starts
the server once for each.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

_MODELS = Path(__file__).resolve().parents[1] / "models"
sys.path.insert(0, str(_MODELS))  # model_servers, which the models conftest imports

_spec = importlib.util.spec_from_file_location("_models_conftest", _MODELS / "conftest.py")
assert _spec is not None and _spec.loader is not None
_models_conftest = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_models_conftest)

llama_server = _models_conftest.llama_server
