"""A Python client for a chronomem server (``chronomem serve``): :class:`Client` and :class:`AsyncClient` make
:class:`~chronomem.Memory`'s calls over the HTTP API (httpx, a core dependency: no extra needed) and return the
same values and raise the same errors.

>>> from chronomem.client import Client                                              # doctest: +SKIP
>>> with Client("http://127.0.0.1:8000", "alice", key="cmk_...") as mem:
...     mem.add({"speaker": "Alice", "content": "I live in Berlin.", "occurred_at": "2024-01-10T09:00:00+01:00"})
...     print(mem.value("Alice", "lives_in").object)
berlin

One module per concept: ``_client`` (the two clients), ``_flows`` (each call as its requests, written once),
``_decode`` (JSON back into values), ``_errors`` (the server's errors back into :mod:`chronomem.errors`).
"""

from __future__ import annotations

from ._client import AsyncClient, Client

__all__ = ["AsyncClient", "Client"]
