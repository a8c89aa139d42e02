"""Adding a language is one folder filling one ``Language`` record and registering it: the offline extractor
reads a message detected as that language with the record's subjects, clauses, cues and rules (here a toy
Japanese with one rule and its example)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import UTC, datetime

import pytest

from chronomem._claims import ExtractionContext, Role
from chronomem._values import Episode
from chronomem.extract.offline import OfflineExtractor
from chronomem.extract.offline._language import Language
from chronomem.extract.offline._modality import Cues
from chronomem.extract.offline._pronouns import Subject, Who
from chronomem.extract.offline._registry import language_for, register, unregister
from chronomem.extract.offline._rules import USUAL, Rules

_NEVER = re.compile(r"(?!)")
_AT = datetime(2024, 3, 4, 9, 15, tzinfo=UTC)


def _subject(clause: str, who: Who) -> Subject | None:
    """ "私は" at the start of a clause is the speaker."""
    return Subject(who.speaker, 2) if clause.startswith("私は") else None


def _toy_japanese() -> Language:
    rules = Rules("ja")
    rules.rule(
        "lives_in.sumu",
        "lives_in",
        r"(?P<obj>[\u4e00-\u9fff\u30a0-\u30ff]+)に住んでいます",
        "住んで",
        USUAL,
        example="私は東京に住んでいます。",
    )
    never = {name: _NEVER for name in ("hypothetical", "reported", "correction", "planned", "negation")}
    cues = Cues(question=re.compile(r"[?？]|か。?$"), ended=_NEVER, never_was=_NEVER, past=_NEVER, **never)
    return Language(
        code="ja",
        rules=rules,
        clause_break=re.compile(r"、"),
        cues=cues,
        subject=_subject,
        relatives=lambda sentence, who: [],
        owned=lambda text: [],
        named=lambda text: [],
        script=re.compile(r"[\u3040-\u309f]"),
        action=lambda text: None,
        may_name_action=lambda text: False,
        filler=re.compile(r"^(?:ええ|はい)、?"),
    )


@pytest.fixture
def japanese() -> Iterator[Language]:
    language = _toy_japanese()
    register(language)
    try:
        yield language
    finally:
        unregister(language.code)


def _lives_in(content: str) -> list[tuple[str, str | None]]:
    episode = Episode("e1", "ns", content, 0, 0, speaker="Alice")
    found = OfflineExtractor().extract(episode, ExtractionContext("Alice", Role.USER, _AT))
    return [(c.subject.name, c.object.name if c.object else None) for c in found.claims if c.predicate == "lives_in"]


def test_a_new_language_is_one_record_its_rules_read_their_examples(japanese: Language) -> None:
    assert language_for("ja") is japanese
    rule = next(iter(japanese.rules))
    assert _lives_in(rule.example) == [("Alice", "東京")]
    assert _lives_in("私は大阪に住んでいますか？") == []  # the record's question cue: a question asserts nothing


def test_without_its_record_the_language_is_not_read() -> None:
    assert language_for("ja").code == "en"
    assert _lives_in("私は東京に住んでいます。") == []
