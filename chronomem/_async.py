"""``AsyncMemory``: :class:`~chronomem.Memory` for asyncio code, written once.

The engines are synchronous (sqlite3, psycopg's sync pool) and thread-safe: each thread reads on its own
connection and writes take one writer at a time. So the async API is the sync one run off the event loop:
every method of :class:`AsyncMemory` is the :class:`Memory` method of the same name, called in a worker thread
with :func:`asyncio.to_thread`. Signatures, docstrings and type checks come from :class:`Memory` through
:class:`_Offloaded`, so the two cannot drift (a test checks that every public method is covered).

>>> import asyncio, chronomem, tempfile, os
>>> async def main() -> str:
...     async with await chronomem.open_async(os.path.join(tempfile.mkdtemp(), "m.db"), embedder=None) as mem:
...         await mem.add_entity("Alice", type="person")
...         return (await mem.get_entity("Alice")).name
>>> asyncio.run(main())
'Alice'
"""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Callable, Coroutine, Iterable, Mapping
from typing import TYPE_CHECKING, Any, Concatenate, Generic, ParamSpec, TypeVar, overload

from ._memory import Memory
from ._open import open as _open

if TYPE_CHECKING:
    from typing import Self

    from ._values import Entity, WriteResult
    from .contracts import Extractor
    from .ingest import Alias, Claim, IngestResult, Message

__all__ = ["AsyncMemory", "open_async"]

_P = ParamSpec("_P")
_R = TypeVar("_R")


class _Offloaded(Generic[_P, _R]):
    """A :class:`Memory` method as an ``async`` method of :class:`AsyncMemory`: the same parameters, awaited."""

    def __init__(self, method: Callable[Concatenate[Memory, _P], _R]) -> None:
        self.__name__ = method.__name__
        self.__doc__ = method.__doc__

    @overload
    def __get__(self, obj: None, owner: type[AsyncMemory]) -> Self: ...

    @overload
    def __get__(self, obj: AsyncMemory, owner: type[AsyncMemory]) -> Callable[_P, Coroutine[Any, Any, _R]]: ...

    def __get__(
        self, obj: AsyncMemory | None, owner: type[AsyncMemory]
    ) -> Self | Callable[_P, Coroutine[Any, Any, _R]]:
        if obj is None:
            return self
        # the memory's own method, so that a subclass's override is what runs
        bound: Callable[_P, _R] = getattr(obj.sync, self.__name__)

        @functools.wraps(bound)
        async def offloaded(*args: _P.args, **kwargs: _P.kwargs) -> _R:
            return await asyncio.to_thread(bound, *args, **kwargs)

        return offloaded


class AsyncMemory:
    """A bitemporal memory for asyncio code: every :class:`Memory` method, awaited.

    Open one with :func:`chronomem.open_async` (the parameters of :func:`chronomem.open`), or wrap a
    :class:`Memory` you have (``AsyncMemory(mem)``; ``sync`` is that memory). Each call runs the sync method
    in a worker thread, so several awaits run at once: reads in parallel, writes one transaction at a time.
    Errors are the same :class:`~chronomem.ChronomemError` subclasses.
    """

    def __init__(self, memory: Memory) -> None:
        self.sync = memory

    @property
    def namespace(self) -> str:
        return self.sync.namespace

    def using(self, namespace: str, *, create: bool = True) -> AsyncMemory:
        """The same store, another namespace (see :meth:`Memory.using`). Cheap: no I/O unless it is new."""
        return AsyncMemory(self.sync.using(namespace, create=create))

    async def close(self) -> None:
        await asyncio.to_thread(self.sync.close)

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    # Two by hand, each one line over the sync method: ``add``'s overloads (one message -> a result, many -> a
    # list) and ``correct``'s ``**kwargs`` do not pass through a ParamSpec.
    @overload
    async def add(
        self,
        messages: Message | Mapping[str, object],
        *,
        extractor: str | Extractor | None = None,
        claims: Iterable[Claim] | None = None,
        aliases: Iterable[Alias] = (),
        user_id: str | None = None,
        session_id: str | None = None,
    ) -> IngestResult: ...

    @overload
    async def add(
        self,
        messages: Iterable[Message | Mapping[str, object]],
        *,
        extractor: str | Extractor | None = None,
        claims: None = None,
        aliases: Iterable[Alias] = (),
        user_id: str | None = None,
        session_id: str | None = None,
    ) -> list[IngestResult]: ...

    async def add(
        self,
        messages: Message | Mapping[str, object] | Iterable[Message | Mapping[str, object]],
        *,
        extractor: str | Extractor | None = None,
        claims: Iterable[Claim] | None = None,
        aliases: Iterable[Alias] = (),
        user_id: str | None = None,
        session_id: str | None = None,
    ) -> IngestResult | list[IngestResult]:
        add = functools.partial(
            self.sync.add,
            messages,
            extractor=extractor,
            claims=claims,
            aliases=aliases,
            user_id=user_id,
            session_id=session_id,
        )
        return await asyncio.to_thread(add)

    async def correct(
        self, subject: str | Entity, predicate: str, object: str | Entity | None = None, **kwargs: object
    ) -> WriteResult:
        return await asyncio.to_thread(functools.partial(self.sync.correct, subject, predicate, object, **kwargs))

    add.__doc__ = Memory.add.__doc__
    correct.__doc__ = Memory.correct.__doc__

    add_entity = _Offloaded(Memory.add_entity)
    add_episode = _Offloaded(Memory.add_episode)
    assert_fact = _Offloaded(Memory.assert_fact)
    at_event = _Offloaded(Memory.at_event)
    audit = _Offloaded(Memory.audit)
    bulk_assert = _Offloaded(Memory.bulk_assert)
    changes = _Offloaded(Memory.changes)
    conflicts = _Offloaded(Memory.conflicts)
    context = _Offloaded(Memory.context)
    describe = _Offloaded(Memory.describe)
    erase = _Offloaded(Memory.erase)
    erase_namespace = _Offloaded(Memory.erase_namespace)
    facts = _Offloaded(Memory.facts)
    get_entity = _Offloaded(Memory.get_entity)
    get_episode = _Offloaded(Memory.get_episode)
    history = _Offloaded(Memory.history)
    merge = _Offloaded(Memory.merge)
    neighbourhood = _Offloaded(Memory.neighbourhood)
    recent = _Offloaded(Memory.recent)
    reindex = _Offloaded(Memory.reindex)
    resolve_conflict = _Offloaded(Memory.resolve_conflict)
    retract = _Offloaded(Memory.retract)
    retract_episode = _Offloaded(Memory.retract_episode)
    retrieve = _Offloaded(Memory.retrieve)
    search = _Offloaded(Memory.search)
    snapshot = _Offloaded(Memory.snapshot)  # its basis pins awaited reads too: as_of=snap.basis
    unmerge = _Offloaded(Memory.unmerge)
    value = _Offloaded(Memory.value)
    values = _Offloaded(Memory.values)
    versions = _Offloaded(Memory.versions)


def _opener(sync_open: Callable[_P, Memory]) -> Callable[_P, Coroutine[Any, Any, AsyncMemory]]:
    @functools.wraps(sync_open)
    async def opened(*args: _P.args, **kwargs: _P.kwargs) -> AsyncMemory:
        return AsyncMemory(await asyncio.to_thread(sync_open, *args, **kwargs))

    opened.__doc__ = (
        "Open a memory for asyncio code: :func:`chronomem.open`'s parameters, awaited, giving an "
        ":class:`AsyncMemory`. Opening runs in a worker thread (it may create or migrate the database).\n\n"
        f"{sync_open.__doc__ or ''}"
    )
    return opened


#: ``await chronomem.open_async(path_or_url, namespace=...)``: :func:`chronomem.open` for asyncio code.
open_async = _opener(_open)
