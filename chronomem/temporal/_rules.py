"""Grammar rules as named records: a :class:`Rule` is a name, a pattern, a gate, a priority and a production.

Rules are registered by a decorator into a :class:`Grammar` (one per language and dimension, e.g. English
clock times), as in Duckling's ``Rule{name, pattern, prod}`` and ctparse's ``@rule``::

    CLOCK = Grammar("en.clock")

    @CLOCK.rule("en.clock.noon", re.compile(r"noon|midnight"), gate={"noon", "midnight"}, priority=470)
    def _noon(m: re.Match[str], c: Ctx) -> Piece | None: ...

The parser reads the grammars, never positions in a list: a rule runs only when the text holds one of its
gate features, and when two matches of one length overlap, the rule of higher priority wins. Priorities in use
(distinct, in steps of 10 to leave room): 960-990 the numeric formats both languages share, 610-900 Chinese,
90-600 English.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass

from ._pieces import Ctx, Piece

__all__ = ["DIGIT", "Grammar", "Production", "Rule"]

#: What a rule makes of one match: a piece in the speaker's wall clock, or ``None`` to drop the match.
Production = Callable[[re.Match[str], Ctx], Piece | None]

#: The gate feature a text has when it holds a digit.
DIGIT = "#"


@dataclass(frozen=True, slots=True)
class Rule:
    """One grammar rule.

    ``name`` is unique across all grammars and starts with the language ("en.clock.hh_ampm", "zh.clock.dian",
    "num.iso_date"). ``gate`` is a cheap pre-check: the rule's regex runs only when the text holds one of these
    features, which are its characters, its lower-case words, and :data:`DIGIT` when it holds a digit (most
    chat messages open no gate at all). ``priority`` decides between two matches of one length that overlap:
    the higher one wins.
    """

    name: str
    pattern: re.Pattern[str]
    gate: frozenset[str]
    priority: int
    produce: Production

    @property
    def lang(self) -> str:
        """The language: "en", "zh", or "num" for the numeric formats both languages share."""
        return self.name.partition(".")[0]


class Grammar:
    """A registry of rules whose names all start with ``prefix`` (e.g. "en.clock"; "" takes any name), holding
    its own rules and those of ``parts``.

    Refuses a duplicate name, a name outside the prefix, an empty gate and a pattern that matches the empty
    string (it would match everywhere and produce nothing).
    """

    def __init__(self, prefix: str, *parts: Grammar) -> None:
        self.prefix = prefix
        self._rules: dict[str, Rule] = {}
        for part in parts:
            for r in part:
                self._add(r)

    def __iter__(self) -> Iterator[Rule]:
        return iter(self._rules.values())

    def __len__(self) -> int:
        return len(self._rules)

    def _add(self, r: Rule) -> None:
        if self.prefix and not r.name.startswith(self.prefix + "."):
            raise ValueError(f"rule {r.name!r} does not belong to grammar {self.prefix!r}")
        if r.name in self._rules:
            raise ValueError(f"rule {r.name!r} is registered twice; rule names must be unique")
        if not r.gate:
            raise ValueError(f"rule {r.name!r} has an empty gate: it would never run")
        if r.pattern.fullmatch("") is not None:
            raise ValueError(f"rule {r.name!r}: pattern {r.pattern.pattern!r} matches the empty string")
        self._rules[r.name] = r

    def add(
        self, name: str, pattern: re.Pattern[str], produce: Production, *, gate: Iterable[str], priority: int
    ) -> None:
        """Register a rule. A ``gate`` given as a string is its characters (Chinese gates: "号日")."""
        self._add(Rule(name, pattern, frozenset(gate), priority, produce))

    def rule(
        self, name: str, pattern: re.Pattern[str], *, gate: Iterable[str], priority: int
    ) -> Callable[[Production], Production]:
        """Decorator form of :meth:`add`; it returns the production unchanged, so rules can share one."""

        def register(produce: Production) -> Production:
            self.add(name, pattern, produce, gate=gate, priority=priority)
            return produce

        return register
