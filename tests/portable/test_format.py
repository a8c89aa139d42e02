"""The dump format (pure): what a line holds, what a reader refuses, and the row-id offset of a restore."""

from __future__ import annotations

import json

import pytest

from chronomem.contracts import Erasure
from chronomem.engines._load import last_system_time, row_offset, shifted
from chronomem.engines._sql import INF
from chronomem.errors import InvalidValue
from chronomem.portable import VERSION, Dump, Header, read_lines, write_lines
from chronomem.portable._dump import embedder_of
from chronomem.portable._format import TABLES


def _row(table: str, **values: object) -> dict[str, object]:
    return {c: values.get(c) for c in TABLES[table]}


def _dump() -> Dump:
    tables: dict[str, list[dict[str, object]]] = {t: [] for t in TABLES}
    tables["facts"] = [_row("facts", row_id=7, slot="s", subject="alice", predicate="age", value="31", valid_from=1,
                            valid_to=INF, recorded_from=5, recorded_to=INF, kind="fact", modality="asserted",
                            confidence=0.25)]  # fmt: skip
    tables["predicates"] = [_row("predicates", name="age", multi=0)]
    tables["vectors"] = [_row("vectors", model="hashing-16", kind="episode", item="m1", part=0, recorded=5,
                              vec=b"\x00\xff\x10")]  # fmt: skip
    return Dump(Header("alice", "hashing-16", "0.1.0"), tables, (Erasure(3, "episode", "ab" * 32, 2),))


def test_a_dump_reads_back_as_it_was_written_with_both_axes_exact() -> None:
    lines = list(write_lines(_dump()))
    head = json.loads(lines[0])
    assert (head["format"], head["version"], head["namespace"], head["embedder"]) == (
        "chronomem-dump", VERSION, "alice", "hashing-16")  # fmt: skip
    fact = json.loads(lines[1])["row"] if json.loads(lines[1])["table"] == "facts" else None
    assert fact is None or (fact["valid_to"], fact["recorded_from"]) == (INF, 5)
    back = read_lines(lines)
    assert back.tables["facts"] == _dump().tables["facts"] and back.erasures == _dump().erasures
    assert back.tables["vectors"][0]["vec"] == b"\x00\xff\x10"
    assert back.tables["predicates"][0]["multi"] is False  # a flag is a boolean on either engine
    assert json.loads(lines[-1]) == {"end": {"rows": 4}}


@pytest.mark.parametrize(
    ("cut", "message"),
    [
        (lambda ls: ls[:-1], "cut short"),
        (lambda ls: [], "empty"),
        (lambda ls: ls[1:], "not a chronomem dump"),
        (lambda ls: [ls[0], ls[1][:20], *ls[2:]], "not JSON"),
        (lambda ls: [ls[0], '{"table": "facts", "row": {"row_id": 1}}\n', *ls[1:]], "known table with its columns"),
        (lambda ls: [ls[0], *ls[2:]], "end line counts"),
        (lambda ls: [ls[0].replace(f'"version":{VERSION}', '"version":2'), *ls[1:]], "reads version 1"),
    ],
)
def test_a_damaged_dump_is_refused_whole(cut: object, message: str) -> None:
    lines = list(write_lines(_dump()))
    with pytest.raises(InvalidValue, match=message):
        read_lines(cut(lines))  # type: ignore[operator]


def test_row_ids_move_only_when_the_database_holds_some_in_their_range() -> None:
    assert row_offset(None, [1, 5]) == 0  # PostgreSQL: each namespace numbers its own rows
    assert row_offset((None, None), [1, 5]) == 0  # an empty SQLite file
    assert row_offset((10, 20), [1, 5]) == 0 and row_offset((1, 3), [4, 9]) == 0
    assert row_offset((1, 20), [4, 9]) == 17  # past the highest id taken: 4 -> 21
    assert row_offset((1, 20), []) == 0


def test_shifting_moves_every_reference_to_a_row() -> None:
    tables = {
        "facts": [{"row_id": 1}],
        "support": [{"row_id": 1}],
        "revisions": [{"old_row": 1, "new_row": None}],
        "erased_rows": [{"row_id": 2}],
        "fulltext": [{"kind": "fact", "ref": "1", "row_id": 1}, {"kind": "episode", "ref": "m1", "row_id": None}],
        "conflicts": [{"against": "[1, 2]"}],
    }
    moved = shifted(tables, 10)
    assert moved["facts"] == [{"row_id": 11}] and moved["support"] == [{"row_id": 11}]
    assert moved["revisions"] == [{"old_row": 11, "new_row": None}] and moved["erased_rows"] == [{"row_id": 12}]
    assert moved["fulltext"] == [{"kind": "fact", "ref": "11", "row_id": 11},
                                 {"kind": "episode", "ref": "m1", "row_id": None}]  # fmt: skip
    assert json.loads(moved["conflicts"][0]["against"]) == [11, 12]
    assert tables["facts"] == [{"row_id": 1}]  # the input is left as it was


def test_the_clock_moves_past_every_system_time_but_no_open_end() -> None:
    tables = {"facts": [{"recorded_from": 5, "recorded_to": INF}], "support": [{"added": 5, "removed": 9}],
              "merges": [{"merged": 7, "unmerged": None}]}  # fmt: skip
    assert last_system_time(tables) == 9 and last_system_time({}) == 0


def test_the_header_names_the_embedder_most_vectors_are_of() -> None:
    vectors = [{"model": "b"}, {"model": "a"}, {"model": "b"}]
    assert embedder_of({"vectors": vectors}) == "b" and embedder_of({"vectors": []}) is None
