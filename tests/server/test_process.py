"""``chronomem serve`` as a real process on 127.0.0.1 (a free port), called over TCP; and the key commands."""

from __future__ import annotations

import json
from pathlib import Path

import httpx
from click.testing import CliRunner

import chronomem
from chronomem.bench._child import Child
from chronomem.cli import cli

ROOT = Path(chronomem.__file__).resolve().parent.parent


def test_a_served_process_answers_over_tcp_with_keys(tmp_path: Path) -> None:
    keys = tmp_path / "keys.json"
    runner = CliRunner()
    made = runner.invoke(cli, ["keys", "add", "--keys", str(keys), "-n", "alice", "--role", "write"])
    assert made.exit_code == 0, made.output
    token = made.stdout.strip().splitlines()[0]
    log = tmp_path / "serve.log"
    with Child(["serve", "--db", str(tmp_path / "m.db"), "--keys", str(keys), "--embedder", "none"], log) as server:
        base = server.base
        auth = {"Authorization": f"Bearer {token}"}
        message = {"id": "m1", "speaker": "Alice", "content": "I live in Berlin.",
                   "occurred_at": "2024-01-10T09:00:00+01:00"}  # fmt: skip
        added = httpx.post(f"{base}/v1/namespaces/alice/messages", json={"messages": [message]}, headers=auth)
        assert added.status_code == 200 and added.json()["results"][0]["added"]
        value = httpx.get(f"{base}/v1/namespaces/alice/entities/Alice/predicates/lives_in/value", headers=auth)
        assert value.json()["fact"]["object"] == "berlin"
        assert httpx.get(f"{base}/v1/namespaces/bob/conflicts", headers=auth).status_code == 403
        assert httpx.get(f"{base}/v1/namespaces/alice/conflicts").status_code == 401
    assert server.proc is not None and server.proc.returncode == 0  # Ctrl-C stops it cleanly
    out = log.read_text()
    assert "POST /v1/namespaces/alice/messages 200" in out  # the access log
    assert "Traceback" not in out


def test_keys_are_listed_without_secrets_and_revoked(tmp_path: Path) -> None:
    keys = tmp_path / "keys.json"
    runner = CliRunner()
    token = runner.invoke(
        cli, ["keys", "add", "--keys", str(keys), "-n", "a", "-n", "b", "--note", "bot"]
    ).stdout.strip()
    assert token.startswith("cmk_") and token not in keys.read_text()
    assert oct(keys.stat().st_mode & 0o777) == "0o600"
    (row,) = json.loads(runner.invoke(cli, ["keys", "list", "--keys", str(keys), "--json"]).stdout)
    assert (row["role"], row["namespaces"], row["note"], row["revoked_at"]) == ("read", ["a", "b"], "bot", None)
    assert runner.invoke(cli, ["keys", "revoke", "--keys", str(keys), row["id"]]).exit_code == 0
    assert "revoked" in runner.invoke(cli, ["keys", "list", "--keys", str(keys)]).stdout
    missing = runner.invoke(cli, ["keys", "revoke", "--keys", str(keys), "nope"])
    assert missing.exit_code == 1 and "Traceback" not in missing.output


def test_serve_refuses_the_dev_flag_off_loopback_and_no_keys(tmp_path: Path) -> None:
    runner = CliRunner()
    dev = runner.invoke(cli, ["serve", "--db", str(tmp_path / "m.db"), "--host", "0.0.0.0", "--dev-no-auth"])
    assert dev.exit_code == 1 and "loopback" in dev.output
    nokeys = runner.invoke(cli, ["serve", "--db", str(tmp_path / "m.db"), "--keys", str(tmp_path / "none.json")])
    assert nokeys.exit_code == 1 and "keys add" in nokeys.output


def test_serve_loads_the_embedding_model_before_it_listens(tmp_path: Path) -> None:
    log = tmp_path / "serve.log"
    with Child(["serve", "--db", str(tmp_path / "m.db"), "--dev-no-auth", "--embedder", "hashing"], log) as server:
        health = httpx.get(f"{server.base}/health")
        assert health.status_code == 200 and health.json() == {"status": "ok", "ready": True}
    out = log.read_text()
    assert "loading the embedding model" in out
    assert out.index("loading the embedding model") < out.index("Uvicorn running on")
