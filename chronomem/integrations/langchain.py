"""chronomem in LangChain: a retriever whose documents carry valid time and citations.

Needs the extra: ``pip install -e '.[langchain]'``.

:class:`ChronomemRetriever` runs :func:`~chronomem.integrations._recall.recall` (facts first, then the messages
that answer the query) and returns one ``Document`` per hit: its ``page_content`` the fact as a sentence with its
valid time, or who said what when; its ``metadata`` the record (:func:`~chronomem.integrations._recall.hit_record`:
``kind``, ``id``, ``valid_from``, ``valid_to``, ``entities``, ``cites``, ``score``) and ``citations``, the cited
episodes with when and by whom they were said. A retriever's documents are untrusted input: put them in a user or
context message of a prompt, not in its system instructions.
"""

from __future__ import annotations

from typing import Any

from langchain_core.callbacks import CallbackManagerForRetrieverRun
from langchain_core.documents import Document
from langchain_core.retrievers import BaseRetriever
from pydantic import ConfigDict

from .._display import iso
from .._memory import Memory
from ..retrieve import Hit
from ._recall import hit_record, hit_text, recall

__all__ = ["ChronomemRetriever", "documents"]


class ChronomemRetriever(BaseRetriever):
    """A LangChain retriever over ``memory``: the ``k`` facts and messages that answer a query, as documents.

    >>> retriever = ChronomemRetriever(memory=chronomem.open("memory.db", embedder=None))   # doctest: +SKIP
    >>> retriever.invoke("where does Alice live?")[0].metadata["valid_from"]               # doctest: +SKIP
    '2024-03-04T08:15:00+00:00'
    """

    model_config = ConfigDict(arbitrary_types_allowed=True)

    memory: Memory
    k: int = 5

    def _get_relevant_documents(self, query: str, *, run_manager: CallbackManagerForRetrieverRun) -> list[Document]:
        return documents(self.memory, recall(self.memory, query, k=self.k))


def documents(memory: Memory, hits: list[Hit]) -> list[Document]:
    """``hits`` as LangChain documents (see the module), their citations read in one go."""
    cited = sorted({c for h in hits for c in h.cites})
    said = {ep.id: ep for ep in memory.engine.episodes(memory.namespace, cited)}
    out = []
    for hit in hits:
        citations: list[dict[str, Any]] = [
            {"episode": c, "said_at": iso(said[c].occurred_at), "speaker": said[c].speaker, "session": said[c].session}
            for c in hit.cites
            if c in said
        ]
        out.append(Document(page_content=hit_text(hit), metadata={**hit_record(hit), "citations": citations}))
    return out
