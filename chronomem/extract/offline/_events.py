"""Events and plans with their times: a clause of the speaker that names a time and that no predicate's
rule read becomes an ``event`` claim whose value is the clause's action in the speaker's own words.

"I caught a cold yesterday" is an event over yesterday; "I didn't go to work today" a negated event
("go to work") over today; "明天上午十点我要去看牙医" a plan over that hour. Precision over recall: the subject
must be the speaker (said in English, said or dropped in Chinese), the time bounded and not recurring, and
the action a verb, not a state ("today is hot", "I'm tired today", "早上好" make none).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from ..._claims import Claim, Mentioned
from ..._values import Kind, Modality
from ..._vocabulary import words
from ...temporal import Mention, Shape

__all__ = ["EVENT", "Clause", "event_claim", "may_name_action"]

#: The predicate of an event or a plan (many-valued: one person does many things).
EVENT: Final = "event"


@dataclass(frozen=True, slots=True)
class Clause:
    """One clause to read for an event: its text, where it starts in the content, its language, whether
    its subject is the speaker and whether its sentence imagines; the message time in UTC microseconds."""

    text: str
    at: int
    lang: str
    speaker_subject: bool
    hypothetical: bool
    reference: int


_VAGUE: Final = frozenset({"now", "right now", "currently", "these days", "nowadays", "现在", "目前", "如今", "最近"})
_SHAPES: Final = (Shape.RECURRING, Shape.DURATION, Shape.OPEN_AFTER, Shape.OPEN_BEFORE)


def event_claim(clause: Clause, mentions: Sequence[Mention], speaker: Mentioned) -> Claim | None:
    """The event or plan ``clause`` names, or ``None`` (see the module docstring). ``mentions`` index the
    content, as the clause's ``at`` does; the first bounded one inside the clause (else ``mentions[0]`` when
    the caller passes a time said as a clause of its own) is the event's time."""
    if not clause.speaker_subject:
        return None
    end = clause.at + len(clause.text)
    inside = [m for m in mentions if clause.at <= m.span[0] and m.span[1] <= end]
    when = next((m for m in (inside or mentions[:1]) if _bounded(m)), None)
    if when is None or when.start is None or when.end is None:
        return None
    text = _without(clause.text, [(m.span[0] - clause.at, m.span[1] - clause.at) for m in inside])
    read = (_zh_action if clause.lang == "zh" else _en_action)(text)
    if read is None:
        return None
    action, negated, planned = read
    future = when.start > clause.reference or (planned and when.end > clause.reference)
    if clause.hypothetical:
        modality = Modality.HYPOTHETICAL
    elif negated:
        modality = Modality.NEGATED
    else:
        modality = Modality.PLANNED if future else Modality.ASSERTED
    return Claim(
        subject=speaker,
        predicate=EVENT,
        value=action,
        valid_from=when.start,
        valid_to=when.end,
        kind=Kind.PLAN if future else Kind.EVENT,
        modality=modality,
        span=(clause.at, end),
    )


def may_name_action(text: str, lang: str) -> bool:
    """Whether :func:`event_claim` may find an action in ``text`` at all: an English one needs its "I" or "we",
    a Chinese one a verb of the lexicon. Cheap, so that a clause that has neither is not searched for times
    (the reader parses times only for clauses that can use them)."""
    if lang == "zh":
        return _ZH_VERB_ANYWHERE.search(text) is not None
    return "I" in text or "we" in text or "We" in text


def _bounded(m: Mention) -> bool:
    return (
        m.shape not in _SHAPES
        and m.text.strip().lower() not in _VAGUE
        and m.start is not None
        and m.end is not None
        and m.end > m.start
        and not m.text.strip().isdigit()
    )


_STRANDED: Final = re.compile(r"(?i:\b(?:at|on|in|around|by|about|this|of)\s*$)|(?:在|于|从)\s*$")


def _without(text: str, spans: list[tuple[int, int]]) -> str:
    """``text`` without the time words (and a preposition left before them: "meeting Bob at [10]")."""
    out, last = "", 0
    for a, b in sorted(spans):
        out += _STRANDED.sub("", text[last:a]) + " "
        last = b
    out += text[last:]
    return re.sub(r"\s+", " ", out).strip()


_END: Final = re.compile(r"[\s,，。.!！;；:：~～…]+$")
#: Where a second clause starts inside an English action ("went to the support group | and it was so powerful",
#: "met Tom | and he told me"): a conjunction before a new subject or a verb of being; the event ends there.
_EN_SECOND_CLAUSE: Final = re.compile(
    r"\s*(?:,\s*|\s+)(?:and|but|so|because|since|which|who|where|though|although|while)\s+"
    r"(?:it|that|this|they|he|she|there|everyone|everybody|we|i|you|was|were|is|are)\b.*$",
    re.IGNORECASE,
)
_EN_LEAD: Final = re.compile(
    r"^(?:(?:so|and|but|then|also|well|oh|ok|okay|anyway|actually|luckily|sadly|finally)\b[\s,]*)*"
    r"(?P<subj>I|we|We)(?=[\s'’])",
)
_EN_AUX: Final = re.compile(
    r"^(?:'m|’m|am|was|were|'re|’re|are|'ll|’ll|will|shall|did|do|does|didn't|didn’t|don't|don’t|won't|won’t|"
    r"can't|can’t|couldn't|couldn’t|wasn't|wasn’t|weren't|weren’t|'m not|am not|not|never|just|also|finally|"
    r"already|still|actually|really|then|going to|gonna|planning to|plan to|about to|have to|has to|had to|"
    r"need to|got to|could|should|must|might|may|can)\b\s*",
    re.IGNORECASE,
)
_EN_PERFECT: Final = re.compile(
    r"^(?:'ve|’ve|have|had|'d|’d|haven't|haven’t|hadn't|hadn’t)\s+(?=\w+(?:ed|en|ne|wn|t)\b)", re.I
)
_EN_NEGATION: Final = re.compile(r"n't|n’t|\bnot\b|\bnever\b", re.IGNORECASE)
_EN_PLAN: Final = re.compile(r"'ll|’ll|\bwill\b|\bshall\b|going to|gonna|plan|about to|have to|need to|got to", re.I)
_EN_BE: Final = re.compile(r"'m|’m|\bam\b|\bwas\b|\bwere\b|'re|’re|\bare\b|wasn|weren", re.IGNORECASE)
_EN_STATE: Final = frozenset(
    words(
        "be been being feel felt feeling think thought know knew like liked love loved hate hated want wanted wish "
        "hope hoped guess believe mean meant remember forgot forget need wonder suppose seem seemed so very too here "
        "there it that this"
    )
)


def _en_action(text: str) -> tuple[str, bool, bool] | None:
    lead = _EN_LEAD.match(text)
    if lead is None:
        return None
    rest, aux = text[lead.end() :].lstrip(), ""
    while (m := _EN_AUX.match(rest) or _EN_PERFECT.match(rest)) is not None and m.end() > 0:
        aux, rest = aux + " " + m.group(0), rest[m.end() :]
    rest = _END.sub("", _EN_SECOND_CLAUSE.sub("", rest))
    head = rest.split(" ", 1)[0].lower() if rest else ""
    if not head.isalpha() or head in _EN_STATE:
        return None
    if _EN_BE.search(aux) and not _EN_PLAN.search(aux) and not head.endswith("ing"):
        return None  # "I'm tired today", "I was fired": a state or a passive, not something done
    return rest, bool(_EN_NEGATION.search(aux)), bool(_EN_PLAN.search(aux) or _EN_BE.search(aux))


_ZH_LEAD: Final = re.compile(r"^(?:所以|但是|可是|而且|然后|因为|不过|结果|那|就)?\s*(?:我们|咱们|我)?\s*")
_ZH_AUX: Final = re.compile(
    r"^(?:也|都|还|就|才|又|再|已经|刚刚|刚|一直|终于|得|要|想要|打算|准备|计划|将要|将|会|需要|必须|正在|"
    r"没有|没|不会|不要|不想|不|别)\s*"
)
_ZH_NEGATION: Final = re.compile(r"没有|没|不|别")
_ZH_PLAN: Final = re.compile(r"要|打算|准备|计划|将|会")
#: Verbs an action starts with (a general lexicon of doing, going and meeting; states and qualities are not).
_ZH_VERBS: Final = re.compile(
    r"^(?:去|来|回|开会|开车|开|看|见|吃|喝|买|卖|做|写|读|学|上|下|参加|打|跑|游|玩|睡|起床|洗|搬|出|进|到|坐|飞|"
    r"骑|约|请|带|送|接|等|找|跟|和|陪|给|拿|交|感冒|发烧|生病|考|面试|加班|休息|出差|旅游|旅行|结婚|离婚|聚餐|"
    r"体检|逛|听|唱|跳|踢|练|运动|健身|剪|修|订|取|办|签|报名|聊|见面|拜访|约会|参观|爬|钓|煮|烤|摔|丢|迟到|"
    r"醒|吵架|散步|搬家|值班|上课|上班|下班|请假|登机|出发|到达|降落|起飞|演讲|汇报|开始|结束|完成|提交)"
)


_ZH_VERB_ANYWHERE: Final = re.compile(_ZH_VERBS.pattern.removeprefix("^"))


def _zh_action(text: str) -> tuple[str, bool, bool] | None:
    rest = _ZH_LEAD.sub("", text, count=1)
    aux = ""
    while (m := _ZH_AUX.match(rest)) is not None and m.end() > 0:
        aux, rest = aux + m.group(0), rest[m.end() :]
    rest = re.sub(r"[了啦吧呢哦呀啊嘛]+$", "", _END.sub("", rest))
    if not 2 <= len(rest) <= 24 or not _ZH_VERBS.match(rest):  # a short action, not a whole story
        return None
    return rest, bool(_ZH_NEGATION.search(aux)), bool(_ZH_PLAN.search(aux))
