"""The engine conformance suite's cases that drive only the facade (a ``mem`` fixture), run through a
:class:`chronomem.client.Client` on a real ``chronomem serve``: the suite's own cases, not copies.

A case that needs the engine contract (``engine``, ``make_engine``) or the suite's :class:`ManualClock` (exact
system times) skips, saying so: a served process exposes neither. A case that calls what the HTTP API has no
route for (the application's own claims), reads the engine, or expects the ManualClock's exact system times
without asking for it is listed in :data:`NO_ROUTE` with why.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from clienttools import Served, serve

from chronomem.client import Client
from chronomem.testing import (
    ContextTests,
    EpisodeTests,
    GraphTests,
    IngestionTests,
    MergeTests,
    ReferenceCases,
    SaidOrderTests,
    UndoTests,
    WithdrawnConflictTests,
)

_CLAIMS = "no route takes the application's own claims: POST /messages has no 'claims' (Memory.add(claims=))"
_ENGINE = "reads mem.engine (the engine contract), which a served process does not expose"
_CLOCK = "expects the suite's ManualClock's system times (tx 1, 2, ...); a served process writes at its own clock"
NO_ROUTE: dict[str, str] = {
    "test_retracting_what_a_conflict_contradicted_writes_its_claim": _CLAIMS,
    "test_a_conflict_stays_open_against_what_still_contradicts_it": _CLAIMS,
    "test_claims_kept_apart_are_weighed_again_in_the_order_they_were_said": _CLAIMS,
    "test_retracting_the_message_of_a_conflict_withdraws_it": _CLAIMS,
    "test_erasing_what_a_conflict_contradicted_writes_its_claim": _CLAIMS,
    "test_a_clash_of_plans_ends_with_the_plan_it_clashed_with": _CLAIMS,
    "test_accepting_an_old_conflict_keeps_what_was_said_after_it": _CLAIMS,
    "test_context_tells_the_history_the_conflict_and_the_citations": _CLAIMS,
    "test_context_sees_nothing_recorded_after_as_of": _CLAIMS,
    "test_a_message_is_stored_once_with_its_zone_and_cited_by_what_it_says": _CLAIMS,
    "test_a_session_gives_its_last_messages_oldest_first": _CLAIMS,
    "test_contradictions_are_kept_listed_and_settled": _CLAIMS,
    "test_accepting_a_claim_corrects_what_was_known": _CLAIMS,
    "test_erasing_an_episode_or_a_subject_takes_their_contradictions": _CLAIMS,
    "test_a_retraction_in_a_message_ends_what_it_names": _CLAIMS,
    "test_plans_at_one_time_are_a_clash_kept_open": _CLAIMS,
    "test_a_claim_that_agreed_with_a_retracted_message_is_weighed_again": _ENGINE,
    "test_retracting_any_message_leaves_what_never_hearing_it_leaves": _ENGINE,
    "test_a_merge_moves_joins_and_keeps_contradictions_open": _CLOCK,
    "test_unmerge_gives_both_entities_back_what_they_had": _CLOCK,
    "test_retracting_an_episode_ends_what_only_it_supported": _CLOCK,
    "test_a_direct_write_is_its_own_support": _CLOCK,
    "test_multi_valued_values_coexist_and_retract_one_at_a_time": _CLOCK,
}


@pytest.fixture(scope="module", params=["sqlite", pytest.param("postgresql", marks=pytest.mark.integration)])
def server(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    """One served process per engine for the module; each case gets a namespace of its own."""
    tmp = tmp_path_factory.mktemp("conformance")
    if request.param == "sqlite":
        yield from serve(str(tmp / "m.db"), tmp)
        return
    pg = request.getfixturevalue("pg_server")
    name = f"chronomem_client_{uuid.uuid4().hex[:8]}"
    yield from serve(pg.create_database(name), tmp)
    import psycopg

    with psycopg.connect(pg.url(), autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


class TestClientConformance(
    ReferenceCases,
    GraphTests,
    EpisodeTests,
    IngestionTests,
    MergeTests,
    ContextTests,
    UndoTests,
    SaidOrderTests,
    WithdrawnConflictTests,
):
    @pytest.fixture(autouse=True)
    def _no_route(self, request: pytest.FixtureRequest) -> None:
        reason = NO_ROUTE.get(request.node.originalname)
        if reason is not None:
            pytest.skip(reason)

    @pytest.fixture
    def make_engine(self) -> Any:
        pytest.skip("needs the engine contract (Engine, Txn), which a served process does not expose")

    @pytest.fixture
    def clock(self) -> Any:
        pytest.skip("needs the suite's ManualClock: a served process keeps its own system time")

    @pytest.fixture
    def mem(self, server: Served, tmp_path: Path) -> Iterator[Client]:
        with Client(server.base, f"c{uuid.uuid4().hex[:12]}", key=server.key) as client:
            yield client
