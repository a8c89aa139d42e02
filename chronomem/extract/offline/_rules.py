"""Extraction rules as named records: a :class:`ClaimRule` maps a clause pattern onto a predicate of
:mod:`chronomem._vocabulary`.

A rule is a name ("en.lives_in.live"), the predicate, a compiled pattern run over one clause (after its
subject), a gate (cheap substrings, one of which the clause must hold before the regex runs), a priority (when
two matches overlap, the higher wins) and what the matched verb says about time (:class:`Change`). A rule whose
pattern is dear to try at every position (one that starts with a long list of words) also ``needs`` a cheap
pattern that every match of it contains: a clause without one skips the dear pattern. The pattern
names its object ``obj`` (absent when the rule needs none, as in "I quit my job"); ``check`` may refuse or
trim an object ("I love it" names nothing). Rules are registered by :meth:`Rules.rule`, never listed by
position, as in ``chronomem.temporal._rules``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from enum import StrEnum

import ahocorasick  # type: ignore[import-not-found]

__all__ = [
    "BARE", "DECISIVE", "JOINER", "LOOSE", "USUAL", "WEAK", "Change", "ClaimRule", "Hit", "Rules", "split_list",
]  # fmt: skip

#: What a language's ``fold`` may put in place of a space that only sets a word apart (a Latin name in Chinese,
#: "在 Grab 上班"): not white space, so an object runs through it; one character, so spans still index the
#: sentence. An object never starts or ends with it.
JOINER = "\u2060"
_EDGES = f" \t\n{JOINER}"

# Priority bands: when two rules' matches in one clause overlap, the higher priority wins. A rule's priority is
# its band, moved by a few points where two rules of one band meet on the same words.
#: A value said with no verb at all ("还在腾讯"), or a wish: read only when nothing else reads the words.
BARE = 20
#: Wording that says many things ("I'm in Leeds", "I bought a bike"): loses to any more telling rule.
LOOSE = 30
#: Wording that often means something else ("I love …", "staying in …", "left …").
WEAK = 40
#: A predicate's usual wording ("I live in …", "I work at …", "my number is …").
USUAL = 50
#: A verb of change that decides what the words say ("moved to", "joined", "quit", "died").
DECISIVE = 55


class Change(StrEnum):
    """What the verb says about the value's time.

    ``state``: holds now ("I live in Rome"); a past state verb ("I lived in Rome") ends it at the message.
    ``start``: a change that starts the value ("I moved to Rome last month": from then on).
    ``end``: a change that ends it ("I quit my job", "my cat died"): a retraction.
    ``last_day``: ends it at the end of the named day ("Friday was my last day").
    ``past``: the value held before and no longer does ("I used to live in Rome").
    ``until``: the value held until the time named ("I moved from Lyon to Nantes last month": Lyon until then).
    """

    STATE = "state"
    START = "start"
    END = "end"
    LAST_DAY = "last_day"
    PAST = "past"
    UNTIL = "until"


#: Refines or refuses an object: the object text in, the text to keep (or ``None`` to drop the match) out.
Check = Callable[[str], str | None]


@dataclass(frozen=True, slots=True)
class ClaimRule:
    """One extraction rule (see the module docstring). ``negated`` marks rules whose words deny the value
    ("I've never lived in …", "我不会说…"); ``entity_type`` overrides the predicate's type hint."""

    name: str
    predicate: str
    pattern: re.Pattern[str]
    gate: tuple[str, ...]
    priority: int
    change: Change = Change.STATE
    check: Check | None = None
    negated: bool = False
    entity_type: str | None = None
    third_only: bool = False  # "Omar's in Leeds": only of a named subject ("the party is in Leeds" is not)
    needs: re.Pattern[str] | None = None
    example: str = ""  # a sentence the rule reads, kept beside it


@dataclass(frozen=True, slots=True)
class Hit:
    """A rule's match in a clause: the object's text and its span in the clause (``None`` when the rule
    names no object), the span of the whole match, the role word of an unnamed object ("a cat": ``role``
    group) and whether the match itself holds a denial (``neg`` group: "对花生不过敏")."""

    rule: ClaimRule
    obj: str | None
    obj_span: tuple[int, int] | None
    span: tuple[int, int]
    role: str | None = None
    denied: bool = False


class Rules:
    """A registry of rules for one language, refusing duplicate names and patterns matching the empty string.
    With ``word_start`` a match begins where a word does (English: "own" is not read in "walking down")."""

    def __init__(self, lang: str, *, word_start: bool = False) -> None:
        self.lang = lang
        self.word_start = word_start
        self._rules: dict[str, ClaimRule] = {}
        self._order: list[ClaimRule] = []
        self._gates: ahocorasick.Automaton | None = None

    def __iter__(self) -> Iterator[ClaimRule]:
        return iter(self._rules.values())

    def __len__(self) -> int:
        return len(self._rules)

    def _index(self) -> ahocorasick.Automaton:
        """An Aho-Corasick automaton of every gate word, each with the rules it opens (built once, on the first
        clause): one pass over a clause finds every gate it holds, whatever the number of rules."""
        self._order = list(self._rules.values())
        by_gate: dict[str, list[int]] = {}
        for i, r in enumerate(self._order):
            for g in r.gate:
                by_gate.setdefault(g, []).append(i)
        automaton = ahocorasick.Automaton()
        for g, rules in by_gate.items():
            automaton.add_word(g, tuple(rules))
        automaton.make_automaton()
        return automaton

    def get(self, predicate: str) -> ClaimRule | None:
        """The first rule for ``predicate``, if any."""
        return next((r for r in self._rules.values() if r.predicate == predicate), None)

    def rule(
        self,
        name: str,
        predicate: str,
        pattern: str,
        gate: str,
        priority: int,
        **options: object,
    ) -> ClaimRule:
        """Register and return a rule; ``gate`` is a space-separated list of substrings (lower-case), a
        ``needs`` option the text of a pattern every match contains (see the module docstring)."""
        full = f"{self.lang}.{name}"
        if full in self._rules:
            raise ValueError(f"duplicate rule {full!r}")
        compiled = re.compile(rf"(?:(?<!\w)|(?=['’]))(?:{pattern})" if self.word_start else pattern)
        if compiled.fullmatch(""):
            raise ValueError(f"rule {full!r} matches the empty string")
        if isinstance(options.get("needs"), str):
            options["needs"] = re.compile(str(options["needs"]))
        made = ClaimRule(full, predicate, compiled, tuple(gate.split()), priority, **options)  # type: ignore[arg-type]
        self._rules[full] = made
        self._gates = None
        return made

    def forget(self, name: str) -> None:
        """Drop the rule registered as ``name`` (without the language prefix), if there is one."""
        if self._rules.pop(f"{self.lang}.{name}", None) is not None:
            self._gates = None

    def hits(self, clause: str, lowered: str) -> list[Hit]:
        """Every match in ``clause`` of the rules whose gate it opens and whose check accepts it, overlapping
        matches settled by priority, a list object as one hit per item (:func:`split_list`). The gate words
        are found in one pass (Aho-Corasick), not one per rule."""
        if self._gates is None:
            self._gates = self._index()
        opened = {i for _, rules in self._gates.iter(lowered) for i in rules}
        found: list[Hit] = []
        for i in sorted(opened):
            r = self._order[i]
            if r.needs is not None and r.needs.search(clause) is None:
                continue
            for m in r.pattern.finditer(clause):
                hit = _hit(r, m)
                if hit is not None:
                    found.append(hit)
        return [part for hit in _settle(found) for part in split_list(hit)]


_LIST_SEPARATOR = re.compile(r",\s*(?:and\s+|or\s+)?|\s+(?:and|or|as well as)\s+|、|和|跟|及|以及|与|还有")


def split_list(hit: Hit) -> list[Hit]:
    """A list object of a many-valued predicate ("peanuts and shellfish", "花生、芒果") as one hit per item that
    the rule's check accepts ("learning about animals and the bones were so cool" is one item, not two)."""
    if hit.obj is None or hit.obj_span is None or not _listed(hit.rule):
        return [hit]
    parts: list[Hit] = []
    at = 0
    for m in [*_LIST_SEPARATOR.finditer(hit.obj), None]:
        end = len(hit.obj) if m is None else m.start()
        item = hit.obj[at:end].strip()
        if item and hit.rule.check is not None:
            item = hit.rule.check(item) or ""
        if item:
            start = hit.obj_span[0] + hit.obj.index(item, at)
            parts.append(replace(hit, obj=item, obj_span=(start, start + len(item))))
        if m is not None:
            at = m.end()
    return parts if parts or hit.rule.check is not None else [hit]


def _listed(r: ClaimRule) -> bool:
    """Whether ``r``'s object may be a list (a many-valued predicate but ``goal``, whose object is a clause)."""
    from ..._vocabulary import single_valued

    return not single_valued(r.predicate) and r.predicate != "goal"


def _group(m: re.Match[str], name: str) -> str | None:
    return m.group(name) if name in m.re.groupindex else None


def _hit(r: ClaimRule, m: re.Match[str]) -> Hit | None:
    role, denied = _group(m, "role"), bool(_group(m, "neg"))
    found = _group(m, "obj")
    if found is None:
        return Hit(r, None, None, m.span(), role, denied)
    obj = found.strip(_EDGES)
    at = m.start("obj") + found.index(obj) if obj else m.start("obj")
    # a list's items are checked one by one (split_list): "hiking and the views are great" keeps "hiking"
    kept = r.check(obj) if r.check is not None and not _listed(r) else obj.strip()
    if not kept:
        return None
    if kept not in obj:  # a value the check wrote ("teaches physics": "physics teacher"): the words it read
        return Hit(r, kept, (at, at + len(obj)), m.span(), role, denied)
    start = at + obj.find(kept)
    return Hit(r, kept, (start, start + len(kept)), m.span(), role, denied)


def _settle(found: list[Hit]) -> list[Hit]:
    """Keep the higher-priority hit of any two that claim the same words (ties: the longer match): two hits
    clash when their objects overlap, or when either names no object and their predicates are the same."""
    found.sort(key=lambda h: (-h.rule.priority, h.span[0] - h.span[1]))
    kept: list[Hit] = []
    for h in found:
        if not any(_clash(h, k) for k in kept):
            kept.append(h)
    kept.sort(key=lambda h: h.span[0])
    return kept


def _clash(a: Hit, b: Hit) -> bool:
    if a.obj_span is None or b.obj_span is None:  # "started at Acme … and left": a start and an end both hold
        return a.rule.predicate == b.rule.predicate and a.rule.change == b.rule.change
    return not (a.obj_span[1] <= b.obj_span[0] or b.obj_span[1] <= a.obj_span[0])
