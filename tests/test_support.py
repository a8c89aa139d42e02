"""Pure tests of the support rule (``chronomem._support``): the write path, replay and undo agree, per instant.

A small in-memory slot executes plans the way the engines do (close, insert with support, add and withdraw
support), so these tests need no engine; the model-based tests in
``chronomem.testing`` check the engines against the same rule.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise

from hypothesis import given, settings
from hypothesis import strategies as st

from chronomem._bitemporal import DIRECT, Held, Op, Plan, Said, SlotValue, Support, plan_write
from chronomem._support import plan_replay, replay
from chronomem._values import Fact, Interval, Reason

SOURCES = [DIRECT, "e1", "e2", "e3"]
VALUES = ["A", "B"]
POINTS = range(-1, 45)


def claim(value: str) -> SlotValue:
    return SlotValue("s", "p", None, value, "fact", "asserted")


class Slot:
    """One slot's rows believed now and their support, changed by plans as an engine changes them."""

    def __init__(self) -> None:
        self.rows: dict[int, Fact] = {}
        self.support: dict[int, list[Support]] = {}
        self.next = 1

    def current(self) -> list[Held]:
        rows = sorted(self.rows.values(), key=lambda r: r.valid.start)
        return [Held(r, tuple(self.support[r.row_id])) for r in rows]

    def apply(self, plan: Plan) -> None:
        ids = list(range(self.next, self.next + len(plan.insert)))
        self.next += len(plan.insert)
        for rid in plan.close:
            del self.rows[rid]
        for rid, source in plan.unsupport:
            self.support[rid] = [(s, iv) for s, iv in self.support[rid] if s != source]
        for rid, n in zip(ids, plan.insert, strict=True):
            c = n.claim
            self.rows[rid] = Fact(rid, "ns", c.subject, c.predicate, c.object, c.value, n.valid, Interval(1),
                                  c.kind, c.modality, c.confidence)  # fmt: skip
            self.support[rid] = list(n.support)
        for rid, source, iv in plan.support:
            self.support[rid].append((source, iv))

    def at(self, t: int) -> tuple[object, frozenset[str]] | None:
        hits = [r for r in self.rows.values() if r.valid.contains(t)]
        assert len(hits) <= 1, f"rows overlap at {t}"
        if not hits:
            return None
        row = hits[0]
        return row.value, frozenset(s for s, iv in self.support[row.row_id] if iv.contains(t))


def view(pieces_or_slot: Slot | Sequence[object], points: range = POINTS) -> list[object]:
    if isinstance(pieces_or_slot, Slot):
        return [pieces_or_slot.at(t) for t in points]
    out: list[object] = []
    for t in points:
        hit = [p for p in pieces_or_slot if p.valid.contains(t)]  # type: ignore[attr-defined]
        out.append(
            None if not hit else (hit[0].claim.value, frozenset(s for s, iv in hit[0].support if iv.contains(t)))
        )
    return out


@st.composite
def statements(draw: st.DrawFn) -> list[Said]:
    out = []
    for seq in range(draw(st.integers(1, 9))):
        start = draw(st.integers(0, 30))
        length = draw(st.one_of(st.none(), st.integers(1, 12)))
        value = draw(st.one_of(st.none(), st.sampled_from(VALUES)))
        op = Op.RETRACT if value is None else Op.ASSERT
        valid = Interval(start, None if length is None else start + length)
        out.append(Said(draw(st.sampled_from(SOURCES)), op, None if value is None else claim(value), valid, seq + 1))
    return out


def write_all(said: Sequence[Said]) -> Slot:
    slot = Slot()
    for s in said:
        slot.apply(plan_write(slot.current(), s.valid, s.claim if s.op is Op.ASSERT else None, s.source))
    return slot


@settings(max_examples=400)
@given(statements())
def test_the_write_path_keeps_the_rule(said: list[Said]) -> None:
    """Rows written one statement at a time hold, at every instant, the value and support replay gives."""
    assert view(write_all(said)) == view(replay(said, lambda s: True))


@settings(max_examples=400)
@given(statements(), st.sets(st.sampled_from(SOURCES[1:])))
def test_undo_leaves_what_the_live_sources_said(said: list[Said], gone: set[str]) -> None:
    slot = write_all(said)
    desired = replay(said, lambda s: s.source not in gone)
    slot.apply(plan_replay(slot.current(), desired))
    assert view(slot) == view(desired)
    rows = [h.row for h in slot.current()]
    for a, b in pairwise(rows):  # maximal: adjacent rows hold different claims
        assert not (a.valid.end == b.valid.start and a.value == b.value), f"{a.valid} and {b.valid} both hold {a.value}"


@settings(max_examples=300)
@given(statements(), st.permutations(SOURCES[1:]), st.integers(1, 3))
def test_retracting_one_at_a_time_in_any_order_is_retracting_them_together(
    said: list[Said], order: list[str], n: int
) -> None:
    one_by_one, together = write_all(said), write_all(said)
    gone: set[str] = set()
    for source in order[:n]:
        gone.add(source)
        step = replay(said, lambda s: s.source not in gone)
        one_by_one.apply(plan_replay(one_by_one.current(), step))
    desired = replay(said, lambda s: s.source not in gone)
    together.apply(plan_replay(together.current(), desired))
    rows = [(h.row.value, h.row.valid) for h in one_by_one.current()]
    assert rows == [(h.row.value, h.row.valid) for h in together.current()]
    assert view(one_by_one) == view(together)


def test_replay_changes_nothing_when_every_source_is_live() -> None:
    said = [Said("e1", Op.ASSERT, claim("A"), Interval(0), 1), Said("e2", Op.ASSERT, claim("B"), Interval(10, 20), 2)]
    slot = write_all(said)
    again = plan_replay(slot.current(), replay(said, lambda s: True))
    assert again.close == () and again.insert == ()


def test_restoration_links_say_what_came_back() -> None:
    said = [Said("e1", Op.ASSERT, claim("A"), Interval(0), 1), Said("e2", Op.ASSERT, claim("B"), Interval(10), 2)]
    slot = write_all(said)
    plan = plan_replay(slot.current(), replay(said, lambda s: s.source != "e2"))
    assert [(n.claim.value, n.valid) for n in plan.insert] == [("A", Interval(0))]
    assert {why for _, _, why in plan.links} == {Reason.COALESCE, Reason.RESTORATION}


def test_a_join_fills_a_gap_and_adds_to_the_same_value_but_never_overrides() -> None:
    said = [
        Said("e1", Op.ASSERT, claim("A"), Interval(0, 10), 1),
        Said("e2", Op.JOIN, claim("B"), Interval(5, 20), 2, merge=2),
        Said("e3", Op.JOIN, claim("A"), Interval(0, 5), 2, seq=1, merge=2),
    ]
    got = [(p.claim.value, p.valid, sorted(s for s, _ in p.support)) for p in replay(said, lambda s: True)]
    assert got == [("A", Interval(0, 10), ["e1", "e3"]), ("B", Interval(10, 20), ["e2"])]
    leave = Said(DIRECT, Op.LEAVE, claim("A"), Interval(-5), 3, merge=3)  # A leaves; B is not the merged one's
    assert [(p.claim.value, p.valid) for p in replay([*said, leave], lambda s: True)] == [("B", Interval(10, 20))]
