"""Temporal understanding: time expressions in Chinese and English, and reasoning over intervals.

(Conventions are documented below; see ``parse``.)
"""

from __future__ import annotations

from ._model import Grain, Interval, Kind, Mention
from ._parse import parse

__all__ = ["Grain", "Interval", "Kind", "Mention", "parse"]
