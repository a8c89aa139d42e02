"""English clause patterns of the offline extractor, one named rule per way of saying a predicate's fact.

Patterns run over one clause after its subject ("I", "my sister", "Sam"), so "moved to Paris" is found in "I
moved to Paris", "my sister moved to Paris" and a clause whose subject was dropped ("Moved to Paris last
month"). Names are capitalised runs ("New York", "St Mary's", "Harcourt & Lane") or Chinese text ("上海");
activities and things are short lower-case phrases up to the clause's end. Verbs are matched
case-insensitively, names by their capitals.
"""

from __future__ import annotations

import re
from typing import Final

from ...._vocabulary import EN_DIETS, EN_LANGUAGES, EN_PETS, EN_TITLE_HEADS, words
from ....text._stopwords import EN_QUERY_STOPWORDS
from .._rules import BARE, DECISIVE, LOOSE, USUAL, WEAK, Change, Rules

__all__ = ["EN_ALIASES", "EN_ALIAS_WORDS", "EN_RULES", "NAME"]

_CAP = r"(?:[A-Z][\w'’&\-]*(?:\.(?=\s[A-Z]))?|[\u4e00-\u9fff]+)"
_CONN = r"(?:of|de|du|des|la|le|von|van|der|den|the|and|&|upon|am|y|da|do|di|del|al|el)"
#: A proper name: capitalised words joined by spaces and the small words inside names.
NAME: Final = rf"(?:(?i:the)\s+)?{_CAP}(?:\s(?:{_CONN}\s)*{_CAP})*"
_ADV = (
    r"(?:(?i:just|recently|finally|now|still|currently|also|already|actually|officially|back|eventually|"
    r"originally|then|even|really|happily|basically|technically|both|all)\s+)*"
)
_END = r"(?=\s*(?:$|[,.;!?)]|\s(?i:now|for now|since|these days|at the moment|currently|anymore|but|and|because|"
_END += r"last|next|this|in\s+\d|from|until|till|on|starting|as of|though|for|since|after|before)\b))"
#: After "I'm in X": only the end or words that say it is where one lives ("for a conference" says it is not).
_SETTLED = (
    r"(?=\s*(?:$|[,.;!?])|\s+(?i:now|these days|for now|at the moment|currently|full[- ]time|permanently|"
    r"for good|until|till)\b)"
)
_PHRASE = r"[^,.;!?()]{2,48}?"
#: A list: a phrase and further items of up to three words ("peanuts, sesame and kiwi"), not a new clause
#: ("cats, so no pets for us").
_ITEM = (
    r"(?!(?i:so|but|because|which|who|that|though|although|then|lol|haha|since|if|when)\b)[\w'-]+(?:\s+[\w'-]+){0,2}?"
)
_LIST = rf"{_PHRASE}(?:,\s+(?:and\s+|or\s+)?{_ITEM})*"
_PHRASE_END = (
    r"(?=\s*(?:$|[,.;!?()]|\s(?i:but|because|since|so|when|these days|lately|now|anymore|a lot|too|very much|"
    r"so much|though|and I|and my|as well|after all|any more|at all|either)\b|\s[-–—]\s))"
)


def _alt(words: object) -> str:
    return "|".join(sorted((re.escape(str(w)) for w in words), key=len, reverse=True))  # type: ignore[attr-defined]


#: "a startup called Tidewater": the name after a common noun.
_CALLED = r"(?:(?i:a|an|the|this)\s+(?:[\w-]+\s+){0,3}?(?i:called|named)\s+)?"
_TITLE = rf"(?:[A-Za-z]+(?:\s+|-)){{0,3}}?(?i:{_alt(EN_TITLE_HEADS)})s?\b"
#: What every "<title> at <name>" holds: the preposition between blanks, then a name (trying the titles at every
#: position of every clause with "at" in it took 80% of the English rules' time on LoCoMo).
_TITLE_AT = r"\s(?i:at|with|for)\s+(?:(?i:the)\s+)?[A-Z\u4e00-\u9fff]"
#: A language: a known name, or any capitalised word where only a language can stand ("I speak Malayalam").
_LANG = rf"(?:{_alt(EN_LANGUAGES)}|[A-Z][a-z]{{2,}}(?<!Some)(?<!Little))"
_PETS = rf"(?i:{_alt(EN_PETS)})"
_PRONOUNS = frozenset(
    words(
        "it that this you your them him her his their me us there here one some any anything everything think say "
        "believe imagine know see hear hope guess mention point keep how what when where why who which the way"
    )
)
_NOT_FIRST = frozenset(words("and or but nor with without in on at as than to so because is are was were"))
#: Words that make a phrase a clause: forms of "be", "have" and the modal verbs.
_CLAUSE_WORDS = frozenset(
    words(
        "is are was were am be been 're 've 'll 'd ’re ’ve ’ll ’d has have had can could will would shall should "
        "may might must it's it’s that's that’s they're they’re we're we’re i'm i’m he's he’s she's she’s "
        "there's there’s"
    )
)
_CONTRACTED = ("'ll", "’ll", "'re", "’re", "'ve", "’ve", "'d", "’d", "'m", "’m")
#: Words that name no thing or activity by themselves ("love it, amazing", "love to, personally").
_NOT_THINGS = frozenset(
    words("amazing awesome great everywhere even personally usually enough always never every day no matter")
)
_SECOND_PERSON = frozenset(words("you your yours yourself yourselves you're you’re you've you’ve ya"))
_TRAIL = re.compile(r"\s+(?:a lot|so much|very much|too|now|lately|these days|as well|anymore|any more)$", re.I)


def _name(text: str) -> str | None:
    """A name as matched, without a trailing full stop or a leading "the" kept by the pattern."""
    text = text.strip().rstrip(".")
    return text or None


def _phrase(text: str) -> str | None:
    """An activity or thing ("hiking", "spicy food"): trims "to", the "for"/"of" of a noun ("my love for
    dance") and trailing adverbs; refuses a pronoun first, a clause (a word such as "is" or "can": "the bones
    were so cool"), what belongs to the one spoken to ("your kids"), a phrase a conjunction or preposition
    begins (the noun "love" in "love and acceptance"), and one of function words or adverbs only ("to",
    "every day")."""
    text = _TRAIL.sub("", text.strip())
    text = re.sub(r"^(?:to|doing|going|for|of)\s+", "", text, flags=re.I)
    said = [w.lower() for w in text.split()]
    if not said or said[0] in _PRONOUNS or said[0] in _NOT_FIRST or len(said) > 8:
        return None
    if any(w in _CLAUSE_WORDS or w in _SECOND_PERSON or w.endswith(_CONTRACTED) for w in said):
        return None
    if all(w in EN_QUERY_STOPWORDS or w in _NOT_THINGS for w in said):
        return None
    return text


def _thing(text: str) -> str | None:
    """Something owned: refuses what one "gets" without owning it (a job, a call, a chance)."""
    kept = _phrase(text)
    if kept is None or re.search(r"\b(?:job|offer|call|chance|idea|promotion|feeling|cold|flu|break)\b", kept):
        return None
    return kept


EN_RULES: Final = Rules("en", word_start=True)
_r = EN_RULES.rule

# lives_in ----------------------------------------------------------------------------------------------
_r("lives_in.live", "lives_in", rf"(?i:live|lives|living|reside|resides|residing|based|settled)\s+{_ADV}"
   rf"(?i:in|at|over in|out in|down in|up in)\s+(?P<obj>{NAME})", "liv resid based settled", USUAL,
   check=_name)  # fmt: skip
_r("lives_in.have_lived", "lives_in", rf"(?i:have|'ve|’ve|has|'s)\s+{_ADV}(?i:lived|been living|been based|"
   rf"been)\s+(?i:in)\s+(?P<obj>{NAME})", "lived been", DECISIVE + 5, check=_name)  # fmt: skip
_r("lives_in.lived", "lives_in", rf"(?i:lived)\s+{_ADV}(?i:in)\s+(?P<obj>{NAME})", "lived", USUAL - 5,
   change=Change.PAST, check=_name)  # fmt: skip
_r("lives_in.move", "lives_in", rf"(?i:moved|move|moving|moves|relocated|relocating|relocate|relocates)\s+{_ADV}"
   rf"(?i:(?:back|over|out|down|up|away)\s+)?(?i:to|into)\s+(?P<obj>{NAME})", "mov reloc", DECISIVE,
   change=Change.START, check=_name)  # fmt: skip
_r("lives_in.moved_from", "lives_in", rf"(?i:moved|relocated|came over|came)\s+{_ADV}(?i:from)\s+(?P<obj>{NAME})"
   r"(?=\s+(?i:to|over to|back to)\s)", "from", DECISIVE - 1, change=Change.UNTIL, check=_name)  # fmt: skip
_r("lives_in.moved_to", "lives_in", rf"(?i:moved|relocated|moving|relocating)\s+{_ADV}(?i:from)\s+{NAME}\s+"
   rf"(?i:to|over to|back to)\s+(?P<obj>{NAME})", "from", DECISIVE + 1, change=Change.START, check=_name)  # fmt: skip
_r("lives_in.where_i_live", "lives_in", rf"(?P<obj>{NAME})(?:\s+(?i:is where (?:I|we) live|"
   r"is where (?:I'm|we're) based|is (?:now )?(?:my )?home)|(?:'s|’s)\s+(?:(?i:my)\s+)?(?i:home))",
   "where home", DECISIVE - 2, check=_name)  # fmt: skip
_r("lives_in.where_lives", "lives_in", rf"(?i:in|from|to)\s+(?P<obj>{NAME}),?\s+(?i:where)\s+(?i:he|she|they|I|we)\s+"
   r"(?i:lives?|live now|is based|are based)", "where", DECISIVE - 2, check=_name)  # fmt: skip
_r("lives_in.staying", "lives_in", rf"(?i:staying put|staying|stay put)\s+(?i:in)\s+(?:(?i:my|our)\s+(?:[\w-]+\s+)?"
   rf"(?i:flat|apartment|place|house|home|condo)\s+(?i:in)\s+)?(?P<obj>{NAME}){_SETTLED}", "staying stay", WEAK + 1,
   check=_name)  # fmt: skip
_r("lives_in.my_home_in", "lives_in", rf"(?i:my|our)\s+(?:own\s+)?(?:[\w-]+\s+)?"
   r"(?i:flat|apartment|place|house|home|condo)"
   rf"\s+(?i:in)\s+(?P<obj>{NAME})", "flat apartment place house home condo", WEAK - 1, check=_name)  # fmt: skip
_r("lives_in.home", "lives_in", rf"(?i:keys to|moved into|bought|renting|rented|got|found|signed a lease on|closed on|"
   r"moving into|move into)\s+"
   r"(?i:(?:a|an|my|our|the)\s+(?:[\w-]+\s+){0,2}?(?:flat|apartment|place|house|home|condo|studio|room|loft))\s+"
   rf"(?i:in)\s+(?P<obj>{NAME})", "flat apartment place house home condo studio room loft", DECISIVE + 1,
   change=Change.START, check=_name)  # fmt: skip
_r("lives_in.am_in", "lives_in", rf"(?i:'m|am|’m)\s+{_ADV}(?i:in)\s+(?P<obj>{NAME}){_SETTLED}", "'m am ’m", LOOSE,
   check=_name)  # fmt: skip
_r("lives_in.is_in", "lives_in", rf"(?i:'s|’s|is)\s+{_ADV}(?i:in)\s+(?P<obj>{NAME}){_SETTLED}", "'s ’s is", LOOSE - 1,
   check=_name, third_only=True)  # fmt: skip
_r("lives_in.back_in", "lives_in", rf"^(?i:(?:back|now|still|currently|finally|living|based)\s+)+(?i:in)\s+"
   rf"(?P<obj>{NAME}){_SETTLED}", "back now still currently finally living based", LOOSE + 1, check=_name)  # fmt: skip
_r("lives_in.home_is", "lives_in", rf"(?i:home is|home's|home now is)\s+{_ADV}(?i:in\s+)?(?P<obj>{NAME})", "home", WEAK,
   check=_name)  # fmt: skip

# from --------------------------------------------------------------------------------------------------
_r("from.from", "from", rf"(?i:'m|am|’m|is|'s|are|was|come|comes|came)\s+{_ADV}(?i:from)\s+(?P<obj>{NAME})",
   "from", USUAL, check=_name)  # fmt: skip
_r("from.grew_up", "from", rf"(?i:grew up|born and raised|was born|raised|hometown is|home town is)\s+{_ADV}"
   rf"(?i:in\s+)?(?P<obj>{NAME})", "grew born raised hometown home", USUAL + 2, check=_name)  # fmt: skip

# works_at ----------------------------------------------------------------------------------------------
_r("works_at.work", "works_at", rf"(?i:work|works|working)\s+{_ADV}(?i:at|for|with)\s+{_CALLED}(?P<obj>{NAME})", "work",
   50, check=_name)  # fmt: skip
_r("works_at.have_worked", "works_at", rf"(?i:have|'ve|’ve|has|'s)\s+{_ADV}(?i:worked|been working|been)\s+"
   rf"(?i:at|for|with)\s+(?P<obj>{NAME})", "worked been", DECISIVE + 5, check=_name)  # fmt: skip
_r("works_at.worked", "works_at", rf"(?i:worked)\s+{_ADV}(?i:at|for|with)\s+(?P<obj>{NAME})", "worked", USUAL - 5,
   change=Change.PAST, check=_name)  # fmt: skip
_r("works_at.join", "works_at", rf"(?i:joined|join|joining|joins|hired by|hired at|employed by|employed at|"
   rf"signed with)\s+{_ADV}(?:(?i:a|an|the)\s+(?:[\w-]+\s+){{0,3}}?(?i:called|named)\s+)?(?P<obj>{NAME})",
   "join hired employed signed", DECISIVE, change=Change.START, check=_name)  # fmt: skip
_r("works_at.start", "works_at", rf"(?i:start|starting|started|starts|begin|beginning|began)\s+{_ADV}"
   rf"(?i:(?:a\s+)?(?:new\s+)?(?:job|work|working|position|role)\s+)?(?i:at|with)\s+(?P<obj>{NAME})",
   "start began begin", DECISIVE + 1, change=Change.START, check=_name)  # fmt: skip
_r("works_at.got_job", "works_at", r"(?i:got|landed|took|accepted|start|started|starting|signed)\s+(?i:(?:a|an|the|my)"
   r"\s+)?(?:[\w-]+\s+){0,2}?(?i:job|position|role|gig|offer|contract)\s+(?i:at|with|from)\s+"
   rf"(?P<obj>{NAME})", "job position role gig offer contract", DECISIVE + 2, change=Change.START,
   check=_name)  # fmt: skip
_r("works_at.am_at", "works_at", rf"(?i:'m|am|’m|is|'s)\s+{_ADV}(?i:at|with)\s+(?P<obj>{NAME}){_END}",
   "'m am ’m is 's", WEAK - 5, check=_name)  # fmt: skip
_r("works_at.title_at", "works_at", rf"{_TITLE}\s+(?i:at|with|for)\s+(?P<obj>{NAME})", "at with for", USUAL - 5,
   check=_name, needs=_TITLE_AT)  # fmt: skip
_r("works_at.quit", "works_at", r"(?i:quit|resigned|retired|got laid off|was laid off|been laid off|got let go|"
   r"was let go|got fired|was fired|handed in my notice|stopped working|left my job|left the company|"
   r"left my position|left my role|quit my job|quit work)"
   rf"(?:\s+(?i:my\s+job\s+)?(?i:at|from|with|for)\s+(?P<obj>{NAME})|(?=\s*(?:$|[,.!;]|\s+(?i:today|yesterday|"
   r"last|recently|this|in|on|a|two|three|and|but|so|because|after|at|from|with|for|as)\b)))",
   "quit resign retir laid let fired notice stopped left", DECISIVE + 3, change=Change.END, check=_name)  # fmt: skip
_r("works_at.left", "works_at", r"(?i:left|quit)(?=\s+(?:in\s+(?:\d{4}|[A-Z]\w+)|on\s+[A-Z]\w+|"
   r"last\s+(?:week|month|year|\w+day)|this\s+(?:week|month|year)|yesterday|(?:a|an|one|two|three|four|five|six|\d+)\s+(?:days?|weeks?|months?|"
   r"years?)\s+ago)\b)", "left quit", WEAK, change=Change.END)  # fmt: skip
_r("works_at.last_day", "works_at", rf"(?i:last day)(?:\s+(?i:at)\s+(?P<obj>{NAME}))?", "last day", DECISIVE + 4,
   change=Change.LAST_DAY, check=_name)  # fmt: skip

_r("works_at.been_at", "works_at", rf"(?i:been|still|now|currently|not|no longer)\s+{_ADV}(?i:at|with)\s+"
   rf"(?P<obj>{NAME}){_END}", "been still now currently not longer", LOOSE + 4, check=_name)  # fmt: skip

# job_title ---------------------------------------------------------------------------------------------
_r("job_title.am", "job_title", rf"(?i:'m|am|’m|\bim|is|'s|became|become|becoming|work as|working as|works as|job is|"
   rf"promoted to|hired as|started as|start as|starting as|now)\s+{_ADV}(?i:(?:a|an|the|our|their)\s+)?"
   rf"(?P<obj>{_TITLE})", "'m am ’m im is 's bec as job promoted now", USUAL)  # fmt: skip
_r("job_title.apposition", "job_title", rf"(?i:'m|am|’m)\s+[A-Z][\w-]*(?:\s+[A-Z][\w-]*)?,\s+(?i:a|an|the)\s+"
   rf"(?P<obj>{_TITLE})", "'m am ’m", USUAL - 1)  # fmt: skip
_r("job_title.was", "job_title", rf"(?i:was|worked as|used to be)\s+{_ADV}(?i:(?:a|an|the)\s+)?(?P<obj>{_TITLE})",
   "was worked used", USUAL - 2, change=Change.PAST)  # fmt: skip

#: What one teaches names the title ("she teaches physics": a physics teacher), not whom or where ("teaches kids",
#: "teaches at Lincoln High").
_NOT_TAUGHT = frozenset(
    words("me you him her us them it kids children students people class classes lessons at in for how what there")
)


def _teacher(text: str) -> str | None:
    said = text.strip()
    return None if not said or said.split()[0].lower() in _NOT_TAUGHT else f"{said} teacher"


_r("job_title.teaches", "job_title", rf"(?i:teach|teaches|teaching)\s+{_ADV}(?P<obj>[a-z]+(?:\s+[a-z]+)?)"
   r"(?=\s*(?:$|[,.;!?]|\s(?i:at|in|to|for|now|these days|but|and)\b))", "teach", USUAL - 3,
   check=_teacher, example="she teaches chemistry at a high school")  # fmt: skip

# studies_at --------------------------------------------------------------------------------------------
_r("studies_at.study", "studies_at", r"(?i:study|studies|studying|enrolled|student|phd|ph\.d\.|masters?|master's|"
   r"degree|mba|undergrad|freshman|sophomore|grad school|postdoc)\b[^,.;!?]{0,30}?\s(?i:at|in)\s+"
   rf"(?P<obj>{NAME})", "stud enrol phd ph.d master degree mba undergrad freshman sophomore grad postdoc", USUAL + 2,
   check=_name)  # fmt: skip
_r("studies_at.left", "studies_at", rf"(?i:dropped out of|graduated from|graduated|finished (?:my )?(?:degree|studies|"
   rf"phd|masters?) at)(?:\s+(?P<obj>{NAME}))?", "dropped graduated finished", DECISIVE - 1, change=Change.END,
   check=_name)  # fmt: skip
_r("studies_at.got_into", "studies_at", rf"(?i:got into|accepted (?:to|at|into)|admitted to)\s+(?P<obj>{NAME})",
   "got accepted admitted", USUAL, change=Change.START, check=_name)  # fmt: skip

# works_on, phone, email, birthday -------------------------------------------------------------------------
_r("works_on.project", "works_on", r"(?i:working on|work on|works on|leading|lead|in charge of|responsible for|"
   r"running|assigned to|on)\s+(?P<obj>(?i:the\s+)?(?:[A-Z][\w-]*\s+){1,3}(?i:project|initiative|program)|"
   r"(?i:project)\s+[A-Z][\w-]*)", "project initiative program", USUAL)  # fmt: skip
_r("phone.number", "phone", r"(?i:number|phone|cell|mobile|tel|whatsapp|reach me|call me|text me)\D{0,25}?"
   r"(?P<obj>\+?\(?\d[\d\s().-]{5,}\d)", "number phone cell mobile tel whatsapp reach call text", USUAL)  # fmt: skip
_r("email.address", "email", r"(?P<obj>[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+)", "@", USUAL)
_r("birthday.is", "birthday", r"(?i:birthday\s*(?:is|'s|was|falls on|:)|b-?day\s*(?:is|'s|:)|born on)\s*(?i:on\s+)?"
   r"(?P<obj>[^,.!?;]{3,30})", "birthday b-day bday born", USUAL)  # fmt: skip

# partner, has_child, has_pet, family -------------------------------------------------------------------------
_r("partner.married", "partner", rf"(?i:married to|married|engaged to|dating|going out with|seeing|tied the knot "
   rf"with)\s+(?P<obj>{NAME})", "married engaged dating going seeing knot", USUAL, change=Change.START,
   check=_name)  # fmt: skip
_r("partner.split", "partner", rf"(?i:broke up|split up|separated|divorced|got divorced)(?:\s+(?i:with|from)\s+"
   rf"(?P<obj>{NAME}))?", "broke split separated divorced", USUAL + 2, change=Change.END, check=_name)  # fmt: skip
_r("has_child.have", "has_child", r"(?i:have|has|had|got)\s+(?i:a|an|one|two|three|\d)\s+(?i:(?:little|baby|"
   r"newborn|young|teenage|grown|adult)\s+)?(?P<role>(?i:son|daughter|kid|child|boy|girl))s?(?:\s*,?\s*"
   rf"(?i:named|called)\s+(?P<obj>{NAME}))?", "son daughter kid child boy girl", USUAL, check=_name)  # fmt: skip
#: Names said beside what they name, after a comma or a colon ("two dogs, Taco and Pancho", "three cats: Luna, Milo
#: and Pip"): a list of capitalised names that ends the clause (", Sam has a cat" is a new clause, not a name).
_NAMES_BESIDE = (
    r"\s*[,:]\s*(?=[A-Z][a-z]+(?:\s*,\s*[A-Z][a-z]+)*(?:\s*,?\s+(?:and|&)\s+[A-Z][a-z]+)?\s*(?:[^\w\s,]|$|,\s+[a-z]))"
)
_r("has_pet.have", "has_pet", r"(?i:have|has|had|got|get|adopted|adopt|own|rescued|bought|brought home|"
   r"getting)\s+(?i:a|an|one|two|three|four|five|\d|my|our|the|another)\s+(?:[\w-]+\s+){0,2}?"
   rf"(?P<role>{_PETS})s?\b(?:(?:\s*,?\s*(?i:named|called|whose names? (?:is|are))\s+|{_NAMES_BESIDE})"
   rf"(?P<obj>{NAME}(?:\s*,\s*{NAME})*))?", " ".join(EN_PETS), USUAL + 2, check=_name,
   example="we have two dogs, Taco and Pancho")  # fmt: skip
_r("has_pet.named", "has_pet", rf"(?i:my|our)\s+(?:[\w-]+\s+)?(?P<role>{_PETS})(?:'s name is|\s+is called|"
   rf"\s+is named|,)?\s+(?P<obj>{NAME})\b", " ".join(EN_PETS), USUAL - 2, check=_name)  # fmt: skip
_r("has_pet.died", "has_pet", rf"(?i:my|our)\s+(?:[\w-]+\s+)?(?P<role>{_PETS})(?:\s*,?\s*(?P<obj>[A-Z][a-z]+),?)?"
   r"\s+(?i:died|passed away|passed|was put down|ran away|got lost|is gone|didn't make it)",
   " ".join(EN_PETS), DECISIVE + 5, change=Change.END, check=_name)  # fmt: skip
_r("has_pet.ours", "has_pet", rf"(?i:my|our)\s+(?:(?i:two|three|four|five|\d|little|old|new|sweet|rescue)\s+)?"
   rf"(?P<role>{_PETS})s?(?:{_NAMES_BESIDE}|\s+(?=[A-Z][a-z]))(?P<obj>{NAME}(?:\s*,\s*{NAME})*)",
   " ".join(EN_PETS), LOOSE, check=_name, example="me, my wife and our two dogs, Taco and Pancho")  # fmt: skip
_r("has_pet.kind_after", "has_pet", rf"(?P<obj>[A-Z][a-z]+)\s*[(,]\s*(?i:our|my)\s+(?:[\w-]+\s+)?(?P<role>{_PETS})\b"
   r"\s*\)?", " ".join(EN_PETS), USUAL, check=_name, example="Biscuit (our dog) keeps looking for her")  # fmt: skip
_r("has_pet.put_down", "has_pet", r"(?i:had to put|put|have to put|having to put)\s+(?P<obj>[A-Z][a-z]+)\s+"
   r"(?i:down|to sleep)\b(?!\s+(?i:for|with|at)\b)", "put", DECISIVE + 5, change=Change.END, check=_name,
   example="we had to put Mochi down this morning")  # fmt: skip
_r("has_pet.lost", "has_pet", rf"(?i:lost|had to put down|put down|rehomed|gave away)\s+(?i:my|our)\s+"
   rf"(?:[\w-]+\s+)?(?P<role>{_PETS})(?:\s*,?\s*(?P<obj>[A-Z][a-z]+))?", "lost put rehomed gave", DECISIVE + 5,
   change=Change.END, check=_name)  # fmt: skip

# likes, dislikes, allergic_to, diet, speaks, owns, goal -------------------------------------------------------
# "love" but not "I'd love to …" (a wish: goal); "like" only as a verb after its subject or an adverb, not the
# preposition of "looks like a great outlet", "feels like home", "just like you".
_LOVE = r"(?<!'d )(?<!’d )(?<!would )love|loves"
_LIKE = (
    r"(?:^\s*|(?<=n't )|(?<=n’t )|(?<=\bnot )|(?<=never )|(?<=\bi )|(?<=\bwe )|(?<=\bthey )|(?<=\byou )|"
    r"(?<=really )|(?<=also )|(?<=still )|(?<=always )|(?<=\bdo )|(?<=genuinely )|(?<=actually )|"
    r"(?<=totally )|(?<=absolutely )|(?<=both )|(?<=kinda )|(?<=quite ))like"
)
_r("likes.love", "likes", rf"(?i:{_LOVE}|{_LIKE}|likes|enjoy|enjoys|adore|adores|am into|'m into|’m into|"
   r"'m really into|been into|been really into|been getting into|am a fan of|'m a (?:big |huge )?fan of|"
   r"obsessed with|passionate about|fond of|crazy about|"
   rf"addicted to|favou?rite (?:\w+ )?is)\s+(?P<obj>{_LIST}){_PHRASE_END}",
   "lov lik enjoy ador into fan obsess passion fond crazy addict favo", WEAK, check=_phrase)  # fmt: skip
_r("dislikes.hate", "dislikes", r"(?i:hate|hates|dislike|dislikes|can't stand|cannot stand|can’t stand|detest|"
   rf"loathe|not a fan of|not into|sick of|tired of)\s+(?P<obj>{_LIST}){_PHRASE_END}",
   "hate dislike stand detest loathe fan into sick tired", WEAK + 2, check=_phrase)  # fmt: skip
_r("allergic_to.allergic", "allergic_to", rf"(?i:allergic to|allergy to|allergies to)\s+(?P<obj>{_LIST})"
   rf"{_PHRASE_END}", "allerg", USUAL, check=_phrase)  # fmt: skip
_r("allergic_to.allergy", "allergic_to", r"(?P<obj>[A-Za-z-]+)\s+(?i:allergy|allergies)\b", "allerg", USUAL - 2,
   check=_phrase)  # fmt: skip
_r("diet.am", "diet", rf"(?i:'m|am|’m|is|went|gone|going|became|become|turned|been|eat|eating|now|stay|staying)"
   rf"\s+(?:(?i:a|fully|strictly|mostly|completely|full|totally)\s+)*{_ADV}(?P<obj>(?i:{_alt(EN_DIETS)}))\b",
   " ".join(EN_DIETS), USUAL)  # fmt: skip
_r("diet.was", "diet", rf"(?i:was|used to be)\s+(?:(?i:a|fully|strictly|mostly)\s+)*(?P<obj>(?i:{_alt(EN_DIETS)}))\b",
   "was used", USUAL + 1, change=Change.PAST)  # fmt: skip
_r("speaks.speak", "speaks", r"(?i:speak|speaks|speaking|fluent in|native language is|mother tongue is|"
   r"conversational in|know)\s+(?:(?i:some|a little|a bit of|fluent|basic|decent|good|native|broken)\s+)?"
   rf"(?P<obj>{_LANG}(?:(?:,\s*|\s+and\s+|\s+or\s+|,\s+and\s+){_LANG})*)\b", "speak fluent native tongue "
   "conversational know", USUAL)  # fmt: skip
_r("owns.bought", "owns", r"(?i:bought|buy|purchased|own|owns|drive|drives|leased|picked up)\s+(?i:(?:myself\s+)?"
   rf"(?:a|an|my|our|the|a new|a used|a brand new)\s+)(?P<obj>{_PHRASE}){_PHRASE_END}",
   "bought buy purchased own drive leased picked", LOOSE, change=Change.START, check=_thing)  # fmt: skip
_r("owns.sold", "owns", rf"(?i:sold|got rid of|gave away)\s+(?i:(?:my|our|the)\s+)(?P<obj>{_PHRASE}){_PHRASE_END}",
   "sold rid gave", LOOSE + 2, change=Change.END, check=_thing)  # fmt: skip
_r("goal.want", "goal", r"(?i:want to|wanna|hope to|hoping to|dream is to|goal is to|aim to|aiming to|"
   r"would love to|'d love to|’d love to|plan to|planning to|trying to|working towards?|dream of|dreaming of)"
   rf"\s+(?P<obj>{_PHRASE}){_PHRASE_END}", "want wanna hop dream goal aim love plan trying towards", BARE,
   check=_phrase)  # fmt: skip

#: Alias declarations: (pattern, whose alias) with "speaker" or "third" (the last third person named).
#: Words one of which every pattern of :data:`EN_ALIASES` holds (lower-case): a sentence with none skips them.
EN_ALIAS_WORDS: Final = ("call", "go by", "goes by", "known as", "name", "for short")
EN_ALIASES: Final = (
    (
        re.compile(
            rf"(?i:call me|calls me|called me|i go by|i'm known as|my nickname is|my nickname's|my name is|"
            rf"my name's|i'm called|i am called)\s+[\"“']?(?P<alias>{NAME})"
        ),
        "speaker",
    ),
    (
        re.compile(
            rf"(?i:call|calls|named|called|name|we named|we called)\s+(?i:him|her|it)\s+[\"“']?(?P<alias>{NAME})"
        ),
        "third",
    ),
    (re.compile(rf"(?i:his|her)\s+(?i:nickname|name)\s+(?i:is|'s)\s+[\"“']?(?P<alias>{NAME})"), "third"),
    (re.compile(rf"(?i:goes by|known as)\s+[\"“']?(?P<alias>{NAME})"), "third"),
    (re.compile(rf"(?P<alias>{NAME})\s+(?i:for short)"), "third"),
)
