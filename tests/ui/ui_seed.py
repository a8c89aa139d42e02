"""The stores the UI tests serve: a small known story (a move, a correction, a friend, a Chinese entity) and a
large one (one entity with a few thousand fact rows)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import chronomem
from chronomem import FactRecord


def at(text: str) -> datetime:
    return datetime.fromisoformat(text).astimezone(UTC)


def said(mem: chronomem.Memory, ident: str, content: str, when: str, speaker: str = "Alice") -> str:
    return mem.add_episode(content, occurred_at=at(when), id=ident, speaker=speaker).id


def seed_story(path: Path) -> None:
    """Namespace ``alice``: Alice lived in Berlin, moved to Paris (a supersession); said she worked at Acme,
    then corrected it to Globex (a correction); knows Bob, who lives in Rome; 李雷 lives in 上海."""
    mem = chronomem.open(str(path), namespace="alice", embedder=None)
    try:
        e1 = said(mem, "e1", "I live in Berlin.", "2024-01-10T09:00:00+01:00")
        mem.assert_fact("Alice", "lives_in", "Berlin", valid_from=at("2024-01-10T00:00:00Z"), episode=e1)
        e2 = said(mem, "e2", "I moved to Paris.", "2024-06-01T09:00:00+02:00")
        mem.assert_fact("Alice", "lives_in", "Paris", valid_from=at("2024-06-01T00:00:00Z"), episode=e2)
        e3 = said(mem, "e3", "I work at Acme.", "2024-02-01T09:00:00+01:00")
        mem.assert_fact("Alice", "works_at", "Acme", valid_from=at("2024-02-01T00:00:00Z"), episode=e3)
        e4 = said(mem, "e4", "Sorry, I work at Globex, not Acme.", "2024-03-01T09:00:00+01:00")
        mem.correct("Alice", "works_at", "Globex", valid_from=at("2024-02-01T00:00:00Z"), episode=e4)
        e5 = said(mem, "e5", "Bob is my friend; he lives in Rome.", "2024-03-05T09:00:00+01:00")
        mem.assert_fact("Alice", "knows", "Bob", valid_from=at("2024-03-05T00:00:00Z"), episode=e5)
        mem.assert_fact("Bob", "lives_in", "Rome", valid_from=at("2024-03-05T00:00:00Z"), episode=e5)
        e6 = said(mem, "e6", "我叫李雷，我住在上海。", "2024-04-01T09:00:00+08:00", speaker="李雷")
        mem.assert_fact("李雷", "lives_in", "上海", valid_from=at("2024-04-01T00:00:00Z"), episode=e6)
        hostile = mem.using("hostile")  # markup in names and values must stay text
        e7 = said(hostile, "x1", '<img src=x onerror="window.pwned=1">', "2024-01-01T00:00:00Z", speaker="<b>eve")
        hostile.assert_fact("<b>eve", "says", value='<img src=x onerror="window.pwned=1">', episode=e7)
    finally:
        mem.close()


def seed_many(path: Path, slots: int = 20, per_slot: int = 100) -> None:
    """Namespace ``big``: entity Busy with ``slots`` predicates of ``per_slot`` successive values each (every
    value supersedes the one before, so each leaves a closed row and a cut row: about 2 x slots x per_slot rows)."""
    mem = chronomem.open(str(path), namespace="big", embedder=None)
    start = at("2020-01-01T00:00:00Z")
    try:
        records = [
            FactRecord("Busy", f"p{s:02d}", None, value=i, valid_from=start + timedelta(days=7 * i + s))
            for i in range(per_slot)
            for s in range(slots)
        ]
        mem.bulk_assert(records)
    finally:
        mem.close()


def seed_months(path: Path, episodes: int = 300) -> None:
    """Namespace ``locomo``: a conversation's worth of history on Caroline (``episodes`` episodes over six months
    of 2023, each behind one fact) and three facts dated years earlier (school in 2015, a dog in 2019, a move to
    Palo Alto in 2021): the shape of a LoCoMo dialogue."""
    mem = chronomem.open(str(path), namespace="locomo", embedder=None)
    start = at("2023-05-01T00:00:00Z")
    try:
        e = said(mem, "m0", "I went to Stanford in 2015.", "2023-05-01T10:00:00Z", speaker="Caroline")
        mem.assert_fact("Caroline", "studied_at", "Stanford", valid_from=at("2015-09-01T00:00:00Z"), episode=e)
        e = said(mem, "m1", "I adopted Oscar in 2019.", "2023-05-01T10:01:00Z", speaker="Caroline")
        mem.assert_fact("Caroline", "has_pet", "Oscar", valid_from=at("2019-03-15T00:00:00Z"), episode=e)
        e = said(mem, "m2", "We moved to Palo Alto in 2021.", "2023-05-01T10:02:00Z", speaker="Caroline")
        mem.assert_fact("Caroline", "lives_in", "Palo Alto", valid_from=at("2021-01-15T00:00:00Z"), episode=e)
        records = []
        for i in range(episodes):
            when = start + timedelta(hours=14 * i)
            ident = said(mem, f"d{i}", f"Today I did activity {i}.", when.isoformat(), speaker="Caroline")
            predicate = ("did", "felt", "read")[i % 3]
            value = f"{predicate} {i}"
            records.append(FactRecord("Caroline", predicate, None, value=value, valid_from=when, episode=ident))
        mem.bulk_assert(records)
    finally:
        mem.close()
