"""How to install an optional extra, said the same way by every message that needs one.

chronomem is not on PyPI yet, so asking PyPI for ``chronomem`` with an extra finds nothing; what works is an install of
the clone with the extra (``pip install -e '.[server]'`` in it). When a release exists, this is the one place
that changes.
"""

from __future__ import annotations

__all__ = ["install_hint"]


def install_hint(extras: str) -> str:
    """The command that installs ``extras`` (``"server"``, ``"embed,onnx"``...), for an error message.

    >>> install_hint("server")
    "pip install -e '.[server]' in a clone of chronomem"
    """
    return f"pip install -e '.[{extras}]' in a clone of chronomem"
