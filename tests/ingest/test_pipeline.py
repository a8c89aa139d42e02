"""Memory.add: one transaction per message, what each claim does, and what the result says (issue #11).

The claims come from the structured extractor (the application's own), so these tests pin the pipeline,
not an extractor's reading of text.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path

import pytest

import chronomem
from chronomem import Kind, Modality
from chronomem._time import from_us
from chronomem.errors import Conflict, ExtractionError, InvalidValue, NaiveDatetime, NotFound
from chronomem.ingest import Action, Alias, Claim, Extraction, ExtractionContext, Mentioned

ME = Mentioned("me", "person", speaker=True)
T0 = datetime(2024, 3, 4, 9, 0, tzinfo=timezone(timedelta(hours=1)))


def msg(i: int, content: str = "…", speaker: str = "Alice", **extra: object) -> dict[str, object]:
    return {"id": f"m{i}", "speaker": speaker, "content": content, "occurred_at": T0 + timedelta(days=i), **extra}


def lives(place: str, **kw: object) -> Claim:
    return Claim(ME, "lives_in", Mentioned(place, "place"), **kw)  # type: ignore[arg-type]


@pytest.fixture
def mem(tmp_path: Path) -> Iterator[chronomem.Memory]:
    m = chronomem.open(tmp_path / "m.db", namespace="ns")
    yield m
    m.close()


def at(i: int) -> datetime:
    return T0 + timedelta(days=i, hours=1)


def test_a_message_stores_its_episode_and_what_it_says_citing_it(mem: chronomem.Memory) -> None:
    r = mem.add(msg(1, "I live in Berlin.", tz="Europe/Berlin"), claims=[lives("Berlin")])
    assert r.ok and not r.duplicate and r.tx is not None
    (fact,) = r.added
    assert (fact.subject, fact.object, fact.episodes) == ("alice", "berlin", ("m1",))
    assert {e.name for e in r.entities} == {"Alice", "Berlin"}
    assert mem.get_episode("m1").tz == "Europe/Berlin" and mem.get_episode("m1").speaker == "Alice"


def test_adding_the_same_message_again_changes_nothing_and_says_so(mem: chronomem.Memory) -> None:
    mem.add(msg(1), claims=[lives("Berlin")])
    again = mem.add(msg(1), claims=[lives("Paris")])
    assert again.duplicate and not again.changed
    assert mem.value("Alice", "lives_in", valid_at=at(2)).object == "berlin"  # type: ignore[union-attr]
    with pytest.raises(Conflict, match="already added with other content"):
        mem.add(msg(1, "something else"), claims=[lives("Paris")])


def test_supersede_repeat_and_correct(mem: chronomem.Memory) -> None:
    mem.add(msg(1), claims=[lives("Berlin")])
    moved = mem.add(msg(5), claims=[lives("Paris")])
    assert len(moved.superseded) == 1 and moved.added[0].object == "paris"
    for i in (6, 7):
        same = mem.add(msg(i), claims=[lives("Paris")])
        assert not same.added and same.supported
    (paris,) = [f for f in mem.history("Alice", "lives_in") if f.object == "paris"]
    assert paris.episodes == ("m5", "m6", "m7")  # one row, three supporting episodes
    wrong = mem.add(msg(8), claims=[lives("Lyon", action=Action.CORRECT)])
    assert wrong.corrected and wrong.tx is not None
    # the correction re-asserts the wrong value's whole portion (from day 5), and the wrong value stays
    # readable as of before it
    assert mem.value("Alice", "lives_in", valid_at=at(6)).object == "lyon"  # type: ignore[union-attr]
    believed = mem.value("Alice", "lives_in", valid_at=at(6), as_of=from_us(wrong.tx - 1))
    assert believed is not None and believed.object == "paris"
    assert mem.value("Alice", "lives_in", valid_at=at(2)).object == "berlin"  # type: ignore[union-attr]


def test_a_retraction_names_what_it_ends_and_only_that(mem: chronomem.Memory) -> None:
    mem.add(msg(1), claims=[lives("Berlin")])
    nothing = mem.add(msg(2), claims=[lives("Rome", action=Action.RETRACT)])
    assert not nothing.retracted and mem.value("Alice", "lives_in", valid_at=at(3)) is not None
    ended = mem.add(msg(3), claims=[lives("Berlin", action=Action.RETRACT)])
    assert ended.retracted and mem.value("Alice", "lives_in", valid_at=at(4)) is None
    assert mem.value("Alice", "lives_in", valid_at=at(2)).object == "berlin"  # type: ignore[union-attr]


def test_what_is_not_asserted_never_becomes_a_value(mem: chronomem.Memory) -> None:
    mem.add(msg(1), claims=[lives("Berlin")])
    mem.add(msg(2), claims=[lives("Ghent", modality=Modality.HYPOTHETICAL), lives("Oslo", modality=Modality.PLANNED)])
    assert mem.value("Alice", "lives_in", valid_at=at(3)).object == "berlin"  # type: ignore[union-attr]
    assert {f.modality for f in mem.values("Alice", "lives_in", valid_at=at(3))} == {
        "asserted",
        "hypothetical",
        "planned",
    }


def test_witnesses_who_disagree_open_a_conflict_that_can_be_settled(mem: chronomem.Memory) -> None:
    jen = Mentioned("Jen", "person")
    mem.add(msg(1, speaker="Rachel"), claims=[Claim(jen, "lives_in", Mentioned("Denver"), confidence=0.7)])
    disputed = mem.add(msg(2, speaker="Marcus"), claims=[Claim(jen, "lives_in", Mentioned("Boston"), confidence=0.7)])
    (cid,) = disputed.conflicts
    (open_,) = mem.conflicts("Jen", "lives_in")
    assert (open_.id, open_.object, open_.episode, open_.open) == (cid, "boston", "m2", True)
    assert "rachel" in open_.why.casefold()
    assert mem.value("Jen", "lives_in", valid_at=at(3)).object == "denver"  # type: ignore[union-attr]
    mem.resolve_conflict(cid, keep="claim")
    assert mem.value("Jen", "lives_in", valid_at=at(3)).object == "boston"  # type: ignore[union-attr]
    assert mem.conflicts("Jen") == [] and mem.conflicts("Jen", settled=True)[0].settlement == "accepted"
    with pytest.raises(Conflict, match="already settled"):
        mem.resolve_conflict(cid, keep="known")
    with pytest.raises(NotFound):
        mem.resolve_conflict(99, keep="known")
    with pytest.raises(InvalidValue, match="keep="):
        mem.resolve_conflict(cid, keep="both")


def test_a_denial_of_a_known_allergy_is_a_conflict(mem: chronomem.Memory) -> None:
    nuts = Mentioned("peanuts", "thing")
    mem.add(msg(1), claims=[Claim(ME, "allergic_to", nuts)])
    denied = mem.add(msg(2), claims=[Claim(ME, "allergic_to", nuts, modality=Modality.NEGATED)])
    assert len(denied.conflicts) == 1 and len(mem.conflicts("Alice", "allergic_to")) == 1


def test_a_birthday_told_differently_later_is_a_conflict_and_holds_since_always(mem: chronomem.Memory) -> None:
    mem.add(msg(1), claims=[Claim(ME, "birthday", value="--03-03")])
    assert mem.value("Alice", "birthday", valid_at=datetime(1990, 1, 1, tzinfo=UTC)).value == "--03-03"  # type: ignore[union-attr]
    later = mem.add(msg(200), claims=[Claim(ME, "birthday", value="--03-30")])
    assert later.conflicts and not later.superseded


def test_time_words_are_read_against_the_message_time_in_the_speakers_zone(mem: chronomem.Memory) -> None:
    meeting = Claim(ME, "attends", value="standup", kind=Kind.EVENT, time_text="tomorrow at 9am")
    late = {"id": "m1", "speaker": "Alice", "content": "…", "occurred_at": "2024-03-04T23:30:00+00:00"}
    (fact,) = mem.add({**late, "tz": "Asia/Shanghai"}, claims=[meeting]).added
    assert fact.valid.start_dt == datetime(2024, 3, 6, 1, 0, tzinfo=UTC)  # 09:00 on the 6th in Shanghai
    unreadable = mem.add({**late, "id": "m2"}, claims=[Claim(ME, "attends", value="x", time_text="every so often")])
    assert unreadable.skipped and "name no time" in unreadable.skipped[0].why


def test_one_message_lays_its_claims_about_a_slot_end_to_end(mem: chronomem.Memory) -> None:
    y2020 = int(datetime(2020, 1, 1, tzinfo=UTC).timestamp() * 1_000_000)
    r = mem.add(
        msg(1), claims=[lives("Rome", valid_to=int(T0.timestamp() * 1_000_000)), lives("Lyon", valid_from=y2020)]
    )
    assert r.ok and not r.skipped
    assert mem.value("Alice", "lives_in", valid_at=datetime(2019, 6, 1, tzinfo=UTC)).object == "rome"  # type: ignore[union-attr]
    assert mem.value("Alice", "lives_in", valid_at=at(2)).object == "lyon"  # type: ignore[union-attr]


def test_used_to_reaches_back_only_until_what_is_known_began(mem: chronomem.Memory) -> None:
    mem.add(msg(1), claims=[lives("Berlin", valid_from=int(datetime(2023, 1, 1, tzinfo=UTC).timestamp() * 1e6))])
    mem.add(msg(2), claims=[lives("Rome", valid_to=int(T0.timestamp() * 1_000_000))])
    assert mem.value("Alice", "lives_in", valid_at=datetime(2023, 6, 1, tzinfo=UTC)).object == "berlin"  # type: ignore[union-attr]
    assert mem.value("Alice", "lives_in", valid_at=datetime(2020, 6, 1, tzinfo=UTC)).object == "rome"  # type: ignore[union-attr]


def test_an_alias_is_added_to_the_entity_it_names(mem: chronomem.Memory) -> None:
    r = mem.add(msg(1), claims=[lives("Berlin")], aliases=[Alias(ME, "Ali")])
    assert r.aliases == (("alice", "Ali"),) and mem.get_entity("Ali").id == "alice"


def _person(name: str) -> Mentioned:
    return Mentioned(name, "person")


@pytest.mark.parametrize(
    ("full", "short"), [("王伟", "老王"), ("王伟", "王哥"), ("Caroline Smith", "Caroline"), ("John Smith", "Dr. Smith")]
)
def test_a_person_named_in_a_shorter_or_familiar_form_is_the_one_known(
    mem: chronomem.Memory, full: str, short: str
) -> None:
    mem.add(msg(1), claims=[Claim(_person(full), "lives_in", Mentioned("Boston", "place"))])
    r = mem.add(msg(2), claims=[Claim(_person(short), "likes", value="chess")])
    ident = mem.get_entity(full).id
    assert r.entities == () and r.aliases == ((ident, short),)
    assert [f.subject for f in r.added] == [ident] and mem.get_entity(short).id == ident


def test_a_short_form_that_fits_two_people_names_a_new_one(mem: chronomem.Memory) -> None:
    mem.add(msg(1), claims=[Claim(_person("王伟"), "likes", value="tea"), Claim(_person("王芳"), "likes", value="tea")])
    r = mem.add(msg(2), claims=[Claim(_person("老王"), "likes", value="chess")])
    assert [e.name for e in r.entities] == ["老王"] and r.aliases == ()


def test_an_alias_naming_another_known_entity_merges_them_reversibly(mem: chronomem.Memory) -> None:
    mem.add(msg(1), claims=[Claim(_person("Bob"), "lives_in", Mentioned("Boston", "place"))])
    mem.add(msg(2), claims=[Claim(_person("Robert"), "likes", value="chess")])
    r = mem.add(msg(3), aliases=[Alias(_person("Robert"), "Bob")])
    (merge,) = r.merged
    assert (merge.source, merge.target) == ("bob", "robert") and r.changed
    assert mem.get_entity("Bob").id == "robert"
    assert mem.value("Robert", "lives_in").object == "boston"  # type: ignore[union-attr]
    mem.unmerge(merge)
    assert mem.get_entity("Bob").id == "bob" and mem.value("Robert", "lives_in") is None
    assert mem.value("Bob", "lives_in").object == "boston"  # type: ignore[union-attr]


@pytest.mark.parametrize("undo", ["retract", "erase"])
def test_taking_back_the_message_that_merged_two_entities_undoes_the_merge(mem: chronomem.Memory, undo: str) -> None:
    """ "Robert, we call him Bob" merged Bob into Robert; once that message is retracted or erased, nothing says
    they are one: Bob is Bob again, with his own Boston."""
    mem.add(msg(1), claims=[Claim(_person("Bob"), "lives_in", Mentioned("Boston", "place"))])
    mem.add(msg(2), claims=[Claim(_person("Robert"), "likes", value="chess")])
    (merge,) = mem.add(msg(3), aliases=[Alias(_person("Robert"), "Bob")]).merged
    if undo == "retract":
        mem.retract_episode("m3")
    else:
        mem.erase(episode="m3")
    assert mem.get_entity("Bob").id == "bob" and mem.value("Robert", "lives_in") is None
    assert mem.value("Bob", "lives_in").object == "boston"  # type: ignore[union-attr]
    assert "Bob" not in mem.get_entity("Robert").aliases
    with pytest.raises(NotFound):
        mem.unmerge(merge)


@pytest.mark.parametrize("engine", ["sqlite", pytest.param("postgresql", marks=pytest.mark.integration)])
def test_a_merge_and_a_change_of_a_merged_slot_in_one_message(
    engine: str, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    """The alias merges Bob into Robert (Bob's Boston row comes back as Robert's) and the claim then moves
    Robert to Chicago in the same transaction: the row the merge wrote is replaced, never visible, rather than
    closed on the instant it was written (which the schema refuses: this message used to fail). Undoing the
    merge gives Bob his Boston back; Robert keeps what was said about him."""
    url = str(tmp_path / "m.db") if engine == "sqlite" else request.getfixturevalue("pg_url")
    with chronomem.open(url, namespace="ns", embedder=None) as mem:
        mem.add(msg(1), claims=[Claim(_person("Bob"), "lives_in", Mentioned("Boston", "place"))])
        mem.add(msg(2), claims=[Claim(_person("Robert"), "likes", value="chess")])
        r = mem.add(
            msg(3),
            aliases=[Alias(_person("Robert"), "Bob")],
            claims=[Claim(_person("Robert"), "lives_in", Mentioned("Chicago", "place"))],
        )
        (merge,) = r.merged
        assert r.ok and [f.object for f in r.added] == ["chicago"]
        assert mem.value("Robert", "lives_in", valid_at=at(2)).object == "boston"  # type: ignore[union-attr]
        assert mem.value("Robert", "lives_in", valid_at=at(4)).object == "chicago"  # type: ignore[union-attr]
        story = mem.history("Robert", "lives_in")
        assert [(f.object, f.recorded.end is None) for f in story] == [("boston", True), ("chicago", True)]
        mem.unmerge(merge)
        assert mem.value("Bob", "lives_in", valid_at=at(4)).object == "boston"  # type: ignore[union-attr]
        assert mem.value("Robert", "lives_in", valid_at=at(4)).object == "chicago"  # type: ignore[union-attr]


class _Failing:
    name = "failing"

    def extract(self, episode: object, context: ExtractionContext) -> Extraction:
        raise ExtractionError("the model answered nonsense")


class _Recording:
    name = "recording"

    def __init__(self) -> None:
        self.seen: list[ExtractionContext] = []

    def extract(self, episode: object, context: ExtractionContext) -> Extraction:
        self.seen.append(context)
        return Extraction()


def test_a_failed_message_writes_nothing_and_a_batch_goes_on(mem: chronomem.Memory) -> None:
    with pytest.raises(ExtractionError):
        mem.add(msg(1), extractor=_Failing())
    with pytest.raises(NotFound):
        mem.get_episode("m1")
    results = mem.add([msg(2), {**msg(3), "occurred_at": "2024-03-07T09:00:00"}, msg(4)], extractor=_Recording())
    assert [r.ok for r in results] == [True, False, True]
    assert isinstance(results[1].error, NaiveDatetime) and results[1].episode == "m3"
    with pytest.raises(InvalidValue, match="one message"):
        mem.add([msg(5), msg(6)], claims=[lives("Berlin")])


def test_the_extractor_sees_the_sessions_last_messages_and_the_local_time(mem: chronomem.Memory) -> None:
    rec = _Recording()
    for i in range(1, 10):
        speaker = "Alice" if i % 2 else "Assistant"
        role = "user" if i % 2 else "assistant"
        mem.add(
            {**msg(i, f"turn {i}", speaker=speaker), "role": role, "session": "s1", "tz": "Asia/Tokyo"}, extractor=rec
        )
    last = rec.seen[-1]
    assert [e.content for e in last.recent] == [f"turn {i}" for i in range(3, 9)]  # RECENT = 6, oldest first
    assert last.participants == ("Assistant",) and last.reference.utcoffset() == timedelta(hours=9)


def test_an_unknown_extractor_name_lists_the_known_ones(mem: chronomem.Memory) -> None:
    with pytest.raises(chronomem.errors.ConfigError, match=r"\['offline', 'llm'\]"):
        mem.add(msg(1), extractor="magic")
    with pytest.raises(chronomem.errors.ConfigError, match="needs a model"):
        mem.add(msg(1), extractor="llm")


def _plan(what: str, start: int, end: int) -> Claim:
    hour = 3_600_000_000
    base = int(datetime(2024, 3, 6, tzinfo=UTC).timestamp() * 1_000_000)
    return Claim(ME, "attends", value=what, kind=Kind.EVENT, modality=Modality.PLANNED,
                 valid_from=base + start * hour, valid_to=base + end * hour)  # fmt: skip


@pytest.mark.parametrize(("keep", "left"), [("known", ["team meeting"]), ("claim", ["dentist"])])
def test_two_plans_at_one_time_clash_and_settling_ends_one(mem: chronomem.Memory, keep: str, left: list[str]) -> None:
    mem.add(msg(1), claims=[_plan("team meeting", 10, 11)])
    assert not mem.add(msg(2), claims=[_plan("lunch", 12, 13)]).conflicts  # later the same day: no clash
    clash = mem.add(msg(3), claims=[_plan("dentist", 10, 13)])
    (cid,) = clash.conflicts
    assert clash.added and clash.added[0].value == "dentist"  # a plan is kept beside the one it clashes with
    (c,) = mem.conflicts("Alice")
    assert c.clash and len(c.against) == 2 and "another plan" in c.why  # the meeting and lunch overlap 10-13
    at_ten = datetime(2024, 3, 6, 10, 30, tzinfo=UTC)
    mem.resolve_conflict(cid, keep=keep)
    planned = [f.value for f in mem.values("Alice", "attends", valid_at=at_ten) if f.modality == "planned"]
    assert planned == left


def test_the_prompt_is_rendered_from_the_one_profile_table() -> None:
    """The profile vocabulary is one table (``_vocabulary.PREDICATES``): the offline rules map onto it and the LLM
    prompt, in each language, offers every profile predicate of it with its cardinality, object and example, and
    nothing beyond the profile ('event')."""
    from chronomem._values import Episode
    from chronomem._vocabulary import PREDICATES
    from chronomem.extract.llm._prompt import build_messages, vocabulary
    from chronomem.ingest import Role

    offered = [p.name for p in vocabulary()]
    assert offered == [name for name in PREDICATES if name != "event"]
    at = datetime(2024, 3, 6, 10, 0, tzinfo=UTC)
    for text, lang, one, many in (("I moved.", "en", "one", "many"), ("我搬家了。", "zh", "单值", "多值")):
        ep = Episode("m1", "ns", text, 0, 0, speaker="Alice")
        system = build_messages(ep, ExtractionContext("Alice", Role.USER, at))[0]["content"]
        for p in PREDICATES.values():
            example = p.en if lang == "en" else p.zh
            line = next(
                (x for x in system.splitlines() if x.startswith(f"{p.name} (") or x.startswith(f"{p.name}（")), None
            )
            if not p.profile:
                assert line is None, p.name
                continue
            assert line is not None and example in line and p.object in line, (lang, p.name)
            assert (one if p.single else many) in line, (lang, p.name)


@pytest.mark.parametrize("engine", ["sqlite", pytest.param("postgresql", marks=pytest.mark.integration)])
def test_reported_words_are_stored_as_the_named_persons_reported_fact_never_the_speakers(
    engine: str, request: pytest.FixtureRequest, tmp_path: Path
) -> None:
    """Through the offline extractor: what the speaker thinks or heard of someone is that person's, reported
    with less confidence; someone else's belief about the speaker is stored as nobody's fact."""
    url = str(tmp_path / "m.db") if engine == "sqlite" else request.getfixturevalue("pg_url")
    mem = chronomem.open(url, namespace="ns", embedder=None)
    said = ["I live in Bergen.", "I think Marco lives in Oslo now.", "听说小周搬到成都了。",
            "My mum thinks I live in London.", "我爸以为我住在广州。"]  # fmt: skip
    for i, text in enumerate(said):
        mem.add(msg(i, text, speaker="Carol"))
    assert [(f.object, f.modality) for f in mem.values("Carol", "lives_in")] == [("bergen", "asserted")]
    for who, place in (("Marco", "oslo"), ("小周", "成都")):
        (row,) = mem.values(who, "lives_in")
        assert (row.object, row.modality, row.confidence) == (place, "reported", 0.5)
        assert mem.value(who, "lives_in") is None  # reported: never an asserted value
    assert not [f for f in mem.facts("Carol's mom") if f.predicate == "lives_in"]
    assert not [f for f in mem.facts("Carol的爸爸") if f.predicate == "lives_in"]
    mem.close()
