"""``chronomem serve`` (the HTTP API) and ``chronomem keys`` (its API keys)."""

from __future__ import annotations

import json
import logging

import click

from .._access import KeyStore, is_loopback
from .._extras import install_hint
from ..models import one_blas_thread
from ._options import db_option, dev_option, embedder_option, json_option, keys_option, keys_path, open_memory, reported

__all__ = ["keys_group", "serve"]


@click.command()
@db_option("the user's memory file")
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(0, 65535), help="Port to listen on.")
@keys_option
@dev_option
@click.option("--max-body", default=1_000_000, show_default=True, type=click.IntRange(1), help="Largest body, bytes.")
@click.option("--timeout", default=30.0, show_default=True, type=click.FloatRange(0.1), help="Per request, seconds.")
@embedder_option
def serve(
    db: str | None, host: str, port: int, keys: str | None, dev_no_auth: bool, max_body: int, timeout: float,
    embedder: str,
) -> None:  # fmt: skip
    """Serve the HTTP API (OpenAPI at /docs) over every namespace of --db; keys grant namespaces and roles."""
    try:
        import uvicorn

        from ..server import create_app
    except ImportError as exc:
        raise click.ClickException(f"the server needs its extra: {install_hint('server')} ({exc})") from exc
    if dev_no_auth and not is_loopback(host):
        raise click.ClickException(f"--dev-no-auth serves without keys: only on a loopback host, not {host!r}")
    store = KeyStore(keys_path(keys))
    one_blas_thread()
    with reported():
        if not dev_no_auth and not store.keys():
            raise click.ClickException(f"no API keys in {store.path}; make one with 'chronomem keys add' first")
        mem = open_memory(db, "default", embedder=embedder)
    handler = logging.StreamHandler()  # the access log (chronomem.server) and the library's INFO lines
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s %(message)s"))
    logging.getLogger("chronomem").addHandler(handler)
    logging.getLogger("chronomem").setLevel(logging.INFO)
    try:
        app = create_app(mem, keys=store, dev=dev_no_auth, max_body=max_body, timeout=timeout)
        uvicorn.run(app, host=host, port=port, log_level="info", access_log=False)
    finally:
        mem.close()


@click.group("keys")
def keys_group() -> None:
    """Manage the server's API keys (stored hashed; each grants namespaces and a role)."""


@keys_group.command("add")
@keys_option
@click.option("--namespace", "-n", "namespaces", multiple=True, required=True, help="Namespace granted ('*': all).")
@click.option("--role", type=click.Choice(["read", "write", "admin"]), default="read", show_default=True)
@click.option("--note", default="", help="Who or what the key is for.")
def keys_add(keys: str | None, namespaces: tuple[str, ...], role: str, note: str) -> None:
    """Make a key and print it once (only its hash is stored)."""
    with reported():
        token, record = KeyStore(keys_path(keys)).add(namespaces, role, note)
    click.echo(token)
    click.echo(
        f"id {record.id}, {record.role.value} in {', '.join(record.namespaces)}; it is not shown again", err=True
    )


@keys_group.command("list")
@keys_option
@json_option
def keys_list(keys: str | None, as_json: bool) -> None:
    """List the keys: id, role, namespaces, when made, whether revoked (never the keys)."""
    with reported():
        found = KeyStore(keys_path(keys)).keys()
    rows = [
        {"id": k.id, "role": k.role.value, "namespaces": list(k.namespaces), "created_at": k.created_at,
         "revoked_at": k.revoked_at, "note": k.note}
        for k in found
    ]  # fmt: skip
    if as_json:
        click.echo(json.dumps(rows, ensure_ascii=False))
        return
    for k in found:
        state = f"revoked {k.revoked_at}" if k.revoked_at else "live"
        click.echo(f"{k.id}  {k.role.value:5}  {','.join(k.namespaces)}  {k.created_at}  {state}  {k.note}")


@keys_group.command("revoke")
@keys_option
@click.argument("key_id")
def keys_revoke(keys: str | None, key_id: str) -> None:
    """Revoke a key by its id; a running server refuses it from its next request."""
    with reported():
        KeyStore(keys_path(keys)).revoke(key_id)
    click.echo(f"revoked {key_id}")
