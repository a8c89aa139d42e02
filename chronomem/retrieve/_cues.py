"""Cues read whole: a question mark or a correction word ("actually", "instead", "不对") marks a chat turn as a
whole, since a turn says one or two things. A long message (an explanation, a document, a request with its
background) says many: a question mark in it ends one sentence, an "instead" revises one point, and one of
them turns up by chance in almost every long message. So the rules that read a turn's mood from a cue (the
asking rule, the answer rule, the correction rule) read it only in a message of at most ``cue_chars``
characters (:attr:`~._presets.Preset.cue_chars`; 0: any length)."""

from __future__ import annotations

__all__ = ["cue_marks"]


def cue_marks(text: str, limit: int) -> bool:
    """Whether a cue found in ``text`` marks the message as a whole: it has at most ``limit`` characters
    (``limit`` 0: always).

    >>> cue_marks("Actually it was Tuesday.", 1000), cue_marks("x" * 1001, 1000), cue_marks("x" * 1001, 0)
    (True, False, True)
    """
    return limit <= 0 or len(text) <= limit
