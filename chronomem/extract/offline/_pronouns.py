"""Who a clause is about: the speaker ("I", "my", "我"), the one spoken to ("you", "你"), a third person named
by role ("my older brother", "孩子他爸") or by name ("Sam", "小王"), or the subject of the clause before when
it was dropped ("现在在成都，住高新区").

A third person is an entity of their own, linked to the speaker by the role's predicate (``family``,
``knows``, ``partner``, ``has_child``). An unnamed relative is named after the speaker and the
role ("Alice's sister", "王婷的姐姐"), which a named mention of the same role declares as an alias, so a later
"my sister" finds the same person.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field
from typing import Final

from ..._claims import Mentioned, role_name
from ..._vocabulary import (
    EN_RELATION_WORDS,
    EN_RELATIONS,
    FEMALE_ROLES,
    MALE_ROLES,
    ZH_RELATION_WORDS,
    ZH_RELATIONS,
    Relation,
    single_valued,
    words,
)

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
    owner: Mentioned | None = None  # whose relative, when not the speaker's ("Mel's sister", "小王的老婆")


@dataclass(slots=True)
class Who:
    """The people of one message: speaker, addressee, and the third persons named so far, newest last, with
    the gender their role gives ("wife": she), so that "he" and "她" find the right one."""

    speaker: Mentioned
    addressee: Mentioned
    lang: str = "en"
    thirds: list[Mentioned] = field(default_factory=list)
    genders: dict[str, str] = field(default_factory=dict)

    @property
    def last_third(self) -> Mentioned | None:
        return self.thirds[-1] if self.thirds else None

    def add_third(self, person: Mentioned, role: str | None = None) -> None:
        """``person`` is now the newest third person; a role word gives their gender."""
        self.thirds.append(person)
        gender = _gender(role)
        if gender is not None:
            self.genders[person.name] = gender

    def third(self, pronoun: str) -> Mentioned:
        """Whom "he", "she", "他", "她" refers to: the newest third person of a fitting gender, or no one."""
        unfit = "f" if pronoun.lower() in ("he", "他") else "m"
        for person in reversed(self.thirds):
            if self.genders.get(person.name) != unfit:
                return person
        return UNKNOWN

    def role_name(self, role: str, lang: str) -> str:
        """The name of the speaker's unnamed relative: "Alice's sister", "王婷的姐姐"."""
        return role_name(self.speaker.name, role, lang)


def _gender(role: str | None) -> str | None:
    if role is None:
        return None
    if role.lower() in FEMALE_ROLES:
        return "f"
    return "m" if role.lower() in MALE_ROLES else None


_EN_LEAD = (
    r"^(?:(?:so|and|but|well|oh|ah|yeah|yep|yes|no|nope|ok|okay|also|btw|anyway|anyways|actually|honestly|um|uh|"
    r"hey|hi|guess what|fun fact|update|news|sorry|now|then|plus|p\.?s\.?|oh and|by the way|lol|haha|omg|wow)"
    r"[,!:.]*\s+)*"
)
_EN_ADJ = r"(?:(?:older|younger|little|big|baby|twin|best|old|new|oldest|youngest|eldest|late|step|half|dear)[- ])*"
_EN_NAME_AFTER = (
    r"(?:,?\s+(?P<name>[A-Z][a-z]+(?:\s+[A-Z][a-z]+)?|[\u4e00-\u9fff]{1,4})(?=[\s,.!?'(]|$)"
    r"(?P<more>(?:\s+(?:and|&)\s+(?:[A-Z][a-z]+|[\u4e00-\u9fff]{1,4})(?=[\s,.!?']|$))*),?)?"
)
_EN_RELATIVE: Final = re.compile(
    rf"\b(?i:my|our)\s+(?P<ex>(?i:ex-?\s?))?{_EN_ADJ}(?P<rel>(?i:{EN_RELATION_WORDS}))(?:s|es)?(?P<law>-in-law)?\b"
    rf"{_EN_NAME_AFTER}"
)
_EN_SUBJECT: Final = re.compile(
    _EN_LEAD
    + r"(?:(?P<i>I|we|We|(?i:my|our)\s+\w+\s+and\s+I|\w+\s+and\s+I)(?=[\s'’]|$)|"
    + rf"(?P<my>(?i:my|our)\s+(?i:ex-?\s?)?{_EN_ADJ}(?i:{EN_RELATION_WORDS})"
    rf"(?:s|es)?\b{_EN_NAME_AFTER})|(?P<poss>[A-Z][a-z]+)(?:'s|’s)\s+{_EN_ADJ}(?P<prel>(?i:{EN_RELATION_WORDS}))\b|"
    r"(?P<pron>[Hh]e|[Ss]he)(?=[\s'’]|$)|(?P<you>[Yy]ou)(?=[\s'’]|$)|(?P<they>[Tt]hey)(?=[\s'’]|$)|"
    r"(?P<named>[A-Z][a-z]+(?:\s+[A-Z][a-z]+)?)(?=(?:'s|’s)\s+(?:at|in|with|from|a|an|the|still|now|back|got)\b|"
    r"(?:'s|’s)?\s+(?:is|was|has|had|just|recently|moved|lives|works|"
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
        "Hopefully Tonight Everybody Somebody Nobody Family Mom Dad Mum Work School Plus Btw He She They We You "
        "It His Her Him Them My Your Our Me Right For At In On Of To From With By As If When While After Before "
        "Since Until Because Though Although Then Once Over Under Into About Around Between Sometimes Usually "
        "Anyway Besides Meanwhile Hmm Ah Um Uh Ok Okay Thanks Please Yesterday Today Tomorrow Tonight Morning "
        "Evening Afternoon Night Weekend Here There Both Either Neither Each Every Some Most Many Few Another"
    )
)


def _person(name: str, *, typ: str = "person") -> Mentioned:
    return Mentioned(name, typ)


def _relative(name: str, owner: str, rel: Relation) -> Mentioned:
    """A relative, by name ("Tom") or by role only ("Alice's husband"); for a relation one has one of at a
    time (``partner``), resolution meets whoever holds it when said (:attr:`Mentioned.holds`)."""
    return Mentioned(name, "person", holds=(owner, rel.predicate) if single_valued(rel.predicate) else None)


def _owned(owner: str, word: str, relations: dict[str, Relation], end: int, lang: str) -> Subject | None:
    """Someone else's relative ("Mel's sister", "小王的老婆"): their own entity, linked to the owner."""
    rel = relations.get(word)
    if rel is None or owner in _NOT_NAMES:
        return None
    name = role_name(owner, rel.role, lang)
    return Subject(_relative(name, owner, rel), end, rel, None, _person(owner))


_EN_THEIRS: Final = re.compile(rf"\b(?i:his|her)\s+{_EN_ADJ}(?P<rel>(?i:{EN_RELATION_WORDS}))\b{_EN_NAME_AFTER}")


def en_relatives(sentence: str, who: Who) -> list[Subject]:
    """Every relative named in ``sentence``: the speaker's ("my sister", "my friend Sam", "our son Leo") and
    those of the last third person ("his wife Elena")."""
    mine = [(m.start(), m, True) for m in _EN_RELATIVE.finditer(sentence)]
    theirs = [(m.start(), m, False) for m in _EN_THEIRS.finditer(sentence)]
    found: list[Subject] = []
    for _, m, own in sorted(mine + theirs, key=lambda t: t[0]):  # in order: "my brother Tunde and his wife"
        if own:
            found.extend(_en_relative_all(m, who))
        else:
            owner = who.third("he" if m.group(0)[:3].lower() == "his" else "she")
            theirs_ = _their_relative(m, owner) if owner is not UNKNOWN else None
            found.extend([] if theirs_ is None else [theirs_])
        if found and found[-1].relation is not None:
            who.add_third(found[-1].mention, found[-1].relation.role)
    return found


def _en_relative_all(m: re.Match[str], who: Who) -> list[Subject]:
    """One relative, or several named together ("our kids Ella and Sam")."""
    first = _en_relative(m, who)
    more = m.group("more")
    if not more or first.role_name is None or first.relation is None:
        return [first]
    names = [n for n in re.split(r"\s*(?:,|\band\b|&)\s*", more) if n]
    return [first] + [Subject(_person(n), m.end(), first.relation, None) for n in names if n not in _NOT_NAMES]


def _their_relative(m: re.Match[str], owner: Mentioned) -> Subject | None:
    rel = EN_RELATIONS.get(m.group("rel").lower())
    if rel is None:
        return None
    role = role_name(owner.name, rel.role, "en")
    name = m.group("name")
    if name and name.split()[0] in _NOT_NAMES:
        name = None
    mention = _relative(name or role, owner.name, rel)
    return Subject(mention, m.end(), rel, role if name else None, owner)


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
    mention = _relative(name or role_name, who.speaker.name, rel)
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
    if m.group("poss"):
        return _owned(m.group("poss"), m.group("prel").lower(), EN_RELATIONS, m.end(), "en")
    if m.group("pron"):
        return Subject(who.third(m.group("pron")), m.end("pron"))
    if m.group("you"):
        return Subject(who.addressee if who.addressee.name != "you" else UNKNOWN, m.end("you"))
    if m.group("they"):  # several others ("They love the dinosaur exhibit"): never the speaker's own
        return Subject(UNKNOWN, m.end("they"))
    named = m.group("named")
    if named is None or named.split()[0] in _NOT_NAMES:
        return None
    return Subject(_person(named), m.end("named"))


_ZH_LEAD = (
    r"^(?:(?:对了|另外|其实|还有|嗯+|哦|啊|哈哈+|那个|就是|然后|而且|但是|不过|所以|可是|现在|目前|最近|如今|今年|去年|前年|"
    r"明年|上个月|下个月|这个月|上周|下周|本周|刚刚|刚|已经|说起来|顺便说一下|更正一下|纠正一下)[，,、]?\s*)*"
)
_ZH_NAME_AFTER = (
    r"(?:(?:叫|名叫|名字叫)?(?P<name>小[\u4e00-\u9fff]|老(?!师|板|家|公|婆|乡|同|大|二|三)[\u4e00-\u9fff]|"
    r"阿[\u4e00-\u9fff]|[A-Z][a-z]+))?"
)
_ZH_NAMED_CALL = re.compile(r"(?:叫|名叫|名字叫)(?P<name>[A-Za-z][\w.\-]*|[\u4e00-\u9fff]{1,4}?)(?=$|[，,。！!？?；;])")
_ZH_RELATIVE: Final = re.compile(
    rf"(?P<my>我们?(?:的)?|咱(?:们)?(?:的)?|^)(?:家)?(?P<rel>{ZH_RELATION_WORDS})(?!都|们|们都){_ZH_NAME_AFTER}"
)
_ZH_SUBJECT: Final = re.compile(
    _ZH_LEAD + r"(?:(?P<rel>(?:我们?的?|咱们?的?)?(?:家)?(?:" + ZH_RELATION_WORDS + r"))|(?P<i>我们?|咱们?|本人)|"
    r"(?P<poss>小[\u4e00-\u9fff]|老[\u4e00-\u9fff]|阿[\u4e00-\u9fff]|[A-Z][a-z]+|[\u4e00-\u9fff]{2,3}?)的(?P<prel>"
    + ZH_RELATION_WORDS
    + r")|(?P<pron>他|她)(?!们)|(?P<you>你|您)|"
    r"(?P<named>小[\u4e00-\u9fff]|老(?!师|板|家|公|婆|乡|同|大|二|三|实|是|在)[\u4e00-\u9fff]|阿[\u4e00-\u9fff]|"
    r"(?P<twice>[\u4e00-\u9fff])(?P=twice)|[A-Z][a-z]+)"
    r"(?=在|是|说|住|搬|去|刚|已经|现在|也|最近|今年|跟|和|要|想|打算|准备|的|从|离|换|入|加|被|还|就|养|对|喜欢|爱|会|不|没|很|"
    r"特别|天天|每天|上|读|跳|辞|调|升|结|生|买|考|开|回|走|做|当|干|入))"
)


_ZH_LEAD_RE: Final = re.compile(_ZH_LEAD)


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
    mention = _relative(name or role_name, who.speaker.name, rel)
    return Subject(mention, end, rel, role_name if name else None)


_NOT_IN_NAMES = frozenset("住在是说搬去来也和跟今现已还就都对有要想")


def _jieba_name(sentence: str, at: int) -> str | None:
    """A person's name right after a role word, when jieba tags the next word as one (``nr``)."""
    rest = sentence[at : at + 8]
    if not rest or not ("\u4e00" <= rest[0] <= "\u9fff"):
        return None
    import rjieba

    tags = rjieba.tag(rest)
    word, tag = tags[0] if tags else ("", "")
    if tag not in {"nr", "nrfg"}:
        return None
    if len(word) == 3 and word[-1] in _NOT_IN_NAMES:  # "张丽住在…": jieba glues the verb to the name
        word = word[:2]
    if 2 <= len(word) <= 3:
        return word
    whole = re.match(r"[\u4e00-\u9fff]{2,3}(?=$|[，,。！!？?；;、\s])", rest)  # "李浩然，": jieba splits 李|浩然
    return whole.group(0) if len(word) == 1 and whole is not None else None


def zh_subject(clause: str, who: Who) -> Subject | None:
    """The subject at the start of a Chinese clause, or ``None`` when it was dropped."""
    m = _ZH_SUBJECT.match(clause)
    if m is None:  # a name the patterns do not know ("老王下个月…", "王哥喜欢…"): jieba's person tag
        at = _ZH_LEAD_RE.match(clause)
        start = 0 if at is None else at.end()
        name = _jieba_name(clause, start)
        return None if name is None else Subject(_person(name), start + len(name))
    if m.group("rel"):
        rel = _ZH_RELATIVE.search(clause, m.start("rel"))
        return None if rel is None else _zh_relative(clause, rel, who)
    if m.group("i"):
        return Subject(who.speaker, m.end("i"))
    if m.group("poss"):
        return _owned(m.group("poss"), m.group("prel"), ZH_RELATIONS, m.end(), "zh")
    if m.group("pron"):
        return Subject(who.third(m.group("pron")), m.end("pron"))
    if m.group("you"):
        return Subject(who.addressee if who.addressee.name != "you" else UNKNOWN, m.end("you"))
    return Subject(_person(m.group("named")), m.end("named"))


_EN_OWNED: Final = re.compile(rf"\b(?P<owner>(?i:my|your))\s+{_EN_ADJ}(?P<rel>(?i:{EN_RELATION_WORDS}))(?:s|es)?\b")
_ZH_OWNED: Final = re.compile(rf"(?P<owner>我|你|您)(?:的)?(?:家)?(?P<rel>{ZH_RELATION_WORDS})")


_EN_NAMED_ANYWHERE: Final = re.compile(
    r"\b(?P<name>[A-Z][a-z]+)(?=(?:'s|’s)?\s+(?:is|was|has|had|just|recently|moved|lives|works|got|started|joined|left|"
    r"quit|loves|likes|hates|now|also|still|finally|lived|worked|speaks|became|went|bought|adopted|married)\b)"
)


def _named_in(text: str) -> list[tuple[str, str | None]]:
    """People named as the subject of a verb in ``text``, with the role word just before them if any
    ("his wife Elena is …": Elena, wife)."""
    found: list[tuple[str, str | None]] = []
    for m in _EN_NAMED_ANYWHERE.finditer(text):
        name = m.group("name")
        if name in _NOT_NAMES:
            continue
        role = re.search(rf"(?i:{EN_RELATION_WORDS})\s*,?\s*$", text[: m.start()])
        found.append((name, role.group(0).strip(" ,").lower() if role else None))
    return found


def recent_third(texts: list[tuple[str, bool]], who: Who) -> None:
    """Seed ``who`` with the third persons of the messages before (``texts`` newest first, each with whether
    this speaker said it): relatives ("your brother" said to the speaker and "my brother" said by them are the
    speaker's brother) and people named as the subject of a verb ("Did you hear Marco quit…")."""
    for text, own in reversed(texts):
        owned, named = _third_in(text)
        for rel, mine, lang in owned:
            if mine == own:
                who.add_third(_relative(who.role_name(rel.role, lang), who.speaker.name, rel), rel.role)
        for name, role in named:
            who.add_third(Mentioned(name, "person"), role)


@functools.lru_cache(maxsize=64)
def _third_in(text: str) -> tuple[tuple[tuple[Relation, bool, str], ...], tuple[tuple[str, str | None], ...]]:
    """The relatives a text names by role (each with whether "my"/"我" owns it, and the language of the word)
    and the people it names as the subject of a verb. Cached: each message is the context of the next few."""
    found = [*_EN_OWNED.finditer(text), *_ZH_OWNED.finditer(text)]
    owned: list[tuple[Relation, bool, str]] = []
    for m in sorted(found, key=lambda m: m.start()):
        word = m.group("rel")
        mine = m.group("owner").lower() == "my" or m.group("owner") == "我"
        zh = word in ZH_RELATIONS
        rel = ZH_RELATIONS.get(word) if zh else EN_RELATIONS.get(word.lower())
        if rel is not None:
            owned.append((rel, mine, "zh" if zh else "en"))
    return tuple(owned), tuple(_named_in(text))


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
    short = _simplified(called)
    for full in others:
        if full != speaker and full != called and short in _simplified(full):
            return full, called
    return None


@functools.lru_cache(maxsize=256)
def _simplified(name: str) -> str:
    """A name in Simplified characters (cached: the same few participants are called on every message)."""
    from ...text import to_simplified

    return to_simplified(name)
