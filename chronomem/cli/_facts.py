"""``chronomem facts``, ``value`` and ``history``: read what the memory holds at a (valid, as-of) point
(parse -> Memory.facts / value / history -> a table or JSON)."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from datetime import datetime

import click

from .._memory import Memory
from .._time import MIN_US
from .._values import Fact
from .._wire import fact_json, instant
from ._options import as_of_option, db_option, json_option, namespace_option, open_existing, point_options, reported
from ._table import echo_table

__all__ = ["facts_command", "history_command", "value_command"]

_DB = "the user's memory file"
_COLUMNS = ("row", "subject", "predicate", "is", "valid from", "valid to", "recorded", "episodes")


def _row(f: Fact, names: Mapping[str, str]) -> dict[str, object]:
    what = names.get(f.object, f.object) if f.object is not None else json.dumps(f.value, ensure_ascii=False)
    if f.modality != "asserted":
        what = f"{what} ({f.modality})"
    return {
        "row": f.row_id, "subject": names.get(f.subject, f.subject), "predicate": f.predicate, "is": what,
        "valid from": "…" if f.valid.start == MIN_US else instant(f.valid.start),  # a start nobody said
        "valid to": instant(f.valid.end) or "…",
        "recorded": instant(f.recorded.start), "episodes": ",".join(f.episodes),
    }  # fmt: skip


def names_of(mem: Memory, rows: Sequence[Fact]) -> dict[str, str]:
    """The entity names of the keys ``rows`` hold (a table shows ``Berlin``; JSON keeps the key ``berlin``)."""
    keys = {k for f in rows for k in (f.subject, f.object) if k is not None}
    return {e.id: e.name for e in mem.engine.entities(mem.namespace, sorted(keys))}


def echo_facts(rows: Sequence[Fact], as_json: bool, names: Mapping[str, str] | None = None) -> None:
    if as_json:
        click.echo(json.dumps([fact_json(f) for f in rows], ensure_ascii=False))
        return
    echo_table([_row(f, names or {}) for f in rows], _COLUMNS, empty="(no facts)")


@click.command(name="facts")
@click.argument("entity")
@db_option(_DB)
@namespace_option
@point_options
@json_option
def facts_command(
    entity: str, db: str | None, namespace: str, valid_at: datetime | None, as_of: datetime | None, as_json: bool
) -> None:
    """Every fact about ENTITY (a name, alias or id; as subject or object) true at --valid-at as the memory
    believed at --as-of (both default to now)."""
    with reported(), open_existing(db, namespace) as mem:
        rows = mem.facts(entity, valid_at=valid_at, as_of=as_of)
        names = names_of(mem, rows)
    echo_facts(rows, as_json, names)


@click.command(name="value")
@click.argument("subject")
@click.argument("predicate")
@db_option(_DB)
@namespace_option
@point_options
@json_option
def value_command(
    subject: str, predicate: str, db: str | None, namespace: str, valid_at: datetime | None,
    as_of: datetime | None, as_json: bool,
) -> None:  # fmt: skip
    """The value of SUBJECT's PREDICATE (lives_in, works_at, …) at --valid-at as believed at --as-of; every
    value of a multi-valued one (likes). Exit 1 when there is none."""
    with reported(), open_existing(db, namespace) as mem:
        rows = mem.values(subject, predicate, valid_at=valid_at, as_of=as_of)
        names = names_of(mem, rows)
    echo_facts(rows, as_json, names)
    if not rows:
        raise SystemExit(1)


@click.command(name="history")
@click.argument("subject")
@click.argument("predicate")
@db_option(_DB)
@namespace_option
@as_of_option
@json_option
def history_command(
    subject: str, predicate: str, db: str | None, namespace: str, as_of: datetime | None, as_json: bool
) -> None:
    """The valid-time story of SUBJECT's PREDICATE, oldest first, as the memory believed it at --as-of
    (default now): each value with when it held."""
    with reported(), open_existing(db, namespace) as mem:
        rows = mem.history(subject, predicate, as_of=as_of)
        names = names_of(mem, rows)
    echo_facts(rows, as_json, names)
