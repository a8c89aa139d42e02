"""The LLM extractor: one schema-bound model call per message, its answer checked and normalised into claims.

The prompt and the schema live in :mod:`._prompt`. What comes back is read defensively:

* names are stripped and empty ones dropped; a named entity must be named, as written, in the message, the
  recent messages or among the participants (a translated or made-up name is dropped: 巴黎 stays 巴黎);
* predicates outside the profile vocabulary (:mod:`chronomem._vocabulary`) are mapped onto it when they are one
  of its known other names, kept when they are ``snake_case`` English, and dropped otherwise;
* modality, kind and action must be one of theirs;
* time words must be the message's own (a date the model worked out is dropped: the pipeline resolves the
  words against the message's time and zone);
* an assistant's message only says things about the assistant (a user's facts are never asserted from it).

Each dropped claim is logged with its reason on ``chronomem.ingest``. A call that fails, or an answer that
is not what the schema asks for, writes nothing: :class:`~chronomem.errors.ExtractionError`.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final, TypeVar

from ..._claims import Action, Alias, Claim, Extraction, ExtractionContext, Mentioned, Role, role_name
from ..._log import logger
from ..._values import JSON, Episode, Kind, Modality
from ..._vocabulary import EN_RELATION_WORDS, EN_RELATIONS, ZH_RELATION_WORDS, ZH_RELATIONS, Predicate, single_valued
from ...errors import ExtractionError, ModelError
from ._prompt import ENTITY_TYPES, SCHEMA, build_messages, vocabulary

if TYPE_CHECKING:
    from ...contracts import LLM

__all__ = ["LLMExtractor", "read_answer"]

_T = TypeVar("_T")

_logger = logger.getChild("ingest")
_SNAKE: Final = re.compile(r"^[a-z][a-z0-9]*(?:_[a-z0-9]+)*$")
_SPEAKER_WORDS: Final = frozenset({"i", "me", "my", "myself", "mine", "speaker", "我", "我的", "本人", "自己"})
_ADDRESSEE_WORDS: Final = frozenset({"you", "your", "yourself", "addressee", "你", "您", "你的", "您的"})
#: A relative named by role: "my husband", "husband", "我老公", "我的老公", "老公".
_EN_ROLE: Final = re.compile(rf"(?:(?:my|our)\s+)?(?P<rel>{EN_RELATION_WORDS})(?:e?s)?")
_ZH_ROLE: Final = re.compile(rf"(?:我的?)?(?P<rel>{ZH_RELATION_WORDS})")
_QUOTES: Final = "\"'`“”‘’「」『』《》"
_ANSWER_CHARS: Final = 300


@dataclass(frozen=True, slots=True)
class Reading:
    """What :func:`read_answer` made of an answer: the claims and aliases kept, and why others were dropped."""

    claims: tuple[Claim, ...]
    aliases: tuple[Alias, ...]
    dropped: tuple[str, ...]


class LLMExtractor:
    """An extractor over any :class:`~chronomem.models.LLM`: exactly one ``complete_json`` call per message.

    The prompt is in the conversation's language and carries the profile vocabulary, the speaker, who is
    spoken to, the participants, the message's local time and the session's last few messages. Claims keep
    the message's own names (巴黎 stays 巴黎) and its time words (``Claim.time_text``); ``Extraction.usage``
    is the call's token use. ``max_tokens`` caps the answer (default: the client's own).

    Raises :class:`~chronomem.errors.ExtractionError` when the call fails (the model's error is its
    ``__cause__``) or the answer is unusable; nothing from that message should then be written.

    >>> from datetime import UTC, datetime
    >>> from chronomem._values import Episode
    >>> from chronomem.models import ScriptedLLM
    >>> llm = ScriptedLLM([{"claims": [{"subject": "I", "predicate": "lives_in", "object": "巴黎",
    ...     "time": "上个月", "modality": "asserted", "action": "assert"}]}])
    >>> episode = Episode("m1", "ns", "我上个月搬到了巴黎", 0, 0, role="user", speaker="Ann")
    >>> context = ExtractionContext("Ann", Role.USER, datetime(2024, 3, 4, tzinfo=UTC))
    >>> claim, = LLMExtractor(llm).extract(episode, context).claims
    >>> claim.subject.speaker, claim.predicate, claim.object.name, claim.time_text
    (True, 'lives_in', '巴黎', '上个月')
    """

    def __init__(self, llm: LLM, *, name: str = "llm", max_tokens: int | None = None) -> None:
        self._llm = llm
        self._name = name
        self._max_tokens = max_tokens

    @property
    def name(self) -> str:
        return self._name

    def extract(self, episode: Episode, context: ExtractionContext) -> Extraction:
        """The claims and aliases of ``episode``, with the call's usage. One LLM call, whatever happens."""
        messages = build_messages(episode, context)
        try:
            answer = self._llm.complete_json(messages, SCHEMA, name="facts", max_tokens=self._max_tokens)
        except ModelError as exc:
            raise ExtractionError(
                f"{self._name} extractor: no usable answer for episode {episode.id!r} from {self._llm.model}; "
                f"nothing is written for it: {type(exc).__name__}: {_cut(str(exc))}"
            ) from exc
        reading = read_answer(answer.value, episode, context)
        if reading.dropped:
            _logger.info(
                "%s extractor dropped %d claim(s) of episode %r: %s",
                self._name,
                len(reading.dropped),
                episode.id,
                "; ".join(reading.dropped),
            )
        return Extraction(reading.claims, reading.aliases, answer.usage)


def _read_items(
    key: str,
    items: list[JSON],
    read: Callable[[dict[str, JSON]], _T],
    dropped: list[str],
    value: Mapping[str, JSON],
    episode: Episode,
) -> list[_T]:
    """Each object of the answer's ``key`` list read by ``read``; what it drops (and repeats) is noted."""
    out: list[_T] = []
    for i, item in enumerate(items):
        if not isinstance(item, dict):
            raise ExtractionError(
                f"{key}[{i}] of the answer for episode {episode.id!r} is not an object: {_show(value)}"
            )
        try:
            got = read(item)
        except _Drop as why:
            dropped.append(f"{key}[{i}]: {why}")
            continue
        if got in out:
            dropped.append(f"{key}[{i}]: the same as an earlier {key.rstrip('s').replace('aliase', 'alias')}")
            continue
        out.append(got)
    return out


def read_answer(value: Mapping[str, JSON], episode: Episode, context: ExtractionContext) -> Reading:
    """Check and normalise a model's answer (see the module docstring). Raises
    :class:`~chronomem.errors.ExtractionError` when its shape is not the schema's, quoting what came back."""
    claims_in = value.get("claims")
    aliases_in = value.get("aliases", [])
    if not isinstance(claims_in, list) or not isinstance(aliases_in, list):
        raise ExtractionError(
            f"the answer for episode {episode.id!r} has no list of claims (or aliases): {_show(value)}"
        )
    reader = _AnswerReader(episode, context)
    dropped: list[str] = []
    claims = _read_items("claims", claims_in, reader.claim, dropped, value, episode)
    aliases = _read_items("aliases", aliases_in, reader.alias, dropped, value, episode)
    return Reading(tuple(claims), tuple(aliases), tuple(dropped))


class _Drop(Exception):
    """A claim or alias that cannot be used; the message says why (internal)."""


class _AnswerReader:
    def __init__(self, episode: Episode, context: ExtractionContext) -> None:
        self.episode = episode
        self.context = context
        self.assistant_turn = Role(context.role) is Role.ASSISTANT
        self.speaker_name = (context.speaker or episode.speaker or "").strip()
        self.folded = _fold(episode.content)
        seen = (episode.content, *(e.content for e in context.recent), *context.participants)
        self.grounds = _fold("\n".join(seen))
        # the predicates as the prompt offered them: the table when the answer is read, with what an
        # application registered since import
        offered = vocabulary()
        self.predicates = {s: p for p in offered for s in p.synonyms} | {p.name: p for p in offered}

    def claim(self, item: Mapping[str, JSON]) -> Claim:
        predicate, known = _predicate(item.get("predicate"), self.predicates)
        subject = self.mention(item.get("subject"), _choice(item, "subject_type", ENTITY_TYPES, "person"))
        if self.assistant_turn and not subject.speaker:
            raise _Drop(f"{subject.name!r}: an assistant's message only tells what the assistant says of itself")
        action = Action(_choice(item, "action", tuple(a.value for a in Action), Action.ASSERT))
        modality = _choice(item, "modality", tuple(m.value for m in Modality), Modality.ASSERTED)
        default_kind = known.kind if known else Kind.FACT
        kind = _choice(item, "kind", tuple(k.value for k in Kind if k is not Kind.SUMMARY), default_kind)
        obj, value = self.target(item, known, action)
        return Claim(
            subject=subject,
            predicate=predicate,
            object=obj,
            value=value,
            time_text=self.time_words(item.get("time")),
            kind=kind,
            modality=modality,
            confidence=_confidence(item.get("confidence")),
            action=action,
            span=self.span(item.get("quote")),
        )

    def alias(self, item: Mapping[str, JSON]) -> Alias:
        entity = self.mention(item.get("name"), "person")
        if self.assistant_turn and not entity.speaker:
            raise _Drop(f"{entity.name!r}: an assistant's message only names the assistant")
        alias = _clean(item.get("alias"))
        if not alias:
            raise _Drop("an empty alias")
        if alias == entity.name:
            raise _Drop(f"{alias!r} is the name itself")
        return Alias(entity, alias)

    def mention(self, raw: JSON, type_: str) -> Mentioned:
        name = _clean(raw)
        if not name:
            raise _Drop("an empty name")
        folded = name.casefold()
        if folded in _SPEAKER_WORDS or (self.speaker_name and folded == self.speaker_name.casefold()):
            return Mentioned(self.speaker_name or name, "person", speaker=True)
        if folded in _ADDRESSEE_WORDS:
            return Mentioned(name, "person", addressee=True)
        if _fold(name) not in self.grounds:  # keeps the conversation's own names: 巴黎 never becomes Paris
            raise _Drop(f"{name!r} is not named in the message or the conversation (made up or translated?)")
        relative = self.relative(name)
        return relative if relative is not None else Mentioned(name, type_)

    def relative(self, name: str) -> Mentioned | None:
        """The speaker's relative a model names by role ("my husband", "husband", "我老公"): the name the
        offline extractor gives them ("Alice's husband", "Alice的老公"), so that they are not one entity
        "my husband" across speakers, and, for a partner, whoever holds that when said (``occupies``)."""
        m = _EN_ROLE.fullmatch(name.strip().lower()) or _ZH_ROLE.fullmatch(name.strip())
        if m is None or not self.speaker_name:
            return None
        word = m.group("rel")
        rel = ZH_RELATIONS.get(word) or EN_RELATIONS.get(word)
        if rel is None:
            return None
        owner, lang = self.speaker_name, "zh" if word in ZH_RELATIONS else "en"
        occupies = (owner, rel.predicate) if single_valued(rel.predicate) else None
        return Mentioned(role_name(owner, rel.role, lang), "person", occupies=occupies)

    def target(
        self, item: Mapping[str, JSON], known: Predicate | None, action: Action
    ) -> tuple[Mentioned | None, JSON]:
        text = _clean(item.get("object"))
        if not text:
            if action is Action.RETRACT:  # "whatever the slot holds no longer holds"
                return None, None
            raise _Drop("no object or value")
        if known is not None:
            as_value = known.value
            type_ = known.object if known.object in ENTITY_TYPES else "thing"
        else:
            given = _choice(item, "object_type", (*ENTITY_TYPES, "value"), "thing")
            as_value, type_ = given == "value", given
        if as_value:
            return None, text
        return self.mention(text, type_), None

    def time_words(self, raw: JSON) -> str | None:
        words = _clean(raw)
        if not words:
            return None
        # The words must be the message's own: a date the model worked out is often wrong, and the pipeline
        # resolves words against the message's time and zone itself.
        return words if _fold(words) in self.folded else None

    def span(self, raw: JSON) -> tuple[int, int] | None:
        quote = _clean(raw)
        if not quote:
            return None
        content = self.episode.content
        start = content.find(quote)
        if start < 0 and len(content.casefold()) == len(content):  # casefold kept the offsets
            quote = quote.casefold()
            start = content.casefold().find(quote)
        return (start, start + len(quote)) if start >= 0 else None


def _predicate(raw: JSON, offered: Mapping[str, Predicate]) -> tuple[str, Predicate | None]:
    """The predicate's name and record: ``offered`` maps names and other names to records, a name first."""
    if not isinstance(raw, str) or not raw.strip():
        raise _Drop("no predicate")
    text = raw.strip()
    name = re.sub(r"[\s\-]+", "_", text.strip(_QUOTES).lower())
    known = offered.get(name)
    if known is not None:
        return known.name, known
    if _SNAKE.match(name) and len(name) <= 64:
        return name, None  # a fact that fits none of the vocabulary is kept under its own name
    raise _Drop(f"predicate {text[:60]!r} is neither in the vocabulary nor snake_case English")


def _choice(item: Mapping[str, JSON], key: str, allowed: tuple[str, ...], default: str) -> str:
    raw = item.get(key)
    if raw is None:
        return default
    if isinstance(raw, str) and raw.strip().lower() in allowed:
        return raw.strip().lower()
    raise _Drop(f"{key} {str(raw)[:40]!r} is not one of {', '.join(allowed)}")


def _confidence(raw: JSON) -> float:
    if isinstance(raw, int | float) and not isinstance(raw, bool) and 0.0 <= raw <= 1.0:
        return float(raw)
    if raw is None:
        return 1.0
    raise _Drop(f"confidence {str(raw)[:20]!r} is not a number from 0 to 1")


def _clean(raw: JSON) -> str:
    if isinstance(raw, int | float) and not isinstance(raw, bool):
        raw = str(raw)  # a number written without quotes (an LLM that does not check the schema)
    if not isinstance(raw, str):
        return ""
    return " ".join(raw.split()).strip(_QUOTES).strip()


def _fold(text: str) -> str:
    return " ".join(text.split()).casefold()


def _cut(text: str) -> str:
    return text if len(text) <= _ANSWER_CHARS else text[: _ANSWER_CHARS - 1] + "…"


def _show(value: object) -> str:
    return _cut(json.dumps(value, ensure_ascii=False, default=str))
