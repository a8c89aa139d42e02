"""The response models of the OpenAPI document have exactly the fields of the values they describe."""

from __future__ import annotations

import dataclasses

import pytest

from chronomem import Change, Entity, Episode, Fact, Interval, Merge, Revision, Subgraph, WriteResult
from chronomem._values import Contradiction
from chronomem.ingest import IngestResult
from chronomem.ingest._result import Skipped
from chronomem.retrieve import Context, Hit
from chronomem.retrieve._context import Citation, Section, Statement
from chronomem.server import _shapes as s

PAIRS = [
    (s.IntervalOut, Interval),
    (s.FactOut, Fact),
    (s.EntityOut, Entity),
    (s.EpisodeOut, Episode),
    (s.RevisionOut, Revision),
    (s.ChangeOut, Change),
    (s.WriteResultOut, WriteResult),
    (s.MergeOut, Merge),
    (s.ContradictionOut, Contradiction),
    (s.SubgraphOut, Subgraph),
    (s.CitationOut, Citation),
    (s.StatementOut, Statement),
    (s.SectionOut, Section),
    (s.ContextOut, Context),
    (s.SkippedOut, Skipped),
    (s.IngestResultOut, IngestResult),
]


@pytest.mark.parametrize(("model", "value"), PAIRS, ids=[v.__name__ for _, v in PAIRS])
def test_a_response_model_has_the_fields_of_its_value(model: type, value: type) -> None:
    assert list(model.model_fields) == [f.name for f in dataclasses.fields(value)]  # type: ignore[attr-defined]


def test_a_hit_adds_its_id_fact_and_valid_time() -> None:
    assert list(s.HitOut.model_fields) == [f.name for f in dataclasses.fields(Hit)] + ["id", "fact", "valid"]
