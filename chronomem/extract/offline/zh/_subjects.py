"""Who a Chinese clause is about: "我", "我姐姐", "小王的老婆", "他", "你", a name before a verb ("小王在…"),
or a name jieba tags as one; and the relatives a message before this one names."""

from __future__ import annotations

import re
from typing import Final

from ...._vocabulary import ZH_RELATION_WORDS, ZH_RELATIONS, Relation
from .._pronouns import UNKNOWN, Subject, Who, owned, person, relative

__all__ = ["named_in", "owned_in", "relatives_in", "subject_of"]

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


def relatives_in(sentence: str, who: Who) -> list[Subject]:
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
    mention = relative(name or role_name, who.speaker.name, rel)
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


def subject_of(clause: str, who: Who) -> Subject | None:
    """The subject at the start of a Chinese clause, or ``None`` when it was dropped."""
    m = _ZH_SUBJECT.match(clause)
    if m is None:  # a name the patterns do not know ("老王下个月…", "王哥喜欢…"): jieba's person tag
        at = _ZH_LEAD_RE.match(clause)
        start = 0 if at is None else at.end()
        name = _jieba_name(clause, start)
        return None if name is None else Subject(person(name), start + len(name))
    if m.group("rel"):
        rel = _ZH_RELATIVE.search(clause, m.start("rel"))
        return None if rel is None else _zh_relative(clause, rel, who)
    if m.group("i"):
        return Subject(who.speaker, m.end("i"))
    if m.group("poss"):
        return owned(m.group("poss"), m.group("prel"), ZH_RELATIONS, m.end(), "zh")
    if m.group("pron"):
        return Subject(who.third(m.group("pron")), m.end("pron"))
    if m.group("you"):
        return Subject(who.addressee if who.addressee.name != "you" else UNKNOWN, m.end("you"))
    return Subject(person(m.group("named")), m.end("named"))


_ZH_OWNED: Final = re.compile(rf"(?P<owner>我|你|您)(?:的)?(?:家)?(?P<rel>{ZH_RELATION_WORDS})")


def owned_in(text: str) -> list[tuple[int, Relation, bool]]:
    """The relatives ``text`` names by role after "我", "你" or "您" (where, which relation, whether "我")."""
    found: list[tuple[int, Relation, bool]] = []
    for m in _ZH_OWNED.finditer(text):
        rel = ZH_RELATIONS.get(m.group("rel"))
        if rel is not None:
            found.append((m.start(), rel, m.group("owner") == "我"))
    return found


def named_in(text: str) -> list[tuple[str, str | None]]:
    """No one: a Chinese message before this one seeds the third persons by their role words only."""
    return []
