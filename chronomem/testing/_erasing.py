"""Conformance: erasing episodes leaves exactly what a store that never saw them holds.

A conversation of messages chosen from :data:`MESSAGES` and :data:`DESCRIBED` (English and Chinese, through
the offline extractor: speakers whose message says no fact, nicknames, role names such as "Hannah's husband",
a claim that opens a contradiction, someone named by a description, "my partner", whom another message may
have named first) is ingested into one namespace, some of its episodes are erased, and the whole store
(:func:`~._stores.dump_store`, every table) must equal that of a namespace that ingested only the other
messages, in the same order, at the same times. :meth:`EraseTests.test_random_erases_leave_a_store_that_never_saw_them`
draws the conversation and the erases with Hypothesis (:data:`EXAMPLES` examples, whatever the profile:
each example ingests a conversation twice).

Retraction keeps history, so a retracted episode is compared as of now (``view="now"``: the rows believed and
the contradictions open). :data:`RETRACT_IN_MIX` says whether the random conversations retract too (they do:
a retraction settles the contradictions it touches as a store that never heard the episode would hold them).
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from datetime import timedelta
from typing import Literal

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from .._memory import Memory
from .._names import name_key
from .._values import Entity
from ..errors import NotFound
from ..models import HashingEmbedder
from ._base import EngineFixtures, at
from ._checked import CheckedEngine
from ._stores import StoreDump, dump_store

__all__ = ["DESCRIBED", "EXAMPLES", "MESSAGES", "RETRACT_IN_MIX", "SAME_PERSON", "EraseTests", "erased_and_fresh"]

#: ``(speaker, content)``: what the conversations are made of. Each names people and things by one name (a
#: name that meant another entity in one store and a new one in the other is not what is compared here).
MESSAGES: tuple[tuple[str, str], ...] = (
    ("Alice", "Hi there, how are you?"),
    ("Robert", "My name is Robert, but everyone calls me Bobby."),
    ("Hannah", "My husband works at Acme."),
    ("Marcus", "My sister lives in Boston."),
    ("Alice", "I live in Berlin."),
    ("Rachel", "Jen lives in Denver."),
    ("Marcus", "Jen lives in Boston."),
    ("王伟", "我住在北京。"),
    ("李娜", "同事都叫我小李。"),
    ("Sam", "My friend Tom likes hiking."),
    ("Robert", "I work at Acme."),
    ("Hannah", "I love hiking."),
    ("王伟", "你好！"),
    ("Alice", "I moved to Paris."),
)
#: Messages that name someone by a description only: "my partner" means Hannah's husband when he is known, and
#: names "Hannah's partner" when he is not; "我老婆" is whoever 赵磊 married ("林静"), else "赵磊的老婆". A store
#: that erased the message that named them calls them what these messages would have
#: (:meth:`EraseTests.test_an_entity_others_name_by_a_description_takes_the_name_they_give`). The random
#: conversations draw from these too.
DESCRIBED: tuple[tuple[str, str], ...] = (
    ("Hannah", "Marrying my partner was the best day of my life."),
    ("赵磊", "我和林静结婚了。"),
    ("赵磊", "我老婆喜欢跑步。"),
)
#: Pairs of messages (indices in the conversations) that call one person by different words; whichever is
#: said first names them. A retraction keeps history, and that name with it, so the random conversations
#: retract neither of a pair while both are said.
SAME_PERSON = ((2, len(MESSAGES)), (len(MESSAGES) + 1, len(MESSAGES) + 2))
#: Hypothesis examples of the random test (fixed: each ingests a conversation twice and compares every table).
EXAMPLES = 20
#: Whether the random conversations also retract episodes (see the module docstring).
RETRACT_IN_MIX = True


def _message(i: int, n: int) -> dict[str, object]:
    speaker, content = (*MESSAGES, *DESCRIBED)[i]
    return {"id": f"m{i}", "speaker": speaker, "content": content, "occurred_at": at(0) + timedelta(hours=n + 1),
            "session": "s"}  # fmt: skip


def _memory(engine: CheckedEngine, namespace: str) -> Memory:
    return Memory(engine, namespace, owns_engine=False, extractor="offline", embedder=HashingEmbedder(dim=16))


def erased_and_fresh(
    engine: CheckedEngine, tag: str, order: Sequence[int], erased: Sequence[int], retracted: Sequence[int] = ()
) -> tuple[StoreDump, StoreDump]:
    """Ingest ``MESSAGES[i]`` for each ``i`` of ``order`` into namespace ``erased-<tag>`` and erase (then
    retract) the episodes of ``erased`` (``retracted``); ingest only the others, in the same order at the same
    times, into ``fresh-<tag>``. Both stores' dumps, as of now when anything was retracted (a retraction keeps
    history)."""
    mine, fresh = _memory(engine, f"erased-{tag}"), _memory(engine, f"fresh-{tag}")
    engine.ensure_namespace(fresh.namespace)  # a namespace is recorded by its first write, erased or not
    messages = [_message(i, n) for n, i in enumerate(order)]
    for m in messages:
        mine.add(m)
    for i in erased:
        mine.erase(episode=f"m{i}")
    for i in retracted:
        mine.retract_episode(f"m{i}")
    gone = {f"m{i}" for i in (*erased, *retracted)}
    for m in messages:
        if m["id"] not in gone:
            fresh.add(m)
    view: Literal["all", "now"] = "now" if retracted else "all"
    return dump_store(engine, mine.namespace, view), dump_store(engine, fresh.namespace, view)


class EraseTests(EngineFixtures):
    """Erasing episodes against a store that never saw them (needs ``supports_erase`` and
    ``supports_store_dump``)."""

    def _same(self, engine: CheckedEngine, tag: str, order: Sequence[int], erased: Sequence[int]) -> None:
        self.require("supports_erase")
        self.require("supports_store_dump")
        mine, fresh = erased_and_fresh(engine, tag, order, erased)
        assert mine == fresh, "\n".join(mine.diff(fresh))

    def test_erasing_a_speakers_only_message_takes_the_speaker(self, engine: CheckedEngine) -> None:
        self._same(engine, "speaker", [0, 7, 12], [0])  # Alice said hello and nothing else
        mem = _memory(engine, "erased-speaker")
        with pytest.raises(NotFound):
            mem.get_entity("Alice")
        assert mem.search("Alice", kinds=("entity",)) == []

    def test_erasing_a_claim_kept_as_a_contradiction_takes_its_entities(self, engine: CheckedEngine) -> None:
        self._same(engine, "conflict", [5, 6], [6])  # Marcus's "Jen lives in Boston" contradicted Rachel
        mem = _memory(engine, "erased-conflict")
        for name in ("Boston", "Marcus"):
            with pytest.raises(NotFound):
                mem.get_entity(name)
        assert mem.conflicts() == [] and mem.search("Boston", kinds=("entity",)) == []

    def test_erasing_what_a_contradiction_stood_against_writes_its_claim(self, engine: CheckedEngine) -> None:
        self._same(engine, "against", [5, 6], [5])
        mem = _memory(engine, "erased-against")
        assert mem.conflicts() == [] and [f.object for f in mem.values("Jen", "lives_in")] == ["boston"]

    def test_erasing_a_message_takes_the_aliases_it_gave(self, engine: CheckedEngine) -> None:
        self._same(engine, "aliases", [1, 10, 2, 11, 3, 4, 8, 9, 12, 7], [1, 2, 3, 8, 9])
        mem = _memory(engine, "erased-aliases")
        assert mem.get_entity("Robert").aliases == () and mem.get_entity("王伟").name == "王伟"
        for name in ("Bobby", "Hannah's husband", "Marcus's sister", "小李", "Sam's friend", "Tom"):
            with pytest.raises(NotFound):
                mem.get_entity(name)
            assert mem.engine.find_entities(mem.namespace, name_key(name)) == []
            found = [h.item for h in mem.search(name, kinds=("entity",))]
            assert all(isinstance(e, Entity) and name not in (e.name, *e.aliases) for e in found), found

    def test_erasing_the_messages_that_named_someone_by_a_description_takes_them(self, engine: CheckedEngine) -> None:
        partner = len(MESSAGES)  # "my partner": Hannah's husband, though it never says his name
        self._same(engine, "described", [2, partner, 11], [2, partner])
        with pytest.raises(NotFound):
            _memory(engine, "erased-described").get_entity("Hannah's husband")

    def test_an_entity_others_name_by_a_description_takes_the_name_they_give(self, engine: CheckedEngine) -> None:
        partner, married, wife = range(len(MESSAGES), len(MESSAGES) + 3)
        self._same(engine, "renamed", [2, partner], [2])  # a store without [2] calls him "Hannah's partner"
        self._same(engine, "renamed-zh", [married, 7, wife], [married])  # ... and her "赵磊的老婆"
        mem = _memory(engine, "erased-renamed-zh")
        wife_now = mem.get_entity("赵磊的老婆")
        assert (wife_now.id, wife_now.name) == ("赵磊的老婆", "赵磊的老婆")
        assert [f.object for f in mem.facts("赵磊")] == [wife_now.id]
        with pytest.raises(NotFound):
            mem.get_entity("林静")
        assert mem.engine.find_entities(mem.namespace, name_key("林静")) == []
        assert mem.search("林静", kinds=("entity",)) == []
        self._same(engine, "kept", [partner, 2], [partner])  # the other way round: "Hannah's husband"

    def test_random_erases_leave_a_store_that_never_saw_them(self, engine: CheckedEngine) -> None:
        self.require("supports_erase")
        self.require("supports_store_dump")

        # One engine serves every example, each in namespaces of its own; the property is made here, not on the
        # method, as each engine's subclass runs it (Hypothesis wants one executor per test function).
        @settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
        @given(data=st.data())
        def erases_leave_a_store_that_never_saw_them(data: st.DataObject) -> None:
            messages = range(len(MESSAGES) + len(DESCRIBED))
            order = data.draw(st.lists(st.sampled_from(messages), min_size=1, max_size=10, unique=True))
            erased = data.draw(st.lists(st.sampled_from(order), unique=True))
            left = [i for i in order if i not in erased]
            retracted = []
            kept = {i for pair in SAME_PERSON if set(pair) <= set(left) for i in pair}  # see SAME_PERSON
            retractable = [i for i in left if i not in kept]
            if RETRACT_IN_MIX and retractable:
                retracted = data.draw(st.lists(st.sampled_from(retractable), unique=True, max_size=2))
            mine, fresh = erased_and_fresh(engine, str(next(_EXAMPLE)), order, erased, retracted)
            assert mine == fresh, "\n".join(mine.diff(fresh))

        erases_leave_a_store_that_never_saw_them()


#: Numbers the random test's examples: their namespaces.
_EXAMPLE = itertools.count()
