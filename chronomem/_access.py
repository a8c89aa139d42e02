"""Who may reach a memory from another process: API keys, their namespaces and roles, and loopback hosts.
Shared by the HTTP API (``chronomem.server``) and the MCP server's HTTP transport (``chronomem.mcp``).

A key is ``cmk_<id>_<secret>``: ``id`` names it in lists and logs, the secret is 32 random bytes. The keys file
(JSON, written with mode 0600) holds only each key's SHA-256 (a random 256-bit secret needs no slow hash),
its namespaces (``"*"`` = every namespace) and its role; the key itself is shown once, when it is made
(``chronomem keys add``). The server re-reads the file when it changes, so a revocation takes effect on the
next request.

Roles are ordered: ``read`` may call ``GET`` routes, ``write`` also ``POST`` routes (add, retract, resolve),
``admin`` also ``DELETE`` routes (erase).
"""

from __future__ import annotations

import hashlib
import hmac
import ipaddress
import json
import os
import secrets
import socket
import threading
from collections.abc import Iterable
from dataclasses import asdict, dataclass, replace
from datetime import UTC, datetime
from enum import StrEnum
from pathlib import Path

from ._names import check_identifier
from .errors import ConfigError, InvalidValue, NotFound

__all__ = ["ALL_NAMESPACES", "ApiKey", "KeyStore", "Refused", "Role", "authorize", "bearer", "is_loopback"]

#: A key's namespace that grants every namespace (for operators; give agents their own namespaces).
ALL_NAMESPACES = "*"
_PREFIX = "cmk_"


class Role(StrEnum):
    """What a key may do in its namespaces: ``read`` < ``write`` < ``admin``."""

    READ = "read"
    WRITE = "write"
    ADMIN = "admin"

    def allows(self, needed: Role) -> bool:
        order = (Role.READ, Role.WRITE, Role.ADMIN)
        return order.index(self) >= order.index(needed)


@dataclass(frozen=True, slots=True)
class ApiKey:
    """One key as stored: never the key itself, only its ``sha256``."""

    id: str
    sha256: str
    namespaces: tuple[str, ...]
    role: Role
    created_at: str
    note: str = ""
    revoked_at: str | None = None

    def grants(self, namespace: str, needed: Role) -> bool:
        """True when this key may act as ``needed`` in ``namespace``."""
        in_scope = ALL_NAMESPACES in self.namespaces or namespace in self.namespaces
        return self.revoked_at is None and in_scope and self.role.allows(needed)


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


class KeyStore:
    """The keys file at ``path``. ``add``, ``revoke`` and ``keys`` manage it; ``authenticate`` checks a key.

    Raises :class:`~chronomem.errors.ConfigError` when the file is unreadable or malformed.
    """

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self._lock = threading.Lock()
        self._stamp: tuple[int, int] | None = None
        self._by_digest: dict[str, ApiKey] = {}

    # -- reading ---------------------------------------------------------------------------------
    def keys(self) -> list[ApiKey]:
        """Every key in the file, revoked ones too, in the order they were made."""
        if not self.path.exists():
            return []
        try:
            data = json.loads(self.path.read_text("utf-8"))
            return [self._parse(entry) for entry in data["keys"]]
        except (OSError, ValueError, KeyError, TypeError) as exc:
            raise ConfigError(f"keys file {self.path} is unreadable or malformed ({exc}); fix or recreate it") from exc

    @staticmethod
    def _parse(entry: dict[str, object]) -> ApiKey:
        namespaces = entry["namespaces"]
        if not isinstance(namespaces, list):
            raise TypeError("namespaces must be a list")
        return ApiKey(
            id=str(entry["id"]),
            sha256=str(entry["sha256"]),
            namespaces=tuple(str(n) for n in namespaces),
            role=Role(str(entry["role"])),
            created_at=str(entry["created_at"]),
            note=str(entry.get("note", "")),
            revoked_at=None if entry.get("revoked_at") is None else str(entry["revoked_at"]),
        )

    def authenticate(self, token: str) -> ApiKey | None:
        """The live key whose secret is ``token``, or ``None`` (unknown or revoked). Re-reads a changed file."""
        with self._lock:
            try:
                st = self.path.stat()
                stamp: tuple[int, int] | None = (st.st_mtime_ns, st.st_size)
            except FileNotFoundError:
                stamp = None
            if stamp != self._stamp:
                self._by_digest = {k.sha256: k for k in self.keys()}
                self._stamp = stamp
            table = self._by_digest
        found = table.get(_digest(token))
        # the dict lookup already matched the digest; compare_digest keeps the final check constant-time
        if found is None or not hmac.compare_digest(found.sha256, _digest(token)) or found.revoked_at is not None:
            return None
        return found

    # -- writing ---------------------------------------------------------------------------------
    def add(self, namespaces: Iterable[str], role: Role | str, note: str = "") -> tuple[str, ApiKey]:
        """Make a key for ``namespaces`` with ``role``; returns ``(key, record)``. The key is not stored:
        show it once. Raises :class:`InvalidValue` for no namespace or a bad name or role."""
        names = tuple(dict.fromkeys(namespaces))
        if not names:
            raise InvalidValue("a key needs at least one namespace (or '*' for every namespace)")
        for name in names:
            if name != ALL_NAMESPACES:
                check_identifier(name, "namespace")
        try:
            chosen = Role(role)
        except ValueError as exc:
            raise InvalidValue(f"role={role!r}; use one of {[r.value for r in Role]}") from exc
        ident = secrets.token_hex(6)
        token = f"{_PREFIX}{ident}_{secrets.token_urlsafe(32)}"
        record = ApiKey(ident, _digest(token), names, chosen, datetime.now(UTC).isoformat(timespec="seconds"), note)
        self._write([*self.keys(), record])
        return token, record

    def revoke(self, key_id: str) -> ApiKey:
        """Revoke the key ``key_id`` (kept in the file, marked revoked). Raises :class:`NotFound`."""
        keys = self.keys()
        for i, key in enumerate(keys):
            if key.id == key_id:
                keys[i] = replace(key, revoked_at=key.revoked_at or datetime.now(UTC).isoformat(timespec="seconds"))
                self._write(keys)
                return keys[i]
        raise NotFound(f"no key {key_id!r} in {self.path}; 'chronomem keys list' shows them")

    def _write(self, keys: list[ApiKey]) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        entries = [{**asdict(k), "namespaces": list(k.namespaces), "role": k.role.value} for k in keys]
        tmp = self.path.with_name(self.path.name + ".tmp")
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump({"keys": entries}, f, indent=2, ensure_ascii=False)
        os.replace(tmp, self.path)


def is_loopback(host: str) -> bool:
    """True when every address ``host`` names is a loopback address (127.0.0.0/8, ::1)."""
    try:
        infos = socket.getaddrinfo(host, None)
    except OSError:
        return False
    return bool(infos) and all(ipaddress.ip_address(str(info[4][0]).split("%")[0]).is_loopback for info in infos)


class Refused(Exception):
    """A request refused before anything runs: its HTTP ``status``, a stable ``code``, what to fix, and the key
    it came with when that key is known (for the access log)."""

    def __init__(self, status: int, code: str, message: str, key: ApiKey | None = None) -> None:
        super().__init__(message)
        self.status, self.code, self.key = status, code, key


def bearer(headers: Iterable[tuple[bytes, bytes]]) -> str | None:
    """The token of an ``Authorization: Bearer <token>`` header among raw ASGI ``headers``, else ``None``."""
    value = dict(headers).get(b"authorization", b"").decode("latin-1")
    scheme, _, token = value.partition(" ")
    return token.strip() or None if scheme.lower() == "bearer" else None


def authorize(keys: KeyStore | None, token: str | None, namespace: str, needed: Role, action: str) -> ApiKey:
    """The live key ``token`` names when it grants ``namespace`` with at least ``needed``; else :class:`Refused`:
    401 without a known key, 403 for another namespace or too weak a role (``action`` names what needs it).
    A keys file that became unreadable raises :class:`ConfigError` (the caller refuses with a 500)."""
    key = None if token is None or keys is None else keys.authenticate(token)
    if key is None:
        why = "no API key" if token is None else "an unknown or revoked API key"
        raise Refused(401, "unauthenticated", f"{why}; send 'Authorization: Bearer <key>' (chronomem keys add)")
    if not key.grants(namespace, Role.READ):
        raise Refused(403, "forbidden", f"key {key.id} does not grant namespace {namespace!r}", key)
    if not key.grants(namespace, needed):
        raise Refused(403, "forbidden", f"key {key.id} is {key.role.value}-only; {action} needs {needed.value}", key)
    return key
