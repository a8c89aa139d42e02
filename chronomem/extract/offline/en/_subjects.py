"""Who an English clause is about: "I", "my older brother", "Mel's sister", "he", "you", or a name before
a verb ("Sam moved…"); and the relatives and people a message before this one names."""

from __future__ import annotations

import re
from typing import Final

from ...._claims import Mentioned, role_name
from ...._vocabulary import EN_RELATION_WORDS, EN_RELATIONS, Relation
from .._pronouns import NOT_NAMES, UNKNOWN, Subject, Who, owned, person, relative

__all__ = ["agreeing_subject", "named_in", "owned_in", "relatives_in", "subject_of"]

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
    _EN_LEAD + r"(?:(?P<i>I|we|We|(?i:my|our)\s+\w+\s+and\s+I|\w+\s+and\s+I|"
    r"(?i:me)\s+and\s+(?:(?i:my|our)\s+\w+(?:\s+[A-Z][a-z]+)?|[A-Z][a-z]+))(?=[\s'’]|$)|"
    + rf"(?P<my>(?i:my|our)\s+(?i:ex-?\s?)?{_EN_ADJ}(?i:{EN_RELATION_WORDS})"
    rf"(?:s|es)?\b{_EN_NAME_AFTER})|(?P<poss>[A-Z][a-z]+)(?:'s|’s)\s+{_EN_ADJ}(?P<prel>(?i:{EN_RELATION_WORDS}))\b|"
    r"(?P<pron>[Hh]e|[Ss]he)(?=[\s'’]|$)|(?P<you>[Yy]ou)(?=[\s'’]|$)|(?P<they>[Tt]hey)(?=[\s'’]|$)|"
    r"(?P<named>[A-Z][a-z]+(?:\s+[A-Z][a-z]+)?)(?=(?:'s|’s)\s+(?:at|in|with|from|a|an|the|still|now|back|got)\b|"
    r"(?:'s|’s)?\s+(?:is|was|has|had|just|recently|moved|lives|works|"
    r"got|started|joined|left|quit|loves|likes|hates|now|also|still|finally|says|said|told|thinks|thought|"
    r"believes|believed|reckons|heard|mentioned|claims|claimed|assumes|assumed|supposes|figures|guesses|swears|"
    r"lived|worked|"
    r"speaks|became|went|bought|adopted|married)\b))"
)
_EN_THEIRS: Final = re.compile(rf"\b(?i:his|her)\s+{_EN_ADJ}(?P<rel>(?i:{EN_RELATION_WORDS}))\b{_EN_NAME_AFTER}")


def relatives_in(sentence: str, who: Who) -> list[Subject]:
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
    return [first] + [Subject(person(n), m.end(), first.relation, None) for n in names if n not in NOT_NAMES]


def _their_relative(m: re.Match[str], owner: Mentioned) -> Subject | None:
    rel = EN_RELATIONS.get(m.group("rel").lower())
    if rel is None:
        return None
    role = role_name(owner.name, rel.role, "en")
    name = m.group("name")
    if name and name.split()[0] in NOT_NAMES:
        name = None
    mention = relative(name or role, owner.name, rel)
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
    if name and name.split()[0] in NOT_NAMES:
        name = None
    mention = relative(name or role_name, who.speaker.name, rel)
    return Subject(mention, m.end(), rel, role_name if name else None)


def subject_of(clause: str, who: Who) -> Subject | None:
    """The subject at the start of an English clause, or ``None`` when it was dropped."""
    m = _EN_SUBJECT.match(clause)
    if m is None:
        return agreeing_subject(clause, who)
    if m.group("i"):
        return Subject(who.speaker, m.end("i"))
    if m.group("my"):
        rel = _EN_RELATIVE.match(clause, m.start("my"))
        if rel is not None:
            return _en_relative(rel, who)
        return None
    if m.group("poss"):
        return owned(m.group("poss"), m.group("prel").lower(), EN_RELATIONS, m.end(), "en")
    if m.group("pron"):
        return Subject(who.third(m.group("pron")), m.end("pron"))
    if m.group("you"):
        return Subject(who.addressee if who.addressee.name != "you" else UNKNOWN, m.end("you"))
    if m.group("they"):  # several others ("They love the dinosaur exhibit"): never the speaker's own
        return Subject(UNKNOWN, m.end("they"))
    named = m.group("named")
    if named is None or named.split()[0] in NOT_NAMES:
        return None
    return Subject(person(named), m.end("named"))


#: A verb agreeing with "he", "she" or a name at the start of a clause whose subject was dropped: English drops
#: "I" only before a form that agrees with it ("Moved to Leeds", "Love it"), so "lives in Paris" after a name
#: cut off by stray punctuation ("my friend Rob'); lives in Paris", "Ann -- works at Acme now") is about the
#: last person named, never the speaker.
_EN_THIRD_VERB: Final = re.compile(
    r"[^\w\s]*\s*"
    + _EN_LEAD[1:]
    + r"(?:(?i:still|now|also|just|currently|actually)\s+)?(?P<verb>(?i:is|has|does|lives|works|teaches|studies|"
    r"loves|likes|hates|speaks|owns|plays|goes|wants|needs|runs|manages|leads|stays|drives|writes|sings|"
    r"moves|comes|gets|keeps|practices|practises|volunteers|attends|belongs))\b(?!\s*[?])"
)


def agreeing_subject(clause: str, who: Who) -> Subject | None:
    """The subject a clause without one has by its verb's agreement: the last third person named when the verb
    agrees with "he" or "she" (see :data:`_EN_THIRD_VERB`), else ``None`` (the speaker, as dropped)."""
    m = _EN_THIRD_VERB.match(clause)
    if m is None:
        return None
    return Subject(who.last_third or UNKNOWN, m.start("verb"))


_EN_OWNED: Final = re.compile(rf"\b(?P<owner>(?i:my|your))\s+{_EN_ADJ}(?P<rel>(?i:{EN_RELATION_WORDS}))(?:s|es)?\b")


_EN_NAMED_ANYWHERE: Final = re.compile(
    r"\b(?P<name>[A-Z][a-z]+)(?=(?:'s|’s)?\s+(?:is|was|has|had|just|recently|moved|lives|works|got|started|joined|left|"
    r"quit|loves|likes|hates|now|also|still|finally|lived|worked|speaks|became|went|bought|adopted|married)\b)"
)


#: The role word just before a name ("his wife Elena"), looked for in the :data:`_ROLE_REACH` characters before
#: it (searching all the text before every name took quadratic time).
_ROLE_BEFORE: Final = re.compile(rf"(?i:{EN_RELATION_WORDS})\s*,?\s*$")
_ROLE_REACH: Final = 40


def named_in(text: str) -> list[tuple[str, str | None]]:
    """People named as the subject of a verb in ``text``, with the role word just before them if any
    ("his wife Elena is …": Elena, wife)."""
    found: list[tuple[str, str | None]] = []
    for m in _EN_NAMED_ANYWHERE.finditer(text):
        name = m.group("name")
        if name in NOT_NAMES:
            continue
        role = _ROLE_BEFORE.search(text, max(0, m.start() - _ROLE_REACH), m.start())
        found.append((name, role.group(0).strip(" ,").lower() if role else None))
    return found


def owned_in(text: str) -> list[tuple[int, Relation, bool]]:
    """The relatives ``text`` names by role after "my" or "your" (where, which relation, whether "my")."""
    found: list[tuple[int, Relation, bool]] = []
    for m in _EN_OWNED.finditer(text):
        rel = EN_RELATIONS.get(m.group("rel").lower())
        if rel is not None:
            found.append((m.start(), rel, m.group("owner").lower() == "my"))
    return found
