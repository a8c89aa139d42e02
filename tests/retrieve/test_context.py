"""``Memory.context``: the pure rendering (grouping, time order, dates, budget, labels, conflicts, citations)
and the facade on a real SQLite memory, with its bad input."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

import chronomem
from chronomem import Episode, Fact, Interval, Memory
from chronomem._time import to_us
from chronomem._values import Contradiction, Entity
from chronomem.errors import ConfigError, InvalidValue, NaiveDatetime
from chronomem.retrieve import MAX_BUDGET, MIN_BUDGET, Context, Hit, Material, estimate_tokens, render_context

T0 = datetime(2023, 1, 5, tzinfo=UTC)
MOVE = T0 + timedelta(days=363)  # 2024-01-03
NOW = to_us(T0 + timedelta(days=500))
LEARNED = to_us(MOVE + timedelta(days=2))  # when the store was told of the move


def us(days: float) -> int:
    return to_us(T0 + timedelta(days=days))


def episode(ident: str, content: str, days: float, speaker: str | None = "Alice") -> Episode:
    return Episode(ident, "t", content, us(days), us(days), speaker=speaker)


def fact(row: int, obj: str, start: int, end: int | None, recorded: int, *eps: str, pred: str = "lives_in") -> Fact:
    return Fact(row, "t", "alice", pred, obj, None, Interval(start, end), Interval(recorded), episodes=eps)


E1 = episode("e1", "I live in Berlin.", 0)
E2 = episode("e2", "I moved to Paris.", 363)
E3 = episode("e3", "Bob went hiking in the Alps.", 100, speaker="Bob")
BERLIN = fact(1, "berlin", us(0), us(363), LEARNED, "e1")
PARIS = fact(2, "paris", us(363), None, LEARNED, "e2")
NAMES = {"alice": "Alice", "berlin": "Berlin", "paris": "Paris", "london": "London"}
EPISODES = {e.id: e for e in (E1, E2, E3)}


def material(hits: list[Hit], query: str = "where does Alice live?", **kw: object) -> Material:
    args: dict[str, object] = {
        "stories": {("alice", "lives_in"): (BERLIN, PARIS)},
        "episodes": EPISODES,
        "names": NAMES,
        **kw,
    }
    return Material(query, NOW, NOW, tuple(hits), **args)  # type: ignore[arg-type]


def hit(item: Episode | Fact | Entity) -> Hit:
    kind = "episode" if isinstance(item, Episode) else "fact" if isinstance(item, Fact) else "entity"
    cites = (item.id,) if isinstance(item, Episode) else item.episodes if isinstance(item, Fact) else ()
    return Hit(kind, item, 1.0, cites=cites)


def test_a_fact_is_told_as_its_slot_history_with_dates_and_citations() -> None:
    ctx = render_context(material([hit(PARIS)]), 1000)
    (section,) = ctx.sections
    (statement,) = section.statements
    assert (section.title, section.entity) == ("Alice", "alice")
    assert statement.text == (
        "lives in: Berlin from 2023-01-05 until 2024-01-03 (change said on 2024-01-03; past); "
        "now Paris since 2024-01-03 [e1 2023-01-05; e2 2024-01-03]"
    )
    assert [(c.episode, c.date) for c in statement.cites] == [("e1", "2023-01-05"), ("e2", "2024-01-03")]
    assert statement.facts == (1, 2) and not statement.past
    assert ctx.text.startswith('Memory for "where does Alice live?" (valid at 2024-05-19, as of 2024-05-19):')
    assert ctx.tokens == estimate_tokens(ctx.text) <= ctx.budget == 1000 and ctx.cut == ()
    assert str(ctx) == ctx.text and ctx.language == "en"


def test_what_begins_after_valid_at_is_left_out_and_what_ended_is_past() -> None:
    before_move = Material(
        "where?", us(200), NOW, (hit(BERLIN),), {("alice", "lives_in"): (BERLIN, PARIS)}, (), EPISODES, NAMES
    )
    (statement,) = render_context(before_move, 1000).sections[0].statements
    assert "Paris" not in statement.text and statement.text.startswith("lives in: now Berlin since 2023-01-05")
    only_past = Material("where?", NOW, NOW, (hit(BERLIN),), {("alice", "lives_in"): (BERLIN,)}, (), EPISODES, NAMES)
    (statement,) = render_context(only_past, 1000).sections[0].statements
    assert statement.past and "past" in statement.text and "now" not in statement.text


def test_statements_are_grouped_by_entity_and_ordered_in_time() -> None:
    ctx = render_context(material([hit(E2), hit(E3), hit(PARIS), hit(E1)]), 1000)
    assert [s.title for s in ctx.sections] == ["Alice", "Bob"]  # Alice's best hit ranks first
    alice = ctx.sections[0].statements
    # the story (from 2023-01-05; a tie with e1 goes to the better hit), e1 (2023-01-05), e2 (2024-01-03)
    assert [s.kind for s in alice] == ["fact", "episode", "episode"]
    assert [s.when for s in alice] == sorted(s.when for s in alice)
    assert alice[1].text == '2023-01-05 Alice said: "I live in Berlin." [e1]'
    assert ctx.sections[1].entity is None  # no entity named Bob: the speaker's name is the section


def test_an_episode_without_speaker_goes_under_the_conversation_and_long_ones_are_cut() -> None:
    long = episode("e9", "word " * 100, 3, speaker=None)
    ctx = render_context(material([hit(long)], stories={}), 1000)
    (section,) = ctx.sections
    assert section.title == "Conversation" and section.statements[0].text.count("word") < 40
    assert "…" in section.statements[0].text


def test_an_open_conflict_is_called_out_with_what_it_contradicts() -> None:
    c = Contradiction(1, "t", "s", "alice", "lives_in", "london", None, Interval(us(400)), "fact", "asserted", 0.7,
                      "e3", (2,), "contradicts a surer value", us(401))  # fmt: skip
    ctx = render_context(material([hit(PARIS)], conflicts=(c,)), 1000)
    kinds = [s.kind for s in ctx.sections[0].statements]
    assert kinds == ["fact", "conflict"]
    assert ctx.sections[0].statements[1].text == (
        "open conflict: lives in London from 2024-02-09 contradicts Paris; unresolved [e3 2023-04-15]"
    )


def test_the_budget_keeps_the_best_hits_and_lists_what_was_cut() -> None:
    hits = [hit(episode(f"x{i}", f"Long message number {i} about the trip " * 3, i)) for i in range(30)]
    ctx = render_context(material(hits, stories={}), MIN_BUDGET)
    assert ctx.tokens <= MIN_BUDGET and ctx.cut
    kept = [s.cites[0].episode for sec in ctx.sections for s in sec.statements]
    assert kept == [f"x{i}" for i in range(len(kept))]  # the best ones, in time order
    assert [s.cites[0].episode for s in ctx.cut] == [f"x{i}" for i in range(len(kept), 30)]
    big = render_context(material(hits, stories={}), MAX_BUDGET)
    assert big.cut == () and big.tokens > ctx.tokens


def test_chinese_content_gets_chinese_labels_and_a_conservative_count() -> None:
    zh = episode("z1", "我上个月搬到了上海，现在住在浦东。", 370, speaker="小王")
    ctx = render_context(material([hit(zh), hit(PARIS)], query="小王住在哪里？"), 1000)
    assert ctx.language == "zh"
    assert ctx.text.startswith("关于“小王住在哪里？”的记忆（有效时间 2024-05-19，记录截至 2024-05-19）：")
    assert "2024-01-10 小王说：“我上个月搬到了上海，现在住在浦东。” [z1]" in ctx.text
    assert "现在 Paris（自 2024-01-03 起）" in ctx.text and "已过去" in ctx.text
    assert estimate_tokens("住在巴黎") == 6 and estimate_tokens("abcdef") == 2


def test_nothing_found_says_so() -> None:
    ctx = render_context(material([], stories={}), MIN_BUDGET)
    assert ctx.sections == () and ctx.text.endswith("(nothing relevant remembered)")


# -- the facade, on SQLite --------------------------------------------------------------------------
@pytest.fixture
def mem(tmp_path: Path) -> Iterator[Memory]:
    with chronomem.open(str(tmp_path / "m.db"), namespace="t") as m:
        e1 = m.add_episode("I live in Berlin.", occurred_at=T0, id="e1", speaker="Alice")
        m.assert_fact("Alice", "lives_in", "Berlin", episode=e1)
        e2 = m.add_episode("I moved to Paris.", occurred_at=MOVE, id="e2", speaker="Alice")
        m.assert_fact("Alice", "lives_in", "Paris", episode=e2)
        yield m


def test_context_on_a_real_memory_tells_the_history_and_quotes_the_episodes(mem: Memory) -> None:
    ctx = mem.context("where does Alice live?", budget_tokens=400)
    assert isinstance(ctx, Context) and ctx.tokens <= 400
    (alice,) = ctx.sections
    story = next(s for s in alice.statements if s.kind == "fact")
    assert story.text.startswith("lives in: Berlin from 2023-01-05 until 2024-01-03 (change said on ")
    assert "now Paris since 2024-01-03 [e1 2023-01-05; e2 2024-01-03]" in story.text
    assert {s.cites[0].episode for s in alice.statements if s.kind == "episode"} == {"e1", "e2"}


def test_an_entity_hit_brings_the_slots_the_question_names_first(tmp_path: Path) -> None:
    from chronomem.retrieve import ENTITY_SLOTS, gather

    question = "Which languages does Alice speak?"
    with chronomem.open(str(tmp_path / "e.db"), namespace="t", embedder=None) as m:
        for i in range(ENTITY_SLOTS + 1):  # more slots than an entity hit brings, written first
            m.assert_fact("Alice", f"hobby_{i}", value=f"thing {i}", valid_from=T0 + timedelta(days=i))
        m.assert_fact("Alice", "speaks", "Portuguese", valid_from=T0)
        hits = m.search(question, kinds=["entity"])
        assert [h.item.name for h in hits] == ["Alice"]  # type: ignore[union-attr]
        now = to_us(datetime.now(UTC))
        slots = list(gather(m.engine, m.namespace, question, hits, (now, now)).stories)
    assert len(slots) == ENTITY_SLOTS and slots[0] == ("alice", "speaks")


def test_context_is_time_correct(mem: Memory) -> None:
    before = datetime.fromtimestamp(mem.get_episode("e2").recorded_at / 1e6 - 1e-6, UTC)
    ctx = mem.context("where does Alice live?", as_of=before, valid_at=T0 + timedelta(days=600))
    assert "Paris" not in ctx.text and "now Berlin since 2023-01-05" in ctx.text
    ctx = mem.context("where does Alice live?", valid_at=T0 + timedelta(days=10))
    assert "Paris" not in ctx.text.split("\n\n", 1)[1].split("said")[0]


@pytest.mark.parametrize(
    ("kwargs", "error"),
    [
        ({"budget_tokens": MIN_BUDGET - 1}, InvalidValue),
        ({"budget_tokens": MAX_BUDGET + 1}, InvalidValue),
        ({"budget_tokens": 500.0}, InvalidValue),
        ({"budget_tokens": True}, InvalidValue),
        ({"valid_at": datetime(2024, 1, 1)}, NaiveDatetime),
        ({"as_of": datetime(2024, 1, 1)}, NaiveDatetime),
        ({"query": ""}, InvalidValue),
        ({"k": 0}, InvalidValue),
        ({"preset": "best"}, ConfigError),
    ],
)
def test_bad_input_raises_a_specific_error(mem: Memory, kwargs: dict[str, object], error: type[Exception]) -> None:
    args: dict[str, object] = {"query": "where does Alice live?", **kwargs}
    with pytest.raises(error):
        mem.context(**args)  # type: ignore[arg-type]
