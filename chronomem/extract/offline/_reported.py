"""Reported speech and belief: words that say what someone thinks, believes, heard or said ("I reckon Priya works
at Bosch", "Tom said he moved", "听说小林辞职了", "我奶奶以为我还没结婚") frame the clause after them, and whose fact
that clause states, and how it is held, depends on who reports it and about whom (:func:`held`).

A language gives two patterns (:class:`._language.Language`): ``reports``, a verb of thinking, believing,
hearing or saying right after its subject (the reporter: "Ann said", "我觉得"), and ``hearsay``, words that report
without naming anyone at the start of a clause ("apparently", "据说"). Each marks hearing (learning it from
others) by a group ``heard``; ``reports`` marks a denial ("I don't think", "我不觉得") by a group ``denied``
and a verb of saying (as against believing) by a group ``said``. The frame may end its clause ("Tom said |
he moved"): it then frames the next.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum

from ..._claims import Mentioned
from ._pronouns import UNKNOWN, Subject, Who

__all__ = ["Frame", "Held", "frame_at", "held"]

#: How a language reads the subject at the start of a clause (:attr:`._language.Language.subject`).
_Reader = Callable[[str, Who], Subject | None]


@dataclass(frozen=True, slots=True)
class Frame:
    """Words that report the clause after them: who reports it (``None`` when no one is named), whether it
    was heard from others, and where the reported words start (an offset into the text the frame was read in;
    at its clause's end when the frame is the whole clause)."""

    reporter: Subject | None
    heard: bool
    end: int
    denied: bool = False
    said: bool = False


class Held(StrEnum):
    """How a reported clause is held: as the speaker's own words, as reported, or not at all."""

    OWN = "own"
    REPORTED = "reported"
    NOTHING = "nothing"


def frame_at(
    text: str, start: int, reports: re.Pattern[str] | None, hearsay: re.Pattern[str] | None, read: _Reader, who: Who
) -> Frame | None:
    """The frame that opens ``text[start:]`` (a clause), or ``None``. ``read`` reads a clause's subject."""
    said = read(text[start:], who)
    if said is None:
        m = hearsay.match(text, start) if hearsay is not None else None
        return None if m is None else Frame(None, True, m.end())
    m = reports.match(text, start + said.end) if reports is not None else None
    if m is None or said.mention is UNKNOWN:
        return None
    groups = m.groupdict()
    return Frame(said, groups.get("heard") is not None, m.end(), groups.get("denied") is not None,
                 groups.get("said") is not None)  # fmt: skip


def held(frame: Frame, subject: Mentioned) -> Held:
    """How a clause about ``subject`` is held under ``frame``.

    * Someone other than the speaker: reported (with the confidence of hearsay): the speaker passes on what
      they think, heard or were told ("I reckon Priya works at Bosch" is Priya's, "我猜小林在学校教书" 小林's).
    * The speaker, by the speaker's own thinking or saying: the speaker's own words, a hedge or a plan ("I
      guess I'll stay in Porto", "我跟他说我下个月搬家").
    * The speaker, heard from others: reported ("I heard I got the job", "听说我被录取了").
    * Anyone, when the report denies ("I don't think Ann moved", "我不觉得他会来"): nothing (what is not
      thought is not said either way).
    * The speaker, as someone else says it to them: reported ("my boss said I can work from home", "我妈说我
      应该搬回杭州"): words said in the speaker's life, which never replace what holds.
    * The speaker, as someone else believes it: nothing. Another's belief about the speaker may be mistaken
      ("My uncle thinks I still work in sales", "我爸以为我还在读书"), and it is no fact of theirs either.
    """
    if subject is UNKNOWN or frame.denied:
        return Held.NOTHING
    if not subject.speaker:
        return Held.REPORTED
    reporter = frame.reporter
    if reporter is not None and not reporter.mention.speaker:
        return Held.REPORTED if frame.said else Held.NOTHING
    return Held.REPORTED if frame.heard else Held.OWN
