"""Who a clause is about: the speaker ("I", "my", "我"), the one spoken to ("you", "你"), a third person named
by role ("my older brother", "孩子他爸") or by name ("Sam", "小王"), or the subject of the clause before when
it was dropped ("现在在成都，住高新区"). Each language's folder reads its subjects; this module holds the
people of a message and what the languages share.

A third person is an entity of their own, linked to the speaker by the role's predicate (``family``,
``knows``, ``partner``, ``has_child``). An unnamed relative is named after the speaker and the
role ("Alice's sister", "王婷的姐姐"), which a named mention of the same role declares as an alias, so a later
"my sister" finds the same person.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Final

from ..._claims import Mentioned, role_name
from ..._vocabulary import FEMALE_ROLES, MALE_ROLES, Relation, single_valued, words

__all__ = ["NOT_NAMES", "UNKNOWN", "Subject", "Who", "owned", "person", "recent_third", "relative", "vocative"]

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


#: Capitalised words that open a sentence without naming anyone.
NOT_NAMES: Final = frozenset(
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


def person(name: str, *, typ: str = "person") -> Mentioned:
    return Mentioned(name, typ)


def relative(name: str, owner: str, rel: Relation) -> Mentioned:
    """A relative, by name ("Tom") or by role only ("Alice's husband"); for a relation one has one of at a
    time (``partner``), resolution meets whoever holds it when said (:attr:`Mentioned.occupies`)."""
    return Mentioned(name, "person", occupies=(owner, rel.predicate) if single_valued(rel.predicate) else None)


def owned(owner: str, word: str, relations: dict[str, Relation], end: int, lang: str) -> Subject | None:
    """Someone else's relative ("Mel's sister", "小王的老婆"): their own entity, linked to the owner."""
    rel = relations.get(word)
    if rel is None or owner in NOT_NAMES:
        return None
    name = role_name(owner, rel.role, lang)
    return Subject(relative(name, owner, rel), end, rel, None, person(owner))


#: What one language finds in a message before this one: the relatives it names by role with a possessive
#: (where, which relation, whether "my"/"我" owns it) and the people it names as the subject of a verb.
Owned = Callable[[str], list[tuple[int, Relation, bool]]]
Named = Callable[[str], list[tuple[str, str | None]]]


def recent_third(texts: list[tuple[str, bool]], who: Who, readers: Sequence[tuple[str, Owned, Named]]) -> None:
    """Seed ``who`` with the third persons of the messages before (``texts`` newest first, each with whether
    this speaker said it), read by each language's ``(code, owned, named)``: relatives ("your brother" said to
    the speaker and "my brother" said by them are the speaker's brother) and people named as the subject of a
    verb ("Did you hear Marco quit…")."""
    for text, own in reversed(texts):
        found, named = _third_in(text, tuple(readers))
        for rel, mine, lang in found:
            if mine == own:
                who.add_third(relative(who.role_name(rel.role, lang), who.speaker.name, rel), rel.role)
        for name, role in named:
            who.add_third(Mentioned(name, "person"), role)


@functools.lru_cache(maxsize=64)
def _third_in(
    text: str, readers: tuple[tuple[str, Owned, Named], ...]
) -> tuple[tuple[tuple[Relation, bool, str], ...], tuple[tuple[str, str | None], ...]]:
    """The relatives a text names by role (each with whether "my"/"我" owns it, and the language of the word),
    in the order they are said, and the people it names as the subject of a verb. Cached: each message is the
    context of the next few."""
    found = [(at, rel, mine, code) for code, owned_in, _ in readers for at, rel, mine in owned_in(text)]
    ordered = tuple((rel, mine, code) for _, rel, mine, code in sorted(found, key=lambda f: f[0]))
    return ordered, tuple(n for _, _, named_in in readers for n in named_in(text))


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
