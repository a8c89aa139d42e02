"""``parse(text, reference, tz)``: find every time expression in a text and resolve it to UTC.

Steps: normalise (Traditional -> Simplified, full-width -> ASCII; one character for one), run the rules of
each language whose cheap trigger fires, keep the longest non-overlapping matches, combine neighbours, and
convert the local wall-clock results to UTC microseconds.
"""

from __future__ import annotations

import bisect
import re
import string
from datetime import datetime, timezone, tzinfo

from .._time import MAX_US, MIN_US, to_us, zone
from ..errors import InvalidValue
from ._anchors import with_anchors
from ._calendar import to_utc_us
from ._combine import combine
from ._en import EN
from ._numeric import NUMERIC
from ._pieces import Ctx, Piece
from ._rules import DIGIT, Grammar, Rule
from ._values import Mention
from ._zh import ZH
from ._zh_words import normalise

__all__ = ["parse", "resolve_zone"]

_DIGIT = re.compile(r"\d")
_WORD = re.compile(r"[a-z]+")
_LATIN_LETTERS = frozenset(string.ascii_letters)
# every rule, highest priority first (its rank); on equal length the lower rank wins
_RANKED: tuple[Rule, ...] = tuple(sorted(Grammar("", NUMERIC, ZH, EN), key=lambda r: (-r.priority, r.name)))
_RUN = tuple((r.pattern.finditer, r.produce) for r in _RANKED)  # bound once: the loop below is the hot path
# gate feature -> ranks of the rules it opens, so a message only looks at the rules it can trigger
_BY_FEATURE: dict[str, tuple[int, ...]] = {}
for _rank, _rule in enumerate(_RANKED):
    for _feat in _rule.gate:
        _BY_FEATURE[_feat] = (*_BY_FEATURE.get(_feat, ()), _rank)
_MAX_TEXT = 100_000


def resolve_zone(reference: datetime, tz: str | tzinfo | None) -> tzinfo:
    """The speaker's zone: ``tz`` (IANA name or tzinfo), else the reference's own UTC offset."""
    if tz is None:
        offset = reference.utcoffset()
        assert offset is not None
        return reference.tzinfo if isinstance(reference.tzinfo, timezone) else timezone(offset)
    if isinstance(tz, str):
        return zone(tz)
    if isinstance(tz, tzinfo):
        return tz
    raise InvalidValue(f"tz must be an IANA name such as 'Asia/Shanghai' or a tzinfo, got {type(tz).__name__}")


_PAST = re.compile(
    r"\b(?:was|were|did|had|went|met|saw|said|told|got|came|ago|yesterday|last|called|visited|finished|"
    r"started|moved|bought|left|arrived|ate|spent|took|gave|made|happened|forgot|lost|found|wrote|sent|"
    r"talked|mentioned|discussed|attended|watched|played|worked|stayed|flew|drove|ran|slept|[a-z]{3,}ed)\b",
    re.I,
)
_FUTURE = re.compile(r"\b(?:will|shall|gonna|going\s+to|let's|plan(?:ning)?|next|tomorrow|upcoming)\b|'ll\b", re.I)


_ZH_PAST = re.compile(r"了|曾经|上次|那时")
_ZH_FUTURE = re.compile(r"要|会|将|打算|准备|计划|下次|明天|下周|下个|以后|再")


def _past_tense(text: str) -> bool:
    """A cheap tense cue: a past-tense verb (English) or 了 (Chinese), and no future marker."""
    if _ZH_PAST.search(text) is not None and _ZH_FUTURE.search(text) is None:
        return True
    return _PAST.search(text) is not None and _FUTURE.search(text) is None


def _features(text: str) -> set[str]:
    """What rule gates look for: the characters other than Latin letters (a Chinese character, a quote mark),
    the lower-case words (a one-letter gate such as "h" of "3h" is a word: as a character it opened the
    duration rules on nearly every English sentence), and :data:`DIGIT` when there is a digit."""
    feats = set(text).difference(_LATIN_LETTERS)
    feats.update(_WORD.findall(text.lower()))
    if _DIGIT.search(text):
        feats.add(DIGIT)
    return feats


def _rules_for(text: str) -> list[int]:
    """Ranks of the rules whose gate the text opens (most chat messages open none)."""
    ranks: set[int] = set()
    for feat in _features(text):
        opened = _BY_FEATURE.get(feat)
        if opened is not None:
            ranks.update(opened)
    return sorted(ranks)


def _find(text: str, ranks: list[int], ctx: Ctx) -> list[Piece]:
    found: list[tuple[int, int, int, Piece]] = []
    for rank in ranks:
        finditer, produce = _RUN[rank]
        for m in finditer(text):
            if m.end() > m.start():
                try:
                    piece = produce(m, ctx)
                except (OverflowError, ValueError):
                    continue  # a date outside years 1..9999, e.g. "next year" said on 9999-12-31
                if piece is not None:
                    found.append((-(piece.end - piece.start), rank, piece.start, piece))
    found.sort(key=lambda t: t[:3])
    # Longest first, each kept unless it overlaps one kept before. The kept pieces never overlap, so in the
    # order of their starts their ends increase too and only the neighbours of a place can overlap it.
    taken: list[Piece] = []
    starts: list[int] = []
    for _, _, _, piece in found:
        i = bisect.bisect_right(starts, piece.start)
        if (i == 0 or taken[i - 1].end <= piece.start) and (i == len(taken) or piece.end <= taken[i].start):
            taken.insert(i, piece)
            starts.insert(i, piece.start)
    return taken


def _to_mention(p: Piece, text: str, tz: tzinfo) -> Mention | None:
    def conv(d: datetime | None) -> int | None:
        if d is None:
            return None
        us = to_utc_us(d, tz)
        if not MIN_US <= us <= MAX_US:
            raise OverflowError("outside years 1..9999")
        return us

    try:
        start, end = conv(p.lo), conv(p.hi)
        unc = None if p.unc is None else (conv(p.unc[0]), conv(p.unc[1]))
    except (OverflowError, ValueError):
        return None
    if (start is None and end is None) or (start is not None and end is not None and end <= start):
        return None
    uncertainty = None if unc is None or unc[0] is None or unc[1] is None else (unc[0], unc[1])
    return Mention(text[p.start : p.end], (p.start, p.end), start, end, p.grain, p.shape, uncertainty)


def parse(text: str, reference: datetime, tz: str | tzinfo | None = None) -> list[Mention]:
    """Every time expression in ``text``, in order, resolved against ``reference`` in zone ``tz``.

    ``reference`` must be aware (naive raises :class:`~chronomem.errors.NaiveDatetime`); ``tz`` is an IANA
    name or tzinfo and defaults to the reference's own offset. The machine clock is never read.

    >>> from datetime import datetime, timezone, timedelta
    >>> ref = datetime(2024, 6, 12, 15, 0, tzinfo=timezone(timedelta(hours=8)))
    >>> [(m.text, m.start_dt.isoformat(), m.grain.value) for m in parse("昨天", ref)]
    [('昨天', '2024-06-10T16:00:00+00:00', 'day')]
    """
    to_us(reference, name="reference")
    if not isinstance(text, str):
        raise InvalidValue(f"text must be a str, got {type(text).__name__}")
    if len(text) > _MAX_TEXT:
        raise InvalidValue(f"text is {len(text)} characters; split it into messages under {_MAX_TEXT}")
    zone_ = resolve_zone(reference, tz)
    norm = normalise(text)
    return with_anchors(text, norm, _times(text, norm, reference, zone_))


def _times(text: str, norm: str, reference: datetime, zone_: tzinfo) -> list[Mention]:
    """The time expressions of a text (``norm`` is its normalised form), resolved in ``zone_``."""
    ranks = _rules_for(norm)
    if not ranks:
        return []
    now = reference.astimezone(zone_).replace(tzinfo=None)
    ctx = Ctx(now, zone_, past=lambda: _past_tense(text))
    pieces = _find(norm, ranks, ctx)
    if not pieces:
        return []
    try:
        final = combine(pieces, norm, ctx)
    except (OverflowError, ValueError):  # near the ends of the calendar: keep what resolves on its own
        final = []
        for piece in pieces:
            try:
                final.extend(combine([piece], norm, ctx))
            except (OverflowError, ValueError):
                continue
    out = []
    for p in final:
        mention = _to_mention(p, text, zone_)
        if mention is not None:
            out.append(mention)
    return out
