"""Checkpoints of a SQLite file's write-ahead log, run off the write path.

A checkpoint copies the pages the log holds back into the database file and, at the default durability, syncs
both files. Run by the commit that fills the log (SQLite's automatic checkpoint), it made that one write wait
for the copy and the ``fsync``: with ``synchronous=NORMAL`` the checkpoints were most of an average COMMIT's
time (``scripts/bench_floors.py`` compares it with ``synchronous=OFF``).

:class:`Checkpointer` runs them in a thread of the engine, on its own connection, once the log has grown past
:data:`WAL_PAGES` pages (``PRAGMA wal_checkpoint(PASSIVE)``: it never blocks a reader or a writer, and stops
at a frame still in use). The writer is woken after each commit; the SQLite I/O runs without the GIL. The
writer keeps an automatic checkpoint at four times the threshold as a backstop, should the thread fall behind.
Several processes on one file each run one; SQLite lets one checkpoint run at a time and the others return.
"""

from __future__ import annotations

import os
import sqlite3
import threading
from collections.abc import Callable

__all__ = ["BACKSTOP_PAGES", "WAL_PAGES", "Checkpointer"]

#: Pages the write-ahead log grows to before the thread checkpoints it (~40 MB at the default 4 KiB page).
WAL_PAGES = 10_000
#: The writer's own automatic checkpoint: only if the thread falls this far behind.
BACKSTOP_PAGES = 4 * WAL_PAGES


class Checkpointer:
    """The checkpoint thread of one engine (see the module docstring). Started by the first :meth:`nudge`."""

    def __init__(
        self, connect: Callable[[], sqlite3.Connection], wal: str, page_size: int, pages: int = WAL_PAGES
    ) -> None:
        self._connect = connect
        self._wal = wal
        self._limit = pages * (page_size + 24)  # a frame is a page and its 24-byte header
        self._wake = threading.Event()
        self._stopping = False
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()

    def nudge(self) -> None:
        """A write committed: look at the log's size (cheap; a checkpoint runs only past the threshold)."""
        if self._thread is None:
            with self._lock:
                if self._thread is None and not self._stopping:
                    self._thread = threading.Thread(target=self._run, name="chronomem-checkpoint", daemon=True)
                    self._thread.start()
        self._wake.set()

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def close(self) -> None:
        """Stop the thread (a checkpoint under way finishes first)."""
        with self._lock:
            self._stopping = True
        self._wake.set()
        if self._thread is not None:
            self._thread.join()

    def _run(self) -> None:
        conn = self._connect()
        try:
            while not self._stopping:
                self._wake.wait()
                self._wake.clear()
                if not self._stopping and _size(self._wal) > self._limit:
                    conn.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall()
        except sqlite3.Error:
            pass  # the writer's backstop checkpoint takes over; nothing is lost by a checkpoint not run
        finally:
            conn.close()


def _size(path: str) -> int:
    try:
        return os.path.getsize(path)
    except OSError:
        return 0
