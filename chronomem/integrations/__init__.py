"""Adapters that put a chronomem memory inside agent frameworks, one module per framework, each an optional extra:

- :mod:`chronomem.integrations.langgraph` (``pip install -e '.[langgraph]'``): a LangGraph ``BaseStore``,
  LangMem-style tools and a retrieve → generate → store node;
- :mod:`chronomem.integrations.openai_agents` (``'.[openai-agents]'``): an Agents SDK ``Session`` and recall tools;
- :mod:`chronomem.integrations.langchain` (``'.[langchain]'``): a LangChain retriever;
- :mod:`chronomem.integrations.llama_index` (``'.[llama-index]'``): a LlamaIndex memory block;
- :mod:`chronomem.integrations.autogen` (``'.[autogen]'``, in a venv of its own): an AutoGen ``Memory``;
- :mod:`chronomem.integrations.crewai` (``'.[crewai]'``, in a venv of its own): a CrewAI memory storage backend.

Importing :mod:`chronomem` imports none of them, nor their frameworks. What they share (a hit as a record and as
text, the memory put in a prompt as untrusted context) is :mod:`chronomem.integrations._recall`.
"""

__all__: list[str] = []
