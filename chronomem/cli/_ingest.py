"""``chronomem ingest FILE``: remember a conversation from a file (parse -> Memory.add -> a summary)."""

from __future__ import annotations

import json
import sys
from collections import Counter
from collections.abc import Iterable, Mapping
from datetime import datetime

import click

from ..ingest import FORMATS, IngestResult, read_conversation
from ._options import db_option, instant, json_option, namespace_option, open_memory, reported

__all__ = ["ingest_command"]


@click.command(name="ingest")
@click.argument("file", type=click.Path(exists=True, dir_okay=False))
@db_option("the user's memory file")
@namespace_option
@click.option("--extractor", type=click.Choice(["offline", "llm"]), default="offline", show_default=True,
              help="Who reads the messages: the offline rules (no model) or an OpenAI-compatible LLM.")  # fmt: skip
@click.option("--llm-url", default=None, help="The LLM's OpenAI-compatible base URL (for --extractor llm).")
@click.option("--llm-model", default=None, help="The LLM's model name (for --extractor llm).")
@click.option("--format", "fmt", type=click.Choice(FORMATS), default=None,
              help="jsonl (a message a line), chat (OpenAI messages) or locomo (default: by name, shape).")  # fmt: skip
@click.option("--tz", default=None, help="IANA zone of times the file gives without an offset (LoCoMo dates).")
@click.option("--start", callback=instant, default=None, help="When a chat file's conversation began (ISO 8601).")
@json_option
def ingest_command(
    file: str,
    db: str | None,
    namespace: str,
    extractor: str,
    llm_url: str | None,
    llm_model: str | None,
    fmt: str | None,
    tz: str | None,
    start: datetime | None,
    as_json: bool,
) -> None:
    """Remember every message of FILE, one transaction each; print what was added, supported, superseded,
    corrected, retracted and kept as a conflict. Messages already remembered change nothing. A message that
    fails is named on stderr with why, and the command exits 1."""
    with reported():
        llm = _llm(extractor, llm_url, llm_model)
        messages = list(read_conversation(file, tz=tz, start=start, fmt=fmt))
        with open_memory(db, namespace, extractor=extractor, llm=llm) as mem:
            results = _add_all(mem.add, messages, show=not as_json and sys.stderr.isatty())
            mem.engine.analyze()  # a bulk load: let the planner see what it holds before the first search
    summary = _summary(results)
    failed = [r for r in results if r.error is not None]
    if as_json:
        failures = [{"episode": r.episode, "error": str(r.error)} for r in failed]
        click.echo(json.dumps({**summary, "failures": failures}, ensure_ascii=False))
    else:
        click.echo(", ".join(f"{v} {k.replace('_', ' ')}" for k, v in summary.items()))
    if failed:  # exit 1: a script or CI must not take a partly failed load for a complete one
        for r in failed:
            click.echo(f"  {r.episode or '(no id)'}: {r.error}", err=True)
        raise click.ClickException(f"{len(failed)} of {len(results)} messages failed (each is named above)")


def _llm(extractor: str, url: str | None, model: str | None) -> object:
    if extractor != "llm":
        return None
    if not url or not model:
        raise click.UsageError("--extractor llm needs --llm-url and --llm-model")
    from ..models import Endpoint, OpenAIChatLLM

    return OpenAIChatLLM(Endpoint(url, model=model))


def _add_all(add: object, messages: list[Mapping[str, object]], *, show: bool) -> list[IngestResult]:
    assert callable(add)
    out: list[IngestResult] = []
    with click.progressbar(messages, label="ingesting", file=sys.stderr, hidden=not show) as bar:
        for m in bar:
            out.extend(add([m]))
    return out


def _summary(results: Iterable[IngestResult]) -> dict[str, int]:
    n: Counter[str] = Counter()
    for r in results:
        n["messages"] += 1
        n["duplicates"] += r.duplicate
        n["errors"] += r.error is not None
        for key in ("added", "supported", "superseded", "corrected", "retracted", "conflicts", "entities"):
            n[key if key != "added" else "facts_added"] += len(getattr(r, key))
    keys = ("messages", "duplicates", "errors", "facts_added", "supported", "superseded", "corrected", "retracted",
            "conflicts", "entities")  # fmt: skip
    return {k: n[k] for k in keys}
