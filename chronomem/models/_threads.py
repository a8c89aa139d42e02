"""How many threads numpy's BLAS may use in a process that chronomem runs (``chronomem serve``, ``chronomem
mcp``): one.

A search multiplies the query vector by a namespace's vectors (exactly, up to 20,000 of them): at a few
thousand, OpenBLAS splits that product over every core, and its threads then wait for more work by spinning.
Measured on 2 cores, 2,760 episodes, the default embedder (one process, SQLite): one client searched 44.2
times a second burning both cores (40 CPU-seconds in 20 s); with one BLAS thread, 48.1 a second on one core
(20 CPU-seconds); four clients, 61.0 against 68.2 a second. Ingestion with embeddings did not move (153 against
149 messages a second). A library does not change its host's BLAS settings, so embedded use keeps them
(``OPENBLAS_NUM_THREADS=1`` does the same there); the servers chronomem runs call :func:`one_blas_thread`.
"""

from __future__ import annotations

__all__ = ["blas_threads", "one_blas_thread"]


def one_blas_thread() -> None:
    """Limit every BLAS library loaded in this process (numpy's OpenBLAS) to one thread, for good."""
    import numpy  # noqa: F401  (loads the BLAS library, so that there is one to limit)
    from threadpoolctl import threadpool_limits  # type: ignore[import-untyped]

    threadpool_limits(limits=1, user_api="blas")


def blas_threads() -> list[int]:
    """The number of threads each BLAS library loaded in this process may use."""
    from threadpoolctl import threadpool_info

    return [int(lib["num_threads"]) for lib in threadpool_info() if lib.get("user_api") == "blas"]
