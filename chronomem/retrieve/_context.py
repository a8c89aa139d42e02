"""Rendering a search as context for an LLM: a short narrative grouped by entity and
ordered in time, every statement citing its episodes, within a token budget, plus the same content as data.

Pure: a :class:`~chronomem.retrieve.Material` (hits, slot histories, open conflicts, episodes, names) in, a
:class:`Context` out. A fact hit becomes its slot's story as the store believed it at ``as_of``, up to
``valid_at``: values that ended are history, marked as past with when the store learned the change
("lived in: Berlin from 2023-01-05 until 2024-01-03 (change said on 2024-01-03; past); now Paris since
2024-01-03"); what begins after ``valid_at`` is left out, as search leaves it out. An episode hit is quoted
briefly under its speaker; a contradiction open at ``as_of`` about a subject is called out under it.

Labels are in the question's language (:func:`chronomem.text.detect_language` of the query; a query with no
letters takes the quoted episodes' language): a small table of Chinese and English labels; the memory's own
words are never translated. Dates are days in the conversation's zone (the zone the caller gives, else the one
most of the cited episodes were said in, else UTC): a message said at 02:00 in Shanghai is dated that day, not
the day before. A past value says when its change was said: when the value after it was first said.

Budget: statements are taken best hit first while they fit (:func:`estimate_tokens` of the text, headings
included); what does not fit is listed in :attr:`Context.cut`. Then sections are ordered by their best hit
and statements inside a section by time.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime

from .._time import from_us, zone
from .._values import JSON, Contradiction, Entity, Episode, Fact, canonical_json
from ..errors import InvalidValue
from ._material import Material, Slot

__all__ = [
    "LABELS",
    "MAX_BUDGET",
    "MIN_BUDGET",
    "Citation",
    "Context",
    "Section",
    "Statement",
    "check_budget",
    "estimate_tokens",
    "render_context",
]

#: The smallest and largest token budget a context takes.
MIN_BUDGET, MAX_BUDGET = 100, 100_000
#: How much of an episode a context quotes, in characters; how much of the query its heading repeats.
QUOTE_CHARS, HEADING_QUERY_CHARS = 160, 32
#: The most values of one slot a statement tells (the latest ones).
STORY_ROWS = 6

#: The labels a context uses, by language (``zh``, else ``en``).
LABELS: Mapping[str, Mapping[str, str]] = {
    "en": {
        "heading": 'Memory for "{query}" (valid at {valid_at}, as of {as_of}):',
        "empty": "(nothing relevant remembered)",
        "general": "Conversation",
        "now": "now {value} since {start}",
        "past": "{value} from {start} until {end} (change said on {changed}; past)",
        "earlier": "(+{n} earlier)",
        "said": '{date} {speaker}said: "{quote}"',
        "conflict": "open conflict: {predicate} {value} from {start} contradicts {against}; unresolved",
        "known": "what is known",
        "via": " (via {path})",
        "sep": "; ",
        "colon": ": ",
    },
    "zh": {
        "heading": "关于“{query}”的记忆（有效时间 {valid_at}，记录截至 {as_of}）：",
        "empty": "（没有相关的记忆）",
        "general": "对话",
        "now": "现在 {value}（自 {start} 起）",
        "past": "{value}（{start} 至 {end}，{changed} 说起更改；已过去）",
        "earlier": "（另有 {n} 条更早）",
        "said": "{date} {speaker}说：“{quote}”",
        "conflict": "未解决的冲突：{predicate} {value}（自 {start} 起）与 {against} 矛盾",
        "known": "已知内容",
        "via": "（经由 {path}）",
        "sep": "；",
        "colon": "：",
    },
}
_MODALITY = {
    "en": {"planned": " (planned)", "hypothetical": " (hypothetical)", "negated": " (not)", "reported": " (reported)"},
    "zh": {"planned": "（计划）", "hypothetical": "（假设）", "negated": "（否定）", "reported": "（转述）"},
}

# Wide characters: CJK ideographs, kana, Hangul, full-width forms and CJK punctuation.
_WIDE = re.compile(r"[\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\ufe30-\ufe4f\uff00-\uffef\U00020000-\U0003134f]")
_SPACE = re.compile(r"\s+")


def estimate_tokens(text: str) -> int:
    """A conservative estimate of the tokens ``text`` takes in an LLM prompt, without a tokenizer: 1.5 per wide
    (CJK) character, as GPT-style BPE tokenizers spend 1 to 2 tokens on a Han character, and 1 per 3 other
    characters, where English averages about 4 (dates, ids and punctuation are denser than prose).

    >>> estimate_tokens("lives in Paris"), estimate_tokens("住在巴黎")
    (5, 6)
    """
    wide = len(_WIDE.findall(text))
    return math.ceil(wide * 1.5 + (len(text) - wide) / 3)


def check_budget(budget_tokens: object) -> int:
    """``budget_tokens`` as an int; :class:`InvalidValue` when it is not an integer from :data:`MIN_BUDGET` to
    :data:`MAX_BUDGET`."""
    if isinstance(budget_tokens, bool) or not isinstance(budget_tokens, int):
        raise InvalidValue(f"budget_tokens={budget_tokens!r:.40}; pass an integer from {MIN_BUDGET} to {MAX_BUDGET}")
    if not MIN_BUDGET <= budget_tokens <= MAX_BUDGET:
        raise InvalidValue(f"budget_tokens={budget_tokens}; use {MIN_BUDGET} to {MAX_BUDGET} tokens")
    return budget_tokens


@dataclass(frozen=True, slots=True)
class Citation:
    """An episode a statement rests on, with when it occurred and that day in the context's zone (``None``
    when it is not readable as of then)."""

    episode: str
    at: int | None = None
    date: str | None = None


@dataclass(frozen=True, slots=True)
class Statement:
    """One line of a context. ``kind`` is ``"fact"`` (a slot's story: ``facts`` are the rows told, ``past``
    when none holds at ``valid_at``), ``"episode"`` (a quote) or ``"conflict"``; ``when`` orders it in time;
    ``rank`` is the position of the hit that brought it (lower is better); ``section`` the key of the section it
    belongs to (``"entity:<id>"``, ``"speaker:<name>"``, or ``""`` for the conversation at large)."""

    kind: str
    text: str
    when: int
    rank: float
    cites: tuple[Citation, ...] = ()
    facts: tuple[int, ...] = ()
    past: bool = False
    section: str = ""


@dataclass(frozen=True, slots=True)
class Section:
    """The statements about one entity (``entity`` its id; ``None`` for a speaker the memory has no entity
    for, or for the conversation at large), in time order."""

    title: str
    entity: str | None
    statements: tuple[Statement, ...]


@dataclass(frozen=True, slots=True)
class Context:
    """What :meth:`chronomem.Memory.context` returns: ``text`` for the prompt and the same content as data.

    ``tokens`` is :func:`estimate_tokens` of ``text`` (at most ``budget``); ``cut`` lists the statements left
    out for the budget, best first; ``language`` is that of the labels (``"zh"`` or ``"en"``); ``zone`` the
    one its dates are days of."""

    query: str
    text: str
    language: str
    sections: tuple[Section, ...]
    tokens: int
    budget: int
    cut: tuple[Statement, ...]
    valid_at: int
    as_of: int
    zone: str = "UTC"

    @property
    def basis(self) -> datetime:
        """The system time it was read at: ``context(..., as_of=ctx.basis)`` reads the same again."""
        return from_us(self.as_of)

    def __str__(self) -> str:
        return self.text


def render_context(material: Material, budget_tokens: int) -> Context:
    """The context of ``material`` within ``budget_tokens`` (see the module docstring)."""
    budget = check_budget(budget_tokens)
    lang = _language(material)
    labels = LABELS[lang]
    day = _days_in(_zone_of(material))
    candidates = sorted(_statements(material, lang, day), key=lambda s: s.rank)
    titles = _titles(material, candidates, labels)
    query = _SPACE.sub(" ", material.query).strip()
    if len(query) > HEADING_QUERY_CHARS:
        query = query[: HEADING_QUERY_CHARS - 1] + "…"
    heading = labels["heading"].format(query=query, valid_at=day(material.valid_at), as_of=day(material.as_of))
    used = estimate_tokens(heading + "\n")
    kept: list[Statement] = []
    cut: list[Statement] = []
    opened: set[str] = set()
    for s in candidates:
        cost = estimate_tokens(f"- {s.text}\n")
        if s.section not in opened:
            cost += estimate_tokens(f"\n## {titles[s.section][0]}\n")
        if used + cost <= budget:
            used += cost
            kept.append(s)
            opened.add(s.section)
        else:
            cut.append(s)
    sections = _sections(kept, titles)
    lines = [heading]
    for section in sections:
        lines += ["", f"## {section.title}"] + [f"- {s.text}" for s in section.statements]
    if not sections and estimate_tokens("\n".join([heading, labels["empty"]])) <= budget:
        lines.append(labels["empty"])
    text = "\n".join(lines)
    return Context(
        material.query, text, lang, sections, estimate_tokens(text), budget, tuple(cut),
        material.valid_at, material.as_of, _zone_of(material),
    )  # fmt: skip


# -- statements --------------------------------------------------------------------------------------
def _statements(m: Material, lang: str, day: Day) -> list[Statement]:
    told, quoted, entity_rank = _ranks(m)
    out = [_quote(ep, rank, m, lang, day) for ep, rank in quoted]
    out += [s for slot, rank in told.items() if (s := _story(slot, m, rank, lang, day)) is not None]
    for c in m.conflicts:
        base = told.get((c.subject, c.predicate), entity_rank.get(c.subject, len(m.hits)))
        out.append(_conflict(c, base + 0.5, m, lang, day))
    return out


def _ranks(m: Material) -> tuple[dict[Slot, float], list[tuple[Episode, float]], dict[str, float]]:
    """The rank of each slot to tell (its best fact hit's; an entity hit's slots just after the entity), of
    each episode to quote, and of each entity hit."""
    told: dict[Slot, float] = {}
    quoted: dict[str, tuple[Episode, float]] = {}
    entity_rank: dict[str, float] = {}
    for rank, hit in enumerate(m.hits):
        item = hit.item
        if isinstance(item, Fact) and (item.subject, item.predicate) in m.stories:
            told.setdefault((item.subject, item.predicate), rank)
        elif isinstance(item, Episode):
            quoted.setdefault(item.id, (item, rank))
        elif isinstance(item, Entity):
            entity_rank.setdefault(item.id, rank)
    for slot in m.stories:
        walked = m.walked.get(slot)
        told.setdefault(slot, walked.rank + 0.5 if walked else entity_rank.get(slot[0], len(m.hits)) + 0.25)
    return told, list(quoted.values()), entity_rank


def _story(slot: Slot, m: Material, rank: float, lang: str, day: Day) -> Statement | None:
    """A slot's values up to ``valid_at``, oldest first: those that ended as past, the one that holds as now."""
    labels = LABELS[lang]
    story = m.stories[slot]
    rows = [f for f in story if f.valid.start <= m.valid_at]
    if not rows:
        return None
    earlier, rows = rows[:-STORY_ROWS], rows[-STORY_ROWS:]
    parts = [labels["earlier"].format(n=len(earlier))] if earlier else []
    for f in rows:
        value = _value(f.object, f.value, m.names) + _MODALITY[lang].get(f.modality, "")
        if f.valid.contains(m.valid_at):
            parts.append(labels["now"].format(value=value, start=day(f.valid.start)))
        else:
            end = f.valid.end if f.valid.end is not None else f.valid.start
            changed = day(_change_said(f, story, m))
            parts.append(labels["past"].format(value=value, start=day(f.valid.start), end=day(end), changed=changed))
    cites = _cites([e for f in rows for e in f.episodes], m, day)
    text = _predicate(slot[1]) + labels["colon"] + labels["sep"].join(parts) + _via(slot, m, lang)
    text += _cite_text(cites, lang)
    past = not any(f.valid.contains(m.valid_at) for f in rows)
    return Statement(
        "fact", text, rows[0].valid.start, rank, cites, tuple(f.row_id for f in rows), past, _entity_key(slot[0])
    )


def _via(slot: Slot, m: Material, lang: str) -> str:
    """The path the walk took to ``slot`` ("via Zhang San assigned_to login refactor"), or nothing."""
    walked = m.walked.get(slot)
    if walked is None or not walked.path:
        return ""
    steps = [
        f"{m.names.get(f.subject, f.subject)} {f.predicate} {_value(f.object, f.value, m.names)}" for f in walked.path
    ]
    return LABELS[lang]["via"].format(path=", ".join(steps))


def _change_said(f: Fact, story: Sequence[Fact], m: Material) -> int:
    """When the end of ``f`` was said: the earliest cited episode of the value that follows it in ``story``;
    without one, the end itself."""
    end = f.valid.end if f.valid.end is not None else f.valid.start
    said = [
        ep.occurred_at
        for g in story
        if g.valid.start == end and g.row_id != f.row_id
        for e in g.episodes
        if (ep := m.episodes.get(e)) is not None
    ]
    return min(said, default=end)


def _quote(ep: Episode, rank: float, m: Material, lang: str, day: Day) -> Statement:
    text = _SPACE.sub(" ", ep.content).strip()
    if len(text) > QUOTE_CHARS:
        text = text[: QUOTE_CHARS - 1] + "…"
    speaker = f"{ep.speaker} " if ep.speaker and lang == "en" else (ep.speaker or "")
    line = LABELS[lang]["said"].format(date=day(ep.occurred_at), speaker=speaker, quote=text)
    cites = (_cite(ep.id, ep.occurred_at, day),)
    return Statement("episode", line + f" [{ep.id}]", ep.occurred_at, rank, cites, section=_speaker_key(ep, m))


def _conflict(c: Contradiction, rank: float, m: Material, lang: str, day: Day) -> Statement:
    labels = LABELS[lang]
    rows = {f.row_id: f for story in m.stories.values() for f in story}
    against = [_value(rows[r].object, rows[r].value, m.names) for r in c.against if r in rows]
    text = labels["conflict"].format(
        predicate=_predicate(c.predicate),
        value=_value(c.object, c.value, m.names) + _MODALITY[lang].get(c.modality, ""),
        start=day(c.valid.start),
        against=", ".join(against) or labels["known"],
    )
    cites = _cites([c.episode] if c.episode else [], m, day)
    return Statement(
        "conflict", text + _cite_text(cites, lang), c.valid.start, rank, cites, section=_entity_key(c.subject)
    )


def _cites(ids: Sequence[str], m: Material, day: Day) -> tuple[Citation, ...]:
    out = [_cite(i, ep.occurred_at if (ep := m.episodes.get(i)) else None, day) for i in dict.fromkeys(ids)]
    return tuple(sorted(out, key=lambda c: (c.at is None, c.at or 0, c.episode)))


def _cite(episode: str, at: int | None, day: Day) -> Citation:
    return Citation(episode, at, None if at is None else day(at))


def _cite_text(cites: Sequence[Citation], lang: str) -> str:
    if not cites:
        return ""
    sep = LABELS[lang]["sep"]
    return " [" + sep.join(c.episode if c.date is None else f"{c.episode} {c.date}" for c in cites) + "]"


# -- sections ----------------------------------------------------------------------------------------
def _entity_key(entity_id: str) -> str:
    return "entity:" + entity_id


def _speaker_key(ep: Episode, m: Material) -> str:
    """An episode goes under its speaker's entity when the memory has one by that name, else under the
    speaker's name, else under the conversation at large."""
    if not ep.speaker:
        return ""
    wanted = ep.speaker.casefold()
    for entity_id, name in m.names.items():
        if name.casefold() == wanted:
            return _entity_key(entity_id)
    return "speaker:" + ep.speaker


#: A section key's title and entity id.
Titles = dict[str, tuple[str, str | None]]


def _titles(m: Material, statements: Sequence[Statement], labels: Mapping[str, str]) -> Titles:
    """Each section key's title and entity id."""
    out: Titles = {}
    for s in statements:
        key = s.section
        if key.startswith("entity:"):
            ident = key.removeprefix("entity:")
            out[key] = (m.names.get(ident, ident), ident)
        elif key.startswith("speaker:"):
            out[key] = (key.removeprefix("speaker:"), None)
        else:
            out[key] = (labels["general"], None)
    return out


def _sections(kept: Sequence[Statement], titles: Titles) -> tuple[Section, ...]:
    """Sections by their best statement's rank; statements in each by time, then rank."""
    groups: dict[str, list[Statement]] = {}
    for s in kept:  # kept is in rank order: the first statement of a section is its best
        groups.setdefault(s.section, []).append(s)
    return tuple(
        Section(titles[key][0], titles[key][1], tuple(sorted(group, key=lambda s: (s.when, s.rank))))
        for key, group in groups.items()
    )


# -- words ---------------------------------------------------------------------------------------------
def _language(m: Material) -> str:
    """``"zh"`` for a Chinese query, ``"en"`` for any other with letters; a query without letters takes the
    language of the quoted episodes."""
    from ..text import detect_language

    asked = detect_language(m.query)
    if asked == "und":
        quoted = [h.item.content for h in m.hits if isinstance(h.item, Episode)][:10]
        asked = detect_language(" ".join(quoted))
    return "zh" if asked == "zh" else "en"


#: A system or valid time (UTC microseconds) as the day it falls on in a zone.
Day = Callable[[int], str]


def _zone_of(m: Material) -> str:
    """The zone a context's dates are days of: the caller's, else the one most cited episodes were said in (of
    equal counts, the first in name order), else UTC."""
    if m.zone is not None:
        return m.zone
    said = Counter(ep.tz for ep in m.episodes.values() if ep.tz)
    return min(said, key=lambda z: (-said[z], z)) if said else "UTC"


def _days_in(name: str) -> Day:
    tz = zone(name)
    return lambda us: from_us(us).astimezone(tz).date().isoformat()


def _predicate(predicate: str) -> str:
    return predicate.replace("_", " ")


def _value(obj: str | None, value: JSON, names: Mapping[str, str]) -> str:
    if obj is not None:
        return names.get(obj, obj)
    return value if isinstance(value, str) else canonical_json(value)
