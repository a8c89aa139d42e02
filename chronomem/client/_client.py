"""``Client`` and ``AsyncClient``: :class:`~chronomem.Memory`'s calls on a chronomem server (``chronomem serve``).

Both run the same flows (:mod:`._flows`), one over ``httpx.Client``, the other over ``httpx.AsyncClient``; a
method is bound here by a descriptor, so each call is written once and keeps its signature for type checkers.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable, Coroutine, Iterable, Mapping
from types import TracebackType
from typing import TYPE_CHECKING, Any, Generic, ParamSpec, TypeVar, overload
from urllib.parse import quote

import httpx

from ..errors import ChronomemError, InvalidValue
from . import _flows
from ._errors import error_from, transport_error
from ._flows import Flow, Request

if TYPE_CHECKING:
    from typing import Self

    from ..ingest import IngestResult, Message

__all__ = ["AsyncClient", "Client"]

_P = ParamSpec("_P")
_R = TypeVar("_R")
_PREFIX = "/v1/namespaces/"


class _Base:
    """What both clients share: where the server is, which namespace, which key."""

    def __init__(self, base_url: str, namespace: str, key: str | None) -> None:
        if not isinstance(namespace, str) or not namespace.strip():
            raise InvalidValue(f"namespace must be a non-empty name, got {namespace!r:.60}")
        self.base_url, self.namespace = base_url.rstrip("/"), namespace
        self._headers = {} if key is None else {"Authorization": f"Bearer {key}"}
        self._prefix = _PREFIX + quote(namespace, safe="")

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.base_url!r}, {self.namespace!r})"

    def _answer(self, response: httpx.Response) -> Any:
        if response.status_code >= 400:
            raise error_from(response)
        return response.json()


def _single(messages: object) -> bool:
    """One message (a dict or a Message) rather than a list of them, as :meth:`chronomem.Memory.add` decides."""
    if isinstance(messages, Mapping) or (dataclasses.is_dataclass(messages) and not isinstance(messages, type)):
        return True
    if isinstance(messages, str | bytes) or not isinstance(messages, Iterable):
        raise InvalidValue(
            f"add() takes a message (a dict or Message) or a list of them, got {type(messages).__name__}"
        )
    return False


def _one(results: list[IngestResult]) -> IngestResult:
    (result,) = results
    if result.error is not None:  # one message raises, as Memory.add does; a batch reports each
        raise result.error
    return result


class _Sync(Generic[_P, _R]):
    """A flow as a method of :class:`Client`."""

    def __init__(self, flow: Callable[_P, Flow[_R]]) -> None:
        self.flow = flow
        self.__doc__ = flow.__doc__

    @overload
    def __get__(self, obj: None, owner: type[Client]) -> Self: ...

    @overload
    def __get__(self, obj: Client, owner: type[Client]) -> Callable[_P, _R]: ...

    def __get__(self, obj: Client | None, owner: type[Client]) -> Self | Callable[_P, _R]:
        if obj is None:
            return self
        flow = self.flow

        @functools.wraps(flow)
        def call(*args: _P.args, **kwargs: _P.kwargs) -> _R:
            return obj._run(flow(*args, **kwargs))

        return call


class _Async(Generic[_P, _R]):
    """A flow as a coroutine method of :class:`AsyncClient`."""

    def __init__(self, flow: Callable[_P, Flow[_R]]) -> None:
        self.flow = flow
        self.__doc__ = flow.__doc__

    @overload
    def __get__(self, obj: None, owner: type[AsyncClient]) -> Self: ...

    @overload
    def __get__(self, obj: AsyncClient, owner: type[AsyncClient]) -> Callable[_P, Coroutine[Any, Any, _R]]: ...

    def __get__(
        self, obj: AsyncClient | None, owner: type[AsyncClient]
    ) -> Self | Callable[_P, Coroutine[Any, Any, _R]]:
        if obj is None:
            return self
        flow = self.flow

        @functools.wraps(flow)
        async def call(*args: _P.args, **kwargs: _P.kwargs) -> _R:
            return await obj._run(flow(*args, **kwargs))

        return call


class Client(_Base):
    """:class:`~chronomem.Memory`'s calls on the namespace ``namespace`` of a chronomem server, with the same
    arguments, return values (:class:`~chronomem.Fact`, :class:`~chronomem.Entity`, hits...) and errors (the
    server's answer raised as the :mod:`chronomem.errors` class it stands for; a refused key raises
    :class:`~chronomem.errors.AccessDenied`; an unreachable server
    :class:`~chronomem.errors.BackendUnavailable`). Lists come back whole, read page by page.

    ``key`` is an API key (``chronomem keys add``) that grants the namespace; none for ``--dev-no-auth``.
    ``transport`` replaces the network (``httpx.ASGITransport`` or a mock, for tests).

    >>> from chronomem.client import Client                                          # doctest: +SKIP
    >>> with Client("http://127.0.0.1:8000", "alice", key=KEY) as mem:
    ...     mem.value("Alice", "lives_in")
    """

    def __init__(
        self,
        base_url: str,
        namespace: str,
        *,
        key: str | None = None,
        timeout: float = 30.0,
        transport: httpx.BaseTransport | None = None,
    ) -> None:
        super().__init__(base_url, namespace, key)
        self._http = httpx.Client(base_url=self.base_url, headers=self._headers, timeout=timeout, transport=transport)
        self._owns = True

    def using(self, namespace: str) -> Client:
        """The same server, key and connections, another namespace (closing it leaves this one open)."""
        other = Client.__new__(Client)
        _Base.__init__(other, self.base_url, namespace, None)
        other._http, other._owns = self._http, False
        return other

    def close(self) -> None:
        if self._owns:
            self._http.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _run(self, flow: Flow[_R]) -> _R:
        """Make ``flow``'s requests one after another and return its value."""
        try:
            request = next(flow)
            while True:
                try:
                    body = self._send(request)
                except ChronomemError as exc:
                    request = flow.throw(exc)
                else:
                    request = flow.send(body)
        except StopIteration as stop:
            return stop.value  # type: ignore[no-any-return]

    def _send(self, request: Request) -> Any:
        try:
            response = self._http.request(
                request.method, self._prefix + request.path, params=request.params, json=request.json
            )
        except httpx.TransportError as exc:
            raise transport_error(exc, self.base_url) from exc
        return self._answer(response)

    @overload
    def add(
        self, messages: Message | Mapping[str, object], *, user_id: str | None = None, session_id: str | None = None
    ) -> IngestResult: ...

    @overload
    def add(
        self,
        messages: Iterable[Message | Mapping[str, object]],
        *,
        user_id: str | None = None,
        session_id: str | None = None,
    ) -> list[IngestResult]: ...

    def add(
        self,
        messages: Message | Mapping[str, object] | Iterable[Message | Mapping[str, object]],
        *,
        user_id: str | None = None,
        session_id: str | None = None,
    ) -> IngestResult | list[IngestResult]:
        """Remember one message or many, in order (:meth:`chronomem.Memory.add`, with the server's extractor):
        one returns its result and raises when it fails; many return a result each (a failed one has ``error``),
        sent 100 a request. ``user_id`` and ``session_id`` as :meth:`chronomem.Memory.add` takes them."""
        if _single(messages):
            return _one(self._run(_flows.add([messages], user_id, session_id)))  # type: ignore[list-item]
        return self._run(_flows.add(messages, user_id, session_id))  # type: ignore[arg-type]

    add_episode = _Sync(_flows.add_episode)
    get_episode = _Sync(_flows.get_episode)
    add_entity = _Sync(_flows.add_entity)
    get_entity = _Sync(_flows.get_entity)
    merge = _Sync(_flows.merge)
    unmerge = _Sync(_flows.unmerge)
    assert_fact = _Sync(_flows.assert_fact)
    correct = _Sync(_flows.correct)
    retract = _Sync(_flows.retract)
    retract_episode = _Sync(_flows.retract_episode)
    erase = _Sync(_flows.erase)
    value = _Sync(_flows.value)
    values = _Sync(_flows.values)
    facts = _Sync(_flows.facts)
    history = _Sync(_flows.history)
    audit = _Sync(_flows.audit)
    changes = _Sync(_flows.changes)
    recent = _Sync(_flows.recent)
    at_event = _Sync(_flows.at_event)
    versions = _Sync(_flows.versions)
    neighbourhood = _Sync(_flows.neighbourhood)
    conflicts = _Sync(_flows.conflicts)
    resolve_conflict = _Sync(_flows.resolve_conflict)
    search = _Sync(_flows.search)
    retrieve = _Sync(_flows.retrieve)
    context = _Sync(_flows.context)


class AsyncClient(_Base):
    """:class:`Client` for asyncio code: every call awaited (as :class:`~chronomem.AsyncMemory` is to
    :class:`~chronomem.Memory`).

    >>> async with AsyncClient("http://127.0.0.1:8000", "alice", key=KEY) as mem:   # doctest: +SKIP
    ...     hits = await mem.search("where does Alice live?")
    """

    def __init__(
        self,
        base_url: str,
        namespace: str,
        *,
        key: str | None = None,
        timeout: float = 30.0,
        transport: httpx.AsyncBaseTransport | None = None,
    ) -> None:
        super().__init__(base_url, namespace, key)
        self._http = httpx.AsyncClient(
            base_url=self.base_url, headers=self._headers, timeout=timeout, transport=transport
        )
        self._owns = True

    def using(self, namespace: str) -> AsyncClient:
        """The same server, key and connections, another namespace (closing it leaves this one open)."""
        other = AsyncClient.__new__(AsyncClient)
        _Base.__init__(other, self.base_url, namespace, None)
        other._http, other._owns = self._http, False
        return other

    async def close(self) -> None:
        if self._owns:
            await self._http.aclose()

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        await self.close()

    async def _run(self, flow: Flow[_R]) -> _R:
        """Make ``flow``'s requests one after another and return its value."""
        try:
            request = next(flow)
            while True:
                try:
                    body = await self._send(request)
                except ChronomemError as exc:
                    request = flow.throw(exc)
                else:
                    request = flow.send(body)
        except StopIteration as stop:
            return stop.value  # type: ignore[no-any-return]

    async def _send(self, request: Request) -> Any:
        try:
            response = await self._http.request(
                request.method, self._prefix + request.path, params=request.params, json=request.json
            )
        except httpx.TransportError as exc:
            raise transport_error(exc, self.base_url) from exc
        return self._answer(response)

    @overload
    async def add(
        self, messages: Message | Mapping[str, object], *, user_id: str | None = None, session_id: str | None = None
    ) -> IngestResult: ...

    @overload
    async def add(
        self,
        messages: Iterable[Message | Mapping[str, object]],
        *,
        user_id: str | None = None,
        session_id: str | None = None,
    ) -> list[IngestResult]: ...

    async def add(
        self,
        messages: Message | Mapping[str, object] | Iterable[Message | Mapping[str, object]],
        *,
        user_id: str | None = None,
        session_id: str | None = None,
    ) -> IngestResult | list[IngestResult]:
        """:meth:`Client.add`, awaited."""
        if _single(messages):
            return _one(await self._run(_flows.add([messages], user_id, session_id)))  # type: ignore[list-item]
        return await self._run(_flows.add(messages, user_id, session_id))  # type: ignore[arg-type]

    add_episode = _Async(_flows.add_episode)
    get_episode = _Async(_flows.get_episode)
    add_entity = _Async(_flows.add_entity)
    get_entity = _Async(_flows.get_entity)
    merge = _Async(_flows.merge)
    unmerge = _Async(_flows.unmerge)
    assert_fact = _Async(_flows.assert_fact)
    correct = _Async(_flows.correct)
    retract = _Async(_flows.retract)
    retract_episode = _Async(_flows.retract_episode)
    erase = _Async(_flows.erase)
    value = _Async(_flows.value)
    values = _Async(_flows.values)
    facts = _Async(_flows.facts)
    history = _Async(_flows.history)
    audit = _Async(_flows.audit)
    changes = _Async(_flows.changes)
    recent = _Async(_flows.recent)
    at_event = _Async(_flows.at_event)
    versions = _Async(_flows.versions)
    neighbourhood = _Async(_flows.neighbourhood)
    conflicts = _Async(_flows.conflicts)
    resolve_conflict = _Async(_flows.resolve_conflict)
    search = _Async(_flows.search)
    retrieve = _Async(_flows.retrieve)
    context = _Async(_flows.context)
