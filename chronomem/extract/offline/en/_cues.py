"""English cues of modality: a question, a hypothetical, reported words, a correction; a plan, a denial, an
ending, a past state, a denial that it ever held."""

from __future__ import annotations

import re
from typing import Final

from .._modality import Cues

__all__ = ["EN_CUES", "EN_HEARSAY", "EN_REPORTS"]

_I = re.IGNORECASE

#: A question is a question mark, or a sentence opening with an auxiliary or a wh-word before a subject; "if",
#: "suppose", "would" and "wish" open a world that is not this one; "my mom says", "Sam told me" report
#: someone else's words; "sorry, I meant…", "actually it's X, not Y" correct what the speaker said before.
#: An ending ("not anymore") also denies, and a past cue may follow the object ("when I was a kid").
EN_CUES: Final = Cues(
    question=re.compile(
        r"\?\s*$|^(?:(?:so|and|but|hey|oh|ok|okay)[, ]+)?(?:(?:do|does|did|are|is|was|were|have|has|should|could|"
        r"can|would|will|shall)\s+(?:you|i|we|he|she|they|it)\b|(?:where|what|who|which|how|why|when)\s+(?:do|does|"
        r"did|are|is|was|were|have|has|should|could|can|would|will)\b)",
        _I,
    ),
    hypothetical=re.compile(
        r"\b(?:if|unless|suppose|supposing|imagine|assuming|in case|wish|would|wouldn't|were i|had i|hypothetically)\b",
        _I,
    ),
    reported=re.compile(
        r"\b(?!I\b)(?:\w+)\s+(?:says|said|thinks|claims|reckons|told me|tells me|mentioned)\b|\baccording to\b|"
        r"\bi heard\b|\bapparently\b|\brumou?r has it\b",
        _I,
    ),
    correction=re.compile(
        r"\bi meant\b|\bi mean\b|\bcorrection\b|\b(?:said|got|had|wrote|typed)\s+(?:(?!wrong\b)\S+\s+){1,3}?wrong\b|"
        r"\bi misspoke\b|\bmistyped\b|\btypo\b|\bscratch that\b|"
        r"\bmy (?:bad|mistake)\b|\bi was wrong\b|\bwrong (?:number|date|one)\b|\bnot\s+\S+[,;]\s*(?:it's|it is|but)\b|"
        r"\bactually\b.*\bnot\b|\bactually\b,?\s+(?:it's|it is|that's|that should be)\b|\blet me correct\b",
        _I,
    ),
    planned=re.compile(
        r"\b(?:going to|gonna|plan|plans|planning|planned|might|may|maybe|perhaps|probably|possibly|thinking about|"
        r"thinking of|considering|consider|hope|hoping|hopefully|intend|intending|about to|someday|some day|one day|"
        r"eventually|would like|'d like|want to|wants to|wanna|aim to|looking to|looking into|could|trying to|"
        r"dream of|dreaming of|will|shall|should|ought to|need to|have to|has to)\b|'ll\b|’ll\b",
        _I,
    ),
    negation=re.compile(r"\b(?:not|never|no|neither|nor)\b|n't\b|n’t\b", _I),
    ended=re.compile(r"\b(?:anymore|any more|no longer|not\b.*\b(?:now|these days))\b", _I),
    never_was=re.compile(r"\bafter all\b|\bturns out\b|\bturned out\b|\bnever (?:was|were|had)\b", _I),
    past=re.compile(
        r"\b(?:used to|use to|formerly|previously|back then|back in (?:\d|the day|college|school|high school)|"
        r"in the past|once upon|when i was)",
        _I,
    ),
    ending_denies=True,
    begins=re.compile(
        r"\b(?:(?:start|starts|starting|begin|begins|beginning)(?:\s+(?:the|my)\s+(?:new\s+)?(?:job|role|position))?"
        r"(?=\s+(?:on|in|at|from|next|this|tomorrow|the)\b|\s*(?:[,.!;]|$))|first day)\b",
        _I,
    ),
    past_anywhere=True,
)

#: A verb of thinking, believing, hearing or saying right after its subject, with "that" if any: "Ben thinks",
#: "my aunt said", "I reckon", "I heard", "I was told". The clause it opens is what the subject thinks or said
#: (:mod:`.._reported`); ``heard`` marks learning it from others, ``denied`` a denial ("I don't think …"),
#: ``said`` a verb of saying (what was said to the speaker, where the others are what someone believes).
EN_REPORTS: Final = re.compile(
    r"\s+(?:(?:really|also|still|just|honestly|actually|always|never)\s+)?"
    r"(?P<denied>(?:don't|don’t|do not|doesn't|doesn’t|does not|didn't|didn’t|did not)\s+)?"
    r"(?:(?P<heard>heard|hear|(?:'m|’m|am|was|were|got) told)|think|thinks|thought|believe|believes|believed|"
    r"guess|guesses|guessed|reckon|reckons|reckoned|suppose|supposes|supposed|assume|assumes|assumed|figure|figures|"
    r"figured|imagine|imagines|imagined|is convinced|was convinced|"
    r"(?P<said>said|says|told me|tells me|mentioned|claims|claimed|swears|swore))(?:\s+that)?\b\s*",
    _I,
)

#: Words that report without naming who said it, opening a clause: "supposedly, …", "word is that …".
EN_HEARSAY: Final = re.compile(
    r"(?P<heard>apparently|supposedly|reportedly|allegedly|rumou?r has it|word is)(?:\s+that)?\b[\s,]*", _I
)
