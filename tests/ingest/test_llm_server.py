"""LLMExtractor against the real local llama.cpp server (SmolLM2-135M, see DEVELOPERS.md).

The model answers poorly: these tests assert structure, never content. Each message costs exactly one
``complete_json`` call and gives either a well-formed :class:`Extraction` with its usage or an
:class:`ExtractionError` caused by the model's error.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from model_servers import LlamaServer

import chronomem
from chronomem._values import JSON, Kind, Modality
from chronomem._vocabulary import PREDICATES, Predicate, register
from chronomem.errors import ExtractionError, ModelError
from chronomem.extract.llm._prompt import vocabulary
from chronomem.ingest import Action, Extraction, ExtractionContext, LLMExtractor, Message, Role, to_episode
from chronomem.models import ChatMessage, Endpoint, OpenAIChatLLM, StructuredAnswer

pytestmark = pytest.mark.integration

TZ = ZoneInfo("Asia/Shanghai")
T = datetime(2024, 3, 4, 9, 15, tzinfo=TZ)
SNAKE = re.compile(r"^[a-z][a-z0-9]*(?:_[a-z0-9]+)*$")
MESSAGES = [
    ("en-user", Role.USER, "I moved to Berlin last month and I work at Acme now."),
    ("zh-user", Role.USER, "我上个月搬到了上海，现在在腾讯上班。"),
    ("zh-plan", Role.USER, "我姐姐小丽下个月一号起调到深圳分公司，我可能也会换工作。"),
    ("en-assistant", Role.ASSISTANT, "Since you live in Berlin, I can suggest a few cafés near you."),
]


class CountingLLM:
    """A thin wrapper that counts ``complete_json`` calls."""

    def __init__(self, inner: OpenAIChatLLM) -> None:
        self.inner = inner
        self.calls = 0
        self.sent: list[Sequence[ChatMessage]] = []

    @property
    def model(self) -> str:
        return self.inner.model

    def complete_json(
        self,
        messages: Sequence[ChatMessage],
        schema: dict[str, JSON],
        *,
        name: str = "answer",
        max_tokens: int | None = None,
    ) -> StructuredAnswer:
        self.calls += 1
        self.sent.append(messages)
        return self.inner.complete_json(messages, schema, name=name, max_tokens=max_tokens)


@pytest.fixture(scope="module")
def chat(llama_server: LlamaServer) -> Iterator[OpenAIChatLLM]:
    with OpenAIChatLLM(Endpoint(llama_server.base_url, model=llama_server.chat_model, timeout_s=120)) as llm:
        yield llm


@pytest.mark.parametrize(("label", "role", "content"), MESSAGES, ids=[m[0] for m in MESSAGES])
def test_one_call_per_message_gives_a_well_formed_extraction_or_an_extraction_error(
    chat: OpenAIChatLLM, label: str, role: Role, content: str
) -> None:
    speaker = "assistant" if role is Role.ASSISTANT else "Alice"
    episode = to_episode("ns", Message(content, T, speaker=speaker, role=role, tz="Asia/Shanghai"))
    earlier = to_episode("ns", Message("Hi! 你好！", T.replace(minute=10), speaker="Alice", tz="Asia/Shanghai"))
    context = ExtractionContext(speaker, role, T, "Asia/Shanghai", ("Alice", "assistant"), (earlier,))
    llm = CountingLLM(chat)
    try:
        result = LLMExtractor(llm, max_tokens=256).extract(episode, context)
    except ExtractionError as exc:
        assert isinstance(exc.__cause__, ModelError), exc
        assert llm.calls == 1
        return
    assert llm.calls == 1
    assert isinstance(result, Extraction)
    assert result.usage is not None and result.usage.model == "smollm2"
    assert result.usage.prompt_tokens > 0 and result.usage.completion_tokens > 0
    vocabulary_names = {p.name for p in vocabulary()}
    said = " ".join([content, earlier.content, *context.participants]).casefold()
    for claim in result.claims:
        for named in (claim.subject, claim.object):
            if named is not None:
                assert named.name and named.name == named.name.strip()
                assert named.speaker or named.addressee or named.name.casefold() in said
        assert claim.predicate in vocabulary_names or SNAKE.match(claim.predicate)
        assert claim.modality in set(Modality) and claim.kind in set(Kind) and claim.action in set(Action)
        assert (claim.object is None) != (claim.value is None) or claim.action is Action.RETRACT
        assert claim.valid_from is None and claim.valid_to is None
        assert claim.time_text is None or claim.time_text.casefold() in content.casefold()
        if claim.span is not None:
            assert 0 <= claim.span[0] < claim.span[1] <= len(content)
        if role is Role.ASSISTANT:
            assert claim.subject.speaker
    for alias in result.aliases:
        assert alias.alias and alias.alias == alias.alias.strip() and alias.entity.name


def test_messages_through_memory_add_store_schema_valid_rows_that_cite_their_episode(
    chat: OpenAIChatLLM, tmp_path: Path
) -> None:
    """The LLM path end to end: each message is one transaction; what is stored is well formed and cites
    its episode, or the message failed with an ExtractionError and stored nothing (SmolLM2: structure only)."""
    llm = CountingLLM(chat)
    mem = chronomem.open(tmp_path / "m.db", namespace="llm", extractor="llm", llm=llm)
    said = [
        ("m1", "Alice", "user", "I live in Berlin and I work at Acme."),
        ("m2", "assistant", "assistant", "Nice, Berlin is great."),
        ("m3", "Alice", "user", "我下个月搬到上海。"),
    ]
    base = {"occurred_at": T, "session": "s1", "tz": "Asia/Shanghai"}
    results = mem.add([{"id": i, "speaker": s, "role": r, "content": c, **base} for i, s, r, c in said])
    assert llm.calls == len(said)  # one model call per message
    for (ident, *_), result in zip(said, results, strict=True):
        if result.error is not None:
            assert isinstance(result.error, ExtractionError)
            with pytest.raises(chronomem.errors.NotFound):
                mem.get_episode(ident)
            continue
        assert result.usage is not None and result.usage.prompt_tokens > 0
        for fact in result.added:
            assert fact.episodes == (ident,) and re.fullmatch(r"[a-z_]+", fact.predicate)
            assert fact.modality in {m.value for m in chronomem.Modality} and 0 <= fact.confidence <= 1


def test_a_predicate_an_application_registers_reaches_the_model_and_comes_back_by_its_record(
    chat: OpenAIChatLLM,
) -> None:
    """A predicate registered after import is in the prompt the server gets, with its cardinality and object;
    whatever the model answers, a claim of it (or of its other names) carries the record's name and object."""
    team = register(Predicate("plays_for", True, entity_type="organisation", en="I play for the Lions",
                              synonyms=("team", "club")))  # fmt: skip
    try:
        episode = to_episode("ns", Message("I play for the Lions now.", T, speaker="Alice", tz="Asia/Shanghai"))
        context = ExtractionContext("Alice", Role.USER, T, "Asia/Shanghai", ("Alice", "assistant"))
        llm = CountingLLM(chat)
        try:
            result = LLMExtractor(llm, max_tokens=256).extract(episode, context)
        except ExtractionError as exc:
            assert isinstance(exc.__cause__, ModelError), exc
            result = None
        assert llm.calls == 1
        system = llm.sent[0][0]["content"]
        assert "plays_for (one, organisation): I play for the Lions" in system.splitlines()
        for claim in result.claims if result is not None else ():
            assert claim.predicate not in {"team", "club"}
            if claim.predicate == "plays_for":
                obj = claim.object
                assert claim.value is None
                assert obj is None or obj.speaker or obj.addressee or obj.type == "organisation"
    finally:
        del PREDICATES[team.name]
