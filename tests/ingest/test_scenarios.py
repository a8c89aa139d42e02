"""The original design's scenarios, end to end: real sentences through ``Memory.add`` with the offline
extractor (the default), each checked through reads at a valid time and as of a system time (issue #11).

The sentences are this file's own; the slot-QA development set is not quoted.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

import chronomem
from chronomem._time import from_us

BERLIN = "Europe/Berlin"
SHANGHAI = "Asia/Shanghai"


@pytest.fixture
def mem(tmp_path: Path) -> Iterator[chronomem.Memory]:
    m = chronomem.open(tmp_path / "m.db", namespace="scenarios")
    yield m
    m.close()


def say(mem: chronomem.Memory, n: int, when: str, content: str, *, speaker: str = "Nora", tz: str = BERLIN,
        role: str = "user") -> chronomem.ingest.IngestResult:  # fmt: skip
    return mem.add({"id": f"m{n}", "speaker": speaker, "role": role, "content": content, "occurred_at": when,
                    "tz": tz, "session": "s"})  # fmt: skip


def day(text: str) -> datetime:
    return datetime.fromisoformat(text).replace(tzinfo=UTC)


def names(mem: chronomem.Memory, facts: list[chronomem.Fact]) -> list[str]:
    out = []
    for f in facts:
        if f.modality != "asserted":
            continue
        out.append(mem.get_entity(f.object).name if f.object is not None else str(f.value))
    return sorted(out)


def test_a_phone_number_changed_on_a_date(mem: chronomem.Memory) -> None:
    say(mem, 1, "2024-01-10T09:00:00+01:00", "My phone number is 555-0134.")
    say(mem, 2, "2024-02-20T09:00:00+01:00", "From March 1st my new number is 555-0199.")
    assert names(mem, mem.values("Nora", "phone", valid_at=day("2024-02-25T12:00"))) == ["555-0134"]
    assert names(mem, mem.values("Nora", "phone", valid_at=day("2024-03-05T12:00"))) == ["555-0199"]


def test_a_project_name_corrected_two_days_later_stays_readable_as_believed(mem: chronomem.Memory) -> None:
    say(mem, 1, "2024-05-06T10:00:00+02:00", "I work at Siemens and I'm working on Project Alpha.")
    fix = say(mem, 2, "2024-05-08T10:00:00+02:00", "Sorry, I meant Project Apollo, not Project Alpha.")
    assert fix.tx is not None
    assert names(mem, mem.values("Nora", "works_on", valid_at=day("2024-05-07T12:00"))) == ["Project Apollo"]
    believed = mem.values("Nora", "works_on", valid_at=day("2024-05-07T12:00"), as_of=from_us(fix.tx - 1))
    assert names(mem, believed) == ["Project Alpha"]


def test_a_chinese_project_corrected_two_days_later_stays_readable_as_believed(mem: chronomem.Memory) -> None:
    say(mem, 1, "2024-05-06T10:00:00+08:00", "我在腾讯上班，负责Alpha项目。", tz=SHANGHAI)
    fix = say(mem, 2, "2024-05-08T10:00:00+08:00", "不好意思，我是说Apollo项目，不是Alpha项目。", tz=SHANGHAI)
    assert fix.tx is not None
    assert names(mem, mem.values("Nora", "works_on", valid_at=day("2024-05-07T12:00"))) == ["Apollo项目"]
    believed = mem.values("Nora", "works_on", valid_at=day("2024-05-07T12:00"), as_of=from_us(fix.tx - 1))
    assert names(mem, believed) == ["Alpha项目"]


def test_a_cold_and_a_missed_day_of_work_are_two_dated_ordered_events(mem: chronomem.Memory) -> None:
    say(mem, 1, "2024-06-12T18:00:00+02:00", "I caught a cold yesterday, so I didn't go to work today.")
    # events hold over the days they name, so they are read over all valid time (as believed now)
    events = sorted((f for f in mem.history("Nora", "event") if f.kind == "event"), key=lambda f: f.valid.start)
    assert len(events) == 2
    # yesterday and today in Berlin: 11 and 12 June from local midnight
    assert [e.valid.start_dt for e in events] == [day("2024-06-10T22:00"), day("2024-06-11T22:00")]


def test_an_allergy_denied_later_is_an_open_conflict(mem: chronomem.Memory) -> None:
    say(mem, 1, "2024-01-10T09:00:00+01:00", "I'm allergic to peanuts.")
    say(mem, 2, "2024-04-10T09:00:00+02:00", "I'm not allergic to peanuts.")
    (conflict,) = mem.conflicts("Nora", "allergic_to")
    assert conflict.open and conflict.episode == "m2"
    assert names(mem, mem.values("Nora", "allergic_to", valid_at=day("2024-04-11T12:00"))) == ["peanuts"]


def test_a_meeting_planned_for_tomorrow_clashes_with_another_plan(mem: chronomem.Memory) -> None:
    say(mem, 1, "2024-06-12T15:00:00+08:00", "明天上午十点我要去看牙医。", tz=SHANGHAI)
    clash = say(mem, 2, "2024-06-12T16:00:00+08:00", "明天上午十点开会。", tz=SHANGHAI)
    assert clash.conflicts and mem.conflicts("Nora")[0].clash


def test_a_hypothetical_never_becomes_a_fact(mem: chronomem.Memory) -> None:
    say(mem, 1, "2024-03-01T09:00:00+01:00", "I live in Hamburg.")
    say(mem, 2, "2024-03-02T09:00:00+01:00", "If I get the job at Google, I'll move to Zurich.")
    assert names(mem, mem.values("Nora", "lives_in", valid_at=day("2024-06-01T12:00"))) == ["Hamburg"]
    assert names(mem, mem.values("Nora", "works_at", valid_at=day("2024-06-01T12:00"))) == []


def test_the_same_preference_three_times_is_one_row_with_three_episodes(mem: chronomem.Memory) -> None:
    for n in (1, 2, 3):
        say(mem, n, f"2024-03-0{n}T09:00:00+01:00", "I love hiking.")
    (row,) = [f for f in mem.history("Nora", "likes") if f.modality == "asserted"]
    assert row.episodes == ("m1", "m2", "m3")


def test_a_chinese_conversation_end_to_end(mem: chronomem.Memory) -> None:
    say(mem, 1, "2024-06-12T15:00:00+08:00", "我叫林晓，我住在北京，在腾讯上班。", speaker="林晓", tz=SHANGHAI)
    say(mem, 2, "2024-06-12T15:01:00+08:00", "好的，记住了。", speaker="小助手", role="assistant", tz=SHANGHAI)
    say(
        mem, 3, "2024-06-12T15:02:00+08:00", "下个月一号起我调到深圳分公司，也会搬到深圳。", speaker="林晓", tz=SHANGHAI
    )
    june, july = day("2024-06-20T04:00"), day("2024-07-05T04:00")
    assert names(mem, mem.values("林晓", "lives_in", valid_at=june)) == ["北京"]
    assert names(mem, mem.values("林晓", "lives_in", valid_at=july)) == ["深圳"]
    assert names(mem, mem.values("林晓", "works_at", valid_at=june)) == ["腾讯"]


def test_an_english_conversation_end_to_end(mem: chronomem.Memory) -> None:
    say(mem, 1, "2024-03-04T09:00:00+01:00", "Hi, I'm Nora. I live in Hamburg and I work as a nurse.")
    say(mem, 2, "2024-03-04T09:01:00+01:00", "Nice to meet you, Nora!", speaker="Assistant", role="assistant")
    say(mem, 3, "2024-03-04T09:02:00+01:00", "My sister Jane lives in Boston. I used to live in Rome.")
    say(mem, 4, "2024-08-04T09:02:00+02:00", "I moved to Munich last month.")
    assert names(mem, mem.values("Nora", "lives_in", valid_at=day("2024-05-01T12:00"))) == ["Hamburg"]
    assert names(mem, mem.values("Nora", "lives_in", valid_at=day("2024-07-15T12:00"))) == ["Munich"]
    assert names(mem, mem.values("Nora", "lives_in", valid_at=day("2020-01-01T12:00"))) == ["Rome"]
    assert names(mem, mem.values("Jane", "lives_in", valid_at=day("2024-05-01T12:00"))) == ["Boston"]
    assert "Jane" in names(mem, mem.values("Nora", "family", valid_at=day("2024-05-01T12:00")))
    assert names(mem, mem.values("Nora", "job_title", valid_at=day("2024-05-01T12:00"))) == ["nurse"]


def partners(mem: chronomem.Memory, speaker: str = "Nora") -> list[tuple[str, str]]:
    """The speaker's partner rows believed now: (the partner's name, from when)."""
    rows = [f for f in mem.history(speaker, "partner") if f.recorded.end is None]
    return [(mem.get_entity(f.object).name, from_us(f.valid.start).date().isoformat()) for f in rows]  # type: ignore[arg-type]


def test_a_partner_called_husband_partner_and_laogong_is_one_person(mem: chronomem.Memory) -> None:
    """Whatever the role word ("my husband", "my partner", "我老公", "我先生"), a speaker's unnamed partner is
    whoever holds the partner slot: one entity from the first mention on, never replaced by another
    placeholder, and what is said of them lands on it."""
    say(mem, 1, "2024-05-01T10:00:00+02:00", "My husband and I went camping last weekend.")
    say(mem, 2, "2024-05-03T10:00:00+02:00", "My partner loves hiking.")
    say(mem, 3, "2024-05-04T10:00:00+02:00", "My husband works at Google now.")
    say(mem, 4, "2024-05-05T10:00:00+08:00", "我老公喜欢钓鱼。", tz=SHANGHAI)
    say(mem, 5, "2024-05-06T10:00:00+08:00", "我先生在阿里巴巴上班。", tz=SHANGHAI)
    assert partners(mem) == [("Nora's husband", "2024-05-01")]
    assert names(mem, mem.values("Nora's husband", "likes")) == ["hiking", "钓鱼"]
    assert names(mem, mem.values("Nora's husband", "works_at")) == ["阿里巴巴"]


def test_a_partner_named_once_is_who_the_role_words_mean_later(mem: chronomem.Memory) -> None:
    say(mem, 1, "2024-05-01T10:00:00+02:00", "My wife Anna is a nurse.")
    say(mem, 2, "2024-05-02T10:00:00+02:00", "My wife loves jazz.")
    say(mem, 3, "2024-05-03T10:00:00+08:00", "我老婆喜欢跳舞。", tz=SHANGHAI)
    assert partners(mem) == [("Anna", "2024-05-01")]
    assert names(mem, mem.values("Anna", "likes")) == ["jazz", "跳舞"]


def test_a_partner_first_unnamed_then_named_is_one_person(mem: chronomem.Memory) -> None:
    """ "My partner" then "my husband Tom": the placeholder stood for Tom and is merged into him."""
    say(mem, 1, "2024-05-01T10:00:00+02:00", "My partner loves hiking.")
    r = say(mem, 2, "2024-05-02T10:00:00+02:00", "My husband Tom works at Google.")
    assert [m.source for m in r.merged] == ["nora-s-partner"]
    assert partners(mem) == [("Tom", "2024-05-01")]
    assert names(mem, mem.values("Tom", "likes")) == ["hiking"] and names(mem, mem.values("Tom", "works_at")) == [
        "Google"
    ]


def test_a_new_named_partner_is_someone_else(mem: chronomem.Memory) -> None:
    """A named holder is not a placeholder: "my girlfriend Sarah" after "my wife Anna" is a second person,
    and a later "my girlfriend" is Sarah."""
    say(mem, 1, "2024-05-01T10:00:00+02:00", "My wife Anna is a nurse.")
    say(mem, 2, "2024-06-01T10:00:00+02:00", "My girlfriend Sarah loves jazz.")
    say(mem, 3, "2024-06-02T10:00:00+02:00", "My girlfriend works at Google.")
    assert partners(mem) == [("Anna", "2024-05-01"), ("Sarah", "2024-06-01")]
    assert names(mem, mem.values("Sarah", "works_at")) == ["Google"] and mem.values("Anna", "works_at") == []


def test_another_persons_job_corrected_replaces_it_over_its_whole_portion(mem: chronomem.Memory) -> None:
    say(mem, 1, "2024-04-01T10:00:00+08:00", "我老婆是会计。", tz=SHANGHAI)
    fix = say(mem, 2, "2024-04-09T10:00:00+08:00", "我记错了，我老婆不是会计，她是律师。", tz=SHANGHAI)
    assert fix.tx is not None
    # right over the whole portion the wrong value held, which is closed in system time, not in valid time
    assert names(mem, mem.values("Nora的老婆", "job_title", valid_at=day("2024-04-03T12:00"))) == ["律师"]
    believed = mem.values("Nora的老婆", "job_title", valid_at=day("2024-04-03T12:00"), as_of=from_us(fix.tx - 1))
    assert names(mem, believed) == ["会计"]
    assert mem.conflicts() == []
