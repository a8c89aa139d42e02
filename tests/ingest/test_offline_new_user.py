"""chronomem.ingest.OfflineExtractor on what a new user says in their own words (issue #30): a subject cut off by
stray punctuation, corrections of another person's fact or of a date, a start date said apart from the job, plans
that pass. The sentences are this file's own."""

from __future__ import annotations

from datetime import timedelta

import pytest
from test_offline_support import AT_EN, AT_ZH, BERLIN, SHANGHAI, asserted, episode, extract, local

from chronomem._values import Episode
from chronomem.ingest import Action, Claim

ME = "me"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("My friend Robert'); DROP TABLE users;-- lives in Paris", ("Robert", "lives_in", "Paris")),
        ("My cousin Ines -- works at Siemens now.", ("Ines", "works_at", "Siemens")),
        ("Ask my neighbour Tomas... speaks Lithuanian, by the way.", ("Tomas", "speaks", "Lithuanian")),
    ],
)
def test_a_verb_agreeing_with_a_third_person_is_not_the_speakers(text: str, expected: tuple[str, str, str]) -> None:
    got = asserted(text)
    assert expected in got
    assert (ME, expected[1], expected[2]) not in got


def test_a_dropped_first_person_is_still_the_speaker() -> None:
    assert (ME, "lives_in", "Leeds") in asserted("My friend Robert is great. Moved to Leeds last month, by the way.")


def _before(text: str, *, zh: bool = False, days: int = 2) -> tuple[Episode, ...]:
    return (episode(text, at=(AT_ZH if zh else AT_EN) - timedelta(days=days)),)


def _said(claims: tuple[Claim, ...]) -> set[tuple[str, str, str | None, str, str]]:
    return {
        ("me" if c.subject.speaker else c.subject.name, c.predicate,
         c.object.name if c.object else (None if c.value is None else str(c.value)), str(c.modality), c.action.value)
        for c in claims
    }  # fmt: skip


@pytest.mark.parametrize(
    ("before", "text", "right", "wrong"),
    [
        ("我姐姐是护士。", "不好意思记错了，我姐姐不是护士，她是药剂师。",
         ("Dana的姐姐", "job_title", "药剂师"), "护士"),
        ("My brother Sam is a nurse.", "My mistake, Sam isn't a nurse, he's a paramedic.",
         ("Sam", "job_title", "paramedic"), "nurse"),
    ],
)  # fmt: skip
def test_another_persons_value_beside_its_denial_corrects_it(
    before: str, text: str, right: tuple[str, str, str], wrong: str
) -> None:
    zh = "\u4e00" <= text[0] <= "\u9fff"
    said = _said(extract(text, recent=_before(before, zh=zh)).claims)
    assert (*right, "asserted", "correct") in said
    assert not any(s[2] == wrong for s in said)  # the denial is the correction's, not a second fact
    assert not any(s[1] in ("partner", "family", "knows") and s[4] == "correct" for s in said)


def test_a_value_called_wrong_corrects_the_earlier_claim_of_another_person() -> None:
    said = _said(extract("I had Nadia's job wrong: she teaches chemistry, not biology.",
                         recent=_before("My friend Nadia teaches biology.")).claims)  # fmt: skip
    assert {s[2:] for s in said if s[1] == "job_title"} == {("chemistry teacher", "asserted", "correct")}


def test_what_one_teaches_is_a_title() -> None:
    assert (ME, "job_title", "piano teacher") in asserted("I teach piano these days.")
    assert not any(p == "job_title" for _, p, _ in asserted("She teaches kids to swim."))


@pytest.mark.parametrize(
    ("before", "text", "expected", "start"),
    [
        ("We moved to Tallinn last week.", "Sorry, I said that wrong - we moved three weeks ago, not last week.",
         ("lives_in", "Tallinn"), "2024-02-14 00:00"),
        ("I started at Vireo this month.", "I started at Vireo in January, not this month.",
         ("works_at", "Vireo"), "2024-01-01 00:00"),
        ("我这个月搬到了苏州。", "我记错了，是上个月搬的，不是这个月。", ("lives_in", "苏州"), "2024-02-01 00:00"),
    ],
)  # fmt: skip
def test_a_time_called_wrong_moves_the_date_of_the_last_dated_claim(
    before: str, text: str, expected: tuple[str, str], start: str
) -> None:
    zh = "\u4e00" <= text[0] <= "\u9fff"
    got = extract(text, recent=_before(before, zh=zh, days=1)).claims
    assert [(c.predicate, c.object and c.object.name, c.action) for c in got] == [(*expected, Action.CORRECT)]
    assert local(got[0].valid_from, SHANGHAI if zh else BERLIN) == start


@pytest.mark.parametrize(
    ("text", "expected", "start"),
    [
        ("I took the offer from Halden Labs, my first day is March 18.", ("works_at", "Halden Labs"), "2024-03-18"),
        ("I accepted a job at Brightwell, I start next Monday.", ("works_at", "Brightwell"), "2024-03-11"),
        ("我加入了星辰科技，下个月1号开始上班。", ("works_at", "星辰科技"), "2024-04-01"),
    ],
)
def test_a_job_whose_first_day_is_said_apart_starts_that_day(text: str, expected: tuple[str, str], start: str) -> None:
    zh = "\u4e00" <= text[0] <= "\u9fff"
    got = [c for c in extract(text).claims if c.predicate != "event"]
    assert [(c.predicate, c.object and c.object.name) for c in got] == [expected]
    assert (local(got[0].valid_from, SHANGHAI if zh else BERLIN) or "")[:10] == start
    assert not any(c.predicate == "event" for c in extract(text).claims)  # the start is no event of its own


def test_a_day_that_dates_another_value_is_not_the_first_day() -> None:
    got = {c.value: c.valid_from for c in extract("下个月开始我就是总监了，现在还是经理。").claims}
    assert got["经理"] is None


@pytest.mark.parametrize(
    ("text", "value", "until"),
    [
        ("I'm planning to hike the Dolomites next month.", "hike the Dolomites", "2024-05-01"),
        ("I want to learn to sail by June.", "learn to sail", "2024-07-01"),
        ("我打算下个月去云南自驾。", "去云南自驾", "2024-05-01"),
    ],
)
def test_a_plan_for_a_time_is_no_goal_after_it(text: str, value: str, until: str) -> None:
    zh = "\u4e00" <= text[0] <= "\u9fff"
    (goal,) = [c for c in extract(text).claims if c.predicate == "goal"]
    assert goal.value == value
    assert (local(goal.valid_to, SHANGHAI if zh else BERLIN) or "")[:10] == until


def test_a_goal_without_a_time_holds_until_ended() -> None:
    (goal,) = [c for c in extract("I want to run a marathon someday.").claims if c.predicate == "goal"]
    assert goal.valid_to is None


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("We've got two cats, Mango and Kiwi.", {"Mango", "Kiwi"}),
        ("I have three hamsters: Bean, Pip and Nutmeg.", {"Bean", "Pip", "Nutmeg"}),
        ("Me, my husband Ola and our two rabbits, Clover and Fig.", {"Clover", "Fig"}),
        ("我养了两只狗，分别叫可乐和雪碧。", {"可乐", "雪碧"}),
    ],
)
def test_a_list_of_names_fills_the_pets_item_by_item(text: str, names: set[str]) -> None:
    assert {o for s, p, o in asserted(text) if p == "has_pet" and s == ME} == names


def test_a_name_after_a_comma_that_starts_a_new_clause_names_no_pet() -> None:
    assert {o for _, p, o in asserted("We have a dog, Sam has a cat.") if p == "has_pet"} <= {"Dana's dog"}


@pytest.mark.parametrize(
    "text",
    [
        "我妈以为我住在伦敦",
        "我爸还以为我在阿里上班呢",
        "My mom thinks I live in London.",
        "Sam assumes I'm vegetarian.",
        "Priya figures I work at Oracle.",
    ],
)
def test_someone_elses_belief_about_the_speaker_is_nobodys_fact(text: str) -> None:
    assert {p for _, p, _ in asserted(text)} <= {"family", "knows"}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Me and my husband moved to Ghent in May.", (ME, "lives_in", "Ghent")),
        ("me and Tariq live in Bristol now", (ME, "lives_in", "Bristol")),
        ("我们上个月搬到了成都。", (ME, "lives_in", "成都")),
        ("刚搬到杭州，还在适应。", (ME, "lives_in", "杭州")),
    ],
)
def test_we_and_a_dropped_subject_are_the_speaker(text: str, expected: tuple[str, str, str]) -> None:
    assert expected in asserted(text)


def test_a_pet_named_then_called_ours_is_the_speakers() -> None:
    assert (ME, "has_pet", "Juno") in asserted("Juno (my cat) hates the rain.")


def test_a_pet_put_to_sleep_was_a_pet_until_then() -> None:
    said = _said(extract("We had to put Pepper to sleep last night.").claims)
    assert (ME, "has_pet", "Pepper", "asserted", "retract") in said
    assert not any(s[2] == "Ella" for s in _said(extract("I put Ella down for a nap.").claims))


def test_a_pet_named_after_it_is_mentioned_gets_the_name() -> None:
    got = extract("We got a puppy last month! Named him Bolt.")
    assert [(a.entity.name, a.alias) for a in got.aliases] == [("Dana's puppy", "Bolt")]
