"""The MCP tools: what an agent may ask its memory, each a thin shell over :class:`~chronomem.Memory`
(parse the arguments -> one call -> compact JSON text). Imported only once the SDK is known to be installed
(its argument schemas are pydantic's). A :class:`~chronomem.errors.ChronomemError` becomes an MCP tool error
whose message says what to fix; wrong argument types are refused by the SDK against the schema.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime
from typing import Annotated, Any, Literal

from mcp.server.mcpserver import Context
from mcp.server.mcpserver.exceptions import ToolError
from pydantic import BaseModel, ConfigDict, Field

from .._access import Role
from .._memory import Memory
from .._time import from_us, now_us, parse_instant
from .._values import Fact
from .._wire import conflict_json, context_json, episode_json, fact_json, hit_json, ingest_json, instant
from ..errors import ChronomemError, InvalidInput, NaiveDatetime, NotFound, StorageError
from ._auth import require

__all__ = ["TOOLS", "Tool", "Tools"]

_TIME = "ISO 8601 with an offset, e.g. 2024-06-12T15:00:00+08:00 or 2024-06-12T07:00:00Z"
ValidAt = Annotated[str | None, Field(description=f"When in the world the answer should hold ({_TIME}); default now.")]
AsOf = Annotated[
    str | None,
    Field(description=f"Answer as the memory believed at this time, before later corrections ({_TIME}); default now."),
]
Subject = Annotated[
    str, Field(description="The entity: a name ('Alice', '王伟'), an alias or an entity id.", min_length=1)
]
IncludePast = Annotated[
    bool,
    Field(description="Also rank what no longer holds (where she used to live) as high as what holds now."),
]
Since = Annotated[str, Field(description=f"The start of the period, exclusive ({_TIME}).")]
FactKinds = Annotated[
    list[Literal["fact", "preference", "goal", "plan", "event", "habit", "summary"]] | None,
    Field(description="Only facts of these kinds (a preference, a plan, an event...); default all."),
]
Predicate = Annotated[
    str, Field(description="The attribute or relation: lives_in, works_at, likes, job, age, … (snake_case).")
]


class MessageIn(BaseModel):
    """One message to remember."""

    model_config = ConfigDict(extra="forbid")
    content: str = Field(description="What was said, in the speaker's words (Chinese or English).", min_length=1)
    speaker: str | None = Field(default=None, description="Who said it ('Alice'); facts in the first person are hers.")
    occurred_at: str | None = Field(default=None, description=f"When it was said ({_TIME}); default now.")
    id: str | None = Field(default=None, description="A stable id; remembering the same id again changes nothing.")
    session: str | None = Field(default=None, description="The conversation it belongs to.")
    tz: str | None = Field(default=None, description="The speaker's IANA zone ('Asia/Shanghai') for 'tomorrow at 9'.")


def _dumps(obj: object) -> str:
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"))


def _when(text: str | None, name: str) -> datetime | None:
    return None if text is None else _need(text, name)


def _need(text: str, name: str) -> datetime:
    try:
        return from_us(parse_instant(text.replace("Z", "+00:00"), name=name))
    except NaiveDatetime as exc:  # its own message speaks of Python datetimes; the agent sent text
        raise NaiveDatetime(f"{name}={text!r} has no offset; add one, e.g. {text}+08:00 or {text}Z") from exc


def _preset(include_past: bool) -> str:
    return "history" if include_past else "default"  # chronomem.retrieve.PRESETS


@contextmanager
def _as_tool_errors() -> Iterator[None]:
    """Map the library's errors to MCP tool errors with a hint the agent can act on."""
    try:
        yield
    except InvalidInput as exc:
        raise ToolError(f"invalid argument: {exc}") from exc
    except NotFound as exc:
        raise ToolError(f"not found: {exc}; use 'search' to find the right name or id") from exc
    except StorageError as exc:
        raise ToolError(f"the memory's database failed: {exc}; try again later") from exc
    except ChronomemError as exc:
        raise ToolError(str(exc)) from exc


def _allow(ctx: Context | None, needed: Role, action: str) -> None:
    """Refuse, as a tool error, a call over HTTP whose key is too weak for it (:mod:`._auth`)."""
    try:
        require(None if ctx is None else ctx.request_context.request, needed, action)
    except PermissionError as exc:
        raise ToolError(f"forbidden: {exc}") from exc


class Tools:
    """The tools over one memory (one namespace: the agent sees nothing else)."""

    def __init__(self, memory: Memory) -> None:
        self.memory = memory

    def remember(
        self,
        messages: Annotated[list[MessageIn], Field(description="The messages, oldest first.", min_length=1)],
        ctx: Context | None = None,
    ) -> str:
        _allow(ctx, Role.WRITE, "remember")
        now = instant(now_us())
        items = [m.model_dump(exclude_none=True) | {"occurred_at": m.occurred_at or now} for m in messages]
        with _as_tool_errors():
            for m in messages:  # a bad time refuses the call, rather than one message of it
                _when(m.occurred_at, "occurred_at")
            # one message fails as a tool error; of several, each result says whether it failed (one transaction each)
            results = [self.memory.add(items[0])] if len(items) == 1 else self.memory.add(items)
        return _dumps([ingest_json(r) for r in results])

    def search(
        self,
        query: Annotated[str, Field(description="A question or keywords, Chinese or English.", min_length=1)],
        k: Annotated[int, Field(description="How many hits to return.", ge=1, le=100)] = 10,
        valid_at: ValidAt = None,
        as_of: AsOf = None,
        kinds: Annotated[
            list[Literal["episode", "fact", "entity", "preference", "goal", "plan", "event", "habit", "summary"]]
            | None,
            Field(
                description="Only these kinds of record, or facts of these kinds (preference, plan...); default all."
            ),
        ] = None,
        include_past: IncludePast = False,
        ctx: Context | None = None,
    ) -> str:
        _allow(ctx, Role.READ, "search")
        with _as_tool_errors():
            hits = self.memory.search(
                query, k=k, valid_at=_when(valid_at, "valid_at"), as_of=_when(as_of, "as_of"), kinds=kinds,
                preset=_preset(include_past),
            )  # fmt: skip
        return _dumps([hit_json(h) for h in hits])

    def context(
        self,
        query: Annotated[str, Field(description="The question the context is for.", min_length=1)],
        budget_tokens: Annotated[int, Field(description="Most tokens the text may take.", ge=100, le=100_000)] = 1000,
        valid_at: ValidAt = None,
        as_of: AsOf = None,
        include_past: IncludePast = False,
        ctx: Context | None = None,
    ) -> str:
        _allow(ctx, Role.READ, "context")
        with _as_tool_errors():
            found = self.memory.context(
                query, budget_tokens=budget_tokens, valid_at=_when(valid_at, "valid_at"), as_of=_when(as_of, "as_of"),
                preset=_preset(include_past),
            )  # fmt: skip
        return _dumps(context_json(found))

    def value(
        self, subject: Subject, predicate: Predicate, valid_at: ValidAt = None, as_of: AsOf = None,
        ctx: Context | None = None,
    ) -> str:  # fmt: skip
        _allow(ctx, Role.READ, "value")
        with _as_tool_errors():
            rows = self.memory.values(
                subject, predicate, valid_at=_when(valid_at, "valid_at"), as_of=_when(as_of, "as_of")
            )
        return _dumps([fact_json(f) for f in rows])

    def facts(
        self, entity: Subject, valid_at: ValidAt = None, as_of: AsOf = None, kind: FactKinds = None,
        ctx: Context | None = None,
    ) -> str:  # fmt: skip
        _allow(ctx, Role.READ, "facts")
        with _as_tool_errors():
            rows = self.memory.facts(
                entity, valid_at=_when(valid_at, "valid_at"), as_of=_when(as_of, "as_of"), kind=kind
            )
        return _dumps([fact_json(f) for f in rows])

    def changes(
        self,
        entity: Subject,
        since: Since,
        until: Annotated[str | None, Field(description=f"The end of the period ({_TIME}); default now.")] = None,
        axis: Annotated[
            Literal["valid", "system"],
            Field(description="valid: what began or ended in the world; system: what the memory learned or unlearned."),
        ] = "valid",
        ctx: Context | None = None,
    ) -> str:
        _allow(ctx, Role.READ, "changes")
        with _as_tool_errors():
            found = self.memory.changes(_need(since, "since"), _when(until, "until"), entity=entity, axis=axis)
        return _dumps([{"at": instant(c.at), "action": c.action, "fact": fact_json(c.fact)} for c in found])

    def at_event(
        self,
        event: Annotated[
            str, Field(description="The event, in words ('the Alpha release', '我感冒那天').", min_length=1)
        ],
        about: Annotated[list[str] | None, Field(description="Entities whose facts to read at that time.")] = None,
        ctx: Context | None = None,
    ) -> str:
        _allow(ctx, Role.READ, "at_event")
        with _as_tool_errors():
            moment = self.memory.at_event(event, about=about or ())
        found = fact_json(moment.event) if isinstance(moment.event, Fact) else episode_json(moment.event)
        return _dumps({"at": instant(moment.at), "until": instant(moment.until), "event": found,
                       "facts": [fact_json(f) for f in moment.facts]})  # fmt: skip

    def recent(
        self,
        session: Annotated[str | None, Field(description="The conversation; default: messages of no session.")] = None,
        n: Annotated[int, Field(description="How many of the last messages.", ge=1, le=100)] = 10,
        ctx: Context | None = None,
    ) -> str:
        _allow(ctx, Role.READ, "recent")
        with _as_tool_errors():
            found = self.memory.recent(session, n)
        return _dumps([episode_json(e) for e in found])

    def history(self, subject: Subject, predicate: Predicate, as_of: AsOf = None, ctx: Context | None = None) -> str:
        _allow(ctx, Role.READ, "history")
        with _as_tool_errors():
            rows = self.memory.history(subject, predicate, as_of=_when(as_of, "as_of"))
        return _dumps([fact_json(f) for f in rows])

    def conflicts(
        self,
        subject: Annotated[str | None, Field(description="Only conflicts about this entity.")] = None,
        predicate: Annotated[str | None, Field(description="Only conflicts about this attribute.")] = None,
        settled: Annotated[bool, Field(description="Also list conflicts already settled.")] = False,
        ctx: Context | None = None,
    ) -> str:
        _allow(ctx, Role.READ, "conflicts")
        with _as_tool_errors():
            found = self.memory.conflicts(subject, predicate, settled=settled)
        return _dumps([conflict_json(c) for c in found])

    def forget_episode(
        self,
        episode: Annotated[str, Field(description="The episode (message) id, as 'remember' or 'search' gave it.")],
        erase: Annotated[
            bool,
            Field(description="false: undo what it taught (history keeps it; what it replaced comes back). "
                  "true: delete its rows for good, across all history (privacy; cannot be undone)."),
        ] = False,
        ctx: Context | None = None,
    ) -> str:  # fmt: skip
        _allow(
            ctx, Role.ADMIN if erase else Role.WRITE, "forget_episode with erase=true" if erase else "forget_episode"
        )
        with _as_tool_errors():
            if erase:
                return _dumps({"episode": episode, "erased_rows": self.memory.erase(episode=episode)})
            done = self.memory.retract_episode(episode)
        return _dumps({"episode": episode, "closed": list(done.closed), "restored": [f.row_id for f in done.inserted],
                       "at": instant(done.tx)})  # fmt: skip


@dataclass(frozen=True, slots=True)
class Tool:
    """A tool's name, what an agent reads to choose it, and its hints."""

    name: str
    description: str
    read_only: bool = True
    destructive: bool = False

    def bind(self, tools: Tools) -> Callable[..., Any]:
        fn: Callable[..., Any] = getattr(tools, self.name)
        return fn


TOOLS = (
    Tool("remember", "Store messages from the conversation in long-term memory. Call it with what the user said "
         "(with who said it and when): the memory reads facts from it (where someone lives, works, what they like, "
         "plans, corrections) and keeps their history. Returns per message the facts added, what they replaced, "
         "and conflicts it kept open.", read_only=False),
    Tool("search", "Find remembered messages, facts and entities relevant to a question, best first, each with the "
         "ids of the messages it rests on. Use it to recall before answering; pass valid_at to ask about another "
         "time and as_of to see what the memory believed then."),
    Tool("context", "The memory's knowledge about a question as a short text to read before answering: facts with "
         "their history and dates, open conflicts, quoted messages, all cited. Use it instead of 'search' when you "
         "want prose rather than records."),
    Tool("value", "The value of one attribute of an entity (where Alice lives: subject 'Alice', predicate "
         "'lives_in') at a time in the world (valid_at), as the memory believed it at a time (as_of). Several for a "
         "multi-valued attribute; plans and denials are listed with their modality. [] when unknown."),
    Tool("facts", "Every fact about an entity (as subject or object) true at valid_at as believed at as_of. Use it "
         "to see all the memory holds about someone or something."),
    Tool("history", "How an attribute of an entity changed over time (each value with when it held), oldest first, "
         "as the memory believed it at as_of. Use it for 'where did Alice live before?'."),
    Tool("changes", "What changed about an entity since a time: with axis='valid' (default) what began or ended "
         "to hold in the world ('what changed about Ann since February?'), with axis='system' what the memory "
         "learned or unlearned about it then."),
    Tool("at_event", "What held when an event the memory knows of happened: finds the event ('the Alpha "
         "release'), its time, and the facts true then about the entities you name in 'about' (default the "
         "event's own). Use it for 'who worked on X when Y happened?'."),
    Tool("recent", "The last messages of a conversation (session), oldest first: what was just said."),
    Tool("conflicts", "Contradictions the memory could not settle on its own (two claims that cannot both hold), "
         "each with the claim, the rows it contradicts and why. Ask the user to settle them."),
    Tool("forget_episode", "Forget a message: by default undo what it taught (what it replaced comes back; history "
         "still shows it was once believed; conflicts it raised are withdrawn, and those it was the other side of "
         "are settled or kept open as if it had never been said). With erase=true delete its facts for good "
         "across all history, for privacy; that cannot be undone.", read_only=False, destructive=True),
)  # fmt: skip
