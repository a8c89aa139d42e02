"""``chronomem search`` and ``chronomem context``: recall what the memory holds about a question
(parse -> Memory.search / Memory.context -> a table, the prompt text, or JSON)."""

from __future__ import annotations

import json
from datetime import datetime
from typing import TYPE_CHECKING

import click

from .._values import Entity, Episode, Fact
from .._wire import context_json, hit_json, instant
from ._options import db_option, embedder_option, json_option, namespace_option, open_existing, point_options, reported
from ._table import echo_table

if TYPE_CHECKING:
    from ..retrieve import Hit  # deferred: retrieval loads its tokenizer when imported

__all__ = ["context_command", "search_command"]

_DB = "the user's memory file"
_COLUMNS = ("#", "kind", "id", "score", "what", "when", "cites")
preset_option = click.option(
    "--preset", default="default", show_default=True,
    help="Search preset (chronomem.retrieve.PRESETS); 'history' keeps what no longer holds.",
)  # fmt: skip


def _what(item: Fact | Episode | Entity) -> tuple[str, str | None]:
    if isinstance(item, Fact):
        target = item.object if item.object is not None else json.dumps(item.value, ensure_ascii=False)
        return f"{item.subject} {item.predicate} {target}", instant(item.valid.start)
    if isinstance(item, Episode):
        return (f"{item.speaker}: {item.content}" if item.speaker else item.content), instant(item.occurred_at)
    return f"{item.name} ({item.type})", None


def _row(rank: int, hit: Hit) -> dict[str, object]:
    what, when = _what(hit.item)
    return {"#": rank, "kind": hit.kind, "id": hit.id, "score": f"{hit.score:.4f}", "what": what, "when": when,
            "cites": ",".join(hit.cites)}  # fmt: skip


@click.command(name="search")
@click.argument("query")
@db_option(_DB)
@namespace_option
@point_options
@click.option("-k", "k", type=click.IntRange(1, 1000), default=10, show_default=True, help="Hits to return.")
@click.option("--kind", "kinds", type=click.Choice(["episode", "fact", "entity"]), multiple=True,
              help="Only these kinds of hit (repeat the option for several; default: all).")  # fmt: skip
@preset_option
@embedder_option
@json_option
def search_command(
    query: str, db: str | None, namespace: str, valid_at: datetime | None, as_of: datetime | None, k: int,
    kinds: tuple[str, ...], preset: str, embedder: str, as_json: bool,
) -> None:  # fmt: skip
    """The K episodes, facts and entities that best answer QUERY, best first, as the memory held them at
    --valid-at as believed at --as-of (both default to now)."""
    with reported(), open_existing(db, namespace, embedder) as mem:
        hits = mem.search(query, k=k, valid_at=valid_at, as_of=as_of, kinds=kinds or None, preset=preset)
    if as_json:
        click.echo(json.dumps([hit_json(h) for h in hits], ensure_ascii=False))
        return
    echo_table([_row(i, h) for i, h in enumerate(hits, 1)], _COLUMNS, empty="(no hits)")


@click.command(name="context")
@click.argument("query")
@db_option(_DB)
@namespace_option
@point_options
@click.option("--budget", type=click.IntRange(100, 100_000), default=1000, show_default=True,
              help="Most tokens the text may take (estimated).")  # fmt: skip
@preset_option
@embedder_option
@json_option
def context_command(
    query: str, db: str | None, namespace: str, valid_at: datetime | None, as_of: datetime | None, budget: int,
    preset: str, embedder: str, as_json: bool,
) -> None:  # fmt: skip
    """What the memory knows about QUERY as text for an LLM prompt, within --budget tokens: facts with their
    history, open conflicts and quoted episodes, each citing its episodes."""
    with reported(), open_existing(db, namespace, embedder) as mem:
        ctx = mem.context(query, budget_tokens=budget, valid_at=valid_at, as_of=as_of, preset=preset)
    click.echo(json.dumps(context_json(ctx), ensure_ascii=False) if as_json else ctx.text)
