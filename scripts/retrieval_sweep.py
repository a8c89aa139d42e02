#!/usr/bin/env python3
"""Score search presets side by side on the retrieval dev sets, indexing each conversation once.

The harness (``locomo_eval.py`` in :data:`BENCH`, run with ``--cmd "chronomem bench locomo-adapter"``) is the measure of
record; this is the quick loop for trying rules: each conversation is indexed once through
:class:`chronomem.bench.locomo.LocomoAdapter`, then every variant answers every question. It prints, per set
and variant, evidence R@5 and R@10 over categories 1-4, R@10 per category (6: knowledge update) and
stale_first@10 (a stale turn ranked above every correct one), as the harness defines them. Hits count by
the episodes they cite, of the kinds ``--kinds`` names: every kind by default (``all``), as ``Memory.search``
returns them and ``chronomem bench locomo-adapter`` (the harness's command) counts them; ``episode`` counts
episode hits only.

    PYTHONPATH=. .venv/bin/python scripts/retrieval_sweep.py en zh lo --vary latest.boost=0,0.3 --vary depth=50
    PYTHONPATH=. .venv/bin/python scripts/retrieval_sweep.py en --base asking.factor=1 --vary speaker.boost=0,0.5
    PYTHONPATH=. .venv/bin/python scripts/retrieval_sweep.py en zh lo --embedder e5

``long`` is ``en-upd-dev`` made ten times longer (:func:`long_set`): each of its conversations with one LoCoMo
conversation's sessions interleaved in time as the same two people's other talk, the same questions;
``longer`` interleaves all five LoCoMo conversations (2,800 turns each, fifty times longer; a few minutes).
Real conversations run to thousands of turns; a rule that only helps short ones shows here.

Each ``--vary FIELD=V1,V2`` adds one variant per value of a :class:`chronomem.retrieve.Preset` field,
next to the default preset (changed first by each ``--base FIELD=V``; a bool field takes true/false). FIELD is
a field of the preset (``depth``, ``bm25_b``) or, dotted, one of a rule's settings (``answers.share``,
``topics.depth``): the names are read from the preset, so a new rule's settings can be varied as they are.
On 2 cores: about 10 s for en or zh, a minute for LoCoMo (with USE vectors).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import re
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
BENCH = ROOT.parent / "shared" / "bench"
DATA = ROOT.parent / "shared" / "data"
SETS: dict[str, Path | None] = {
    "en": DATA / "en-upd-dev" / "en-upd-dev.json",
    "zh": DATA / "zh-mem-dev" / "zh-mem-dev.json",
    "lo": DATA / "locomo" / "locomo-dev.json",
    "beam": DATA / "beam-dev" / "beam-dev.json",
    "long": None,  # built from en and lo by long_set()
    "longer": None,  # the same with every LoCoMo conversation
}
_LOCOMO_TIME = "%I:%M %p on %d %B, %Y"


def long_set(into: Path, every: bool = False) -> Path:
    """Write ``en-upd-dev`` with noise into ``into``/en-long.json: conversation ``i`` gets LoCoMo conversation
    ``i``'s sessions (``every``: all LoCoMo conversations') spread evenly between its first and last session
    (each 7 minutes past its slot), their speakers and the speakers' names in the text swapped for its own,
    their turn ids ``D<100c+s>:<n>`` (never evidence). 424-718 turns each instead of 45-60 (``every``:
    about 2,800)."""
    from datetime import datetime, timedelta

    def sessions(conv: dict[str, Any]) -> list[tuple[datetime, list[dict[str, Any]], int]]:
        found = (int(m.group(1)) for key in conv if (m := re.fullmatch(r"session_(\d+)", key)))
        return sorted(
            (datetime.strptime(conv[f"session_{n}_date_time"].strip(), _LOCOMO_TIME), conv[f"session_{n}"], n)
            for n in found
        )

    en = json.loads((DATA / "en-upd-dev" / "en-upd-dev.json").read_text(encoding="utf-8"))
    lo = json.loads((DATA / "locomo" / "locomo-dev.json").read_text(encoding="utf-8"))
    out = []
    for i, sample in enumerate(en):
        conv = sample["conversation"]
        mine = sessions(conv)
        start, span = mine[0][0], mine[-1][0] - mine[0][0]
        merged = [(when, turns) for when, turns, _ in mine]
        for c, other in enumerate(lo if every else lo[i : i + 1], 1):
            noise = other["conversation"]
            names = {noise["speaker_a"]: conv["speaker_a"], noise["speaker_b"]: conv["speaker_b"]}
            theirs = sessions(noise)
            for j, (_, turns, n) in enumerate(theirs):
                when = start + span * (j + 0.5) / len(theirs) + timedelta(minutes=7 * c)
                merged.append((when, [_renamed(t, names, f"D{100 * c + n}") for t in turns]))
        merged.sort(key=lambda m: m[0])
        long_conv: dict[str, Any] = {"speaker_a": conv["speaker_a"], "speaker_b": conv["speaker_b"]}
        for n, (when, turns) in enumerate(merged, 1):
            long_conv[f"session_{n}_date_time"] = when.strftime(_LOCOMO_TIME)
            long_conv[f"session_{n}"] = turns
        out.append({"sample_id": f"{sample['sample_id']}-long", "conversation": long_conv, "qa": sample["qa"]})
    path = into / "en-long.json"
    path.write_text(json.dumps(out), encoding="utf-8")
    return path


def _renamed(turn: dict[str, Any], names: dict[str, str], prefix: str) -> dict[str, Any]:
    text = re.sub("|".join(map(re.escape, names)), lambda m: names[m.group()], str(turn["text"]))
    number = str(turn["dia_id"]).rpartition(":")[2]
    return {"speaker": names.get(turn["speaker"], turn["speaker"]), "dia_id": f"{prefix}:{number}", "text": text}


def fields(preset: Any, prefix: str = "") -> list[str]:
    """The names ``--vary`` and ``--base`` take: the preset's numbers and flags, and its rules' settings by
    dotted name (``answers.share``)."""
    out = []
    for f in dataclasses.fields(preset):
        value = getattr(preset, f.name)
        if dataclasses.is_dataclass(value):
            out += fields(value, f"{prefix}{f.name}.")
        elif isinstance(value, bool | int | float | str) and f.name != "name":
            out.append(prefix + f.name)
    return out


def changed(preset: Any, path: str, text: str, name: str) -> Any:
    """``preset`` named ``name`` with the field at ``path`` (see :func:`fields`) set to ``text`` read as its type."""
    if path not in fields(preset):
        raise SystemExit(f"no preset field {path!r}; use one of {', '.join(fields(preset))}")
    owner, _, field = path.rpartition(".")
    if owner:
        settings = getattr(preset, owner)
        return dataclasses.replace(
            preset, name=name, **{owner: dataclasses.replace(settings, **{field: _value(settings, field, text)})}
        )
    return dataclasses.replace(preset, name=name, **{field: _value(preset, field, text)})


def _value(base: Any, field: str, text: str) -> Any:
    kind = type(getattr(base, field))
    return text.lower() in ("1", "true", "yes") if kind is bool else kind(text)


def variants(vary: list[str], base_changes: Sequence[str] = ()) -> list[Any]:
    from chronomem.retrieve import PRESETS

    base = PRESETS["default"]
    for spec in base_changes:
        path, _, text = spec.partition("=")
        base = changed(base, path, text, f"{base.name} {spec}")
    out = [base]
    for spec in vary:
        path, _, values = spec.partition("=")
        out += [changed(base, path, v, f"{path}={v}") for v in values.split(",")]
    return out


def score(
    path: Path, presets: list[Any], kinds: Sequence[str] | None = ("episode",), embedder: str = "auto"
) -> tuple[dict[str, list[dict[str, float]]], float]:
    """The records of each preset, and the seconds spent indexing."""
    sys.path.insert(0, str(BENCH))
    import locomo_eval

    from chronomem.bench.locomo import LocomoAdapter

    records: dict[str, list[dict[str, float]]] = {p.name: [] for p in presets}
    indexing = 0.0
    for conv in locomo_eval.load_locomo(str(path)):
        adapter = LocomoAdapter(kinds=kinds, embedder=embedder)
        try:
            started = time.perf_counter()
            adapter.index(conv.conv_id, conv.turns)
            indexing += time.perf_counter() - started
            for preset in presets:
                adapter._preset = preset  # the adapter passes it to every search
                for q in conv.qas:
                    if q.evidence and q.category != 5:
                        records[preset.name].append(_record(q, adapter.search(q.question, 10)))
        finally:
            adapter.close()
    return records, indexing


def _record(q: Any, top: list[str]) -> dict[str, float]:
    evidence = set(q.evidence)
    rec = {"cat": q.category, "r10": len(evidence & set(top)) / len(evidence),
           "r5": len(evidence & set(top[:5])) / len(evidence)}  # fmt: skip
    if q.stale_evidence:
        stale = set(q.stale_evidence)
        s_pos = next((i for i, t in enumerate(top) if t in stale), None)
        e_pos = next((i for i, t in enumerate(top) if t in evidence), None)
        rec["stale"] = float(s_pos is not None and (e_pos is None or s_pos < e_pos))
    return rec


def line(name: str, recs: list[dict[str, float]]) -> str:
    def mean(xs: list[float]) -> float:
        return sum(xs) / len(xs)

    main = [r for r in recs if r["cat"] in (1, 2, 3, 4)]
    out = f"{name:28s} R@10(1-4) {mean([r['r10'] for r in main]):.3f} R@5 {mean([r['r5'] for r in main]):.3f}"
    for c in (1, 2, 3, 4, 6):
        if cat := [r["r10"] for r in recs if r["cat"] == c]:
            out += f" c{c} {mean(cat):.3f}"
    if stale := [r["stale"] for r in recs if "stale" in r]:
        out += f" stale@10 {mean(stale):.3f}"
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("sets", nargs="+", choices=sorted(SETS))
    parser.add_argument("--vary", action="append", default=[], help="FIELD=V1,V2: one variant per value")
    parser.add_argument("--base", action="append", default=[], help="FIELD=V: change the default for all")
    parser.add_argument(
        "--kinds",
        default="all",
        help="kinds of hit whose cited episodes count (all, as the harness's adapter counts; or e.g. episode)",
    )
    parser.add_argument(
        "--embedder", default="auto", help="the embedder, as chronomem.open takes it (auto, use, minilm, e5, …)"
    )
    args = parser.parse_args()
    presets = variants(args.vary, args.base)
    tmp = tempfile.TemporaryDirectory(prefix="chronomem-sweep-")
    for name in args.sets:
        started = time.perf_counter()
        path = SETS[name] or long_set(Path(tmp.name), every=name == "longer")
        kinds = None if args.kinds == "all" else tuple(args.kinds.split(","))
        records, indexing = score(path, presets, kinds, args.embedder)
        print(f"== {name} ({time.perf_counter() - started:.0f} s, indexing {indexing:.1f} s, {args.embedder})")
        for p in presets:
            print(line(p.name, records[p.name]), flush=True)


if __name__ == "__main__":
    main()
