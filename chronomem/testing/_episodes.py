"""Episodes as the source of truth: retracting one undoes what it caused; erase removes it for good."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from .._memory import Memory
from .._names import digest, name_key
from .._values import ErasedRow
from ..contracts import Erasure, FactQuery
from ..errors import InvalidValue, NotFound
from ._base import NAMESPACE, EngineFixtures, at, row_of
from ._checked import CheckedEngine

__all__ = ["EpisodeTests"]

INF = None


def _move(mem: Memory) -> None:
    """e1 (at 10): Alice lives in Berlin; e2 (at 20): she moved to Paris."""
    mem.assert_fact(
        "alice", "lives_in", "Berlin", episode=mem.add_episode("I live in Berlin", occurred_at=at(10), id="e1")
    )
    mem.assert_fact(
        "alice", "lives_in", "Paris", episode=mem.add_episode("I moved to Paris", occurred_at=at(20), id="e2")
    )


def _story(mem: Memory, as_of: int | None = None) -> list[tuple[object, int, int | None, tuple[str, ...]]]:
    rows = mem.history("alice", "lives_in", as_of=None if as_of is None else at(as_of))
    return [(row_of(f)[0], f.valid.start, f.valid.end, f.episodes) for f in rows]


def _check_content_free(record: Erasure, *secrets: str) -> None:
    assert re.fullmatch(r"[0-9a-f]{64}", record.target_digest), "the target must be a digest, not content"
    text = repr(record)
    for secret in secrets:
        assert secret not in text, f"the erase record {record} reveals {secret!r}"


#: Undo scenarios: ``a(value, from, to, episode)`` asserts alice.lives_in, ``r(from, to, episode)`` retracts
#: it, ``rep(e)`` retracts an episode, ``erase(e)`` erases one; then the value and its episodes on some days.
SCENARIOS = {
    "a(c,0,∞,None); a(c,15,16,e1); rep(e1)": "c@5[] c@40[]",
    "a(c,0,∞,None); a(c,15,16,e1); erase(e1)": "c@5[] c@40[]",
    "a(a,10,∞,e2); a(a,10,∞,e1); a(b,20,∞,e1); rep(e1)": "a@15['e2']",
    "a(a,10,∞,e2); a(a,10,∞,e1); a(b,20,∞,e1); rep(e1); rep(e2)": "-@15",
    "a(a,10,20,e1); a(a,20,30,e5); a(b,20,30,e2); rep(e2); rep(e1)": "-@15 a@25['e5']",
    "a(c,18,30,e3); a(b,21,26,e1); a(c,25,30,None); rep(e1); rep(e3)": "c@27[]",
    "a(c,3,∞,e1); a(c,21,∞,e2); a(d,15,∞,e0); rep(e2); a(c,6,15,e0); rep(e0); rep(e1)": "-@10 -@20",
    "a(a,0,∞,e1); a(b,10,∞,e2); a(c,20,∞,e3); erase(e2); rep(e3)": "a@25['e1']",
    "a(d,16,29,e3); a(a,17,20,e0); a(f,11,∞,e5); erase(e5); rep(e0)": "d@18['e3']",
    "a(a,10,∞,e7); a(a,10,∞,e); rep(e7); a(b,10,∞,e2); erase(e); rep(e2)": "-@15",
    "a(a,2,∞,e0); a(a,7,10,None); rep(e0)": "a@8[]",
    "a(a,2,∞,e0); r(5,∞,e2); rep(e2)": "a@8['e0']",
}


def _step(mem: Memory, step: str) -> None:
    """Run one step of a :data:`SCENARIOS` script."""
    if m := re.fullmatch(r"(a|r)\((?:(\w),)?(\d+),(\d+|∞),(\w+)\)", step):
        verb, value, lo, hi, ep = m.groups()
        start, end = at(int(lo)), None if hi == "∞" else at(int(hi))
        episode = None if ep == "None" else ep
        if verb == "a":
            mem.assert_fact("alice", "lives_in", value=value, valid_from=start, valid_to=end, episode=episode)
        else:
            mem.retract("alice", "lives_in", valid_from=start, valid_to=end, episode=episode)
    elif m := re.fullmatch(r"(rep|erase)\((\w+)\)", step):
        _ = mem.retract_episode(m[2]) if m[1] == "rep" else mem.erase(episode=m[2])
    else:
        raise AssertionError(f"unreadable step {step!r}")


def _check_content_free_stubs(stubs: list[ErasedRow], *secrets: str) -> None:
    for stub in stubs:
        assert re.fullmatch(r"[0-9a-f]{64}", stub.slot_digest), "a stub names its slot by digest only"
        for secret in secrets:
            shown = repr(replace(stub, slot_digest="")).lower()  # (a hex digest may spell "e2" by chance)
            assert secret.lower() not in shown, f"the stub {stub} reveals {secret!r}"


class EpisodeTests(EngineFixtures):
    """Retract and erase by episode, subject and namespace."""

    def test_retracting_an_episode_brings_back_what_it_superseded(self, mem: Memory) -> None:
        _move(mem)
        before = [("berlin", 10, 20, ("e1",)), ("paris", 20, INF, ("e2",))]
        assert _story(mem) == before
        result = mem.retract_episode("e2")
        assert _story(mem) == [("berlin", 10, INF, ("e1",))]
        assert _story(mem, result.tx - 1) == before
        assert mem.get_episode("e2").retracted_at == result.tx
        assert mem.get_episode("e1").retracted_at is None

    def test_retracting_an_episode_ends_what_only_it_supported(self, mem: Memory) -> None:
        ep = mem.add_episode("I work at Acme", occurred_at=at(5), id="e5")
        mem.assert_fact("alice", "works_at", "Acme", episode=ep)
        result = mem.retract_episode("e5")
        assert mem.values("alice", "works_at", valid_at=at(10)) == []
        assert [row_of(f) for f in mem.audit("alice", "works_at")] == [("acme", 5, INF, 2, result.tx)]

    def test_rows_with_other_support_only_lose_the_episode(self, mem: Memory) -> None:
        _move(mem)
        again = mem.add_episode("I live in Paris", occurred_at=at(25), id="e3")
        assert not mem.assert_fact("alice", "lives_in", "Paris", valid_from=at(20), episode=again).changed
        assert _story(mem)[-1] == ("paris", 20, INF, ("e2", "e3"))
        result = mem.retract_episode("e2")
        assert result.closed == () and result.inserted == ()
        assert _story(mem) == [("berlin", 10, 20, ("e1",)), ("paris", 20, INF, ("e3",))]
        assert _story(mem, result.tx - 1)[-1] == ("paris", 20, INF, ("e2", "e3"))

    def test_an_episode_supports_only_the_time_it_spoke_of(self, mem: Memory) -> None:
        _move(mem)
        mem.assert_fact("alice", "lives_in", "Paris", episode=mem.add_episode("Paris!", occurred_at=at(25), id="e3"))
        assert [f.episodes for f in mem.values("alice", "lives_in", valid_at=at(22))] == [("e2",)]
        assert [f.episodes for f in mem.values("alice", "lives_in", valid_at=at(30))] == [("e2", "e3")]
        mem.retract_episode("e2")  # e3 said nothing of [20, 25): Berlin holds there again
        assert _story(mem) == [("berlin", 10, 25, ("e1",)), ("paris", 25, INF, ("e3",))]

    def test_a_direct_write_is_its_own_support(self, mem: Memory) -> None:
        """The application's own write (no episode) survives every episode that repeated or replaced it."""
        mem.assert_fact("alice", "lives_in", "Rome", valid_from=at(0))
        mem.assert_fact("alice", "lives_in", "Rome", valid_from=at(15), valid_to=at(16),
                        episode=mem.add_episode("Rome", occurred_at=at(15), id="e1"))  # fmt: skip
        mem.assert_fact("alice", "lives_in", "Oslo", valid_from=at(30),
                        episode=mem.add_episode("Oslo", occurred_at=at(30), id="e2"))  # fmt: skip
        mem.retract_episode("e1")
        assert _story(mem) == [("rome", 0, 30, ()), ("oslo", 30, INF, ("e2",))]
        if self.supports_erase:
            mem.erase(episode="e2")
            assert _story(mem) == [("rome", 0, INF, ())]

    def test_retracting_twice_changes_nothing(self, mem: Memory) -> None:
        _move(mem)
        assert mem.retract_episode("e2").changed
        again = mem.retract_episode("e2")
        assert not again.changed and again.supported == ()
        assert _story(mem) == [("berlin", 10, INF, ("e1",))]

    def test_retracting_an_episode_undoes_its_retractions(self, mem: Memory) -> None:
        _move(mem)
        mem.retract(
            "alice", "lives_in", valid_from=at(30), episode=mem.add_episode("gone", occurred_at=at(30), id="e3")
        )
        assert _story(mem)[-1] == ("paris", 20, 30, ("e2",))
        mem.retract_episode("e3")
        assert _story(mem)[-1] == ("paris", 20, INF, ("e2",))

    @pytest.mark.parametrize(("script", "want"), list(SCENARIOS.items()))
    def test_undo_scenarios(self, mem: Memory, script: str, want: str) -> None:
        """The undo scenarios of :data:`SCENARIOS`: cases a support rule easily gets wrong on some engine."""
        if "erase" in script:
            self.require("supports_erase")
        for ep in sorted(set(re.findall(r"\be\d?\b", script))):
            mem.add_episode(f"episode {ep}", occurred_at=at(0), id=ep)
        for step in script.split("; "):
            _step(mem, step)
        got = []
        for day in re.findall(r"@(\d+)", want):
            found = mem.values("alice", "lives_in", valid_at=at(int(day)))
            got.append(f"{found[0].value}@{day}{list(found[0].episodes)}" if found else f"-@{day}")
        assert " ".join(got) == want

    @pytest.mark.parametrize("order", [("e2", "e3"), ("e3", "e2")])
    def test_retracting_stacked_episodes_in_any_order_restores_the_first(
        self, mem: Memory, order: tuple[str, str]
    ) -> None:
        for ident, t, value in [("e1", 0, "A"), ("e2", 10, "B"), ("e3", 20, "C")]:
            mem.assert_fact("s", "p", value=value, episode=mem.add_episode(value, occurred_at=at(t), id=ident))
        for ident in order:
            mem.retract_episode(ident)
        assert [(row_of(f)[:3], f.episodes) for f in mem.history("s", "p")] == [(("A", 0, INF), ("e1",))]

    def test_a_restored_row_can_itself_be_retracted(self, mem: Memory) -> None:
        for i in range(3):
            mem.assert_fact("s", "p", value=f"v{i}", episode=mem.add_episode(f"v{i}", occurred_at=at(0), id=f"e{i}"))
        mem.retract_episode("e2")
        assert [row_of(f)[:3] for f in mem.history("s", "p")] == [("v1", 0, INF)]
        mem.retract_episode("e1")
        assert [row_of(f)[:3] for f in mem.history("s", "p")] == [("v0", 0, INF)]

    def test_retracting_an_episode_that_supports_adjacent_rows(self, mem: Memory) -> None:
        mem.assert_fact("s", "p", value="X", episode=mem.add_episode("X", occurred_at=at(0), id="e0"))
        both = mem.add_episode("A, then B", occurred_at=at(0), id="e1")
        mem.assert_fact("s", "p", value="A", valid_from=at(0), valid_to=at(10), episode=both)
        mem.assert_fact("s", "p", value="B", valid_from=at(10), valid_to=at(20), episode=both)
        mem.retract_episode("e1")
        for t in (0, 9, 10, 19, 20, 99):
            assert [row_of(f)[0] for f in mem.values("s", "p", valid_at=at(t))] == ["X"], f"at {t}"

    def test_retracting_an_unknown_episode_is_not_found(self, mem: Memory) -> None:
        with pytest.raises(NotFound, match="nope"):
            mem.retract_episode("nope")

    def test_erase_subject_removes_its_rows_across_all_system_time(self, mem: Memory, engine: CheckedEngine) -> None:
        self.require("supports_erase")
        _move(mem)
        mem.assert_fact("alice", "knows", "Bob")
        mem.assert_fact("carol", "knows", "Alice")
        mem.assert_fact("bob", "lives_in", "Rome", valid_from=at(0))
        touching = engine.facts(NAMESPACE, FactQuery(touching=("alice",)))
        some_row = touching[0].row_id
        assert len(touching) == 5
        assert mem.erase(subject="alice") == 5
        assert engine.facts(NAMESPACE, FactQuery(touching=("alice",))) == []
        assert [row_of(f) for f in engine.facts(NAMESPACE, FactQuery())] == [("rome", 0, INF, 7, INF)]
        with pytest.raises(NotFound):
            mem.get_entity("alice")
        stubs = {s.row_id: s for s in engine.erased_rows(NAMESPACE, [r.row_id for r in touching])}
        assert sorted(stubs) == sorted(r.row_id for r in touching)  # every erased row left a stub ...
        for link in mem.versions(some_row):  # ... and the version chain through it is whole
            assert {link.old, link.new} - {None} <= {*stubs, *(f.row_id for f in engine.facts(NAMESPACE, FactQuery()))}
        _check_content_free_stubs(list(stubs.values()), "alice", "Alice", "berlin", "paris", "Bob")
        assert all("alice" not in (c.fact.subject, c.fact.object) for c in mem.changes(at(0)))
        [record] = engine.erasures(digest(NAMESPACE))
        assert (record.target_kind, record.rows_removed) == ("subject", 5)
        _check_content_free(record, "alice", "Alice")

    def test_erase_episode_removes_what_only_it_supported(self, mem: Memory, engine: CheckedEngine) -> None:
        self.require("supports_erase")
        _move(mem)
        mem.assert_fact("alice", "age", value=30, valid_from=at(0), episode="e1")
        assert not mem.assert_fact("alice", "age", value=30, valid_from=at(0), episode="e2").changed
        mem.assert_fact("alice", "likes", "jazz", episode="e2")
        removed = mem.erase(episode="e2")
        with pytest.raises(NotFound):
            mem.get_episode("e2")
        assert "paris" not in {row_of(f)[0] for f in mem.audit("alice", "lives_in")}
        assert _story(mem) == [("berlin", 10, INF, ("e1",))]
        assert mem.audit("alice", "likes") == []
        assert [f.episodes for f in mem.audit("alice", "age")] == [("e1",)]
        assert all("e2" not in f.episodes for f in engine.facts(NAMESPACE, FactQuery()))
        [record] = engine.erasures(digest(NAMESPACE))
        assert (record.target_kind, record.rows_removed) == ("episode", removed)
        assert removed == 2
        _check_content_free(record, "e2", "Paris")
        # the version chain from Berlin's first row runs on through the erased Paris row: a stub, without content
        first = min(f.row_id for f in mem.audit("alice", "lives_in"))
        linked = {x for link in mem.versions(first) for x in (link.old, link.new) if x is not None}
        erased = linked - {f.row_id for f in engine.facts(NAMESPACE, FactQuery())}
        stubs = engine.erased_rows(NAMESPACE, sorted(erased))
        assert erased and [s.row_id for s in stubs] == sorted(erased)
        assert all(s.erased_at == record.at for s in stubs)
        _check_content_free_stubs(stubs, "e2", "Paris", "jazz")

    def test_erase_takes_the_entities_only_the_episode_introduced(self, mem: Memory, engine: CheckedEngine) -> None:
        self.require("supports_erase")
        mem.add_entity("me")
        secret = mem.add_episode("My therapist is Dr. Secret", occurred_at=at(5), id="e1")
        mem.assert_fact("me", "therapist", "Dr. Secret", episode=secret)
        mem.assert_fact("me", "knows", "Bob", episode=secret)
        mem.assert_fact("me", "knows", "Bob", episode=mem.add_episode("I know Bob", occurred_at=at(6), id="e2"))
        mem.erase(episode="e1")
        with pytest.raises(NotFound):
            mem.get_entity("Dr. Secret")
        assert engine.find_entities(NAMESPACE, name_key("Dr. Secret")) == []
        assert mem.search("Secret", kinds=("entity",)) == []
        assert mem.get_entity("me").id == "me" and mem.get_entity("Bob").name == "Bob"  # others named them too

    def test_erase_namespace_removes_everything_in_it_and_nothing_else(
        self, mem: Memory, engine: CheckedEngine
    ) -> None:
        self.require("supports_erase")
        _move(mem)
        other = Memory(engine, "other", owns_engine=False)
        other.assert_fact("alice", "lives_in", "Rome")
        assert mem.erase_namespace() == 3
        assert engine.facts(NAMESPACE, FactQuery()) == []
        assert engine.episode(NAMESPACE, "e1") is None and engine.entity(NAMESPACE, "alice") is None
        assert engine.predicates(NAMESPACE) == {}
        assert NAMESPACE not in engine.namespaces()
        assert [row_of(f)[0] for f in other.audit("alice", "lives_in")] == ["rome"]
        [record] = engine.erasures(digest(NAMESPACE))
        assert (record.target_kind, record.rows_removed) == ("namespace", 3)
        _check_content_free(record, NAMESPACE)
        assert engine.erasures(digest("other")) == []

    def test_erase_takes_exactly_one_target(self, mem: Memory) -> None:
        with pytest.raises(InvalidValue, match="exactly one"):
            mem.erase()
