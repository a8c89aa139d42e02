from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import chronomem


def test_update_supersedes_and_retracting_the_episode_restores(tmp_path: Path) -> None:
    mem = chronomem.open(tmp_path / "m.db", namespace="alice")
    t1, t2 = datetime(2024, 1, 1, tzinfo=UTC), datetime(2024, 6, 1, tzinfo=UTC)
    e1 = mem.add_episode("I live in Berlin", occurred_at=t1, id="e1")
    mem.assert_fact("Alice", "lives_in", "Berlin", episode=e1)
    e2 = mem.add_episode("I moved to Paris", occurred_at=t2, id="e2")
    mem.assert_fact("Alice", "lives_in", "Paris", episode=e2)
    now = mem.value("Alice", "lives_in")
    assert now is not None and now.object == "paris"
    before = mem.value("Alice", "lives_in", valid_at=datetime(2024, 3, 1, tzinfo=UTC))
    assert before is not None and before.object == "berlin"
    mem.retract_episode("e2")
    hist = mem.history("Alice", "lives_in")
    assert [(f.object, f.valid.start_dt, f.valid.end) for f in hist] == [("berlin", t1, None)]
    mem.close()
