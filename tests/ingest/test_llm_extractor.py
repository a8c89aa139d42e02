"""chronomem.ingest.LLMExtractor with a scripted LLM: one call per message, the prompt it sends (vocabulary,
speaker, local time, recent messages, the conversation's language), what it makes of answers, and the
ExtractionError for an answer it cannot use."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from chronomem._values import JSON, Episode, Kind, Modality
from chronomem._vocabulary import PREDICATES, Predicate
from chronomem.errors import ExtractionError, ModelUnavailable, SchemaViolation, Truncated
from chronomem.extract.llm._prompt import SCHEMA, build_messages, prompt_language, vocabulary
from chronomem.extract.llm._reader import read_answer
from chronomem.ingest import (
    Action,
    Alias,
    ExtractionContext,
    LLMExtractor,
    Mentioned,
    Message,
    Role,
    to_episode,
)
from chronomem.models import ScriptedLLM

SHANGHAI = ZoneInfo("Asia/Shanghai")
T = datetime(2024, 3, 4, 9, 15, tzinfo=SHANGHAI)  # a Monday


def episode(content: str, *, speaker: str = "Alice", role: Role = Role.USER, minute: int = 15) -> Episode:
    when = T.replace(minute=minute)
    return to_episode("ns", Message(content, when, speaker=speaker, role=role, session="s1", tz="Asia/Shanghai"))


def context(
    *, speaker: str | None = "Alice", role: Role = Role.USER, recent: tuple[Episode, ...] = ()
) -> ExtractionContext:
    return ExtractionContext(speaker, role, T, "Asia/Shanghai", ("Alice", "assistant"), recent)


def claim(subject: str, predicate: str, obj: str | None, **more: JSON) -> dict[str, JSON]:
    return {"subject": subject, "predicate": predicate, "object": obj, "time": None, "modality": "asserted",
            "action": "assert", **more}  # fmt: skip


def run(content: str, *claims: dict[str, JSON], ctx: ExtractionContext | None = None, **answer: JSON):  # type: ignore[no-untyped-def]
    llm = ScriptedLLM([{"claims": list(claims), **answer}])
    extractor = LLMExtractor(llm)
    ep = episode(content, role=(ctx or context()).role)
    result = extractor.extract(ep, ctx or context())
    assert len(llm.calls) == 1
    return result, llm.calls[0]


# --- the call and its prompt ---------------------------------------------------------------------------------


def test_one_call_per_message_with_usage_and_the_schema() -> None:
    llm = ScriptedLLM([{"claims": []}, {"claims": []}])
    extractor = LLMExtractor(llm, name="smol")
    first = extractor.extract(episode("Hello!"), context())
    second = extractor.extract(episode("I live in Berlin.", minute=16), context())
    assert extractor.name == "smol"
    assert len(llm.calls) == 2 and llm.remaining == 0
    assert llm.calls[0].schema == SCHEMA and llm.calls[0].name == "facts"
    assert first.claims == () and first.usage is not None and first.usage.model == "scripted"
    assert second.usage is not None and second.usage.prompt_tokens > 0


def test_the_prompt_carries_vocabulary_speaker_local_time_and_recent_messages() -> None:
    earlier = (
        episode("What city do you live in now?", speaker="assistant", role=Role.ASSISTANT, minute=10),
        episode("Still the same job at Acme.", minute=12),
    )
    _, call = run("I moved to Berlin last month.", ctx=context(recent=earlier))
    system, user = (m["content"] for m in call.messages)
    for p in vocabulary():
        assert p.name in system and p.en in system
    assert "snake_case" in system and "Never work out a date" in system
    assert "Alice" in system and "Speaker: Alice (user)" in user
    assert "2024-03-04 09:15 Monday (Asia/Shanghai)" in user
    assert "Participants: Alice, assistant" in user
    assert user.index("What city do you live in now?") < user.index("Still the same job") < user.index("I moved")
    assert user.endswith("I moved to Berlin last month.")


def test_only_the_last_few_messages_are_shown_each_cut_short() -> None:
    earlier = tuple(episode(f"message number {i} " + "x" * 400, minute=i) for i in range(10))
    user = build_messages(episode("ok then"), context(recent=earlier))[1]["content"]
    assert "message number 3 " not in user and "message number 4 " in user and "message number 9 " in user
    assert "x" * 300 not in user and "…" in user


def test_a_chinese_conversation_gets_chinese_instructions_and_keeps_its_names() -> None:
    _, call = run("我上个月搬到了巴黎。")
    system, user = (m["content"] for m in call.messages)
    assert "只用JSON回答" in system and "我住在北京" in system and "不要译成 Paris" in system
    assert "说话人: Alice (user)" in user and "星期一" in user


def test_the_prompt_language_follows_the_session_when_the_message_says_too_little() -> None:
    zh = (episode("我下个月去上海出差", minute=10),)
    assert prompt_language(episode("OK", minute=11), context()) == "en"
    assert prompt_language(episode("👍 123", minute=11), context(recent=zh)) == "zh"
    assert prompt_language(episode("👍 123", minute=11), context()) == "en"
    assert prompt_language(episode("I'm moving to 北京 next week", minute=11), context(recent=zh)) == "en"


def test_an_assistant_turn_is_told_to_speak_only_of_itself() -> None:
    _, call = run("I can remind you tomorrow.", ctx=context(speaker=None, role=Role.ASSISTANT))
    system, user = (m["content"] for m in call.messages)
    assert "the assistant's own message" in system
    assert "Speaker: the assistant (assistant); spoken to: the user" in user


# --- what comes back -----------------------------------------------------------------------------------------


def test_claims_keep_names_and_time_words_and_map_the_speaker() -> None:
    result, _ = run(
        "我上个月搬到了巴黎，我姐姐小丽住在波士顿。",
        claim("我", "lives_in", " 巴黎 ", time="上个月", quote="我上个月搬到了巴黎", object_type="place"),
        claim("我", "family", "小丽"),
        claim("小丽", "lives_in", "波士顿", subject_type="person"),
    )
    moved, sister, hers = result.claims
    assert moved.subject == Mentioned("Alice", "person", speaker=True)
    assert moved.object == Mentioned("巴黎", "place") and moved.value is None
    assert moved.time_text == "上个月" and moved.valid_from is None and moved.valid_to is None
    assert moved.span == (0, 9) and moved.action is Action.ASSERT and moved.modality == Modality.ASSERTED
    assert sister.object == Mentioned("小丽", "person")
    assert hers.subject == Mentioned("小丽", "person") and not hers.subject.speaker


def test_values_predicates_kinds_and_modalities() -> None:
    result, _ = run(
        "Actually my number is 555-0199. I love hiking and might move to Ghent.",
        claim("I", "Phone Number", "555-0199", action="correct", quote="my number is 555-0199"),
        claim("Alice", "likes", "hiking", quote="i LOVE hiking"),
        claim("I", "lives_in", "Ghent", modality="planned", kind="plan"),
        claim("you", "knows", "Alice", confidence=0.5),
        claim("I", "favourite_colour", "green", object_type="value"),
    )
    phone, likes, ghent, you, colour = result.claims
    assert phone.predicate == "phone" and phone.value == "555-0199" and phone.object is None
    assert phone.action is Action.CORRECT and phone.span == (9, 30)
    assert likes.span == (32, 45)  # found whatever the case
    assert likes.subject.speaker and likes.kind == Kind.PREFERENCE and likes.object == Mentioned("hiking", "thing")
    assert ghent.modality == Modality.PLANNED and ghent.kind == Kind.PLAN
    assert you.subject == Mentioned("you", "person", addressee=True) and you.confidence == 0.5
    assert you.object == Mentioned("Alice", "person", speaker=True)
    assert colour.predicate == "favourite_colour" and colour.value == "green"


def test_names_must_be_the_conversations_own() -> None:
    earlier = (episode("My sister Jane visited 巴黎 last year.", minute=10),)
    result, _ = run(
        "She loved it there, and so did 老李.",
        claim("I", "family", "Jane"),  # named in an earlier message
        claim("Jane", "likes", "巴黎"),
        claim("Jane", "likes", "Paris"),  # translated
        claim("Lao Li", "likes", "巴黎"),  # romanised
        claim("老李", "likes", "Berlin"),  # made up
        claim("老李", "knows", "Alice"),  # the speaker, by name
        ctx=context(recent=earlier),
    )
    assert [(c.subject.name, c.predicate, c.object and c.object.name) for c in result.claims] == [
        ("Alice", "family", "Jane"),
        ("Jane", "likes", "巴黎"),
        ("老李", "knows", "Alice"),
    ]


def test_a_retraction_may_name_no_value() -> None:
    result, _ = run("I'm not allergic anymore.", claim("I", "allergic_to", None, action="retract", time="anymore"))
    (gone,) = result.claims
    assert gone.action is Action.RETRACT and gone.object is None and gone.value is None
    assert gone.time_text == "anymore"


def test_unusable_claims_are_dropped_with_a_reason(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, logger="chronomem")
    result, _ = run(
        "I moved to Berlin in 2023.",
        claim("I", "lives_in", "Berlin", time="2023-01-01"),  # kept, without the made-up date
        claim("I", "住在", "Berlin"),
        claim("  ", "lives_in", "Berlin"),
        claim("I", "lives_in", "  "),
        claim("I", "lives_in", "Berlin", time="2023-01-01"),  # the same claim again
        claim("I", "Lives In!", "Berlin"),
        claim("I", " ", "Berlin"),
    )
    (kept,) = result.claims
    assert kept.predicate == "lives_in" and kept.time_text is None and kept.span is None
    (line,) = [r.getMessage() for r in caplog.records if r.name == "chronomem.ingest"]
    for why in ("'住在' is neither in the vocabulary nor snake_case", "an empty name", "no object or value",
                "the same as an earlier claim", "'Lives In!'", "no predicate"):  # fmt: skip
        assert why in line
    assert line.startswith("llm extractor dropped 6 claim(s) of episode 'm-")


def test_enums_are_checked_even_when_the_client_does_not_check_the_schema() -> None:
    reading = read_answer(
        {
            "claims": [
                claim("I", "likes", "Berlin", modality="Planned", kind="HABIT"),
                claim("I", "likes", "Berlin", modality="sure"),
                claim("I", "likes", "Berlin", kind="summary"),
                claim("I", "likes", "Berlin", action="delete"),
                claim("I", "likes", "Berlin", confidence=3),
                claim("I", "likes", "Berlin", confidence=True),
            ]
        },
        episode("I might get into Berlin."),
        context(),
    )
    assert [(c.modality, c.kind) for c in reading.claims] == [(Modality.PLANNED, Kind.HABIT)]
    assert [d.split(": ", 1)[1][:20] for d in reading.dropped] == [
        "modality 'sure' is n",
        "kind 'summary' is no",
        "action 'delete' is n",
        "confidence '3' is no",
        "confidence 'True' is",
    ]


def test_an_answer_outside_the_enums_breaks_the_schema() -> None:
    llm = ScriptedLLM([{"claims": [claim("I", "likes", "Berlin", modality="sure")]}])
    with pytest.raises(ExtractionError, match=r"SchemaViolation: .* at claims/0/modality"):
        LLMExtractor(llm).extract(episode("I like Berlin."), context())


def test_an_assistant_turn_asserts_nothing_about_the_user() -> None:
    result, _ = run(
        "I'm called Max. Since you moved to Paris, I can suggest cafés.",
        claim("you", "lives_in", "Paris"),
        claim("Alice", "lives_in", "Paris"),
        claim("I", "likes", "cafés"),
        ctx=context(speaker="Max", role=Role.ASSISTANT),
        aliases=[{"name": "you", "alias": "Ally"}, {"name": "I", "alias": "Maxi"}],
    )
    (own,) = result.claims
    assert own.subject == Mentioned("Max", "person", speaker=True) and own.predicate == "likes"
    assert result.aliases == (Alias(Mentioned("Max", "person", speaker=True), "Maxi"),)


def test_aliases_are_cleaned() -> None:
    result, _ = run(
        "同事都叫我Tina",
        aliases=[
            {"name": "我", "alias": " Tina "},
            {"name": "我", "alias": "Tina"},
            {"name": "我", "alias": ""},
            {"name": "我", "alias": "Alice"},  # the name itself
            {"name": "Bob", "alias": "Bobby"},  # nobody here is called Bob
        ],
    )
    assert result.aliases == (Alias(Mentioned("Alice", "person", speaker=True), "Tina"),)


def test_a_relative_named_by_role_is_the_speakers_as_the_offline_extractor_names_them() -> None:
    """ "my husband" or "老公" as a name would be one entity for every speaker; it is the speaker's relative,
    named as the offline extractor names them, and a partner carries the slot it stands for."""
    result, _ = run(
        "My husband works at Google and my sister lives in Oslo. 我老公很忙。",
        claim("my husband", "works_at", "Google", object_type="organisation"),
        claim("sister", "lives_in", "Oslo", object_type="place"),
        claim("我老公", "job_title", "很忙"),
        claim("husband", "likes", "Google"),
    )
    husband, sister, laogong, bare = (c.subject for c in result.claims)
    assert husband == bare == Mentioned("Alice's husband", "person", occupies=("Alice", "partner"))
    assert sister == Mentioned("Alice's sister", "person")
    assert laogong == Mentioned("Alice的老公", "person", occupies=("Alice", "partner"))


def test_an_llm_read_partner_is_one_person_whatever_the_word(tmp_path: Path) -> None:
    """Through Memory.add: "my husband" then "我老公" (the model's names) land on the holder of Alice's
    partner slot, named by the offline reading of the first message."""
    import chronomem

    with chronomem.open(tmp_path / "m.db", namespace="n", embedder=None) as mem:
        mem.add({"speaker": "Alice", "content": "My husband Tom is a chef.", "occurred_at": "2024-03-01T10:00+08:00"})
        llm = ScriptedLLM([{"claims": [claim("我老公", "works_at", "腾讯", object_type="organisation")]}])
        mem.add({"speaker": "Alice", "content": "我老公在腾讯上班。", "occurred_at": "2024-03-02T10:00+08:00"},
                extractor=LLMExtractor(llm))  # fmt: skip
        assert mem.value("Tom", "works_at").object == "腾讯"  # type: ignore[union-attr]
        assert [f.object for f in mem.history("Alice", "partner")] == ["tom"]


# --- nothing usable: ExtractionError -------------------------------------------------------------------------


@pytest.mark.parametrize(
    "error",
    [
        Truncated("smollm2 stopped at max_tokens before finishing its answer; raise max_tokens"),
        SchemaViolation("smollm2 answered JSON that breaks the schema at claims/0: 'subject' is a required property"),
        ModelUnavailable("cannot reach http://127.0.0.1:9/v1"),
    ],
)
def test_a_failed_call_raises_extraction_error_saying_what_came_back(error: Exception) -> None:
    llm = ScriptedLLM([error])  # type: ignore[list-item]
    with pytest.raises(ExtractionError) as caught:
        LLMExtractor(llm).extract(episode("I live in Berlin."), context())
    assert caught.value.__cause__ is error and str(error) in str(caught.value)
    assert "nothing is written" in str(caught.value) and len(llm.calls) == 1


def test_an_answer_breaking_the_schema_is_an_extraction_error() -> None:
    llm = ScriptedLLM([{"claims": [{"subject": "I", "predicate": "lives_in"}]}])
    with pytest.raises(ExtractionError, match="SchemaViolation: scripted answered JSON that breaks the schema"):
        LLMExtractor(llm).extract(episode("I live in Berlin."), context())


def test_a_long_error_is_cut_short() -> None:
    llm = ScriptedLLM([SchemaViolation("x" * 5000)])
    with pytest.raises(ExtractionError) as caught:
        LLMExtractor(llm).extract(episode("I live in Berlin."), context())
    assert len(str(caught.value)) < 600 and str(caught.value).endswith("…")


def test_a_client_that_does_not_check_the_schema_still_cannot_slip_through() -> None:
    ep, ctx = episode("I live in Berlin."), context()
    with pytest.raises(ExtractionError, match=r"has no list of claims .*\{\"claims\": \"Berlin\"\}"):
        read_answer({"claims": "Berlin"}, ep, ctx)
    with pytest.raises(ExtractionError, match=r"claims\[0\] .* is not an object"):
        read_answer({"claims": ["Berlin"]}, ep, ctx)
    with pytest.raises(ExtractionError, match=r"aliases\[0\] .* is not an object"):
        read_answer({"claims": [], "aliases": ["Tina"]}, ep, ctx)
    reading = read_answer({"claims": [claim("I", "phone", 5550134)]}, ep, ctx)  # type: ignore[arg-type]
    assert reading.claims[0].value == "5550134"


def test_max_tokens_is_passed_on_and_a_context_without_a_zone_uses_the_reference_offset() -> None:
    seen: list[int | None] = []

    class Recording(ScriptedLLM):
        def complete_json(self, messages, schema, *, name="answer", max_tokens=None):  # type: ignore[no-untyped-def]
            seen.append(max_tokens)
            return super().complete_json(messages, schema, name=name, max_tokens=max_tokens)

    llm = Recording([{"claims": []}])
    ctx = ExtractionContext("Alice", Role.USER, T, None, (), ())
    LLMExtractor(llm, max_tokens=300).extract(episode("Hello there"), ctx)
    assert seen == [300]
    assert "2024-03-04 09:15 Monday (UTC+0800)" in llm.calls[0].messages[1]["content"]


@pytest.mark.parametrize("engine", ["sqlite", pytest.param("postgresql", marks=pytest.mark.integration)])
def test_a_predicate_outside_the_vocabulary_holds_many_values_unless_the_namespace_says_otherwise(
    engine: str, request: pytest.FixtureRequest, tmp_path: Path
) -> None:
    import chronomem

    url = str(tmp_path / "m.db") if engine == "sqlite" else request.getfixturevalue("pg_url")
    llm = ScriptedLLM(
        [
            {"claims": [claim("task-12", "depends_on", "task-3", object_type="thing", quote="task-12")]},
            {"claims": [claim("task-12", "depends_on", "task-7", object_type="thing", quote="task-12")]},
            {"claims": [claim("Alice", "reports_to", "Carol", object_type="person", quote="Carol")]},
        ]
    )
    mem = chronomem.open(url, namespace="ns", extractor=LLMExtractor(llm), embedder=None)
    mem.add_episode("org chart: Alice reports to Bob", occurred_at=T, id="chart")
    mem.assert_fact("Alice", "reports_to", "Bob", multi=False, episode="chart")  # declared one at a time
    for i, text in enumerate(["task-12 depends on task-3", "task-12 also depends on task-7", "I report to Carol"]):
        mem.add({"speaker": "Alice", "content": text, "occurred_at": T.replace(minute=20 + i)})
    assert sorted(f.object or "" for f in mem.values("task-12", "depends_on")) == ["task-3", "task-7"]
    assert [f.object for f in mem.values("Alice", "reports_to")] == ["carol"]  # Bob's ended: as declared
    mem.close()


# --- an application's own predicates -------------------------------------------------------------------------


@pytest.fixture
def declared() -> Iterator[tuple[Predicate, Predicate]]:
    """Two predicates an application registers (``chronomem.register_predicate``) after chronomem was imported:
    one value at a time, an organisation (with another name a model may use); and many at once, a value."""
    import chronomem

    team = chronomem.register_predicate(chronomem.Predicate(
        "plays_for", True, entity_type="organisation", en="I play for the Lions", zh="我在雄狮队踢球",
        synonyms=("team", "club"),
    ))  # fmt: skip
    instrument = chronomem.register_predicate(chronomem.Predicate("plays_instrument", False, value=True,
                                                                  en="I play the cello"))  # fmt: skip
    try:
        yield team, instrument
    finally:
        del PREDICATES[team.name], PREDICATES[instrument.name]


def test_a_predicate_the_write_path_would_refuse_is_refused_when_registered() -> None:
    import chronomem
    from chronomem.errors import InvalidValue

    for bad in ("", "a\x00b", "x" * 300):
        with pytest.raises(InvalidValue, match="predicate"):
            chronomem.register_predicate(chronomem.Predicate(bad, True))
    with pytest.raises(InvalidValue, match="takes a Predicate"):
        chronomem.register_predicate("depends_on")  # type: ignore[arg-type]
    assert "" not in PREDICATES and "depends_on" not in PREDICATES


def test_a_predicate_registered_after_import_is_offered_with_its_cardinality_and_object(
    declared: tuple[Predicate, Predicate],
) -> None:
    en = build_messages(episode("I play for the Lions."), context())[0]["content"]
    zh = build_messages(episode("我在雄狮队踢球。"), context())[0]["content"]
    assert "plays_for (one, organisation): I play for the Lions" in en.splitlines()
    assert "plays_instrument (many, value): I play the cello" in en.splitlines()
    assert "plays_for（单值，organisation）：我在雄狮队踢球" in zh.splitlines()
    assert "plays_instrument（多值，value）：I play the cello" in zh.splitlines()  # no Chinese example: the English
    assert [p.name for p in vocabulary()][-2:] == ["plays_for", "plays_instrument"]


def test_the_reader_reads_a_registered_predicate_by_its_record(declared: tuple[Predicate, Predicate]) -> None:
    result, _ = run(
        "I play for the Lions and I play the cello.",
        claim("I", "club", "Lions", object_type="value"),  # another name; the record says an organisation
        claim("I", "plays_instrument", "cello", object_type="thing"),  # the record says a value
    )
    team, cello = result.claims
    assert team.predicate == "plays_for" and team.object == Mentioned("Lions", "organisation") and team.value is None
    assert cello.predicate == "plays_instrument" and cello.value == "cello" and cello.object is None


@pytest.mark.parametrize("engine", ["sqlite", pytest.param("postgresql", marks=pytest.mark.integration)])
def test_a_registered_predicate_is_decided_as_declared_through_memory_add(
    declared: tuple[Predicate, Predicate], engine: str, request: pytest.FixtureRequest, tmp_path: Path
) -> None:
    """The model's other name lands on the record's predicate, its object is an entity as declared, and a
    second team supersedes the first (one at a time) while instruments add up (many at once)."""
    import chronomem

    url = str(tmp_path / "m.db") if engine == "sqlite" else request.getfixturevalue("pg_url")
    llm = ScriptedLLM(
        [
            {"claims": [claim("I", "team", "Lions", object_type="value"), claim("I", "plays_instrument", "cello")]},
            {"claims": [claim("I", "team", "Tigers", object_type="thing"), claim("I", "plays_instrument", "oboe")]},
        ]
    )
    mem = chronomem.open(url, namespace="ns", extractor=LLMExtractor(llm), embedder=None)
    for i, text in enumerate(["I play for the Lions and I play the cello.", "Now I play for the Tigers, and oboe."]):
        mem.add({"speaker": "Alice", "content": text, "occurred_at": T.replace(minute=20 + i)})
    assert [f.object for f in mem.values("Alice", "plays_for")] == ["tigers"]
    assert mem.facts("Alice") and not [f for f in mem.facts("Alice") if f.predicate == "team"]
    assert sorted(str(f.value) for f in mem.values("Alice", "plays_instrument")) == ["cello", "oboe"]
    mem.close()
