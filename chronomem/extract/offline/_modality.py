"""Modality and action cues: is a sentence a question, a hypothetical, reported speech or a correction; is a
clause a plan, a denial, a retraction or a past state (modality is kept, never flattened: a plan or a denial
is stored as one, not as a fact).

Sentence cues scope over the whole sentence ("If I get the job, I'll move to Seattle": both halves are
hypothetical); clause cues over one clause ("I live in Paris but I'm thinking of moving to Ghent": only the
second is a plan). Each cue is a named, precompiled pattern per language; the functions are pure.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from ..._vocabulary import ZH_RELATIONS

__all__ = ["ClauseCues", "SentenceMood", "clause_cues", "is_hypothetical", "is_question", "sentence_mood"]


@dataclass(frozen=True, slots=True)
class SentenceMood:
    """What the whole sentence does: asks, imagines, reports someone else's words, or corrects the speaker."""

    question: bool = False
    hypothetical: bool = False
    reported: bool = False
    correction: bool = False


@dataclass(frozen=True, slots=True)
class ClauseCues:
    """What one clause's words say before its object: a plan or intention, a denial, an ending ("anymore",
    "不再"), a past state ("used to", "以前"), or a denial that it ever held ("after all")."""

    planned: bool = False
    negated: bool = False
    ended: bool = False
    past: bool = False
    never_was: bool = False


_I = re.IGNORECASE
_ZH_REL = "|".join(sorted(ZH_RELATIONS, key=len, reverse=True))

#: A question: a question mark, or an English sentence opening with an auxiliary or a wh-word before a subject.
_EN_QUESTION: Final = re.compile(
    r"\?\s*$|^(?:(?:so|and|but|hey|oh|ok|okay)[, ]+)?(?:(?:do|does|did|are|is|was|were|have|has|should|could|"
    r"can|would|will|shall)\s+(?:you|i|we|he|she|they|it)\b|(?:where|what|who|which|how|why|when)\s+(?:do|does|"
    r"did|are|is|was|were|have|has|should|could|can|would|will)\b)",
    _I,
)
_ZH_QUESTION: Final = re.compile(r"[?？]\s*$|[吗嘛][。.!！~～]*\s*$|要不要|该不该|能不能|是不是|会不会|有没有|好不好")

#: "If", "suppose", "would" and "wish" open a world that is not this one.
_EN_HYPOTHETICAL: Final = re.compile(
    r"\b(?:if|unless|suppose|supposing|imagine|assuming|in case|wish|would|wouldn't|were i|had i|hypothetically)\b",
    _I,
)
_ZH_HYPOTHETICAL: Final = re.compile(r"如果|要是|假如|假设|万一|倘若|若是|的话|即使|就算|哪怕|但愿|要不是|想象")

#: Someone else's words: "my mom says", "Sam told me", "听说", "她说".
_EN_REPORTED: Final = re.compile(
    r"\b(?!I\b)(?:\w+)\s+(?:says|said|thinks|claims|reckons|told me|tells me|mentioned)\b|\baccording to\b|"
    r"\bi heard\b|\bapparently\b|\brumou?r has it\b",
    _I,
)
_ZH_REPORTED: Final = re.compile(rf"听说|据说|听人说|(?:他|她|他们|{_ZH_REL})(?:跟我|和我)?(?:说|告诉我|讲)")

#: A correction of what the speaker said before: "sorry, I meant…", "actually it's X, not Y", "我说错了".
_EN_CORRECTION: Final = re.compile(
    r"\bi meant\b|\bi mean\b|\bcorrection\b|\bsaid (?:that|it) wrong\b|\bgot (?:that|it) wrong\b|"
    r"\bi misspoke\b|\bmistyped\b|\btypo\b|\bscratch that\b|"
    r"\bmy (?:bad|mistake)\b|\bi was wrong\b|\bwrong (?:number|date|one)\b|\bnot\s+\S+[,;]\s*(?:it's|it is|but)\b|"
    r"\bactually\b.*\bnot\b|\bactually\b,?\s+(?:it's|it is|that's|that should be)\b|\blet me correct\b",
    _I,
)
_ZH_CORRECTION: Final = re.compile(
    r"说错了?|打错了?|写错了?|记错了?|搞错了?|弄错了?|口误|更正|纠正|不对[，,。]|应该是|不是\S{1,12}?[，,]\s*(?:而)?是"
)

_EN_PLANNED: Final = re.compile(
    r"\b(?:going to|gonna|plan|plans|planning|planned|might|may|maybe|perhaps|probably|possibly|thinking about|"
    r"thinking of|considering|consider|hope|hoping|hopefully|intend|intending|about to|someday|some day|one day|"
    r"eventually|would like|'d like|want to|wants to|wanna|aim to|looking to|looking into|could|trying to|"
    r"dream of|dreaming of|will|shall|should|ought to|need to|have to|has to)\b|'ll\b|’ll\b",
    _I,
)
_ZH_PLANNED: Final = re.compile(
    r"打算|准备|计划|想要|想|考虑|可能|也许|或许|说不定|将来|以后|有一天|希望|争取|梦想|有机会|应该|(?<![觉记获取懂晓值显使])得(?!到)|(?<!活)该|"
    r"(?<![需主重只])要|会(?![说讲写用])|再(?!也)"
)

_EN_NEGATION: Final = re.compile(r"\b(?:not|never|no|neither|nor)\b|n't\b|n’t\b", _I)
#: 不/没/未/别/无 deny, except inside words that do not ("不过" but, "不错" good, "未来" future, "别人" others).
_ZH_NEGATION: Final = re.compile(
    r"不(?!过|错|少|久|仅|但|管|然|如|同|断|停|得不|一定)|没(?!想到)|未(?!来)|(?<![特分区级类告个识])别(?!人|的)|无(?!论)"
)
_EN_ENDED: Final = re.compile(r"\b(?:anymore|any more|no longer|not\b.*\b(?:now|these days))\b", _I)
_ZH_ENDED: Final = re.compile(r"不再|再也不|已经不|已经没|早就不|不\S*了|没\S*了")
_EN_NEVER_WAS: Final = re.compile(r"\bafter all\b|\bturns out\b|\bturned out\b|\bnever (?:was|were|had)\b", _I)
_ZH_NEVER_WAS: Final = re.compile(r"其实不|其实没|原来不|原来没|根本不|根本没|并不|并没")
_EN_PAST: Final = re.compile(
    r"\b(?:used to|use to|formerly|previously|back then|back in (?:\d|the day|college|school|high school)|in the past|"
    r"once upon|when i was)",
    _I,
)
_ZH_PAST: Final = re.compile(r"以前|之前|曾经|原来|过去|那时候?|小时候|当年|以往|早年")


def is_hypothetical(clause: str, lang: str) -> bool:
    """Whether ``clause`` opens a world that is not this one ("if …", "in case …", "I'd …", "要是…")."""
    return (_ZH_HYPOTHETICAL if lang == "zh" else _EN_HYPOTHETICAL).search(clause) is not None


def is_question(clause: str, lang: str) -> bool:
    """Whether ``clause`` asks (a question mark, an English auxiliary or wh-word before a subject, 吗, 要不要)."""
    return (_ZH_QUESTION if lang == "zh" else _EN_QUESTION).search(clause) is not None


def sentence_mood(sentence: str, lang: str) -> SentenceMood:
    """The cues that scope over the whole ``sentence`` (``lang`` "zh" or "en")."""
    if lang == "zh":
        return SentenceMood(
            question=_ZH_QUESTION.search(sentence) is not None,
            hypothetical=_ZH_HYPOTHETICAL.search(sentence) is not None,
            reported=_ZH_REPORTED.search(sentence) is not None,
            correction=_ZH_CORRECTION.search(sentence) is not None,
        )
    return SentenceMood(
        question=_EN_QUESTION.search(sentence) is not None,
        hypothetical=_EN_HYPOTHETICAL.search(sentence) is not None,
        reported=_EN_REPORTED.search(sentence) is not None,
        correction=_EN_CORRECTION.search(sentence) is not None,
    )


def clause_cues(before: str, clause: str, lang: str) -> ClauseCues:
    """The cues of one clause: ``before`` is its text up to the object (where plans and denials sit),
    ``clause`` the whole clause (where "anymore" and "after all" may follow the object)."""
    if lang == "zh":
        negated = _ZH_NEGATION.search(before) is not None
        return ClauseCues(
            planned=_ZH_PLANNED.search(before) is not None,
            negated=negated,
            ended=_ZH_ENDED.search(clause) is not None,
            past=_ZH_PAST.search(before) is not None,
            never_was=negated and _ZH_NEVER_WAS.search(clause) is not None,
        )
    negated = _EN_NEGATION.search(before) is not None
    return ClauseCues(
        planned=_EN_PLANNED.search(before) is not None,
        negated=negated or _EN_ENDED.search(clause) is not None,
        ended=_EN_ENDED.search(clause) is not None,
        past=_EN_PAST.search(clause) is not None,
        never_was=negated and _EN_NEVER_WAS.search(clause) is not None,
    )
