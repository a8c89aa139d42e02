"""``chronomem bench locomo-adapter``: chronomem as a retriever for ``bench/locomo_eval.py``'s JSON-lines
protocol (``--cmd``), so the harness scores ``Memory.search`` on LoCoMo and sets in its format.

* ``{"op": "index", "conv_id", "turns"}``: the speakers' names are taught to the tokenizer (user words, so
  Chinese names segment whole), then a fresh namespace (named after the conversation) gets every turn
  through ``Memory.add`` with the offline extractor: the turn's id as the episode id, its speaker (an
  entity, as ingestion makes speakers), its text plus the shared photo's caption as content, and as
  ``occurred_at`` the session's date (read in UTC) plus 30 s per turn, closer when the next session or the
  next day comes sooner (:func:`chronomem.ingest._formats.turn_times`), so a session's turns keep their
  order and date however many there are. The format names speakers and has no roles: a speaker named as an
  assistant is ("Assistant", "AI", "助手": :data:`ASSISTANT_NAMES`) is given the ``assistant`` role, every
  other the ``user`` role, as an application that knows its agent's turns would pass them.
* ``{"op": "search", "query", "k"}``: ``Memory.search`` at the question's own time (the conversation's last
  turn, as the sets define "now"), its hits' cited episodes mapped back to turn ids, best first.

A failed operation answers ``{"error": …}`` and the adapter carries on; only protocol lines go to stdout.
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Iterable, Mapping
from datetime import UTC, datetime, timedelta
from typing import IO, Any

from .._memory import Memory
from .._open import open as open_memory
from ..contracts import Embedder
from ..errors import ChronomemError, InvalidValue
from ..ingest._formats import turn_times
from ..models._choose import choose_embedder

__all__ = ["ASSISTANT_NAMES", "LocomoAdapter", "serve"]

#: Speaker names (case-folded) that name an assistant, not a person.
ASSISTANT_NAMES = frozenset({"assistant", "ai", "ai assistant", "bot", "chatbot", "助手", "ai助手", "助理"})


class LocomoAdapter:
    """One memory holding the conversation indexed last (see module docstring). ``url`` is the database
    (default: a temporary SQLite file); ``preset`` and ``kinds`` are passed to every search; ``embedder``
    (a name of :data:`chronomem.models.EMBEDDERS`, or one) embeds the turns and the questions."""

    def __init__(
        self,
        url: str | None = None,
        *,
        preset: str = "default",
        kinds: Iterable[str] | None = None,
        embedder: str | Embedder | None = "auto",
    ) -> None:
        self._tmp = None if url else tempfile.TemporaryDirectory(prefix="chronomem-locomo-")
        self._url = url or os.path.join(self._tmp.name if self._tmp else ".", "locomo.db")
        self._preset, self._kinds = preset, None if kinds is None else tuple(kinds)
        self._embedder = choose_embedder(embedder)
        self._mem: Memory | None = None
        self._last: datetime | None = None
        self._count = 0

    def close(self) -> None:
        if self._mem is not None:
            self._mem.close()
        if self._tmp is not None:
            self._tmp.cleanup()

    def index(self, conv_id: str, turns: list[Mapping[str, Any]]) -> int:
        """Replace the memory's conversation with ``turns``; returns how many were stored."""
        if self._mem is not None:
            self._mem.erase_namespace()
            self._mem.close()
        self._count += 1
        self._mem = open_memory(self._url, namespace=f"{conv_id or 'conv'}-{self._count}", embedder=self._embedder)
        _teach_names({str(t["speaker"]) for t in turns if t.get("speaker")})
        messages = _messages(turns)
        results = self._mem.add(messages)
        self._last = max((m["occurred_at"] for m in messages), default=None)
        failed = [r.error for r in results if r.error is not None]
        if failed:
            raise InvalidValue(f"{len(failed)} turns failed, first: {failed[0]}")
        return len(results)

    def search(self, query: str, k: int) -> list[str]:
        """Turn ids for ``query``, best first: each hit's cited episodes, in hit order, without repeats."""
        if self._mem is None:
            raise InvalidValue("search before index; send an index operation first")
        at = None if self._last is None else self._last + timedelta(minutes=1)
        hits = self._mem.search(query, k=max(k, 1) * 3, valid_at=at, kinds=self._kinds, preset=self._preset)
        out: dict[str, None] = {}
        for hit in hits:
            out.update(dict.fromkeys(hit.cites))
            if len(out) >= k:
                break
        return list(out)[:k]


def _teach_names(names: Iterable[str]) -> None:
    """Teach the tokenizer the speakers' names, as an application teaches it the names it knows, so that
    "苏晴和何佳" segments as 苏晴 / 和 / 何佳 in messages and questions alike (before anything is indexed)."""
    from ..text import default_tokenizer

    tokenizer = default_tokenizer()
    for name in names:
        if name.strip() and not any(ch.isspace() for ch in name):
            tokenizer.add_word(name, 100_000)


def _messages(turns: list[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """The turns as messages, each session's turns timed by :func:`turn_times` from the session's date (in
    UTC) up to the next session's; a turn's place is its ``turn`` number, else its position in the session."""
    sessions: dict[str, list[Mapping[str, Any]]] = {}
    for t in turns:
        sessions.setdefault(f"{t.get('conv_id')}:{t.get('session')}", []).append(t)
    starts = {key: _session_time(group[0]) for key, group in sessions.items()}
    out: list[dict[str, Any]] = []
    for key, group in sessions.items():
        places = [_place(t, i) for i, t in enumerate(group)]
        later = [s for s in starts.values() if s > starts[key]]
        times = turn_times(starts[key], max(places) + 1, min(later, default=None))
        out.extend(_message(t, key, times[n]) for t, n in zip(group, places, strict=True))
    return out


def _session_time(turn: Mapping[str, Any]) -> datetime:
    return datetime.fromisoformat(str(turn["session_datetime_iso"])).replace(tzinfo=UTC)


def _place(turn: Mapping[str, Any], position: int) -> int:
    number = turn.get("turn")
    return (number - 1) if isinstance(number, int) and number > 0 else position


def _message(turn: Mapping[str, Any], session: str, at: datetime) -> dict[str, Any]:
    text = str(turn.get("text") or "")
    if turn.get("image_caption"):
        text = f"{text} [shares a photo: {turn['image_caption']}]".strip()
    speaker = turn.get("speaker")
    role = "assistant" if str(speaker or "").strip().casefold() in ASSISTANT_NAMES else "user"
    return {"id": str(turn["id"]), "speaker": speaker, "role": role, "content": text or "…", "occurred_at": at,
            "session": session}  # fmt: skip


def _answer(adapter: LocomoAdapter, msg: Mapping[str, Any]) -> dict[str, Any]:
    op = msg.get("op")
    if op == "index":
        adapter.index(str(msg.get("conv_id") or "conv"), list(msg.get("turns") or []))
        return {"ok": True}
    if op == "search":
        return {"ids": adapter.search(str(msg.get("query", "")), int(msg.get("k", 10)))}
    return {"error": f"unknown op {op!r}; use index or search"}


def serve(adapter: LocomoAdapter, stdin: IO[str], stdout: IO[str]) -> None:
    """Answer the harness's JSON lines from ``stdin`` on ``stdout`` until ``stdin`` closes."""
    for line in stdin:
        if not line.strip():
            continue
        try:
            reply = _answer(adapter, json.loads(line))
        except (ChronomemError, ValueError, KeyError, TypeError) as exc:
            reply = {"error": f"{type(exc).__name__}: {exc}"}
        stdout.write(json.dumps(reply, ensure_ascii=False) + "\n")
        stdout.flush()
