"""How many threads numpy's BLAS may use in a process that chronomem runs (``chronomem serve``, ``chronomem
mcp``): one.

A search multiplies the query vector by a namespace's vectors (exactly, up to 20,000 of them): at a few
thousand, OpenBLAS splits that product over every core, and its threads then wait for more work by spinning:
a server's searches burn every core and answer no sooner; with one BLAS thread they answer at least as fast on
one core, and ingestion is no slower. A library does not change its host's BLAS settings, so embedded use keeps them
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
