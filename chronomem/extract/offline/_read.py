"""Reading one message: sentences, clauses, subjects and rules, in any registered language (the offline
extractor's pipeline; see :mod:`chronomem.extract.offline`).

Each sentence is read for its mood (a question asserts nothing; a hypothetical or reported sentence is kept
as such), split into clauses, and each clause's subject resolved (the speaker, the one addressed, a relative
or a named person, or the subject of the clause before). Each sentence is read by its language's record
(:class:`._language.Language`, from :mod:`._registry`): its subjects, clauses, cues and rules find the
facts; :func:`._said.claim_for` turns each into a claim with its modality, action and valid time.
Relatives named anywhere are linked to the speaker.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from typing import Final

from ..._claims import Action, Alias, Claim, ExtractionContext, Mentioned
from ..._time import to_us
from ...temporal import Mention, Shape, parse
from ...text import detect_language, normalise
from ._events import Clause, event_claim
from ._language import Language
from ._modality import ClauseCues, SentenceMood, clause_cues, is_hypothetical, is_question, sentence_mood
from ._pronouns import UNKNOWN, Subject, Who, recent_third, vocative
from ._registry import language_for, languages
from ._reported import Frame, Held, frame_at, held
from ._rules import Hit
from ._said import THIRD_PERSON, HitContext, claim_for
from ._time import birthday, pick_mention

__all__ = ["Reading", "read_message"]

_SENTENCE_END: Final = re.compile(
    r"[。！？!?；;\n]+|(?<![A-Z])(?<!\bSt)(?<!\bDr)(?<!\bMr)(?<!\bMs)(?<!\bMrs)(?<!\bJr)(?<!\bvs)\.++(?=\s|$)"
)
#: The most characters read as one sentence. A longer run (text without stops: a table, a log, runaway output)
#: is read in pieces of at most this length, cut after a space or a comma where the piece's second half has
#: one: no rule ever scans more than this at once, so reading a message takes time linear in its length.
MAX_SENTENCE: Final = 1_000
_CUTS: Final = (" ", ",", "，", "、", "\t")


@dataclass(slots=True)
class Reading:
    """What one message says: its claims and aliases, whether it asked something or corrected something."""

    claims: list[Claim] = field(default_factory=list)
    aliases: list[Alias] = field(default_factory=list)
    questions: int = 0
    correction: bool = False


def read_message(content: str, context: ExtractionContext) -> Reading:
    """Read ``content`` sentence by sentence (without looking at other messages)."""
    norm = normalise(content)
    if len(norm) != len(content):  # NFKC changed lengths (rare ligatures): read the text as it is
        norm = content
    speaker = Mentioned(context.speaker or "me", "person", speaker=True)
    others = [p for p in context.participants if p != context.speaker]
    addressee = Mentioned(others[0] if len(others) == 1 else "you", "person", addressee=True)
    who = Who(speaker, addressee)
    said_before = [(ep.content, ep.speaker == context.speaker) for ep in reversed(context.recent)]
    recent_third(said_before, who, [(lang.code, lang.owned, lang.named) for lang in languages()])
    reader = _MessageReader(content, norm, context, who)
    for start, end in _sentences(norm):
        reader.sentence(start, end)
    # a day said apart from the word is read in a short message only (a document's days are not its birthday)
    if (
        len(norm) <= MAX_SENTENCE
        and _BIRTHDAY_CUE.search(norm)
        and not any(c.predicate == "birthday" for c in reader.reading.claims)
    ):
        reader.reading.claims.extend(_birthday_said_apart(content, context, speaker))
    people = [*context.participants, *(ep.speaker for ep in context.recent if ep.speaker)]
    called = vocative(content, context.speaker, people)
    if called is not None:
        reader.reading.aliases.append(Alias(Mentioned(called[0], "person"), called[1]))
    return reader.reading


#: "Remind me to take December 12 off. It's my birthday." / "记一下生日吧，10月8号": the day and the word apart.
_BIRTHDAY_CUE: Final = re.compile(
    r"(?i:\bmy (?:birthday|b-?day)\b(?!\s+(?:party|dinner|cake|gift|present|plans?|trip)))|"
    r"生日(?!聚会|派对|礼物|蛋糕|宴|会)"
)


def _birthday_said_apart(content: str, context: ExtractionContext, speaker: Mentioned) -> list[Claim]:
    """The speaker's birthday when the message speaks of it and names one day (a day of the year)."""
    days = [m for m in parse(content, context.reference, context.tz) if m.grain.value == "day"]
    if len(days) != 1:
        return []
    value = birthday(days[0].text, context.reference, context.tz)
    return [] if value is None else [Claim(speaker, "birthday", value=value, span=days[0].span)]


def _sentences(text: str) -> Iterator[tuple[int, int]]:
    """Sentence spans of at most :data:`MAX_SENTENCE` characters, leading white space skipped (a subject is
    read at a sentence's very start).

    >>> [len(s) for s in ("a" * 2500 + ". Ok.").split()]
    [2501, 3]
    >>> [b - a for a, b in _sentences("a" * 2500 + ". Ok.")]
    [1000, 1000, 501, 3]
    """
    start = 0
    for m in [*_SENTENCE_END.finditer(text), None]:
        end = len(text) if m is None else m.end()
        yield from _bounded(text, start, end)
        start = end


def _bounded(text: str, start: int, end: int) -> Iterator[tuple[int, int]]:
    """``text[start:end]`` without its leading white space, in pieces of at most :data:`MAX_SENTENCE`."""
    while True:
        while start < end and text[start].isspace():
            start += 1
        if end - start <= MAX_SENTENCE:
            break
        half, limit = start + MAX_SENTENCE // 2, start + MAX_SENTENCE
        cut = max(text.rfind(c, half, limit - 1) for c in _CUTS) + 1
        cut = cut if cut > half else limit
        yield start, cut
        start = cut
    if start < end:
        yield start, end


def _clauses(sentence: str, language: Language) -> Iterator[tuple[int, int]]:
    start = 0
    for m in language.clause_break.finditer(sentence):
        if m.start() > start:
            yield start, m.start()
        start = max(start, m.end())
    if start < len(sentence):
        yield start, len(sentence)


@dataclass(frozen=True, slots=True)
class _Found:
    """A hit in a clause: where the text it indexes starts, whom it is about, which language's rule."""

    hit: Hit
    at: int
    subject: Mentioned
    language: Language


class _MessageReader:
    """The per-message state of reading: the people, the current subject, what was found so far."""

    def __init__(self, content: str, norm: str, context: ExtractionContext, who: Who) -> None:
        self.content, self.context, self.who = content, context, who
        #: The sentence being read as its language folds it, and where it starts in the message: every span
        #: read is inside it (rebuilding the whole message's text per sentence took quadratic time).
        self.norm, self.said, self.at = norm, norm, 0
        self.reference = to_us(context.reference, name="reference")
        self.reading = Reading()
        self.linked: set[tuple[str, str]] = set()
        self.last_predicate: str | None = None
        self.clause_spans: list[tuple[int, int]] = []

    def sentence(self, start: int, end: int) -> None:
        text = self.norm[start:end]
        language = language_for(detect_language(text))
        text = language.fold(text)
        self.said, self.at = text, start
        cues = language.cues
        mood = sentence_mood(text, cues)
        self.reading.correction = self.reading.correction or mood.correction
        clauses = list(_clauses(text, language))
        self.clause_spans = [(start + a, start + b) for a, b in clauses]
        asked = [mood.question and (i == len(clauses) - 1 or is_question(text[cs:ce], cues))
                 for i, (cs, ce) in enumerate(clauses)]  # fmt: skip
        self.reading.questions += any(asked)
        if all(asked):
            return
        self._link_all(language.relatives(text, self.who), (start, end), mood)
        mentions: list[Mention] | None = None
        subject = Subject(self.who.speaker, 0)
        imagined = False
        report = _Report()
        for (cs, ce), question in zip(clauses, asked, strict=True):
            # "I speak Yoruba, in case you need it": only the clause with the cue and those after it imagine
            imagined = imagined or (mood.hypothetical and is_hypothetical(text[cs:ce], cues))
            if question:
                continue
            read = self._reported_clause(report, text, (cs, ce), start, subject, language)
            if read is None:  # "Ann said | she moved": the frame reports the next clause
                continue
            subject, found, at, held_as = read
            # a sentence's report cue is its frame's once one is read: what is outside the report, or the
            # speaker's own words inside it ("I told him I moved"), is not reported
            reported = held_as is Held.REPORTED or (mood.reported and not report.seen and held_as is None)
            if not found and (reported or not subject.mention.speaker or not language.may_name_action(text[at:ce])):
                continue
            if mentions is None:
                mentions = self._mentions(start, end)
            if not found:
                self._event(Clause(text[at:ce], start + at, language, True, imagined, self.reference), mentions)
                continue
            for f in found:
                clause_mood = replace(mood, hypothetical=imagined, reported=reported)
                self._claim(f.hit, f.at, f.subject, clause_mood, mentions, (start + at, start + ce), f.language)
        self._aliases(text, language)

    def _reported_clause(
        self, report: _Report, text: str, clause: tuple[int, int], start: int, subject: Subject, language: Language
    ) -> tuple[Subject, list[_Found], int, Held | None] | None:
        """The clause's subject, hits, where its own words start and how a report frames it (:mod:`._reported`);
        ``None`` when the clause only opens a report. Someone else's belief about the speaker is nobody's fact:
        no hits, and no one to carry over to the clauses after."""
        cs, ce = clause
        at = self._frame(report, text, clause, start, language)
        if at is None:
            return None
        if report.frame is not None and report.about is None:
            subject, at = self._dropped(report, text, (at, ce), subject, cs, language)
        subject, found = self._clause(text[at:ce], start + at, subject, language)
        held_as = report.held_for(subject.mention)
        if held_as is Held.NOTHING:
            return Subject(UNKNOWN, 0), [], at, held_as
        return subject, found, at, held_as

    def _frame(self, report: _Report, text: str, clause: tuple[int, int], start: int, language: Language) -> int | None:
        """Where the clause's own words start after the words that report it ("I think", "听说"), which
        ``report`` keeps for the clauses after; ``None`` when the clause is nothing else."""
        cs, ce = clause
        opened = frame_at(text, cs, language.reports, language.hearsay, language.subject, self.who)
        if opened is None:
            return cs
        report.frame, report.about, report.seen = opened, None, True
        if opened.reporter is not None:
            self._met(opened.reporter, (start + cs, start + ce))
        return None if opened.end >= ce else opened.end

    def _dropped(
        self, report: _Report, text: str, words: tuple[int, int], subject: Subject, cs: int, language: Language
    ) -> tuple[Subject, int]:
        """The subject and start of a reported clause that drops its subject: the reporter's own news when
        someone else reports it ("小张说搬到深圳了"); otherwise the clause as said, unframed ("我觉得挺好")."""
        if language.subject(text[words[0] : words[1]], self.who) is not None or report.frame is None:
            return subject, words[0]
        reporter = report.frame.reporter
        if reporter is not None and not reporter.mention.speaker:
            return reporter, words[0]
        report.frame = None
        return subject, cs

    def _said(self, start: int, end: int) -> str:
        """The message's ``[start, end)``, inside the sentence being read, as its language folded it."""
        return self.said[start - self.at : end - self.at]

    def _event(self, clause: Clause, mentions: list[Mention]) -> None:
        """An event or a plan of the speaker in a clause no predicate's rule read (:mod:`._events`)."""
        span = (clause.at, clause.at + len(clause.text))
        own = [m for m in mentions if span[0] <= m.span[0] and m.span[1] <= span[1]]
        apart = _sentence_mention(self.said, self.at, mentions, self.clause_spans, span)
        made = event_claim(clause, own or ([apart] if apart is not None else []), self.who.speaker)
        if made is not None:
            self.reading.claims.append(made)

    def _clause(self, clause: str, at: int, subject: Subject, language: Language) -> tuple[Subject, list[_Found]]:
        """The clause's subject and hits; a clause the sentence's language reads as nothing is read in another
        language when it holds that language's words ("I moved to 上海", "我在Google做PM")."""
        read = self._read(clause, at, subject, language)
        if read[1]:
            return read
        for other in languages():
            if other is not language and other.script.search(clause):
                alternative = self._read(clause, at, subject, other)
                if alternative[1]:
                    return alternative
        return read

    def _read(self, clause: str, at: int, subject: Subject, language: Language) -> tuple[Subject, list[_Found]]:
        said = language.subject(clause, self.who)
        if said is not None:
            subject = said
            self._met(said, (at, at + len(clause)))
        rest_at = said.end if said is not None else 0
        rest = clause[rest_at:]
        if subject.mention is UNKNOWN:
            return subject, []
        rules = language.rules
        hits = rules.hits(rest, rest.lower())
        if said is None or said.mention.speaker:
            hits = [h for h in hits if not h.rule.third_only]
        if not hits and said is not None and said.relation is None and not said.mention.speaker:
            whole = [h for h in rules.hits(clause, clause.lower()) if h.rule.name.endswith("where_i_live")]
            if whole:  # "Oslo is where I live": the name was no subject
                return subject, [_Found(h, at, self.who.speaker, language) for h in whole]
        follows = language.follow
        if not hits and follows is not None and self.last_predicate is not None:
            follow = follows.get(self.last_predicate)
            hits = [h for h in follows.hits(rest, rest) if h.rule is follow]
        return subject, [_Found(h, at + rest_at, subject.mention, language) for h in hits]

    def _met(self, said: Subject, span: tuple[int, int]) -> None:
        """A subject said in the message: a relative is linked to the speaker, a third person is the newest."""
        if said.relation is not None:
            self._link(said, span, SentenceMood())
        if not said.mention.speaker and not said.mention.addressee and said.mention is not UNKNOWN:
            self.who.add_third(said.mention, said.relation.role if said.relation else None)

    def _mentions(self, start: int, end: int) -> list[Mention]:
        found = parse(self.content[start:end], self.context.reference, self.context.tz)
        return [Mention(m.text, (m.span[0] + start, m.span[1] + start), m.start, m.end, m.grain, m.shape,
                        m.uncertainty) for m in found]  # fmt: skip

    def _claim(
        self,
        hit: Hit,
        rest_start: int,
        subject: Mentioned,
        mood: SentenceMood,
        mentions: list[Mention],
        clause: tuple[int, int],
        language: Language,
    ) -> None:
        span = (rest_start + hit.span[0], rest_start + hit.span[1])
        obj = None if hit.obj_span is None else (rest_start + hit.obj_span[0], rest_start + hit.obj_span[1])
        mention = pick_mention(mentions, clause, obj, span) or _sentence_mention(
            self.said, self.at, mentions, self.clause_spans, clause
        )
        cues = self._cues(span, clause, mention, language)
        if hit.obj is not None and obj is not None and self._said(*obj) == hit.obj:  # not a value a check wrote
            hit = _original(hit, self.content[obj[0] : obj[1]])
        if hit.role is not None:
            hit = replace(hit, role=language.role_word(hit.role))
        subject = _owner(hit, self._said(clause[0], span[1]), subject, self.who, self._said(span[0], span[1]))
        words = self._said(span[0], span[1])
        said = HitContext(
            subject, mood, cues, mention, self.reference, self.who.speaker.name, language.code, span, words
        )
        made = claim_for(hit, said)
        if made is not None and made.predicate == "birthday" and isinstance(made.value, str):
            day = birthday(made.value, self.context.reference, self.context.tz)
            made = None if day is None else replace(made, value=day)
        if made is not None and made.predicate == "has_pet" and made.action is Action.RETRACT and made.object:
            # "my dog Rufus died last spring": Rufus was a pet until then
            self.reading.claims.append(replace(made, action=Action.ASSERT, valid_from=None,
                                               valid_to=made.valid_from or self.reference))  # fmt: skip
        if made is not None and made.predicate == "goal" and obj is not None and isinstance(made.value, str):
            made = _plan_time(made, mentions, obj, self.content, self.reference)
        if made is not None:
            self.reading.claims.append(made)
            self.last_predicate = made.predicate
            if made.predicate in ("has_pet", "has_child") and made.object is not None:
                self.who.add_third(made.object)  # "his name is Waffles" names the puppy just mentioned

    def _cues(
        self, span: tuple[int, int], clause: tuple[int, int], mention: Mention | None, language: Language
    ) -> ClauseCues:
        """The clause's cues; where the language marks a length of time that still holds by a word after it
        (Chinese: "住了五年了"), a length without it is over ("在北京住了五年，…")."""
        still = language.cues.still_after_length
        cues = clause_cues(self._said(clause[0], span[0]), self._said(clause[0], clause[1]), language.cues)
        if still is not None and mention is not None and mention.shape is Shape.DURATION:
            after = self._said(mention.span[1], clause[1]).strip()
            if not after.startswith(still):
                cues = replace(cues, past=True)
        return cues

    def _link_all(self, relatives: list[Subject], span: tuple[int, int], mood: SentenceMood) -> None:
        for rel in relatives:
            self._link(rel, span, mood)

    def _link(self, rel: Subject, span: tuple[int, int], mood: SentenceMood) -> None:
        """``family``/``knows``/``partner``/``has_child`` from the speaker to a relative named by role."""
        if rel.relation is None:
            return
        key = (rel.relation.predicate, rel.mention.name)
        if rel.role_name is not None:
            self.reading.aliases.append(Alias(rel.mention, rel.role_name))
        if key in self.linked or mood.hypothetical:
            return
        self.linked.add(key)
        owner = rel.owner or self.who.speaker
        confidence = 1.0 if owner.speaker else THIRD_PERSON
        claim = Claim(owner, rel.relation.predicate, object=rel.mention, confidence=confidence, span=span)
        self.reading.claims.append(claim)

    def _aliases(self, text: str, language: Language) -> None:
        if language.alias_words and not any(w in text.lower() for w in language.alias_words):
            return
        for pattern, whose in language.aliases:
            for m in pattern.finditer(text):
                entity = self.who.speaker if whose == "speaker" else self.who.last_third
                if entity is not None and m.group("alias") != entity.name:
                    self.reading.aliases.append(Alias(entity, m.group("alias").strip()))


_CONTACT = frozenset({"phone", "email", "birthday"})
_MINE = re.compile(r"\b(?:my|me|mine)\b|我", re.IGNORECASE)
_MINE_FIRST = re.compile(r"(?:my|our)\b|我的|我家|我们家", re.IGNORECASE)


@dataclass(slots=True)
class _Report:
    """The words reporting the clauses of a sentence ("I think …", "Ann said …") and whom the first clause they
    report is about; the report lasts over later clauses about the same person (not the speaker)."""

    frame: Frame | None = None
    about: Mentioned | None = None
    seen: bool = False  # whether the sentence had a frame

    def held_for(self, subject: Mentioned) -> Held | None:
        """How a clause about ``subject`` is held under the report (``None``: no report frames it)."""
        if self.frame is None:
            return None
        if self.about is not None and (subject != self.about or subject.speaker):
            self.frame = self.about = None
            return None
        self.about = subject
        return held(self.frame, subject)


def _owner(hit: Hit, said: str, subject: Mentioned, who: Who, words: str = "") -> Mentioned:
    """Whose number, birthday or pet it is: "you can reach me at…", "我的手机号" are the speaker's, and so is a pet
    the words themselves call "my" or "our" whoever the clause is about ("my wife and our dog Rex")."""
    if hit.rule.predicate in _CONTACT and subject.addressee and _MINE.search(said):
        return who.speaker
    if hit.rule.predicate == "has_pet" and _MINE_FIRST.match(words):
        return who.speaker
    return subject


_TIME_ONLY = re.compile(
    r"^[\s,，、]*+(?:从|自从|自|打|(?i:since|from|starting|as of|beginning))?\s*+$|"
    r"^(?:起|开始|以来|之后|以后|后)?[\s,，、]*+$"
)


def _sentence_mention(
    said: str, at: int, mentions: list[Mention], clauses: list[tuple[int, int]], clause: tuple[int, int]
) -> Mention | None:
    """A time said as a clause of its own before this one ("下个月一号起，我调到…", "Last May, I moved…") when
    this clause has none; a time inside another clause ("今年三岁") belongs to that clause."""
    for m in mentions:
        if m.span[1] > clause[0]:
            break
        home = next(((a, b) for a, b in clauses if a <= m.span[0] < b), None)
        if home is None:
            continue
        head, tail = said[home[0] - at : m.span[0] - at], said[m.span[1] - at : home[1] - at]
        if _TIME_ONLY.match(head) and _TIME_ONLY.match(tail):
            return m
    return None


#: The word joining a time to the plan before it ("visit Japan in May", "run a marathon by October").
_PLAN_TIME_LINK: Final = re.compile(r"[\s,，]+(?i:in|on|by|at|before|until|till|during|around|sometime|some time)?\s*$")
_PLAN_TIME_EDGE: Final = re.compile(r"^[\s,，]*(?:之前|以前|前|的时候|左右)?[\s,，]*")


def _plan_time(made: Claim, mentions: list[Mention], obj: tuple[int, int], content: str, reference: int) -> Claim:
    """A goal with its time ("visit Japan next month", "下个月去日本玩", "finish my thesis by June"): a plan for a
    time is no goal once that time is over, so it holds until the time's end, and its value is the plan without
    the time words. A goal with no time (or a time already past, or recurring) holds until something ends it."""
    own = [m for m in mentions if obj[0] <= m.span[0] and m.span[1] <= obj[1]]
    when = next((m for m in own if m.end is not None and m.end > reference and m.shape not in _NOT_A_SPAN), None)
    if when is None or when.end is None:
        return made
    head = _PLAN_TIME_LINK.sub("", content[obj[0] : when.span[0]])
    tail = _PLAN_TIME_EDGE.sub("", content[when.span[1] : obj[1]]).strip()
    value = f"{head.strip()} {tail}".strip() if head.strip() and tail else (head.strip() or tail)
    return replace(made, value=value or made.value, valid_to=when.end)


_NOT_A_SPAN: Final = (Shape.RECURRING, Shape.DURATION)


def _original(hit: Hit, text: str) -> Hit:
    """The hit with its object as written in the original text (Traditional characters kept)."""
    return replace(hit, obj=text) if text.strip() else hit
