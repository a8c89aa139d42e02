"""Grammar and combination rules are named records: unique names, explicit priorities, checked on registration."""

from __future__ import annotations

import re

import pytest

from chronomem.temporal._en import EN
from chronomem.temporal._joins import JOINS, RANGE_ENDS, Combinations
from chronomem.temporal._numeric import NUMERIC
from chronomem.temporal._pieces import Ctx, Piece
from chronomem.temporal._rules import Grammar
from chronomem.temporal._zh import ZH

ALL = [*NUMERIC, *ZH, *EN]


def _nothing(m: re.Match[str], c: Ctx) -> Piece | None:
    return None


def test_rule_names_are_unique_and_name_their_language() -> None:
    names = [r.name for r in ALL]
    assert len(names) == len(set(names))
    for grammar, lang in ((NUMERIC, "num"), (ZH, "zh"), (EN, "en")):
        assert len(grammar) > 0
        assert {r.lang for r in grammar} == {lang}
        assert all(re.fullmatch(r"[a-z]+(\.[a-z_+]+)+", r.name) for r in grammar)


def test_priorities_are_explicit_and_distinct() -> None:
    # on equal length the higher priority wins: no tie is left to the order rules were written in
    assert len({r.priority for r in ALL}) == len(ALL)
    assert min(r.priority for r in NUMERIC) > max(r.priority for r in ZH)
    assert min(r.priority for r in ZH) > max(r.priority for r in EN)


def test_every_rule_has_a_gate_and_no_rule_matches_nothing() -> None:
    for r in ALL:
        assert r.gate, r.name
        assert r.pattern.fullmatch("") is None, r.name


def test_grammar_refuses_duplicates_empty_matches_and_strangers() -> None:
    g = Grammar("xx.test")
    g.add("xx.test.a", re.compile("a"), _nothing, gate="a", priority=1)
    with pytest.raises(ValueError, match="registered twice"):
        g.add("xx.test.a", re.compile("b"), _nothing, gate="b", priority=2)
    with pytest.raises(ValueError, match="matches the empty string"):
        g.add("xx.test.b", re.compile("b*"), _nothing, gate="b", priority=2)
    with pytest.raises(ValueError, match="does not belong"):
        g.add("yy.test.c", re.compile("c"), _nothing, gate="c", priority=3)
    with pytest.raises(ValueError, match="empty gate"):
        g.add("xx.test.d", re.compile("d"), _nothing, gate=set(), priority=4)
    with pytest.raises(ValueError, match="registered twice"):
        Grammar("xx", g, g)


def test_decorator_registers_and_returns_the_production() -> None:
    g = Grammar("xx")

    @g.rule("xx.a", re.compile("a"), gate={"a"}, priority=1)
    @g.rule("xx.b", re.compile("b"), gate={"b"}, priority=2)
    def produce(m: re.Match[str], c: Ctx) -> Piece | None:
        return None

    assert produce is not None
    assert [r.name for r in g] == ["xx.b", "xx.a"]
    assert all(r.produce is produce for r in g)


def test_combination_rules_are_named_and_unique() -> None:
    for rules, prefix in ((JOINS, "join."), (RANGE_ENDS, "range.")):
        names = [c.name for c in rules]
        assert names and len(names) == len(set(names))
        assert all(n.startswith(prefix) for n in names)
        assert len({c.priority for c in rules}) == len(names)
    c: Combinations[Piece] = Combinations("xx")
    c.rule("xx.a", applies=lambda a, b: True, priority=1)(lambda a, b, ctx: None)
    with pytest.raises(ValueError, match="registered twice"):
        c.rule("xx.a", applies=lambda a, b: True, priority=2)(lambda a, b, ctx: None)
    with pytest.raises(ValueError, match="does not belong"):
        c.rule("yy.a", applies=lambda a, b: True, priority=2)(lambda a, b, ctx: None)
