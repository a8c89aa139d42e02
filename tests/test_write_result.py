"""Rows handed back skip work: ``WriteResult.inserted`` is built, not read back, and stored values are
decoded without the JSON parser when they are plain. Both must equal the slow way."""

from __future__ import annotations

import json
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import chronomem
from chronomem import Kind, Modality
from chronomem._values import JSON, canonical_json
from chronomem.engines._sql import decode_value

T1, T2, T3 = (datetime(2024, m, 1, tzinfo=UTC) for m in (1, 3, 6))


@pytest.mark.parametrize("value", [1, -2.5, "text", True, [1, "a"], (1, 2), {"b": [1, {"c": None}], "a": 1.0}])
def test_inserted_rows_match_what_is_read_back(tmp_path: Path, value: JSON) -> None:
    mem = chronomem.open(tmp_path / "m.db", namespace="ns")
    mem.add_episode("first", occurred_at=T1, id="e1")
    mem.add_episode("second", occurred_at=T2, id="e2")
    results = [
        mem.assert_fact("Alice", "p", value="old", valid_from=T1, episode="e1", kind=Kind.PREFERENCE),
        mem.correct("Alice", "p", value=value, valid_from=T2, valid_to=T3, episode="e2", confidence=0.5),
        # a reported value fills a slot of its own (it never cuts an asserted one: modality is kept, never flattened)
        mem.assert_fact("Alice", "knows", "Bob", valid_from=T1, modality=Modality.REPORTED),
    ]
    stored = {f.row_id: f for f in (*mem.audit("Alice", "p"), *mem.audit("Alice", "knows"))}
    inserted = [f for r in results for f in r.inserted]
    assert len(inserted) == 5  # old, old's leftovers before and after the correction, the correction, knows
    for f in inserted:
        back = stored[f.row_id]
        assert back.recorded.start == f.recorded.start and f.recorded.end is None  # closed later, maybe
        assert f == replace(back, recorded=f.recorded)
        assert [type(x) for x in (f.kind, f.modality, f.value)] == [
            type(x) for x in (back.kind, back.modality, back.value)
        ]
    mem.close()


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner, max_size=4),
    max_leaves=10,
)


@given(json_values)
def test_stored_values_decode_like_the_json_parser(value: JSON) -> None:
    text = canonical_json(value)
    decoded = decode_value(text)
    assert decoded == json.loads(text)
    assert type(decoded) is type(json.loads(text))
