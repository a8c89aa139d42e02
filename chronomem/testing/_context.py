"""Conformance: context. ``Memory.context`` tells every engine's memory the same way: a slot's
history with its dates and citations, an open conflict called out, nothing recorded after ``as_of``."""

from __future__ import annotations

from .._memory import Memory
from ..ingest import Claim, Mentioned
from ._base import EngineFixtures, at

__all__ = ["ContextTests", "WalkTests"]

_DAY = 86_400_000_000


def _story(mem: Memory) -> None:
    """Alice lives in Berlin (day 1), moves to Paris (day 10); Bob says, less surely, she lives in Rome."""
    me = Mentioned("me", "person", speaker=True)
    alice = Mentioned("Alice", "person")
    berlin, paris, rome = (Mentioned(name, "place") for name in ("Berlin", "Paris", "Rome"))
    for ident, speaker, content, day, claim in [
        ("m1", "Alice", "I live in Berlin, near the old canal.", 1, Claim(me, "lives_in", berlin)),
        ("m2", "Alice", "I moved to Paris, I live there now.", 10, Claim(me, "lives_in", paris)),
        ("m3", "Bob", "Alice lives in Rome.", 12, Claim(alice, "lives_in", rome, confidence=0.5)),
    ]:
        mem.add({"id": ident, "speaker": speaker, "content": content, "occurred_at": at(day * _DAY)}, claims=[claim])


class ContextTests(EngineFixtures):
    def test_context_tells_the_history_the_conflict_and_the_citations(self, mem: Memory) -> None:
        _story(mem)
        ctx = mem.context("where does Alice live?", valid_at=at(20 * _DAY), budget_tokens=600)
        alice = next(s for s in ctx.sections if s.title == "Alice")
        story = next(s for s in alice.statements if s.kind == "fact")
        assert story.text.startswith("lives in: Berlin from 1970-01-02 until 1970-01-11 (change said on ")
        assert story.text.endswith("now Paris since 1970-01-11 [m1 1970-01-02; m2 1970-01-11]")
        conflicts = [s for s in alice.statements if s.kind == "conflict"]
        assert [c.cites[0].episode for c in conflicts] == ["m3"] and "contradicts Paris" in conflicts[0].text
        assert ctx.tokens <= 600 and ctx.text.count("## Alice") == 1

    def test_context_sees_nothing_recorded_after_as_of(self, mem: Memory) -> None:
        _story(mem)
        before = at(mem.get_episode("m2").recorded_at - 1)
        ctx = mem.context("where does Alice live?", valid_at=at(20 * _DAY), as_of=before)
        assert "Paris" not in ctx.text and "Rome" not in ctx.text
        assert "now Berlin since 1970-01-02 [m1 1970-01-02]" in ctx.text


def _project(mem: Memory) -> None:
    """Zhang San works on Project Beta and is assigned the login refactor, which depends on the gateway upgrade
    (until day 30); Wang Wu's report depends on the budget."""
    day = at(_DAY)
    mem.assert_fact("张三", "works_on", "项目 Beta", valid_from=day, multi=True)
    mem.assert_fact("张三", "assigned_to", "登录模块重构", valid_from=day, multi=True)
    mem.assert_fact("登录模块重构", "depends_on", "API网关升级", valid_from=day, valid_to=at(30 * _DAY), multi=True)
    mem.assert_fact("王五", "assigned_to", "季度报告", valid_from=day, multi=True)
    mem.assert_fact("季度报告", "depends_on", "预算审批", valid_from=day, multi=True)


class WalkTests(EngineFixtures):
    def test_context_walks_from_the_hits_to_the_relation_that_answers(self, mem: Memory) -> None:
        _project(mem)
        ctx = mem.context("张三的任务被什么阻塞？", valid_at=at(10 * _DAY))
        assert "API网关升级" in ctx.text and "经由 张三 assigned_to 登录模块重构" in ctx.text
        assert "预算审批" not in ctx.text  # another person's task is not on the way
        walked = next(s for sec in ctx.sections for s in sec.statements if "API网关升级" in s.text)
        assert walked.kind == "fact" and walked.facts

    def test_the_walk_reads_the_graph_at_the_questions_time(self, mem: Memory) -> None:
        _project(mem)
        ctx = mem.context("张三的任务被什么阻塞？", valid_at=at(40 * _DAY))  # the dependency ended on day 30
        assert "API网关升级" not in ctx.text and "登录模块重构" in ctx.text
        before = mem.context("张三的任务被什么阻塞？", valid_at=at(10 * _DAY), as_of=at(2))  # before it was known
        assert "API网关升级" not in before.text

    def test_a_preset_without_a_walk_tells_only_the_hits(self, mem: Memory) -> None:
        from dataclasses import replace

        from ..retrieve import PRESETS, WalkSettings

        _project(mem)
        still = replace(PRESETS["default"], name="still", walk=WalkSettings(edges=0))
        ctx = mem.context("张三的任务被什么阻塞？", valid_at=at(10 * _DAY), preset=still)
        assert "API网关升级" not in ctx.text
