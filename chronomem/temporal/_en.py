"""The English grammar: the rules of every dimension (clock times, dates, relative expressions, periods, edges
of periods, zones)."""

from __future__ import annotations

from ._en_clock import CLOCK
from ._en_dates import DATES
from ._en_edges import EDGES
from ._en_periods import PERIODS
from ._en_relative import RELATIVE
from ._en_zones import ZONES
from ._rules import Grammar

__all__ = ["EN"]

EN = Grammar("en", CLOCK, DATES, RELATIVE, PERIODS, EDGES, ZONES)
