"""Who a clause is about: the speaker ("I", "my", "我"), the one spoken to ("you", "你"), a third person named
by role ("my older brother", "孩子他爸") or by name ("Sam", "小王"), or the subject of the clause before when
it was dropped ("现在在成都，住高新区").

A third person is an entity of their own, linked to the speaker by the role's predicate (``family``,
``knows``, ``partner``, ``has_child``; DESIGN §6.1). An unnamed relative is named after the speaker and the
role ("Alice's sister", "王婷的姐姐"), which a named mention of the same role declares as an alias, so a later
"my sister" finds the same person.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Final

from ._claims import Mentioned
from ._vocabulary import EN_RELATIONS, ZH_RELATIONS, Relation, words

__all__ = [
    "UNKNOWN",
    "Subject",
    "Who",
    "en_relatives",
    "en_subject",
    "recent_third",
    "vocative",
    "zh_relatives",
    "zh_subject",
]

#: The subject of a clause whose "he"/"她" refers to no one known: its claims are not made.
UNKNOWN: Final = Mentioned("?", "person")


@dataclass(frozen=True, slots=True)
class Subject:
    """A clause's subject and where it ends in the clause; ``relation`` and ``role_name`` when it is a
    relative of the speaker (the role's predicate, and the speaker-relative name to alias)."""

    mention: Mentioned
    end: int
    relation: Relation | None = None
    role_name: str | None = None


@dataclass(slots=True)
class Who:
    """The people of one message: speaker, addressee, and the last third person named (for "he", "她")."""

    speaker: Mentioned
    addressee: Mentioned
    lang: str = "en"
    last_third: Mentioned | None = field(default=None)

    def role_name(self, role: str, lang: str) -> str:
        """The name of the speaker's unnamed relative: "Alice's sister", "王婷的姐姐"."""
        owner = self.speaker.name
        return f"{owner}的{role}" if lang == "zh" else f"{owner}'s {role}"


_EN_LEAD = (
    r"^(?:(?:so|and|but|well|oh|ah|yeah|yep|yes|no|nope|ok|okay|also|btw|anyway|anyways|actually|honestly|um|uh|"
    r"hey|hi|guess what|fun fact|update|news|sorry|now|then|plus|p\.?s\.?|oh and|by the way|lol|haha|omg|wow)"
    r"[,!:.]*\s+)*"
)
_EN_ADJ = r"(?:(?:older|younger|little|big|baby|twin|best|old|new|oldest|youngest|eldest|late|step|half|dear)[- ])*"
_EN_REL_WORDS = "|".join(sorted(map(re.escape, EN_RELATIONS), key=len, reverse=True))
_EN_NAME_AFTER = r"(?:,?\s+(?P<name>[A-Z][a-z]+(?:\s+[A-Z][a-z]+)?)(?=[\s,.!?']|$),?)?"
_EN_RELATIVE: Final = re.compile(
    rf"\b(?i:my|our)\s+(?P<ex>(?i:ex-?\s?))?{_EN_ADJ}(?P<rel>(?i:{_EN_REL_WORDS}))(?:s|es)?(?P<law>-in-law)?\b"
    rf"{_EN_NAME_AFTER}"
)
_EN_SUBJECT: Final = re.compile(
    _EN_LEAD
    + r"(?:(?P<i>I|we|We|(?i:my|our)\s+\w+\s+and\s+I|\w+\s+and\s+I)(?=[\s'’]|$)|"
    + rf"(?P<my>(?i:my|our)\s+(?i:ex-?\s?)?{_EN_ADJ}(?i:{_EN_REL_WORDS})"
    rf"(?:s|es)?\b{_EN_NAME_AFTER})|(?P<pron>[Hh]e|[Ss]he)(?=[\s'’]|$)|(?P<you>[Yy]ou)(?=[\s'’]|$)|"
    r"(?P<named>[A-Z][a-z]+(?:\s+[A-Z][a-z]+)?)(?=(?:'s|’s)?\s+(?:is|was|has|had|just|recently|moved|lives|works|"
    r"got|started|joined|left|quit|loves|likes|hates|now|also|still|finally|says|said|told|thinks|lived|worked|"
    r"speaks|became|went|bought|adopted|married)\b))"
)
_NOT_NAMES: Final = frozenset(
    words(
        "The This That It There Here What When Where Why How Who Which Yesterday Today Tomorrow Last Next Everyone "
        "Nobody Someone Everything Nothing Something Mine Yours Our Their Its Work Home Life Dinner Lunch Monday "
        "Tuesday Wednesday Thursday Friday Saturday Sunday January February March April May June July August "
        "September October November December Sorry Thanks Thank Congrats Great Good Nice Cool Honestly Actually "
        "Just Finally Recently Also Still Now Then Already Really Totally Definitely Probably Maybe Luckily Sadly "
        "Unfortunately Anyway Well So But And Yes Yeah Yep No Nope Ok Okay Oh Hey Hi Hello Haha Lol Wow Omg Guess "
        "Moved Started Got Quit Left Joined Living Working Loving Currently Basically Seriously Apparently Obviously "
        "Hopefully Tonight Everybody Somebody Nobody Family Mom Dad Mum Work School Plus Btw"
    )
)


def _person(name: str, *, typ: str = "person") -> Mentioned:
    return Mentioned(name, typ)


def en_relatives(sentence: str, who: Who) -> list[Subject]:
    """Every relative the speaker names in ``sentence`` ("my sister", "my friend Sam", "our son Leo")."""
    found: list[Subject] = []
    for m in _EN_RELATIVE.finditer(sentence):
        found.append(_en_relative(m, who))
    return found


def _en_relative(m: re.Match[str], who: Who) -> Subject:
    word = m.group("rel").lower()
    rel = EN_RELATIONS.get(word) or EN_RELATIONS.get(word.rstrip("s"), Relation("knows", word))
    if m.group("ex"):
        rel = Relation("knows", "ex-" + rel.role)
    elif m.group("law"):
        rel = Relation("family", rel.role + "-in-law")
    role_name = who.role_name(rel.role, "en")
    name = m.group("name")
    if name and name.split()[0] in _NOT_NAMES:
        name = None
    mention = _person(name or role_name)
    return Subject(mention, m.end(), rel, role_name if name else None)


def en_subject(clause: str, who: Who) -> Subject | None:
    """The subject at the start of an English clause, or ``None`` when it was dropped."""
    m = _EN_SUBJECT.match(clause)
    if m is None:
        return None
    if m.group("i"):
        return Subject(who.speaker, m.end("i"))
    if m.group("my"):
        rel = _EN_RELATIVE.match(clause, m.start("my"))
        if rel is not None:
            return _en_relative(rel, who)
        return None
    if m.group("pron"):
        return Subject(who.last_third or UNKNOWN, m.end("pron"))
    if m.group("you"):
        return Subject(who.addressee if who.addressee.name != "you" else UNKNOWN, m.end("you"))
    named = m.group("named")
    if named is None or named.split()[0] in _NOT_NAMES:
        return None
    return Subject(_person(named), m.end("named"))


_ZH_LEAD = (
    r"^(?:(?:对了|另外|其实|还有|嗯+|哦|啊|哈哈+|那个|就是|然后|而且|但是|不过|所以|可是|现在|目前|最近|如今|今年|去年|前年|"
    r"明年|上个月|下个月|这个月|上周|下周|本周|刚刚|刚|已经|说起来|顺便说一下|更正一下|纠正一下)[，,、]?\s*)*"
)
_ZH_REL_WORDS = "|".join(sorted(map(re.escape, ZH_RELATIONS), key=len, reverse=True))
_ZH_NAME_AFTER = (
    r"(?:(?:叫|名叫|名字叫)?(?P<name>小[\u4e00-\u9fff]|老(?!师|板|家|公|婆|乡|同|大|二|三)[\u4e00-\u9fff]|"
    r"阿[\u4e00-\u9fff]|[A-Z][a-z]+))?"
)
_ZH_NAMED_CALL = re.compile(r"(?:叫|名叫|名字叫)(?P<name>[A-Za-z][\w.\-]*|[\u4e00-\u9fff]{1,4}?)(?=$|[，,。！!？?；;])")
_ZH_RELATIVE: Final = re.compile(
    rf"(?P<my>我们?(?:的)?|咱(?:们)?(?:的)?|^)(?:家)?(?P<rel>{_ZH_REL_WORDS})(?!都|们|们都){_ZH_NAME_AFTER}"
)
_ZH_SUBJECT: Final = re.compile(
    _ZH_LEAD + r"(?:(?P<rel>(?:我们?的?|咱们?的?)?(?:家)?(?:" + _ZH_REL_WORDS + r"))|(?P<i>我们?|咱们?|本人)|"
    r"(?P<pron>他|她)(?!们)|(?P<you>你|您)|(?P<named>小[\u4e00-\u9fff]|老[\u4e00-\u9fff]|阿[\u4e00-\u9fff]|[A-Z][a-z]+)"
    r"(?=在|是|说|住|搬|去|刚|已经|现在|也|最近|今年|跟|和|要|想|打算|准备|的|从|离|换|入|加|被|还|就|养))"
)


def zh_relatives(sentence: str, who: Who) -> list[Subject]:
    """Every relative the speaker names in ``sentence`` ("我姐姐", "我朋友小张", "我儿子叫乐乐")."""
    return [_zh_relative(sentence, m, who) for m in _ZH_RELATIVE.finditer(sentence)]


def _zh_relative(sentence: str, m: re.Match[str], who: Who) -> Subject:
    word = m.group("rel")
    rel = ZH_RELATIONS[word]
    name = m.group("name")
    end = m.end()
    if name is None:
        called = _ZH_NAMED_CALL.match(sentence, m.end("rel"))
        if called is not None:
            name, end = called.group("name"), called.end()
    if name is None:
        name, end = _jieba_name(sentence, m.end("rel")), end
        if name is not None:
            end = m.end("rel") + len(name)
    role_name = who.role_name(rel.role, "zh")
    return Subject(_person(name or role_name), end, rel, role_name if name else None)


def _jieba_name(sentence: str, at: int) -> str | None:
    """A person's name right after a role word, when jieba tags the next word as one (``nr``)."""
    rest = sentence[at : at + 8]
    if not rest or not ("\u4e00" <= rest[0] <= "\u9fff"):
        return None
    import rjieba

    tags = rjieba.tag(rest)
    word, tag = tags[0] if tags else ("", "")
    return word if tag in {"nr", "nrfg"} and 2 <= len(word) <= 3 else None


def zh_subject(clause: str, who: Who) -> Subject | None:
    """The subject at the start of a Chinese clause, or ``None`` when it was dropped."""
    m = _ZH_SUBJECT.match(clause)
    if m is None:
        return None
    if m.group("rel"):
        rel = _ZH_RELATIVE.search(clause, m.start("rel"))
        return None if rel is None else _zh_relative(clause, rel, who)
    if m.group("i"):
        return Subject(who.speaker, m.end("i"))
    if m.group("pron"):
        return Subject(who.last_third or UNKNOWN, m.end("pron"))
    if m.group("you"):
        return Subject(who.addressee if who.addressee.name != "you" else UNKNOWN, m.end("you"))
    return Subject(_person(m.group("named")), m.end("named"))


_EN_OWNED: Final = re.compile(rf"\b(?P<owner>(?i:my|your))\s+{_EN_ADJ}(?P<rel>(?i:{_EN_REL_WORDS}))(?:s|es)?\b")
_ZH_OWNED: Final = re.compile(rf"(?P<owner>我|你|您)(?:的)?(?:家)?(?P<rel>{_ZH_REL_WORDS})")


def recent_third(texts: list[tuple[str, bool]], who: Who) -> Mentioned | None:
    """Who "he"/"她" most likely is when the message names no one: the last relative named in the messages
    before (newest first; ``texts`` are (content, said by this speaker)). "your brother" said to the speaker
    and "my brother" said by the speaker are both the speaker's brother."""
    for text, own in texts:
        found = [*_EN_OWNED.finditer(text), *_ZH_OWNED.finditer(text)]
        for m in sorted(found, key=lambda m: m.start(), reverse=True):
            word = m.group("rel")
            mine = m.group("owner").lower() == "my" or m.group("owner") == "我"
            if mine != own:
                continue
            zh = word in ZH_RELATIONS
            rel = ZH_RELATIONS.get(word) if zh else EN_RELATIONS.get(word.lower())
            if rel is not None:
                return Mentioned(who.role_name(rel.role, "zh" if zh else "en"), "person")
    return None


_VOCATIVE: Final = re.compile(
    r"^\s*(?:(?i:hey|hi|hello|yo|dear)\s+|嗨|哈喽|亲爱的)?(?P<name>[A-Z][a-z]+|[\u4e00-\u9fff]{2,3})\s*[,，!！:：~～]"
)


def vocative(content: str, speaker: str | None, others: list[str]) -> tuple[str, str] | None:
    """``(full name, short name)`` when a message opens by calling someone by a part of their name ("嘉欣，…"
    to 陳嘉欣, "Bobby!" to Bobby Lee): the short name is an alias of that person."""
    m = _VOCATIVE.match(content)
    if m is None:
        return None
    called = m.group("name")
    from ..text import to_simplified

    short = to_simplified(called)
    for full in others:
        if full != speaker and full != called and short in to_simplified(full):
            return full, called
    return None
