"""The engine conformance suite: every storage engine, built in or third-party, must pass it.

It is shipped in the library (like ``fsspec.tests.abstract``) and needs ``pytest`` and ``hypothesis``
(``pip install -e '.[testing]'`` in a clone). It drives the public :class:`chronomem.Memory` facade, plus
the engine contract (:class:`chronomem.contracts.Engine`) where the facade has no read for something.

How an engine runs it — one test module, one fixture, one class::

    # tests/test_my_engine_conformance.py
    import pytest
    from chronomem.testing import EngineConformance

    @pytest.fixture
    def make_engine(tmp_path):
        made = []

        def make(clock):
            engine = MyEngine(tmp_path / f"db{len(made)}", clock=clock)
            engine.migrate()
            made.append(engine)
            return engine

        yield make
        # drop databases / files here if needed; the suite has already closed each engine

    class TestMyEngineConformance(EngineConformance):
        supports_erase = True   # capability flags: set one to False to skip the tests that need it

The fixture contract:

* ``make_engine`` is a pytest fixture (module-level, or a method of the subclass) whose value is a
  callable ``make(clock) -> Engine``;
* each call returns a **new, empty, migrated** engine (no namespaces, no rows, no erase records) whose
  system time for each write transaction is ``max(clock(), last + 1)`` (``clock`` returns ``int``
  UTC microseconds; the suite passes a :class:`ManualClock` to get exact times like 1 and 5);
* a test calls it once (the model-based test once per test function, using a fresh namespace per
  Hypothesis example); the suite closes every engine it was given; the fixture cleans up after that.

Capability flags (class attributes, all True by default): ``supports_erase`` (physical erase),
``supports_concurrent_writers`` (threads writing at once), ``supports_restore`` (``dump`` and ``load``, for
:mod:`chronomem.portable`), ``supports_store_dump`` (the engine lists a
namespace's rows table by table: ``engine.dump(namespace)``, :class:`Dumps`). Skips name the flag, never the
engine class.

What it checks (each part is a mixin class you may also run alone, e.g. ``class T(ReferenceCases)``):

* :class:`ReferenceCases` — the bitemporal write rule to the letter: the nine cases of an existing row and a
  new portion that lies before, touches, overlaps, covers or lies inside it, for assert and for retract (exact
  rows through ``audit()``, as attributes and as edges), as-of reads, no churn, the three-row update;
* :class:`HistoryTests` — repeatable history over a scripted sequence, ``changes``, version chains,
  concurrent writers replayed through :class:`ReferenceModel`;
* :class:`GraphTests` — multi-valued slots, k-hop neighbourhoods at past points, namespace isolation;
* :class:`EpisodeTests` — retracting episodes (in any order), erase by subject / episode / namespace
  with a content-free record (``Engine.erasures``);
* :class:`EraseTests` — erasing episodes leaves what a store that never saw them holds, every table compared
  (:func:`dump_store`, :class:`StoreDump`: ids and system times left out), on conversations Hypothesis draws
  and on speakers, aliases, role names and contradictions that only an erased message gave;
* :class:`IngestionTests` — what ingestion needs: episodes with their zone, a session's last messages,
  contradictions kept open and settled, erases that take them away;
* :class:`SearchTests` — the full-text index kept and erased with its rows; ``Memory.search`` time-correct
  (``as_of``, superseded facts, retracted episodes) with the same hits in the same order on every engine;
* :class:`ContextTests` — ``Memory.context``: a slot's history with dates and citations, open conflicts,
  nothing recorded after ``as_of``;
* :class:`WalkTests` — the context's walk through the graph: the relation two edges away that answers, read at
  the question's (valid, as-of) point, with the path to it;
* :class:`RecallTests` — questions about time as calls: ``changes(entity=, axis=)``, ``at_event``, ``kind=`` on
  facts and search, ``recent``;
* :class:`ContractTests` — atomic writes, strictly increasing system time, migrations, read conventions;
* :class:`ModelBasedTests` — Hypothesis: random asserts/retracts against :class:`ReferenceModel`, an
  independent model of the write rule, and retracting random episodes against replaying the others;
* :class:`UndoTests` — Hypothesis: random statements (from episodes and from the application), retractions
  and erases of episodes against :class:`SupportModel`, the support rule per instant;
* :class:`WithdrawnConflictTests` — retracting or erasing a message withdraws the conflicts it kept open and
  weighs again those that contradicted what it said, as if it had never been said (Hypothesis: against a
  memory that never heard it);
* :class:`PortableTests` — ``dump | restore`` (:mod:`chronomem.portable`) of a store Hypothesis builds (messages,
  the application's corrections and retractions, merges, retracted and erased episodes): into a fresh engine and
  into another namespace, every table and every read at every probed (valid, as-of) point the same; writes after a
  restore; a non-empty namespace and a cut file refused with nothing written;
* :class:`SaidOrderTests` — messages ingested out of order (an older one late, a conflict settled after a
  newer statement, Hypothesis permutations of a conversation) give the history of ingesting them in order.

Every write goes through :class:`CheckedEngine`, which asserts after each transaction that system
time strictly increased and that no two current rows of a slot overlap in valid time.

Hypothesis: the model-based test takes ``max_examples`` from the active Hypothesis profile; CI runs
``pytest --hypothesis-profile=ci`` (1,000 examples, registered in chronomem's ``tests/conftest.py``).
A backend class may set ``max_examples`` to run fewer: chronomem's PostgreSQL (250) and Citus (60) runs do,
since they execute the same SQL text as its SQLite run, which takes the profile's count.
"""

from __future__ import annotations

from ._base import NAMESPACE, EngineFixtures, MakeEngine, Row, at, row_of
from ._checked import CheckedEngine
from ._clock import ManualClock
from ._context import ContextTests, WalkTests
from ._contract import ContractTests
from ._episodes import EpisodeTests
from ._erasing import EraseTests
from ._graph import GraphTests
from ._history import HistoryTests
from ._ingest import IngestionTests
from ._merges import MergeTests
from ._order import SaidOrderTests
from ._portable import PortableTests
from ._recall import RecallTests
from ._reference import REFERENCE_CASES, ReferenceCases
from ._refmodel import ModelRow, ReferenceModel
from ._search import SearchTests
from ._stateful import ModelBasedTests, SlotMachine
from ._stores import Dumps, StoreDump, dump_store
from ._supportmodel import Statement, SupportModel
from ._undoing import UndoMachine, UndoTests
from ._vectors import VectorTests
from ._withdrawn import WithdrawnConflictTests

__all__ = [
    "NAMESPACE",
    "REFERENCE_CASES",
    "CheckedEngine",
    "ContextTests",
    "ContractTests",
    "Dumps",
    "EngineConformance",
    "EngineFixtures",
    "EpisodeTests",
    "EraseTests",
    "GraphTests",
    "HistoryTests",
    "IngestionTests",
    "MakeEngine",
    "ManualClock",
    "MergeTests",
    "ModelBasedTests",
    "ModelRow",
    "PortableTests",
    "RecallTests",
    "ReferenceCases",
    "ReferenceModel",
    "Row",
    "SaidOrderTests",
    "SearchTests",
    "SlotMachine",
    "Statement",
    "StoreDump",
    "SupportModel",
    "UndoMachine",
    "UndoTests",
    "VectorTests",
    "WalkTests",
    "WithdrawnConflictTests",
    "at",
    "dump_store",
    "row_of",
]


class EngineConformance(
    ReferenceCases,
    HistoryTests,
    GraphTests,
    EpisodeTests,
    EraseTests,
    IngestionTests,
    MergeTests,
    VectorTests,
    SearchTests,
    ContextTests,
    WalkTests,
    RecallTests,
    ContractTests,
    ModelBasedTests,
    UndoTests,
    SaidOrderTests,
    WithdrawnConflictTests,
    PortableTests,
):
    """Every conformance test. Subclass it as ``Test<Engine>Conformance`` next to a ``make_engine`` fixture."""
