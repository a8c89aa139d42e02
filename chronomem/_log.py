"""The package's one logger, ``logging.getLogger("chronomem")``.

chronomem logs at INFO what a user would want to know happened: each retry (attempt, wait, reason), each
fallback (e.g. an LLM endpoint that refuses forced tool calls) and each slow operation (loading a model).
Modules log through children of this logger (``chronomem.models``, ...), so one line turns them all on::

    import logging
    logging.basicConfig()
    logging.getLogger("chronomem").setLevel(logging.INFO)

The library configures no handler of its own: the :class:`logging.NullHandler` below is the standard
library convention, so an application that has not set up logging sees nothing.
"""

from __future__ import annotations

import logging

__all__ = ["logger"]

logger = logging.getLogger("chronomem")
logger.addHandler(logging.NullHandler())
