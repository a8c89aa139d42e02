"""The LLM extractor's prompt and the schema of its answer, side by side, so a change to one is seen beside the other.

One call per message: the instructions (in the conversation's language: Chinese for a Chinese conversation,
English otherwise), the profile vocabulary (the predicate records) with examples in that language, the speaker, who is
spoken to, the participants, the message's local time, the last few messages of the session, and the
message. The answer is a JSON object matching :data:`SCHEMA`; times come back as the words that say them
("last month", "从去年开始"), which the pipeline resolves against the message's own time and zone: small
models get date arithmetic wrong.
"""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Final, Literal

from ..._claims import Action, ExtractionContext, Role
from ..._time import from_us, zone
from ..._values import JSON, Episode, Kind, Modality
from ..._vocabulary import PREDICATES, Predicate
from ...text import detect_language

if TYPE_CHECKING:
    from ...contracts import ChatMessage

__all__ = [
    "ENTITY_TYPES",
    "SCHEMA",
    "PromptLanguage",
    "build_messages",
    "prompt_language",
    "vocabulary",
]

#: The language of the instructions: Chinese for a Chinese conversation, English for anything else.
PromptLanguage = Literal["en", "zh"]

#: What a named thing can be (a hint for entity resolution); ``value`` in an answer marks a plain value.
ENTITY_TYPES: Final = ("person", "place", "organisation", "project", "animal", "language", "thing")


def vocabulary() -> tuple[Predicate, ...]:
    """The profile predicates a prompt offers, in the order of the one table (:data:`._vocabulary.PREDICATES`)
    as it is now: a predicate an application registers after import is offered from its next prompt on."""
    return tuple(p for p in PREDICATES.values() if p.profile)


_TEXT: Final[dict[str, JSON]] = {"type": "string", "maxLength": 200}
_MAYBE_TEXT: Final[dict[str, JSON]] = {"type": ["string", "null"], "maxLength": 200}

#: The answer's JSON schema. Field names are English in every language; the prompt explains them.
SCHEMA: Final[dict[str, JSON]] = {
    "type": "object",
    "properties": {
        "claims": {
            "type": "array",
            "maxItems": 20,
            "items": {
                "type": "object",
                "properties": {
                    "subject": _TEXT,
                    "subject_type": {"enum": list(ENTITY_TYPES)},
                    "predicate": _TEXT,
                    "object": _MAYBE_TEXT,
                    "object_type": {"enum": [*ENTITY_TYPES, "value"]},
                    "time": _MAYBE_TEXT,
                    "modality": {"enum": [m.value for m in Modality]},
                    "kind": {"enum": [k.value for k in Kind if k is not Kind.SUMMARY]},
                    "action": {"enum": [a.value for a in Action]},
                    "confidence": {"type": "number", "minimum": 0, "maximum": 1},
                    "quote": _MAYBE_TEXT,
                },
                "required": ["subject", "predicate", "object", "time", "modality", "action"],
            },
        },
        "aliases": {
            "type": "array",
            "maxItems": 10,
            "items": {
                "type": "object",
                "properties": {"name": _TEXT, "alias": _TEXT},
                "required": ["name", "alias"],
            },
        },
    },
    "required": ["claims"],
}

#: How many earlier messages of the session the prompt shows, and how much of each.
RECENT_MESSAGES: Final = 6
_RECENT_CHARS: Final = 300


def _vocabulary_lines(lang: PromptLanguage) -> str:
    """One line per offered predicate: its name, cardinality, object and example in ``lang`` (the other
    language's example when a record has none in ``lang``; none when it has neither)."""
    zh = lang == "zh"
    lines = []
    for p in vocabulary():
        example = (p.zh or p.en) if zh else (p.en or p.zh)
        if zh:
            line = f"{p.name}（{'单值' if p.single else '多值'}，{p.object}）" + (f"：{example}" if example else "")
        else:
            line = f"{p.name} ({'one' if p.single else 'many'}, {p.object})" + (f": {example}" if example else "")
        lines.append(line)
    return "\n".join(lines)


_EN: Final = """You extract facts from one chat message for a long-term memory. Answer with JSON only.

Predicates, to use first ("one": one value at a time; "many": several at once):
{vocabulary}
Only for a fact that fits none of them, make up a short snake_case English predicate.

Rules:
- "I", "me", "my" are the speaker ({speaker}): write "I". "you" is {addressee}: write "you".
- Another person is their own subject, never the speaker: "my sister Jane lives in Boston" gives
  I family Jane, and Jane lives_in Boston.
- Keep every name exactly as the message writes it, in its own language: 巴黎 stays 巴黎, never Paris.
- object: the entity, or the value as written (a job, a number). object_type: person, place, organisation,
  project, animal, language, thing, or value.
- time: the message's own words for when it holds ("last month", "since 2019", "on the 3rd"), copied
  exactly; null when it says none. Never work out a date.
- modality: asserted (said as true), planned (a plan or a vague intention: "I might move to Ghent"),
  hypothetical ("if I get the job..."), negated ("I've never been to Rome"), reported (someone else said it).
- A firm, dated change ahead ("I start at Siemens on the 3rd") is asserted, with its time words.
- A wish ("I want to run a marathon") is goal, with the wish as object.
- action: assert; correct when the speaker corrects what they said ("actually it's 555-0199, not 0134");
  retract when it no longer holds ("I'm not allergic anymore"; "I used to live in Rome": retract Rome).
- A question, a greeting or small talk states no fact: {{"claims": []}}.
- quote: the exact words of the message the fact rests on.
- aliases: another name for someone ("call me Tina": name "I", alias "Tina").{assistant}

Example message: "I moved to 巴黎 last month. My sister Jane might visit."
Answer: {{"claims": [{{"subject": "I", "predicate": "lives_in", "object": "巴黎", "object_type": "place",
"time": "last month", "modality": "asserted", "action": "assert", "quote": "I moved to 巴黎 last month"}},
{{"subject": "I", "predicate": "family", "object": "Jane", "object_type": "person", "time": null,
"modality": "asserted", "action": "assert", "quote": "My sister Jane"}}], "aliases": []}}"""

_ZH: Final = """你从一条聊天消息中提取事实，存入长期记忆。只用JSON回答。

谓词，优先使用（“单值”：同一时间只有一个值；“多值”：可以同时有多个）：
{vocabulary}
只有当一个事实哪个都不符合时，才自拟一个简短的 snake_case 英文谓词。

规则：
- “我”“我的”是说话人（{speaker}）：写 "我"。“你”是{addressee}：写 "你"。
- 别人是独立的主语，绝不是说话人：“我姐姐小丽住在波士顿”得到 我 family 小丽，以及 小丽 lives_in 波士顿。
- 名称一律照消息原文写，保持原来的语言：消息写“巴黎”就写“巴黎”，不要译成 Paris。
- object：实体，或照原文写的值（职位、号码）。object_type：person、place、organisation、project、animal、
  language、thing 或 value。
- time：消息里表示何时成立的原话（“上个月”“从去年开始”“下个月一号起”），照抄；没有就写 null。不要自己推算日期。
- modality：asserted（当作事实说出）、planned（计划或模糊的打算：“我想换工作”“我可能搬去深圳”）、
  hypothetical（“如果……就……”）、negated（“我从没去过罗马”）、reported（转述别人的话）。
- 确定且有日期的变化（“下个月一号起我调到深圳分公司”）是 asserted，并带上时间原话。
- 愿望（“我想跑马拉松”）用 goal，object 写愿望本身。
- action：assert；说话人更正自己说过的话时用 correct（“我说错了，是0199”）；不再成立时用 retract
  （“我现在不过敏了”；“我以前住在罗马”：retract 罗马）。
- 提问、打招呼、闲聊不陈述事实：{{"claims": []}}。
- quote：事实所依据的消息原文。
- aliases：某人的别名（“同事都叫我Tina”：name "我"，alias "Tina"）。{assistant}

示例消息：“我上个月搬到了巴黎。我姐姐小丽可能会来看我。”
回答：{{"claims": [{{"subject": "我", "predicate": "lives_in", "object": "巴黎", "object_type": "place",
"time": "上个月", "modality": "asserted", "action": "assert", "quote": "我上个月搬到了巴黎"}},
{{"subject": "我", "predicate": "family", "object": "小丽", "object_type": "person", "time": null,
"modality": "asserted", "action": "assert", "quote": "我姐姐小丽"}}], "aliases": []}}"""

_WORDS: Final = {
    "en": {
        "assistant_turn": "\n- This is the assistant's own message: extract only what the assistant says about "
        'itself ("I"), never a fact about the user or anyone else.',
        "the_assistant": "the assistant",
        "the_user": "the user",
        "unknown": "unknown",
        "speaker": "Speaker",
        "spoken_to": "spoken to",
        "participants": "Participants",
        "time": "Local time of the message",
        "recent": "Earlier messages (oldest first):",
        "message": "Message to extract from:",
    },
    "zh": {
        "assistant_turn": "\n- 这是助手自己的消息：只提取助手说自己（“我”）的事实，绝不提取关于用户或其他人的事实。",
        "the_assistant": "助手",
        "the_user": "用户",
        "unknown": "未知",
        "speaker": "说话人",
        "spoken_to": "对象",
        "participants": "参与者",
        "time": "消息的当地时间",
        "recent": "之前的消息（从早到晚）：",
        "message": "要提取的消息：",
    },
}
_WEEKDAYS: Final = {
    "en": ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"),
    "zh": ("星期一", "星期二", "星期三", "星期四", "星期五", "星期六", "星期日"),
}


def prompt_language(episode: Episode, context: ExtractionContext) -> PromptLanguage:
    """``zh`` when the message is Chinese (or says too little to tell and the session's last message in a
    script is Chinese), else ``en``."""
    for text in (episode.content, *(e.content for e in reversed(context.recent))):
        language = detect_language(text)
        if language != "und":
            return "zh" if language == "zh" else "en"
    return "en"


def build_messages(episode: Episode, context: ExtractionContext, *, recent: int = RECENT_MESSAGES) -> list[ChatMessage]:
    """The chat messages of the one call for ``episode``: instructions, then the context and the message."""
    lang = prompt_language(episode, context)
    words = _WORDS[lang]
    role = Role(context.role)
    fallback = {Role.USER: "the_user", Role.ASSISTANT: "the_assistant"}.get(role, "unknown")
    speaker = context.speaker or words[fallback]
    addressee = words["the_user"] if role is Role.ASSISTANT else words["the_assistant"]
    system = (_ZH if lang == "zh" else _EN).format(
        vocabulary=_vocabulary_lines(lang),
        speaker=speaker,
        addressee=addressee,
        assistant=words["assistant_turn"] if role is Role.ASSISTANT else "",
    )
    lines = [f"{words['speaker']}: {speaker} ({role.value}); {words['spoken_to']}: {addressee}"]
    if context.participants:
        lines.append(f"{words['participants']}: {', '.join(context.participants)}")
    lines.append(f"{words['time']}: {_local_time(context.reference, context.tz, lang)}")
    shown = context.recent[-recent:] if recent > 0 else ()
    if shown:
        lines.append(words["recent"])
        lines.extend(_recent_line(e, context) for e in shown)
    lines += [words["message"], episode.content]
    return [{"role": "system", "content": system}, {"role": "user", "content": "\n".join(lines)}]


def _local_time(when: datetime, tz: str | None, lang: PromptLanguage) -> str:
    local = when.astimezone(zone(tz)) if tz else when
    name = tz or local.strftime("UTC%z")
    return f"{local:%Y-%m-%d %H:%M} {_WEEKDAYS[lang][local.weekday()]} ({name})"


def _recent_line(e: Episode, context: ExtractionContext) -> str:
    when = from_us(e.occurred_at).astimezone(zone(context.tz) if context.tz else context.reference.tzinfo)
    who = e.speaker or e.role or "?"
    text = " ".join(e.content.split())
    if len(text) > _RECENT_CHARS:
        text = text[: _RECENT_CHARS - 1] + "…"
    return f"[{when:%m-%d %H:%M}] {who}: {text}"
