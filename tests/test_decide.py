"""chronomem._decide: what a claim does to its slot, as a pure function."""

from __future__ import annotations

from chronomem._bitemporal import Op, Said, SlotValue
from chronomem._claims import Action
from chronomem._decide import Heard, Outcome, Proposal, clashes, decide, kept_apart, said_before
from chronomem._support import ClaimRun, replay
from chronomem._values import Fact, Interval

DAY = 86_400_000_000


def _value(obj: str) -> SlotValue:
    return SlotValue("diego", "works_at", obj, None, "fact", "asserted", 1.0)


def _row(row_id: int, obj: str, start: int, end: int | None = None, confidence: float = 1.0) -> Fact:
    return Fact(row_id, "ns", "diego", "works_at", obj, None, Interval(start * DAY, None if end is None else end * DAY),
                Interval(1), confidence=confidence, episodes=(f"e{row_id}",))  # fmt: skip


def _p(obj: str | None, start: int, *, action: Action = Action.ASSERT, speaker: str = "sofia",
       self_report: bool = False, confidence: float = 1.0) -> Proposal:  # fmt: skip
    value = None if obj is None else _value(obj)
    return Proposal(value, action, Interval(start * DAY), speaker, self_report, confidence)


def test_nothing_known_is_new_and_the_same_value_only_adds_support() -> None:
    assert decide(_p("meta", 10), []).outcome is Outcome.NEW
    extends = decide(_p("meta", 10), [_row(1, "meta", 20, 30)])
    assert (extends.outcome, extends.rows) == (Outcome.NEW, (1,))
    same = decide(_p("meta", 10), [_row(1, "meta", 5)])
    assert (same.outcome, same.rows) == (Outcome.SAME, (1,))


def test_a_later_value_from_the_same_witness_or_the_person_supersedes() -> None:
    known = [_row(1, "netflix", 0)]
    assert decide(_p("meta", 10, speaker="nate"), known, speakers={1: frozenset({"nate"})}).outcome is Outcome.SUPERSEDE
    mine = decide(_p("meta", 10, speaker="diego", self_report=True), known, speakers={1: frozenset({"nate"})})
    assert (mine.outcome, mine.rows) == (Outcome.SUPERSEDE, (1,))
    assert decide(_p("meta", 10), known).outcome is Outcome.SUPERSEDE  # the application stated it


def test_two_witnesses_disagreeing_about_a_third_person_is_a_conflict() -> None:
    known = [_row(1, "meta", 0)]
    d = decide(_p("netflix", 10, speaker="sofia"), known, speakers={1: frozenset({"nate"})})
    assert (d.outcome, d.rows) == (Outcome.CONFLICT, (1,)) and "nate" in d.why


def test_a_less_sure_value_cannot_overturn_a_surer_one() -> None:
    d = decide(_p("meta", 10, confidence=0.6), [_row(1, "netflix", 0, confidence=0.9)])
    assert d.outcome is Outcome.CONFLICT and "surer" in d.why


def test_a_value_disputing_another_from_its_start_is_not_a_change() -> None:
    known = [_row(1, "netflix", 10)]
    assert decide(_p("meta", 5, speaker="diego", self_report=True), known,
                  speakers={1: frozenset({"nate"})}).outcome is Outcome.CONFLICT  # fmt: skip
    assert decide(_p("meta", 5, speaker="nate"), known, speakers={1: frozenset({"nate"})}).outcome is Outcome.SUPERSEDE


def test_corrections_and_retractions_do_what_the_words_say() -> None:
    known = [_row(1, "netflix", 0), _row(2, "acme", 20, 30)]
    d = decide(_p("meta", 10, action=Action.CORRECT, speaker="x"), known, speakers={1: frozenset({"nate"})})
    assert (d.outcome, d.rows) == (Outcome.CORRECT, (1, 2))
    assert decide(_p(None, 10, action=Action.RETRACT), known).rows == (1, 2)
    only = decide(_p("acme", 10, action=Action.RETRACT), known)
    assert (only.outcome, only.rows) == (Outcome.RETRACT, (2,))
    assert decide(_p("globex", 10, action=Action.RETRACT), known).outcome is Outcome.SAME  # nothing to retract


def test_a_denial_of_what_is_known_to_hold_then_is_a_conflict() -> None:
    d = decide(_p("netflix", 10), [], denied=[_row(1, "netflix", 0)])
    assert (d.outcome, d.rows) == (Outcome.CONFLICT, (1,))
    assert decide(_p("netflix", 10), [], denied=[_row(1, "netflix", 0, 5)]).outcome is Outcome.NEW


def test_what_lasts_a_lifetime_is_contradicted_not_superseded_unless_corrected() -> None:
    known = [_row(1, "march-3", 0)]
    lasting = Proposal(_value("march-30"), Action.ASSERT, Interval(10 * DAY), "sam", True, 1.0, lasting=True)
    d = decide(lasting, known, speakers={1: frozenset({"sam"})})
    assert d.outcome is Outcome.CONFLICT and "does not change" in d.why
    corrected = Proposal(_value("march-30"), Action.CORRECT, Interval(0), "sam", True, 1.0, lasting=True)
    assert decide(corrected, known).outcome is Outcome.CORRECT


def test_a_plan_clashes_with_other_plans_of_the_subject_at_an_overlapping_time() -> None:
    def planned(row_id: int, what: str, start: int, end: int | None) -> Fact:
        valid = Interval(start * DAY, None if end is None else end * DAY)
        return Fact(row_id, "ns", "diego", "attends", None, what, valid, Interval(1), kind="event", modality="planned")

    value = SlotValue("diego", "attends", None, "dentist", "event", "planned", 1.0)
    p = Proposal(value, Action.ASSERT, Interval(10 * DAY, 12 * DAY), "diego", True)
    rows = [planned(1, "meeting", 11, 13), planned(2, "lunch", 12, 13), planned(3, "trip", 5, None),
            planned(4, "dentist", 10, 12), _row(5, "acme", 0)]  # fmt: skip
    assert clashes(p, rows) == (1,)  # lunch starts at the end; an open plan or the same plan is no clash
    assert clashes(Proposal(value, Action.ASSERT, Interval(10 * DAY), "diego"), rows) == ()  # no end: no clash


def _said(obj: str | None, start: int, at: int, op: Op = Op.ASSERT) -> Said:
    return Said(f"e{at}", op, None if obj is None else _value(obj), Interval(start * DAY), at=at * DAY)


def _known(said: list[Said], at: int) -> list[ClaimRun]:
    """What the statements said by day ``at`` give (all from live sources)."""
    return replay([s for s in said if s.at <= at * DAY], lambda s: True)


def test_a_claim_is_weighed_only_against_what_was_said_before_it() -> None:
    """Said on day 60, Diego moved to Paris on day 40; "I work in Rome", said on day 20 and learned after, is no
    change of mind against Paris: only Berlin's earlier row counts."""
    rows = [_row(1, "berlin", 0, 40), _row(2, "paris", 40)]
    said = [_said("berlin", 0, 0), _said("paris", 40, 60)]
    assert said_before(rows, _known(said, 20)) == [1]
    assert said_before(rows, _known(said, 60)) == [1, 2]  # at the same time: known
    assert said_before(rows, _known(said[1:], 20)) == []
    weighed = [r for r in rows if r.row_id in said_before(rows, _known(said, 20))]
    d = decide(_p("rome", 20, speaker="diego", self_report=True), weighed, speakers={1: frozenset({"diego"})})
    assert (d.outcome, d.rows) == (Outcome.SUPERSEDE, (1,))  # not Paris, said later
    # Berlin from day 30 on was said on day 50; by day 20 Berlin had been retracted from day 10: not known yet
    retracted = [_said("berlin", 0, 0), _said(None, 10, 15, Op.RETRACT), _said("berlin", 30, 50)]
    assert said_before([_row(3, "berlin", 30)], _known(retracted, 20)) == []
    assert said_before([_row(3, "berlin", 30)], _known(retracted, 50)) == [3]


def _stated(source: str, obj: str, day: int, op: Op = Op.ASSERT, seq: int = 0) -> Said:
    return Said(source, op, _value(obj), Interval(day * DAY), tx=day, seq=seq, at=day * DAY)


_SPEAKERS = {"r": "rachel", "j": "diego", "m": "marcus", "c": "carol"}


def _heard(s: Said, *, held: bool = False) -> Heard:
    speaker = _SPEAKERS[s.source]
    return Heard(s, speaker, speaker == "diego", False, held)


def test_a_claim_that_repeated_a_message_taken_back_is_kept_apart_against_what_is_left() -> None:
    """Rachel: Diego works at Acme; (Diego's own "I moved to Initech", taken back); Marcus: Initech."""
    rachel, marcus = _stated("r", "acme", 1), _stated("m", "initech", 3)
    assert kept_apart([rachel], [_heard(marcus)], _SPEAKERS.get) == [_heard(marcus)]
    # Diego's own word stays: Marcus repeats it, nothing to keep apart
    diego = _stated("j", "initech", 2)
    assert kept_apart([rachel], [_heard(diego), _heard(marcus)], _SPEAKERS.get) == []


def test_claims_are_weighed_in_the_order_said_a_claim_written_counts_for_those_after_it() -> None:
    """A claim held apart before is written once nothing contradicts it, and what is said after it is weighed
    against it: Carol repeating Rachel's Acme contradicts Marcus's Initech then."""
    marcus, carol = _heard(_stated("m", "initech", 2), held=True), _heard(_stated("c", "acme", 3))
    assert kept_apart([], [marcus, carol], _SPEAKERS.get) == [carol]
    # a correction corrects: it is never kept apart
    corrects = _heard(_stated("c", "acme", 3, Op.CORRECT))
    assert kept_apart([], [marcus, corrects], _SPEAKERS.get) == []
