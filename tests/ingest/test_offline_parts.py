"""The offline extractor's pure parts: the rule registry, one value per slot per message, valid time."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from chronomem._time import to_us
from chronomem.extract.offline._merge import merge
from chronomem.extract.offline._rules import Change, Rules
from chronomem.extract.offline._time import portion
from chronomem.ingest import Action, Claim, Mentioned
from chronomem.temporal import parse

ME = Mentioned("Dana", "person", speaker=True)
REF = datetime(2024, 3, 6, 10, 0, tzinfo=ZoneInfo("Europe/Berlin"))


def test_rules_refuse_duplicate_names_and_empty_matches() -> None:
    rules = Rules("en")
    rules.rule("x.a", "likes", r"(?P<obj>\w+)", "a", 1)
    with pytest.raises(ValueError, match="duplicate"):
        rules.rule("x.a", "likes", r"(?P<obj>\w+)", "a", 1)
    with pytest.raises(ValueError, match="empty"):
        rules.rule("x.b", "likes", r"\w*", "b", 1)


def test_overlapping_hits_keep_the_higher_priority() -> None:
    rules = Rules("en")
    rules.rule("low", "lives_in", r"in (?P<obj>[A-Z]\w+)", "in", 1)
    rules.rule("high", "from", r"in (?P<obj>[A-Z]\w+)", "in", 3)
    rules.rule("apart", "works_at", r"at (?P<obj>[A-Z]\w+)", "at", 2)
    hits = rules.hits("live in Paris, work at Acme", "live in paris, work at acme")
    assert [(h.rule.name, h.obj) for h in hits] == [("en.high", "Paris"), ("en.apart", "Acme")]


def test_a_rule_runs_only_on_a_clause_holding_what_it_needs() -> None:
    rules = Rules("en")
    rules.rule("x.at", "works_at", r"\w+ at (?P<obj>[A-Z]\w+)", "at", 1, needs=r" at [A-Z]")
    assert rules.hits("nurse at Acme", "nurse at acme")[0].obj == "Acme"
    assert rules.hits("that is all", "that is all") == []


@pytest.mark.parametrize(
    "clause",
    [
        "I'm a pediatric nurse at Mercy General",
        "senior software engineer with the Acme Corp",
        "head chef for The Ivy",
        "a barista at\tBlue Bottle",
        "an engineer at 字节跳动",
        "the lead developers at   Globex, since May",
    ],
)
def test_what_a_rule_needs_is_inside_each_of_its_matches(clause: str) -> None:
    from chronomem.extract.offline.en._rules import EN_RULES
    from chronomem.extract.offline.zh._rules import ZH_RULES

    needing = [r for rules in (EN_RULES, ZH_RULES) for r in rules if r.needs is not None]
    assert needing
    matched = [m.group(0) for r in needing for m in r.pattern.finditer(clause)]
    assert matched
    for r in needing:
        for m in r.pattern.finditer(clause):
            assert r.needs is not None and r.needs.search(m.group(0)), (r.name, m.group(0))


def _lives(name: str, **kw: object) -> Claim:
    return Claim(ME, "lives_in", object=Mentioned(name, "place"), **kw)  # type: ignore[arg-type]


def test_a_place_said_in_two_parts_is_one_place() -> None:
    (c,) = merge([_lives("成都"), _lives("高新区")])
    assert c.object is not None and c.object.name == "成都高新区"
    (c,) = merge([_lives("Austin"), _lives("Texas")])
    assert c.object is not None and c.object.name == "Austin, Texas"


def test_other_single_values_keep_the_last_and_repeats_go() -> None:
    phone = [Claim(ME, "phone", value="1"), Claim(ME, "phone", value="2"), Claim(ME, "phone", value="2")]
    assert [c.value for c in merge(phone)] == ["2"]
    likes = [Claim(ME, "likes", object=Mentioned(x)) for x in ("tea", "jazz", "tea")]
    assert [c.object.name for c in merge(likes) if c.object] == ["tea", "jazz"]


def test_different_times_or_actions_are_not_merged() -> None:
    got = merge([_lives("Rome", valid_to=5), _lives("Milan"), Claim(ME, "lives_in", action=Action.RETRACT)])
    assert len(got) == 3


def _mention(text: str):  # type: ignore[no-untyped-def]
    (m,) = parse(text, REF, "Europe/Berlin")
    return m


def test_portion_of_a_change_a_length_a_past_state_and_a_last_day() -> None:
    ref = to_us(REF)
    assert portion(Change.START, False, None, ref) == (None, None)
    assert portion(Change.STATE, True, None, ref) == (None, ref)
    start, end = portion(Change.START, False, _mention("last month"), ref)
    assert end is None and start == _mention("last month").start
    start, end = portion(Change.STATE, False, _mention("for three years"), ref)
    assert end is None and start is not None and ref - start >= 3 * 365 * 86_400_000_000
    friday = _mention("on Friday")
    assert portion(Change.LAST_DAY, False, friday, ref) == (friday.end, None)
    y = _mention("in 2019")
    assert portion(Change.STATE, True, y, ref) == (y.start, y.end)


@pytest.mark.parametrize(
    "sentence",
    ["Call me Tina", "i go by Rob", "I'm known as Kat", "my nickname's Bee", "we call her Dot", "his name is Leo",
     "she goes by Mags", "Sir Reginald, Reggie for short"],
)  # fmt: skip
def test_every_english_alias_pattern_holds_one_of_its_gate_words(sentence: str) -> None:
    from chronomem.extract.offline.en._rules import EN_ALIAS_WORDS, EN_ALIASES

    assert any(p.search(sentence) for p, _ in EN_ALIASES)
    for p, _ in EN_ALIASES:
        for m in p.finditer(sentence):
            assert any(w in m.group(0).lower() for w in EN_ALIAS_WORDS), m.group(0)
