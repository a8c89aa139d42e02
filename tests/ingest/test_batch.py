"""A batch reads once what its messages need (issue #11 speed), and each message still sees what it would
see alone: the same extractor context, the same duplicates, the same entities."""

from __future__ import annotations

import random
import sqlite3
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

import chronomem
from chronomem._values import Episode
from chronomem.errors import Conflict, NotFound
from chronomem.ingest import Alias, Claim, Extraction, ExtractionContext, Mentioned
from chronomem.ingest._batch import Window, recent_in

T0 = datetime(2024, 5, 1, 8, 0, tzinfo=UTC)


def _ep(t: int, recorded: int | None = None) -> Episode:
    return Episode(f"e{t}-{recorded}", "ns", "hi", t, t if recorded is None else recorded)


def test_a_complete_window_answers_for_any_time_up_to_its_ceiling() -> None:
    eps = [_ep(1), _ep(2), _ep(3)]
    window = Window(eps, None, 3)
    assert recent_in(window, 3, 2) == eps[1:]
    assert recent_in(window, 0, 2) == []
    assert recent_in(window, 4, 2) is None  # past the ceiling: something later may be stored


def test_a_cut_window_answers_only_with_enough_episodes_above_its_floor() -> None:
    eps = [_ep(1), _ep(1, 5), _ep(2), _ep(3)]  # two at the floor time: more may be stored at it
    window = Window(eps, 1, 3)
    assert recent_in(window, 3, 2) == eps[2:]
    assert recent_in(window, 3, 3) is None
    assert recent_in(window, 2, 1) == [eps[2]]


class _Recording:
    name = "recording"

    def __init__(self) -> None:
        self.seen: dict[str, ExtractionContext] = {}

    def extract(self, episode: Episode, context: ExtractionContext) -> Extraction:
        self.seen[episode.id] = context
        return Extraction()


@pytest.fixture
def path(tmp_path: Path) -> Iterator[Path]:
    yield tmp_path


def _messages(rng: random.Random, n: int, prefix: str) -> list[dict[str, object]]:
    out = []
    for i in range(n):
        out.append(
            {
                "id": f"{prefix}{i}",
                "speaker": rng.choice(["Ann", "Bo", "Cy"]),
                "content": f"turn {prefix}{i}",
                # times collide and go back and forth; sessions interleave; some have none
                "occurred_at": T0 + timedelta(minutes=rng.randrange(40)),
                "session": rng.choice(["s1", "s2", None]),
            }
        )
    return out


@pytest.mark.parametrize("seed", range(6))
def test_a_batch_gives_each_message_the_context_it_would_get_alone(path: Path, seed: int) -> None:
    rng = random.Random(seed)
    before = _messages(rng, 300, "old")  # stored first: the batch reads a window cut at a floor
    batch = _messages(rng, 150, "new")
    batch += [batch[3], batch[70]]  # duplicates inside the batch
    one, many = _Recording(), _Recording()
    with chronomem.open(path / "one.db", namespace="n", embedder=None) as mem:
        mem.add(before, extractor=_Recording())
        alone = [mem.add(m, extractor=one) for m in batch]
    with chronomem.open(path / "many.db", namespace="n", embedder=None) as mem:
        mem.add(before, extractor=_Recording())
        together = mem.add(batch, extractor=many)
    assert [r.duplicate for r in together] == [r.duplicate for r in alone]
    assert one.seen.keys() == many.seen.keys()
    for ident, ctx in one.seen.items():
        got = many.seen[ident]
        assert [(e.id, e.occurred_at, e.speaker) for e in got.recent] == [
            (e.id, e.occurred_at, e.speaker) for e in ctx.recent
        ], ident
        assert got.participants == ctx.participants


def test_a_batch_sees_the_episodes_it_stored_as_the_engine_returns_them(path: Path) -> None:
    rec = _Recording()
    msgs = [
        {"id": f"m{i}", "speaker": "Ann", "content": f"hello {i}", "occurred_at": T0 + timedelta(minutes=i),
         "session": "s", "metadata": {"k": i}, "tz": "Europe/Paris"}
        for i in range(8)
    ]  # fmt: skip
    with chronomem.open(path / "m.db", namespace="n", embedder=None) as mem:
        mem.add(msgs, extractor=rec)
        stored = {e.id: e for e in mem.engine.recent_episodes("n", "s", 10**18, 20)}
    for ep in rec.seen["m7"].recent:
        assert ep == stored[ep.id]


def test_a_duplicate_id_with_other_content_fails_inside_a_batch_too(path: Path) -> None:
    msgs = [
        {"id": "a", "speaker": "Ann", "content": "one", "occurred_at": T0},
        {"id": "a", "speaker": "Ann", "content": "two", "occurred_at": T0},
    ]
    with chronomem.open(path / "m.db", namespace="n", embedder=None) as mem:
        first, second = mem.add(msgs, extractor=_Recording())
        assert first.ok and isinstance(second.error, Conflict)
        assert mem.get_episode("a").content == "one"


def _person(name: str) -> Mentioned:
    return Mentioned(name, "person")


def test_a_name_remembered_by_the_batch_follows_a_merge(path: Path) -> None:
    """The batch remembers "Bob" -> bob; once bob is merged into robert, Bob's next claim lands on robert."""
    with chronomem.open(path / "m.db", namespace="n", embedder=None) as mem:
        mem.add({"id": "r", "speaker": "Ann", "content": "x", "occurred_at": T0},
                claims=[Claim(_person("Robert"), "likes", value="chess")])  # fmt: skip
        bob = [
            {"id": f"b{i}", "speaker": "Bob", "content": f"msg {i}", "occurred_at": T0 + timedelta(hours=i)}
            for i in range(1, 4)
        ]
        mem.add(bob[:1], extractor=_Recording())  # the batch below remembers the speaker Bob -> bob

        class Aliasing(_Recording):
            def extract(self, episode: Episode, context: ExtractionContext) -> Extraction:
                super().extract(episode, context)
                if episode.id == "b2":
                    return Extraction(aliases=(Alias(_person("Robert"), "Bob"),))
                if episode.id == "b3":
                    return Extraction(claims=(Claim(Mentioned("me", "person", speaker=True), "likes", value="tea"),))
                return Extraction()

        results = mem.add(bob[1:], extractor=Aliasing())
        assert [m.source for m in results[0].merged] == ["bob"]
        assert [f.subject for f in results[1].added] == ["robert"]


def test_each_vector_reads_the_message_before_it_alike_in_a_batch_and_alone(path: Path) -> None:
    """What a message's vector reads as context (the message before it in its session) is the same whether
    the message came in a batch or alone: the same texts embedded, the same ``context`` recorded."""
    from chronomem.models import HashingEmbedder

    rng = random.Random(7)
    before, batch = _messages(rng, 40, "old"), _messages(rng, 90, "new")
    stored: dict[str, dict[str, tuple[str | None, bytes]]] = {}
    for name, one_by_one in (("alone", True), ("batch", False)):
        with chronomem.open(path / f"{name}.db", namespace="n", embedder=HashingEmbedder(dim=64)) as mem:
            mem.add(before, extractor=_Recording())
            if one_by_one:
                for m in batch:
                    mem.add(m, extractor=_Recording())
            else:
                mem.add(batch, extractor=_Recording())
        c = sqlite3.connect(path / f"{name}.db")
        stored[name] = {r[0]: (r[1], r[2]) for r in c.execute("SELECT item, context, vec FROM vectors")}
        c.close()
    assert stored["alone"] == stored["batch"]
    contexts = [ctx for ctx, _ in stored["batch"].values()]
    assert sum(ctx is not None for ctx in contexts) > len(contexts) * 0.8  # most messages follow another


class _FailsOn:
    """An extractor with a bug that shows on one message: it raises a plain Python error there."""

    name = "fails-on"

    def __init__(self, content: str) -> None:
        self.content = content

    def extract(self, episode: Episode, context: ExtractionContext) -> Extraction:
        if episode.content == self.content:
            raise KeyError("a rule's table lacks this word")
        return Extraction()


@pytest.mark.parametrize("engine", ["sqlite", pytest.param("postgresql", marks=pytest.mark.integration)])
def test_a_batch_answers_for_every_message_and_a_refused_one_never_stops_the_others(
    engine: str, request: pytest.FixtureRequest, tmp_path: Path
) -> None:
    url = str(tmp_path / "m.db") if engine == "sqlite" else request.getfixturevalue("pg_url")
    mem = chronomem.open(url, namespace="ns", embedder=None)
    items: list[object] = [
        {"speaker": "A", "content": f"note {i}", "occurred_at": T0 + timedelta(minutes=i)} for i in range(100)
    ]
    items[70] = {"speaker": "A", "content": "bad \udc80 text", "occurred_at": T0}  # no id: its id is a digest
    items[80] = {"speaker": "A", "content": "from the future", "occurred_at": "2099-01-01T00:00:00Z"}
    items[90] = 42
    items[95] = {"speaker": "A", "content": "the buggy one", "occurred_at": T0 + timedelta(hours=5)}
    items.append(items[3])  # said again: a duplicate
    results = mem.add(items, extractor=_FailsOn("the buggy one"))  # type: ignore[arg-type]

    assert len(results) == 101
    statuses = [r.status for r in results]
    assert [i for i, s in enumerate(statuses) if s == "refused"] == [70, 80, 90, 95]
    assert statuses[100] == "duplicate"
    for i in (70, 80, 90, 95):
        assert results[i].error is not None and str(results[i].error)
    assert "lone surrogate" in str(results[70].error)
    assert "future" in str(results[80].error)
    assert isinstance(results[95].error.__cause__, KeyError)  # type: ignore[union-attr]
    assert mem.get_episode(results[99].episode).content == "note 99"
    with pytest.raises(NotFound):  # the refused message is named by its id, and nothing of it is stored
        mem.get_episode(results[95].episode)
    mem.close()
