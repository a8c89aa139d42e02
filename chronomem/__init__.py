"""chronomem: a bitemporal, graph-shaped long-term memory for conversational AI agents."""

from __future__ import annotations

from .errors import ChronomemError

__all__ = ["ChronomemError"]
