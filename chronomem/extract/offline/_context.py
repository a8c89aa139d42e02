"""Reading a message against the ones before it: short answers and corrections.

* A short answer ("Bristol, for now.", "Yep, nurse at St Mary's", "还在腾讯") is read as the statement the
  question before it asks for: the answer is put into that statement's frame ("I live in …", "我在…上班")
  and read by the same rules, with spans mapped back to the answer.
* A correction ("sorry, I meant Lyon", "我说错了，是上海") corrects the speaker's last claim on the same slot:
  it re-asserts that claim's valid portion, so the right value also holds between the first
  statement and the correction. A correction that names no predicate takes the one it corrects.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from typing import Final

from ..._claims import Action, Claim, ExtractionContext, Mentioned, Role
from ..._time import from_us, to_us
from ..._values import Episode, Modality
from ..._vocabulary import PREDICATES, Predicate, single_valued

__all__ = ["answer_claims", "calls_said_value_wrong", "correct"]

_MAX_ANSWER = 40
#: Where a short answer ends: before "but" or at a sentence's end (a Chinese stop needs no space after it:
#: "唯品会。我负责仓储项目" answers with "唯品会").
_ANSWER_END = re.compile(r"[,，]\s*(?:but|though|although|however|不过|但是|可是)|[.!?;]\s|[。！？；]")
#: The value a correction gives: after "I meant", "it's", "not Y but", "我是说", "是" (not the 是 of "不是Y").
_CORRECTED: Final = re.compile(
    r"(?:i meant|i mean|it's|it is|should be|\bnot\s+[^,，.。;；!！?？]+?\s+but(?:\s+rather)?|我是说|我的意思是|应该是|"
    r"(?<!不)是|改成|换成)\s*[:：]?\s*(?P<value>[^，,。!！?？]+?)"
    r"(?=\s*(?:[,，;；。!！]|\.(?:\s|$)|$|not\b|不是|而不是|instead))",
    re.I,
)


def _previous(context: ExtractionContext) -> Episode | None:
    return context.recent[-1] if context.recent else None


_BARE_QUESTION: Final = re.compile(
    r"^\W*(?:\w+[!,.]+\s*)*(?:where|which one|which|what company|where to|哪儿|哪里|哪家|在哪|去哪)"
    r"(?:\s+(?:is|was|are|were)\s+(?:it|that|this|they|he|she))?\W*$",
    re.I,
)


def _asked(question: str, context: ExtractionContext) -> str | None:
    for p in _cued("asks"):
        if p.asks is not None and p.asks.search(question):
            return p.name
    if not _BARE_QUESTION.search(question.strip()[-40:]):
        return None
    own = [ep.content for ep in context.recent[:-1] if ep.speaker == context.speaker]
    for p in _cued("topic"):
        if own and p.topic is not None and p.topic.search(own[-1]):
            return p.name
    return None


def _cued(cue: str) -> list[Predicate]:
    """The predicates with a ``cue`` (``asks``, ``topic``, ``named``), lowest rank first."""
    cued = [(c.rank, i, p) for i, p in enumerate(PREDICATES.values()) if (c := getattr(p, cue)) is not None]
    return [p for _, _, p in sorted(cued)]


def _frame(predicate: str, lang: str) -> str | None:
    """``predicate``'s statement in ``lang`` with ``{}`` where an answer goes, if it has one."""
    p = PREDICATES.get(predicate)
    return None if p is None else p.frames.get(lang)


def _framed_slot(predicate: str) -> bool:
    """Whether a bare value can fill ``predicate``: its record frames an answer in some language."""
    p = PREDICATES.get(predicate)
    return p is not None and bool(p.frames)


def answer_claims(content: str, context: ExtractionContext) -> list[Claim]:
    """The claims of a short answer to the question just before it (see the module docstring)."""
    before = _previous(context)
    content = _ANSWER_END.split(content, maxsplit=1)[0]  # "London for now, but we're moving…": "London for now"
    if before is None or before.speaker == context.speaker or len(content) > _MAX_ANSWER:
        return []
    if not re.search(r"[?？]|吗|呢", before.content):
        return []
    predicate = _asked(before.content, context)
    if predicate is None:
        return []
    if _ENDED.search(content):
        return [_ended(content, predicate, context)]
    return _framed(content, predicate, context)


#: An answer that says the asked-about value no longer holds ("Nope, I left last month", "早就不在那了").
_ENDED: Final = re.compile(
    r"^\W*(?:no|nope|nah|not anymore|not any more)\b|\b(?:left|quit|no longer|not anymore|moved out|moved away|"
    r"resigned|laid off)\b|不在了|早就不|已经不|离职了|辞职了|搬走了|没有了|不干了",
    re.I,
)


def _ended(content: str, predicate: str, context: ExtractionContext) -> Claim:
    """A retraction of whatever ``predicate`` holds for the speaker, from the time the answer names."""
    from ...temporal import parse
    from ._rules import Change
    from ._time import pick_mention, portion

    mention = pick_mention(parse(content, context.reference, context.tz), (0, len(content)), None)
    valid_from, _ = portion(Change.END, False, mention, to_us(context.reference))
    speaker = Mentioned(context.speaker or "me", "person", speaker=True)
    return Claim(speaker, predicate, valid_from=valid_from, action=Action.RETRACT, span=(0, len(content)))


def _framed(answer: str, predicate: str, context: ExtractionContext) -> list[Claim]:
    """Read ``answer`` in the frame of ``predicate``'s statement; spans map back into the answer."""
    from ._read import read_message
    from ._registry import language_for

    lang = "zh" if re.search(r"[\u4e00-\u9fff]", answer) else "en"
    filler = language_for(lang).filler
    core = answer.strip()
    while (m := filler.match(core)) is not None and m.end() > 0:
        core = core[m.end() :]
    frame = _frame(predicate, lang)
    if not core or frame is None:
        return []
    offset = answer.find(core) - frame.index("{}")
    plain = replace(context, recent=())
    found = read_message(frame.format(core), plain).claims
    return [_shifted(c, offset, len(answer)) for c in found if c.predicate == predicate or c.object is not None]


def _shifted(c: Claim, offset: int, length: int) -> Claim:
    if c.span is None:
        return c
    start, end = (max(0, min(length, i + offset)) for i in c.span)
    return replace(c, span=(start, end))


def correct(claims: Sequence[Claim], content: str, context: ExtractionContext) -> list[Claim]:
    """Mark the speaker's claims as corrections of their last claims on the same slot; a correction that names
    no slot ("我说错了，是上海") takes the slot of the speaker's last claim. A correction that calls a value
    wrong ("I meant X, not Y", "不是Y，是X") corrects the claim that held it, over that claim's portion; in a
    many-valued slot (projects, likes) the wrong value is also withdrawn over that portion, since the right
    one does not replace it there by itself."""
    redated = _redated(content, context)
    if redated is not None:  # the words left without their time are no event of their own ("moved , not")
        kept = [c for c in claims if c.predicate != redated.predicate or _said(c) != _said(redated)]
        cut = redated.span[0] if redated.span is not None else 0
        return [c for c in kept if c.predicate != "event" or c.span is None or c.span[1] <= cut] + [redated]
    claims = _paired(claims, content, context)
    earlier = _earlier_claims(context)
    wrong = _called_wrong(content, earlier)
    mine = [c for c in claims if c.subject.speaker and c.modality == Modality.ASSERTED and c.action is Action.ASSERT]
    if any(c.action is Action.CORRECT for c in claims):
        mine = [c for c in mine if c.predicate not in _LINKS]
    if not mine and not any(c.action is Action.CORRECT for c in claims):
        mine = _bare_correction(content, earlier, context, wrong)
        claims = list(claims) + mine
    fixed = {id(c): _as_correction(c, earlier, wrong) for c in mine}
    withdrawn = _withdrawn(_called_wrong(content, earlier, exact=True), list(fixed.values()), content)
    return [fixed.get(id(c), c) for c in claims] + withdrawn


#: The links a relative's role word makes ("my husband" is the speaker's partner): said along, never corrected.
_LINKS: Final = frozenset({"partner", "family", "knows", "has_child"})


def _paired(claims: Sequence[Claim], content: str, context: ExtractionContext) -> list[Claim]:
    """Another person's fact corrected: a value said beside a denial of another value of the same person's slot
    ("我老公不是医生，他是律师", "Sam isn't a nurse, he's a paramedic") or beside the value called wrong, held by
    an earlier claim on that slot ("she teaches physics, not math"), replaces it over the portion it held; the
    denial says what was stored is wrong, it is no second fact. The speaker's own claims are left to
    :func:`correct`."""
    asserted = [c for c in claims if not c.subject.speaker and c.modality == Modality.ASSERTED
                and c.action is Action.ASSERT and c.predicate not in _LINKS]  # fmt: skip
    if not asserted:
        return list(claims)
    denied = {(c.subject.name, c.predicate, _said(c)) for c in claims if c.modality == Modality.NEGATED}
    old = _wrong_words(content)
    # the slot whose earlier value the message calls wrong; by its predicate, since a person said by name before
    # may be "she" or "my friend" now
    said_before: set[str] = set()
    if old is not None:
        said_before = {c.predicate for c, _ in _earlier_claims(context, anyone=True)
                       if not c.subject.speaker and (old in _said(c) or _said(c) in old)}  # fmt: skip
    fixed: set[int] = set()
    dropped: set[tuple[str, str]] = set()
    for c in asserted:
        slot = (c.subject.name, c.predicate)
        if any(d[:2] == slot and d[2] != _said(c) for d in denied) or c.predicate in said_before:
            fixed.add(id(c))
            dropped.add(slot)
    kept = [c for c in claims if not (c.modality == Modality.NEGATED and (c.subject.name, c.predicate) in dropped)]
    # no time of its own: the pipeline re-asserts it over the portion of the value it corrects
    return [replace(c, action=Action.CORRECT) if id(c) in fixed else c for c in kept]


def _redated(content: str, context: ExtractionContext) -> Claim | None:
    """A correction of when, not of what: the words called wrong are a time and the message names another ("we
    moved two weeks ago, not last week", "是上个月搬的，不是这个月"). The speaker's last dated claim is said again
    at the right time, over the same stretch (an event's) or from its start on (a change's)."""
    from ...temporal import parse
    from ._read import MAX_SENTENCE

    m = _WRONG.search(content) if len(content) <= MAX_SENTENCE else None  # a correction is said briefly
    if m is None:
        return None
    said = parse(content, context.reference, context.tz)
    called = [t for t in said if m.start("old") <= t.span[0] < m.end("old")]
    right = [t for t in said if t not in called and t.start is not None]
    if not called or not right:
        return None
    dated = [c for c, _ in _earlier_claims(context) if c.valid_from is not None]
    if not dated:
        return None
    last, new = dated[-1], right[0]
    assert new.start is not None
    until = new.end if last.valid_to is not None and new.end is not None else last.valid_to
    if until is not None and until <= new.start:
        return None
    return replace(last, action=Action.CORRECT, valid_from=new.start, valid_to=until, time_text=new.text,
                   span=(min(new.span[0], m.start()), max(new.span[1], m.end())))  # fmt: skip


def calls_said_value_wrong(content: str, context: ExtractionContext) -> bool:
    """Whether ``content`` calls a value the speaker gave in the recent messages wrong ("not Project Alpha but
    Project Apollo", "我是说上海，不是苏州"): a correction even without a word that says so. Cheap unless the
    wrong words appear in one of the speaker's recent messages."""
    old = _wrong_words(content)
    if old is None:
        return False
    own = [ep.content.lower() for ep in context.recent if ep.speaker == context.speaker]
    if not any(old in text for text in own):
        return False
    return _called_wrong(content, _earlier_claims(context, anyone=True), exact=True) is not None or (
        _redated(content, context) is not None
    )


#: How much of a recent message is read again for the values a correction may correct: its end, from a line
#: or a sentence on. A message after a long one (a pasted log, a document) costs as much as the message itself.
RECENT_READ: Final = 4_000


def recent_part(content: str) -> str:
    """The part of a recent message read again: all of a short one, the last :data:`RECENT_READ` characters of a
    long one, from its first line or sentence on.

    >>> recent_part("x" * 5_000 + ". I live in Oslo.")
    'I live in Oslo.'
    """
    if len(content) <= RECENT_READ:
        return content
    tail = content[-RECENT_READ:]
    cut = min((at + len(mark) for mark in ("\n", ". ", "。") if (at := tail.find(mark)) >= 0), default=0)
    return tail[cut:]


def _earlier_claims(context: ExtractionContext, *, anyone: bool = False) -> list[tuple[Claim, int]]:
    """The speaker's earlier asserted claims in the recent messages, with each message's time, oldest first;
    ``anyone``: the claims about other people the speaker made too."""
    from ._read import read_message

    found: list[tuple[Claim, int]] = []
    for ep in context.recent:
        if ep.speaker != context.speaker or ep.role not in (None, Role.USER, "user"):
            continue
        ctx = replace(context, reference=from_us(ep.occurred_at).astimezone(context.reference.tzinfo), recent=())
        for c in read_message(recent_part(ep.content), ctx).claims:
            if (anyone or c.subject.speaker) and c.modality == Modality.ASSERTED and c.action is Action.ASSERT:
                found.append((c, ep.occurred_at))
    return found


_WRONG: Final = re.compile(
    r"(?:\bnot|\Bn['’]t|不是|而不是)\s*(?P<old>[^，,。.!！?？;；]+?)(?=\s*(?:[，,。.!！?？;；]|$)|\s+but\b|是)", re.I
)


def _wrong_words(content: str) -> str | None:
    """The words a message calls wrong ("not Lisbon", "不是苏州"), lower-cased; ``None`` when it calls none."""
    m = _WRONG.search(content)
    old = m.group("old").strip().lower() if m else ""
    return old if len(old) >= 2 else None


def _said(claim: Claim) -> str:
    return (claim.object.name if claim.object else str(claim.value)).lower()


_ARTICLE: Final = re.compile(r"^(?:the|a|an|my)\s+", re.I)


def _called_wrong(content: str, earlier: list[tuple[Claim, int]], *, exact: bool = False) -> tuple[Claim, int] | None:
    """The speaker's last earlier claim (with its message's time) holding the value ``content`` calls wrong: one
    whose value holds the wrong words or is held by them, or, ``exact``, one whose value they are ("not really"
    is not "really spicy food")."""
    old = _wrong_words(content)
    if old is None:
        return None
    if exact:
        bare = _ARTICLE.sub("", old)
        return next(((c, at) for c, at in reversed(earlier) if _ARTICLE.sub("", _said(c)) == bare), None)
    return next(((c, at) for c, at in reversed(earlier) if old in _said(c) or _said(c) in old), None)


def _corrected(content: str, earlier: list[tuple[Claim, int]]) -> Claim | None:
    """The earlier claim a correction is about: the one holding the value it calls wrong ("not Lisbon"),
    else the speaker's last claim on a slot a bare value can fill."""
    hinted = next((p.name for p in _cued("named") if p.named is not None and p.named.search(content)), None)
    if hinted is not None:  # "I mistyped the phone", "手机号我说错了": the slot is named
        return Claim(Mentioned("", "person", speaker=True), hinted)
    wrong = _called_wrong(content, earlier)
    if wrong is not None:
        return wrong[0]
    framed = [c for c, _ in earlier if _framed_slot(c.predicate)]
    return framed[-1] if framed else None


def _bare_correction(
    content: str, earlier: list[tuple[Claim, int]], context: ExtractionContext, wrong: tuple[Claim, int] | None
) -> list[Claim]:
    """The claim of a correction no rule reads: its value in the frame of the slot it corrects, or, when no
    frame reads it and the message names the wrong value, the claim that held it with the new value."""
    m = _CORRECTED.search(content)
    last = _corrected(content, earlier) if m is not None else None
    if m is None or last is None:
        return []
    value, offset = m.group("value").strip(), m.start("value")
    framed = _framed(value, last.predicate, replace(context, recent=()))
    found = [_shifted(c, offset, len(content)) for c in framed if c.predicate == last.predicate]
    if found or wrong is None or wrong[0] is not last or value.lower() == _said(last) or len(value) > _MAX_ANSWER:
        return found
    span = (offset, offset + len(value))
    if last.object is not None:
        return [Claim(last.subject, last.predicate, object=replace(last.object, name=value), kind=last.kind, span=span)]
    return [Claim(last.subject, last.predicate, value=value, kind=last.kind, span=span)]


def _as_correction(c: Claim, earlier: list[tuple[Claim, int]], wrong: tuple[Claim, int] | None = None) -> Claim:
    """``c`` as a correction over the portion of the claim that held the wrong value, else of the speaker's last
    claim on the same slot."""
    held = [wrong] if wrong is not None and wrong[0].predicate == c.predicate else []
    for old, said_at in [*held, *reversed(earlier)]:
        if old.predicate == c.predicate:
            start = old.valid_from if old.valid_from is not None else said_at
            return replace(c, action=Action.CORRECT, valid_from=start, valid_to=old.valid_to)
    return replace(c, action=Action.CORRECT)  # the pipeline re-asserts the portion of what it corrects


def _withdrawn(wrong: tuple[Claim, int] | None, corrections: list[Claim], content: str) -> list[Claim]:
    """The wrong value of a many-valued slot, withdrawn over the portion it was said for, when a correction
    of the same slot gives another value (a single-valued slot's correction replaces it by itself)."""
    if wrong is None or single_valued(wrong[0].predicate):
        return []
    old, said_at = wrong
    if not any(c.predicate == old.predicate and _said(c) != _said(old) for c in corrections):
        return []
    m = _WRONG.search(content)
    span = (m.start(), m.end()) if m else None
    start = old.valid_from if old.valid_from is not None else said_at
    return [replace(old, action=Action.RETRACT, valid_from=start, valid_to=old.valid_to, time_text=None, span=span)]
