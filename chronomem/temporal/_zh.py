"""The Chinese grammar: the rules of every dimension (dates, clock times, relative expressions)."""

from __future__ import annotations

from ._rules import Grammar
from ._zh_clock import CLOCK
from ._zh_dates import DATES
from ._zh_relative import RELATIVE

__all__ = ["ZH"]

ZH = Grammar("zh", DATES, CLOCK, RELATIVE)
