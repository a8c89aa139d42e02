"""Reading conversations from files: JSON lines of messages, a JSON list in the OpenAI chat shape, or a
LoCoMo conversation file. What ``chronomem ingest FILE`` and ``chronomem bench ingest`` read.

Every message gets an aware time: its own (``occurred_at`` with an offset), else one derived from the file
(a LoCoMo session's date, or ``start`` plus a second per turn for a chat list) in the zone ``tz`` the caller
names. A time the file gives without an offset, when no ``tz`` is named, is an error that says to name one:
nothing guesses a zone. A malformed line or item is an error naming its place in the file.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Mapping
from datetime import UTC, datetime, time, timedelta
from pathlib import Path

from .._claims import Role
from .._time import zone
from ..errors import InvalidValue

__all__ = ["FORMATS", "TURN_GAP", "read_conversation", "turn_times"]

#: The formats :func:`read_conversation` knows, by name.
FORMATS = ("jsonl", "chat", "locomo")
_SESSION = re.compile(r"session_(\d+)")
_LOCOMO_TIME = "%I:%M %p on %d %B, %Y"  # "1:56 pm on 8 May, 2023"
#: How far apart :func:`turn_times` puts a session's turns when there is room.
TURN_GAP = timedelta(seconds=30)


def turn_times(began: datetime, count: int, until: datetime | None = None) -> list[datetime]:
    """When each of a session's ``count`` turns was said, knowing only when the session began: in order,
    :data:`TURN_GAP` apart, closer when that would reach ``until`` (the next session's time) or the end of
    the session's day, so a turn said later is newer, keeps its session's date and never passes the next
    session's turns (a session of thousands of turns, or sessions minutes apart).

    >>> t = turn_times(datetime(2023, 5, 8, 13, 0, tzinfo=UTC), 3)
    >>> [f"{x:%H:%M:%S}" for x in t]
    ['13:00:00', '13:00:30', '13:01:00']
    >>> t = turn_times(datetime(2023, 5, 8, 13, 0, tzinfo=UTC), 3000, datetime(2023, 5, 8, 14, 0, tzinfo=UTC))
    >>> f"{t[-1]:%H:%M:%S}", t == sorted(set(t))
    ('13:59:57', True)
    >>> f"{turn_times(datetime(2023, 5, 8, 23, 0, tzinfo=UTC), 3000)[-1]:%d %H:%M}"
    '08 23:59'
    >>> from zoneinfo import ZoneInfo  # the clocks go forward at 01:00 during the session
    >>> t = [x.astimezone(UTC) for x in turn_times(datetime(2023, 3, 26, 0, 50, tzinfo=ZoneInfo("Europe/London")), 200)]
    >>> all(a < b for a, b in zip(t, t[1:]))
    True
    """
    start = began.astimezone(UTC)  # elapsed time, not wall-clock time: a DST change inside a session keeps order
    day_end = datetime.combine(began.date() + timedelta(days=1), time(), began.tzinfo).astimezone(UTC)
    end = min(day_end, until.astimezone(UTC)) if until is not None and until > began else day_end
    step = max(min(TURN_GAP, (end - start) / (count + 1)), timedelta(microseconds=1))
    return [(start + step * i).astimezone(began.tzinfo) for i in range(count)]


def read_conversation(
    path: str | Path, *, tz: str | None = None, start: datetime | None = None, fmt: str | None = None
) -> Iterator[Mapping[str, object]]:
    """The messages of the file at ``path``, in order, as dicts :meth:`Memory.add` takes. ``fmt`` is one of
    :data:`FORMATS` (default: ``.jsonl`` files are JSON lines; others are read as JSON, known by shape)."""
    p = Path(path)
    if fmt is not None and fmt not in FORMATS:
        raise InvalidValue(f"format {fmt!r}; use one of {list(FORMATS)}")
    try:
        text = p.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise InvalidValue(f"cannot read {p}: {exc}") from exc
    if fmt == "jsonl" or (fmt is None and p.suffix == ".jsonl"):
        yield from _json_lines(text, p, tz)
        return
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise InvalidValue(f"{p} is not JSON ({exc}); JSON lines files end in .jsonl") from exc
    if fmt == "locomo" or (fmt is None and _is_locomo(data)):
        yield from _locomo(data, p, tz)
    elif fmt == "chat" or (fmt is None and isinstance(data, list)):
        yield from _chat(data, p, tz, start)
    else:
        raise InvalidValue(f"{p}: not a list of chat messages nor a LoCoMo conversation; see `chronomem ingest --help`")


def _json_lines(text: str, p: Path, tz: str | None) -> Iterator[Mapping[str, object]]:
    for n, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            item = json.loads(line)
        except json.JSONDecodeError as exc:
            raise InvalidValue(f"{p}:{n}: not JSON ({exc.msg}); each line is one message object") from exc
        yield _at(p, n, item, tz)


def _at(p: Path, where: int | str, item: object, tz: str | None) -> Mapping[str, object]:
    """The message as a dict, its offset-less time read in ``tz`` when one is named. It is checked when it is
    added, so one bad message fails alone (the file's shape was checked here)."""
    if not isinstance(item, Mapping):
        raise InvalidValue(f"{p}:{where}: a message is a JSON object, got {type(item).__name__}")
    when = item.get("occurred_at")
    if isinstance(when, str) and tz is not None:
        parsed = _parse(when, p, where)
        if parsed.tzinfo is None:
            return {**item, "occurred_at": parsed.replace(tzinfo=zone(tz)), "tz": item.get("tz", tz)}
    return item


def _parse(text: str, p: Path, where: int | str) -> datetime:
    try:
        return datetime.fromisoformat(text.strip().replace("Z", "+00:00"))
    except ValueError:
        raise InvalidValue(f"{p}:{where}: occurred_at={text!r} is not ISO 8601") from None


def _chat(items: list[object], p: Path, tz: str | None, start: datetime | None) -> Iterator[Mapping[str, object]]:
    """OpenAI chat messages (``role``, ``content``, optional ``name``): one conversation starting at
    ``start`` (aware), a second apart."""
    if start is None or start.tzinfo is None:
        raise InvalidValue(f"{p}: chat messages carry no time; give the conversation's start with an offset")
    for n, item in enumerate(items):
        if not isinstance(item, Mapping) or not isinstance(item.get("content"), str):
            raise InvalidValue(f"{p}[{n}]: a chat message is an object with a string 'content'")
        role = item.get("role", "user")
        speaker = item.get("name") or ("Assistant" if role == Role.ASSISTANT else "User")
        when = start + timedelta(seconds=n)
        yield _at(p, f"[{n}]", {"content": item["content"], "role": role, "speaker": speaker,
                                "occurred_at": when, "tz": tz, "id": f"{p.stem}-{n}"}, None)  # fmt: skip


def _is_locomo(data: object) -> bool:
    items = data if isinstance(data, list) else [data]
    return bool(items) and all(isinstance(c, Mapping) and isinstance(c.get("conversation"), Mapping) for c in items)


def _locomo(data: object, p: Path, tz: str | None) -> Iterator[Mapping[str, object]]:
    """LoCoMo: ``{"sample_id", "conversation": {"session_N_date_time", "session_N": [{"speaker", "dia_id",
    "text"}]}}`` (one or a list). Its session dates carry no zone: ``tz`` names it."""
    if tz is None:
        raise InvalidValue(f"{p}: LoCoMo session times carry no zone; name one (e.g. --tz UTC)")
    for c in data if isinstance(data, list) else [data]:
        assert isinstance(c, Mapping)  # _is_locomo checked the shape
        conv = c["conversation"]
        sample = str(c.get("sample_id", p.stem))
        sessions = sorted((int(m.group(1)), k) for k in conv if (m := _SESSION.fullmatch(k)))
        starts = []
        for _, key in sessions:
            try:
                starts.append(datetime.strptime(str(conv[f"{key}_date_time"]), _LOCOMO_TIME).replace(tzinfo=zone(tz)))
            except (KeyError, ValueError) as exc:
                raise InvalidValue(f"{p}: {sample} {key}: no readable '{key}_date_time' ({exc})") from exc
        for (number, key), began in zip(sessions, starts, strict=True):
            later = [s for s in starts if s > began]
            times = turn_times(began, len(conv[key]), min(later, default=None))
            for i, turn in enumerate(conv[key]):
                text = turn.get("text", "")
                if turn.get("blip_caption"):
                    text = f"{text} [shares a photo: {turn['blip_caption']}]".strip()
                yield _at(p, f"{sample}:{turn.get('dia_id', i)}", {
                    "id": f"{sample}:{turn.get('dia_id', i)}", "speaker": turn.get("speaker"), "content": text,
                    "occurred_at": times[i], "session": f"{sample}:{number}", "tz": tz,
                }, None)  # fmt: skip
