"""``chronomem ingest FILE``: JSON lines, OpenAI chat lists and LoCoMo files; bad files say what to fix."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from chronomem.cli import cli

LINES = [
    {"id": "m1", "speaker": "Alice", "content": "I live in Berlin.", "occurred_at": "2024-03-04T09:00:00+01:00"},
    {"id": "m2", "speaker": "Alice", "content": "I moved to Paris.", "occurred_at": "2024-06-04T09:00:00+02:00"},
]


def _run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, ["ingest", *args])
    return result.exit_code, result.output


def test_json_lines_are_remembered_once(tmp_path: Path) -> None:
    f = tmp_path / "chat.jsonl"
    f.write_text("\n".join(json.dumps(x) for x in LINES) + "\n\n", encoding="utf-8")
    db = str(tmp_path / "m.db")
    code, out = _run(str(f), "--db", db, "--namespace", "alice", "--json")
    summary = json.loads(out)
    assert code == 0 and summary["messages"] == 2 and summary["errors"] == 0 and summary["failures"] == []
    again = json.loads(_run(str(f), "--db", db, "--namespace", "alice", "--json")[1])
    assert again["duplicates"] == 2 and again["facts_added"] == 0
    code, text = _run(str(f), "--db", db, "--namespace", "alice")
    assert code == 0 and text.startswith("2 messages, 2 duplicates, 0 errors")


def test_a_bad_message_is_reported_and_the_rest_go_in(tmp_path: Path) -> None:
    f = tmp_path / "chat.jsonl"
    bad = {**LINES[1], "id": "m9", "occurred_at": "2024-06-04T09:00:00"}
    f.write_text("\n".join(json.dumps(x) for x in (LINES[0], bad)), encoding="utf-8")
    result = CliRunner().invoke(cli, ["ingest", str(f), "--db", str(tmp_path / "m.db"), "--json"])
    summary = json.loads(result.stdout)
    assert result.exit_code == 1 and (summary["messages"], summary["errors"]) == (2, 1)
    assert summary["failures"][0]["episode"] == "m9" and "has no offset" in summary["failures"][0]["error"]
    assert "m9: " in result.stderr and "has no offset" in result.stderr and "1 of 2 messages failed" in result.stderr


def test_failed_messages_make_the_command_exit_1_with_each_reason(tmp_path: Path) -> None:
    f = tmp_path / "chat.jsonl"
    empty = {**LINES[1], "id": "m8", "content": " "}
    naive = {**LINES[1], "id": "m9", "occurred_at": "2024-06-04T09:00:00"}
    f.write_text("\n".join(json.dumps(x) for x in (LINES[0], empty, naive)), encoding="utf-8")
    result = CliRunner().invoke(cli, ["ingest", str(f), "--db", str(tmp_path / "m.db")])
    assert result.exit_code == 1 and result.stdout.startswith("3 messages, 0 duplicates, 2 errors")
    assert "m8: " in result.stderr and "m9: " in result.stderr and "2 of 3 messages failed" in result.stderr


def test_malformed_lines_name_their_place_and_change_nothing(tmp_path: Path) -> None:
    f = tmp_path / "chat.jsonl"
    f.write_text(json.dumps(LINES[0]) + "\n{not json\n", encoding="utf-8")
    db = tmp_path / "m.db"
    code, out = _run(str(f), "--db", str(db))
    assert code == 1 and "chat.jsonl:2: not JSON" in out and "Traceback" not in out
    code, out = _run(str(f), "--db", str(db), "--json")
    assert code == 1


def test_a_chat_list_needs_its_start_and_a_locomo_file_its_zone(tmp_path: Path) -> None:
    chat = tmp_path / "openai.json"
    chat.write_text(
        json.dumps([{"role": "user", "content": "I live in Lyon."}, {"role": "assistant", "content": "Nice!"}])
    )
    code, out = _run(str(chat), "--db", str(tmp_path / "a.db"))
    assert code == 1 and "give the conversation's start" in out
    code, out = _run(str(chat), "--db", str(tmp_path / "a.db"), "--start", "2024-01-01T10:00:00+08:00", "--json")
    assert code == 0 and json.loads(out)["messages"] == 2
    locomo = tmp_path / "locomo.json"
    said = [{"speaker": "Caroline", "dia_id": "D1:1", "text": "I moved to Denver last year."}]
    conv = {"speaker_a": "Caroline", "session_1_date_time": "1:56 pm on 8 May, 2023", "session_1": said}
    locomo.write_text(json.dumps([{"sample_id": "c1", "conversation": conv}]))
    code, out = _run(str(locomo), "--db", str(tmp_path / "b.db"))
    assert code == 1 and "--tz UTC" in out
    code, out = _run(str(locomo), "--db", str(tmp_path / "b.db"), "--tz", "America/New_York", "--json")
    assert code == 0 and json.loads(out)["messages"] == 1


def test_the_llm_extractor_needs_an_endpoint(tmp_path: Path) -> None:
    f = tmp_path / "chat.jsonl"
    f.write_text(json.dumps(LINES[0]), encoding="utf-8")
    code, out = _run(str(f), "--db", str(tmp_path / "m.db"), "--extractor", "llm")
    assert code == 2 and "--llm-url and --llm-model" in out


def test_a_locomo_session_s_turns_stay_in_order_before_the_next_session(tmp_path: Path) -> None:
    """200 turns at 30 s would run 100 minutes, past a session that began 4 minutes later."""
    from chronomem.ingest import read_conversation

    first = [{"speaker": "Sam", "dia_id": f"D1:{n}", "text": f"note {n}"} for n in range(1, 201)]
    second = [{"speaker": "Reno", "dia_id": "D2:1", "text": "reply"}]
    conv = {"session_1_date_time": "1:56 pm on 8 May, 2023", "session_1": first,
            "session_2_date_time": "2:00 pm on 8 May, 2023", "session_2": second}  # fmt: skip
    f = tmp_path / "locomo.json"
    f.write_text(json.dumps({"sample_id": "c1", "conversation": conv}))
    times = [m["occurred_at"] for m in read_conversation(f, tz="Europe/London")]
    assert len(times) == 201 and times == sorted(times) and len(set(times)) == 201
    assert str(times[-1]) == "2023-05-08 14:00:00+01:00" and str(times[1]) == "2023-05-08 13:56:01.194030+01:00"
