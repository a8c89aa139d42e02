"""The servers chronomem runs limit numpy's BLAS to one thread (chronomem/models/_threads.py)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

SCRIPT = """
import json
from chronomem.models import blas_threads, one_blas_thread
import numpy
before = blas_threads()
one_blas_thread()
print(json.dumps([before, blas_threads()]))
"""


def test_one_blas_thread_limits_every_blas_library_of_the_process() -> None:
    env = {**os.environ, "OPENBLAS_NUM_THREADS": "2"}  # two to start from, whatever this machine has
    out = subprocess.run([sys.executable, "-c", SCRIPT], env=env, capture_output=True, text=True, check=True)
    before, after = json.loads(out.stdout)
    assert before and all(n == 2 for n in before)
    assert after == [1] * len(before)
