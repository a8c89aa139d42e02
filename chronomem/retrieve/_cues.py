"""Cues read whole: a question mark or a correction word ("actually", "instead", "不对") marks a chat turn as a
whole, since a turn says one or two things. A long message (an explanation, a document, a request with its
background) says many: a question mark in it ends one sentence, an "instead" revises one point, and one of
them turns up by chance in almost every long message. So the rules that read a turn's mood from a cue (the
asking rule, the answer rule, the correction rule) read it only in a message of at most ``cue_chars``
characters (:attr:`~._presets.Preset.cue_chars`; 0: any length).

A question a person puts to an assistant is a request, not a turn of a conversation between people: "my
deadline moved to March 15 — can you replan the sprints?" carries the person's situation, and the reply is
the assistant's account, not the person's answer. So the asking and answer rules do not read a question whose
reply is an assistant's (:func:`requests`); they read questions between people as before."""

from __future__ import annotations

from .._values import Episode
from ._speakers import ASSISTANT

__all__ = ["cue_marks", "requests"]


def cue_marks(text: str, limit: int) -> bool:
    """Whether a cue found in ``text`` marks the message as a whole: it has at most ``limit`` characters
    (``limit`` 0: always).

    >>> cue_marks("Actually it was Tuesday.", 1000), cue_marks("x" * 1001, 1000), cue_marks("x" * 1001, 0)
    (True, False, True)
    """
    return limit <= 0 or len(text) <= limit


def requests(question: Episode, reply: Episode | None) -> bool:
    """Whether ``question`` is a request to an assistant: said by someone other than an assistant, with an
    assistant's turn (``reply``, the turn after it) as its reply.

    >>> ask = Episode("q", "n", "Can you replan the sprints?", 0, 0, role="user")
    >>> requests(ask, Episode("r", "n", "Sure: ...", 1, 1, role="assistant"))
    True
    >>> requests(ask, Episode("r", "n", "No way!", 1, 1, role="user")), requests(ask, None)
    (False, False)
    """
    return reply is not None and reply.role == ASSISTANT and question.role != ASSISTANT
