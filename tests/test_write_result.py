"""``WriteResult.inserted`` equals the stored rows read back (the engine builds them without reading)."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path

import pytest

import chronomem
from chronomem import Kind, Modality
from chronomem._model import JSON

T1, T2, T3 = (datetime(2024, m, 1, tzinfo=UTC) for m in (1, 3, 6))


@pytest.mark.parametrize("value", [1, -2.5, "text", True, [1, "a"], (1, 2), {"b": [1, {"c": None}], "a": 1.0}])
def test_inserted_rows_match_what_is_read_back(tmp_path: Path, value: JSON) -> None:
    mem = chronomem.open(tmp_path / "m.db", namespace="ns")
    mem.add_episode("first", occurred_at=T1, id="e1")
    mem.add_episode("second", occurred_at=T2, id="e2")
    results = [
        mem.assert_fact("Alice", "p", value="old", valid_from=T1, episode="e1", kind=Kind.PREFERENCE),
        mem.correct("Alice", "p", value=value, valid_from=T2, valid_to=T3, episode="e2", modality=Modality.REPORTED),
        mem.assert_fact("Alice", "knows", "Bob", valid_from=T1, confidence=0.5),
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
