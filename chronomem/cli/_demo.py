"""``chronomem demo``: a short conversation stored, corrected, and read before and after the correction.

It uses only the public API, on the embedded SQLite engine, offline. It grows with each capability.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

from .._memory import Memory
from .._open import open as open_memory
from .._time import from_us
from .._values import Fact
from ..errors import NotFound
from ..temporal import parse

__all__ = ["run_demo"]

SHANGHAI = ZoneInfo("Asia/Shanghai")
NAMESPACE = "demo-alice"


def _show(mem: Memory, fact: Fact | None) -> str:
    if fact is None:
        return "(nothing)"
    end = fact.valid.end_dt
    until = "now" if end is None else f"{end.astimezone(SHANGHAI):%Y-%m-%d}"
    what = mem.get_entity(fact.object).name if fact.object is not None else fact.value
    return f"{what} (valid {fact.valid.start_dt.astimezone(SHANGHAI):%Y-%m-%d} .. {until}; cites {list(fact.episodes)})"


def _fresh(db: Path, echo: Callable[[str], None]) -> Memory:
    """The demo's own namespace in ``db``, empty: a file that holds an earlier run has that namespace erased
    first (and only that one), so that each run tells the same story instead of piling up history."""
    mem = open_memory(db, namespace=NAMESPACE)
    try:
        mem.get_episode("m1")
    except NotFound:
        return mem
    mem.erase_namespace()
    mem.close()
    echo(f"(erased the previous demo in {db}, namespace {NAMESPACE!r}; other namespaces are untouched)")
    return open_memory(db, namespace=NAMESPACE)


def run_demo(db: Path, echo: Callable[[str], None] = print) -> dict[str, str | None]:
    """Run the demo against the SQLite file ``db`` in namespace ``demo-alice``, replacing an earlier run's;
    return the answers it printed (for tests)."""
    with _fresh(db, echo) as mem:
        t1 = datetime(2024, 3, 1, 10, 0, tzinfo=SHANGHAI)
        e1 = mem.add_episode(
            "Hi, I'm Alice. I live in Berlin and work at Acme.", occurred_at=t1, id="m1", speaker="Alice", role="user"
        )
        mem.assert_fact("Alice", "lives_in", "Berlin", episode=e1)
        mem.assert_fact("Alice", "works_at", "Acme", episode=e1)
        echo(f"[{t1:%Y-%m-%d %H:%M %Z}] Alice: {e1.content}")

        t2 = datetime(2024, 6, 15, 9, 30, tzinfo=SHANGHAI)
        e2 = mem.add_episode(
            "我上周搬到巴黎了。(I moved to Paris last week.)", occurred_at=t2, id="m2", speaker="Alice", role="user"
        )
        # "上周" / "last week" is resolved against the message's own time and zone, not the machine clock.
        moved = parse(e2.content, t2)[0]
        moved_at = moved.start_dt
        assert moved_at is not None  # "上周" is a closed week
        mem.assert_fact("Alice", "lives_in", "Paris", episode=e2, valid_from=moved_at)
        echo(f"[{t2:%Y-%m-%d %H:%M %Z}] Alice: {e2.content}")
        echo(f"    ({moved.text!r} -> from {moved_at.astimezone(SHANGHAI):%Y-%m-%d %H:%M %Z}, grain {moved.grain})")

        t3 = datetime(2024, 7, 1, 18, 0, tzinfo=SHANGHAI)
        e3 = mem.add_episode(
            "Correction: I never worked at Acme, it was Globex.", occurred_at=t3, id="m3", speaker="Alice", role="user"
        )
        fix = mem.correct("Alice", "works_at", "Globex", episode=e3, valid_from=t1)
        echo(f"[{t3:%Y-%m-%d %H:%M %Z}] Alice: {e3.content}")

        before = from_us(fix.tx - 1)
        in_april = datetime(2024, 4, 1, tzinfo=SHANGHAI)
        answers = {
            "works_at_before_correction": _name(mem.value("Alice", "works_at", valid_at=in_april, as_of=before)),
            "works_at_after_correction": _name(mem.value("Alice", "works_at", valid_at=in_april)),
            "lives_in_april": _name(mem.value("Alice", "lives_in", valid_at=in_april)),
            "lives_in_now": _name(mem.value("Alice", "lives_in")),
        }
        echo("")
        echo("Where did Alice work in April 2024?")
        then = mem.value("Alice", "works_at", valid_at=in_april, as_of=before)
        now = mem.value("Alice", "works_at", valid_at=in_april)
        echo(f"  as the memory believed just before the correction (as_of): {_show(mem, then)}")
        echo(f"  as it believes now:                                         {_show(mem, now)}")
        echo("Where does Alice live?")
        for f in mem.history("Alice", "lives_in"):
            echo(f"  {_show(mem, f)}")
        echo("Audit of works_at (every row ever, with system time):")
        for f in mem.audit("Alice", "works_at"):
            end = f.recorded.end_dt
            state = "believed now" if end is None else f"believed until {end:%Y-%m-%d %H:%M:%S.%f} UTC"
            since = f.valid.start_dt.astimezone(SHANGHAI)
            echo(f"  {mem.get_entity(f.object or '').name}: valid from {since:%Y-%m-%d}, {state}")
        return answers


def _name(fact: Fact | None) -> str | None:
    return None if fact is None else fact.object
