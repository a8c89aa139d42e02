"""The full-text index both SQL engines keep: what is indexed, its statements, its migrations.

One table, ``fulltext``, holds a document per episode (speaker and content), per fact row (subject,
predicate, object or value) and per entity (name and aliases), as the space-separated terms of the
project's tokenizer (:mod:`chronomem.text`: lower-cased, stemmed, Chinese segmented by jieba), followed by
the characters of its Chinese words (:func:`chronomem.text.char_terms`: recall where segmentation differs). The
engines match those terms and nothing else, so both see exactly the same words:

* SQLite: an FTS5 table over ``fulltext`` (external content); ``unicode61`` only splits the pre-segmented
  terms at the spaces (and at an apostrophe or decimal point inside a term, the same way in documents and
  queries, so a term still matches as a phrase). New documents wait in ``fulltext`` until
  :data:`PENDING_DOCS` of them have gathered, then one write transaction adds them all to FTS5
  (:data:`SQLITE_MERGE`), as PostgreSQL's GIN index keeps a pending list: FTS5 writes a segment per
  transaction, so indexing each message's document in its own transaction wrote about six of the fifteen
  pages a message's transaction wrote. A lookup reads, in one statement (one snapshot), FTS5's matches and
  the waiting documents (at most :data:`PENDING_DOCS`), whose terms are matched here (:func:`has_term`).
  ``fulltext_state.indexed`` is the last document FTS5 holds: every document up to it is in FTS5, none
  after it is (a deletion that removes the last documents lowers it, so a new document never gets an id
  at or below it);
* PostgreSQL: a generated ``tsvector`` made with ``array_to_tsvector`` from the same terms (no parser,
  no dictionary: the lexemes are the terms), under a GIN index.

Ranking is not the engines': each returns the matching records with their terms and the namespace's
document statistics, and :mod:`chronomem.retrieve` computes BM25 itself, so both engines rank alike.
Each term's document frequency comes from the counts a process keeps (:mod:`._termstats`): a lookup
matches on the rarest terms when all of them would be more documents than its limit (the common-terms
rule), and when even the rarest is, it returns the newest of its holders.

Fact rows are indexed as they are inserted, so every row of every system time is in the index; a
lookup joins ``facts`` and keeps the rows recorded by ``as_of``. Rows are immutable, so an entry never
changes; erasing a row, an episode, an entity or a namespace deletes its entries.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any, Protocol

from .._values import Entity, Episode, canonical_json

__all__ = [
    "PENDING_DOCS",
    "PG_MIGRATION",
    "RECORDED_MIGRATION",
    "SQLITE_MERGE",
    "SQLITE_MIGRATION",
    "SQLITE_PENDING_MIGRATION",
    "TextDialect",
    "TextStatements",
    "content_terms",
    "entity_terms",
    "episode_terms",
    "fact_terms",
    "has_term",
]

#: The SQLite migration (FTS5 ships with the stdlib's sqlite3 on every supported platform).
SQLITE_MIGRATION: tuple[str, list[str]] = (
    "0007_fulltext",
    [
        """CREATE TABLE fulltext (doc INTEGER PRIMARY KEY, namespace TEXT NOT NULL, kind TEXT NOT NULL,
            ref TEXT NOT NULL, row_id INTEGER, terms TEXT NOT NULL, length INTEGER NOT NULL)""",
        "CREATE UNIQUE INDEX fulltext_ref ON fulltext (namespace, kind, ref)",
        """CREATE VIRTUAL TABLE fulltext_terms USING fts5(terms, content='fulltext', content_rowid='doc',
            tokenize='unicode61 remove_diacritics 0')""",
        """CREATE TRIGGER fulltext_added AFTER INSERT ON fulltext BEGIN
            INSERT INTO fulltext_terms (rowid, terms) VALUES (new.doc, new.terms); END""",
        """CREATE TRIGGER fulltext_removed AFTER DELETE ON fulltext BEGIN
            INSERT INTO fulltext_terms (fulltext_terms, rowid, terms) VALUES ('delete', old.doc, old.terms); END""",
    ],
)

#: How many documents wait outside FTS5 at most (SQLite; see the module docstring).
PENDING_DOCS = 64

#: SQLite: documents wait in ``fulltext`` until a transaction moves them into FTS5 together (the module docstring).
SQLITE_PENDING_MIGRATION: tuple[str, list[str]] = (
    "0009_fulltext_pending",
    [
        "CREATE TABLE fulltext_state (id INTEGER PRIMARY KEY CHECK (id = 1), indexed INTEGER NOT NULL)",
        "INSERT INTO fulltext_state VALUES (1, (SELECT coalesce(max(doc), 0) FROM fulltext))",
        "DROP TRIGGER fulltext_added",
        "DROP TRIGGER fulltext_removed",
        # one trigger, two statements in this order (SQLite does not promise an order between triggers)
        """CREATE TRIGGER fulltext_removed AFTER DELETE ON fulltext BEGIN
            INSERT INTO fulltext_terms (fulltext_terms, rowid, terms) SELECT 'delete', old.doc, old.terms
                WHERE old.doc <= (SELECT indexed FROM fulltext_state WHERE id = 1);
            UPDATE fulltext_state SET indexed = (SELECT coalesce(max(doc), 0) FROM fulltext)
                WHERE id = 1 AND indexed > (SELECT coalesce(max(doc), 0) FROM fulltext); END""",
    ],
)

#: SQLite: move every waiting document into FTS5 (parameters: the last indexed document, twice).
SQLITE_MERGE: tuple[str, str] = (
    "INSERT INTO fulltext_terms (rowid, terms) SELECT doc, terms FROM fulltext WHERE doc > ? ORDER BY doc",
    "UPDATE fulltext_state SET indexed = (SELECT coalesce(max(doc), 0) FROM fulltext) WHERE id = 1 AND indexed = ?",
)

#: Both engines: each document's system time (its write transaction's), so that the term statistics a
#: process keeps (:mod:`._termstats`) read only what was added since they last looked. Documents from
#: before it read as 0: older than anything a process has counted.
RECORDED_MIGRATION: tuple[str, list[str]] = (
    "0013_fulltext_recorded",
    [
        "ALTER TABLE fulltext ADD COLUMN recorded bigint NOT NULL DEFAULT 0",
        "CREATE INDEX fulltext_recorded ON fulltext (namespace, kind, recorded)",
    ],
)

#: The PostgreSQL migration: the same table, with the terms as a tsvector under GIN.
PG_MIGRATION: tuple[str, list[str]] = (
    "0007_fulltext",
    [
        """CREATE TABLE fulltext (namespace text COLLATE "C" NOT NULL, kind text COLLATE "C" NOT NULL,
            ref text COLLATE "C" NOT NULL, row_id bigint, terms text NOT NULL, length integer NOT NULL,
            tsv tsvector GENERATED ALWAYS AS (array_to_tsvector(string_to_array(terms, ' '))) STORED,
            PRIMARY KEY (namespace, kind, ref))""",
        "CREATE INDEX fulltext_tsv ON fulltext USING gin (tsv)",
    ],
)


# -- documents ------------------------------------------------------------------------------------
def _tokenize(text: str) -> list[str]:
    """The index terms of ``text``: its words, then the characters of its Chinese words
    (:func:`chronomem.text.char_terms`)."""
    from ..text import char_terms, tokenize  # deferred: the tokenizer loads jieba's dictionary (~0.4 s)

    words = [t for t in tokenize(text) if t and not t.isspace()]
    return words + char_terms(words)


@functools.lru_cache(maxsize=65536)
def _name_terms(text: str) -> tuple[str, ...]:
    """Terms of a short, often repeated string (an entity id, a predicate): cached."""
    return tuple(_tokenize(text))


def episode_terms(episode: Episode) -> list[str]:
    """An episode's document: its speaker, then its content."""
    head = list(_name_terms(episode.speaker)) if episode.speaker else []
    return head + _tokenize(episode.content)


def content_terms(speaker: str | None, document: str) -> list[str]:
    """The terms of an episode's content in its ``document`` (as :func:`episode_terms` made it, space-separated;
    ``speaker`` is the episode's), without tokenizing the content again: what search rules read of an episode
    the full-text lookup returned.

    >>> from chronomem._values import Episode
    >>> ep = Episode("e", "n", "Moving to Berlin", 0, 0, speaker="Mary Ann")
    >>> content_terms(ep.speaker, " ".join(episode_terms(ep)))
    ['move', 'to', 'berlin']
    """
    terms = document.split(" ") if document else []
    return terms[len(_name_terms(speaker)) :] if speaker else terms


def fact_terms(subject: str, predicate: str, obj: str | None, value: object) -> list[str]:
    """A fact row's document: subject, predicate and object (entity ids are slugs of their names, so they
    read as the names) or the value's text."""
    tail = _name_terms(obj) if obj is not None else _value_terms(value)
    return [*_name_terms(subject), *_name_terms(predicate), *tail]


def _value_terms(value: object) -> tuple[str, ...]:
    if value is None or isinstance(value, bool):
        return ()
    text = value if isinstance(value, str) else canonical_json(value)  # type: ignore[arg-type]
    return _name_terms(text) if len(text) <= 64 else tuple(_tokenize(text))


def entity_terms(entity: Entity) -> list[str]:
    """An entity's document: its name and aliases."""
    return [t for name in (entity.name, *entity.aliases) for t in _name_terms(name)]


def has_term(document: str, terms: Sequence[str]) -> bool:
    """Whether a waiting document (its space-separated terms) holds one of ``terms`` (SQLite; the module
    docstring): a term is a word of the document, as FTS5 matches it once indexed.

    >>> has_term("alice move berlin", ["berlin"]), has_term("alice moved", ["move"])
    (True, False)
    """
    words = set(document.split(" "))
    return any(t in words for t in terms)


# -- statements ------------------------------------------------------------------------------------
class TextDialect(Protocol):
    """What the index's statements need of an engine's dialect (:class:`._dialect.Dialect` has it): the dialect
    builds its :class:`TextStatements`, so this module names only what it reads."""

    @property
    def text_match(self) -> tuple[str, str, str]:
        """A FROM clause giving the index table as ``f``, a condition and an order (the newest first); one of
        the first two takes :meth:`text_query`."""
        ...

    @property
    def text_pending(self) -> bool:
        """Whether new documents wait outside the index until a batch of them is added (SQLite)."""
        ...

    @property
    def namespace_stamp(self) -> str:
        """One row, ``(created, last system time, cache epoch)``, of a namespace (one parameter)."""
        ...

    def text_query(self, terms: Sequence[str]) -> str:
        """The match parameter for documents holding any of ``terms``."""
        ...

    def render(self, template: str) -> str:
        """``template``, written with ``?`` placeholders, in the dialect's paramstyle."""
        ...


class TextStatements:
    """The index's statements for one dialect: writes are shared; the match is the dialect's
    (:meth:`match`). Every statement names the namespace (Citus)."""

    def __init__(self, d: TextDialect) -> None:
        r = d.render
        self.dialect = d
        self.put = r(
            "INSERT INTO fulltext (namespace, kind, ref, row_id, terms, length, recorded) VALUES (?,?,?,?,?,?,?) "
            "ON CONFLICT (namespace, kind, ref) DO NOTHING"
        )
        self.delete = r("DELETE FROM fulltext WHERE namespace = ? AND kind = ? AND ref = ?")
        self.delete_rows = r("DELETE FROM fulltext WHERE namespace = ? AND kind = 'fact' AND {rows}")
        # the documents added since a system time, in its order (the term statistics catch up: ._termstats)
        self.since = r(
            "SELECT terms, length, recorded FROM fulltext WHERE namespace = ? AND kind = ? AND recorded > ? "
            "ORDER BY recorded"
        )
        self.stamp = d.namespace_stamp
        # records without a document (written before migration 0007, or by another tool): `reindex`
        missing = "LEFT JOIN fulltext f ON f.namespace = {t}.namespace AND f.kind = '{kind}' AND f.ref = {ref}"
        self.unindexed = {
            "episode": r(
                "SELECT e.id FROM episodes e "
                + missing.format(t="e", kind="episode", ref="e.id")
                + " WHERE e.namespace = ? AND f.ref IS NULL ORDER BY e.id LIMIT ?"
            ),
            "fact": r(
                "SELECT CAST(t.row_id AS text) FROM facts t "
                + missing.format(t="t", kind="fact", ref="CAST(t.row_id AS text)")
                + " WHERE t.namespace = ? AND f.ref IS NULL ORDER BY t.row_id LIMIT ?"
            ),
            "entity": r(
                "SELECT n.id FROM entities n "
                + missing.format(t="n", kind="entity", ref="n.id")
                + " WHERE n.namespace = ? AND n.merged_into IS NULL AND f.ref IS NULL ORDER BY n.id LIMIT ?"
            ),
        }
        self.fact_documents = r(
            "SELECT row_id, subject, predicate, object_id, value FROM facts WHERE namespace = ? AND {ids}"
        )
        m_from, m_where, m_order = d.text_match
        scope = {
            "episode": "JOIN episodes e ON e.namespace = f.namespace AND e.id = f.ref",
            "fact": "JOIN facts t ON t.namespace = f.namespace AND t.row_id = f.row_id",
            "entity": "JOIN entities n ON n.namespace = f.namespace AND n.id = f.ref",
        }
        recorded = {"episode": "e.recorded", "fact": "t.recorded_from", "entity": "n.recorded"}
        pending = ""
        if d.text_pending:  # SQLite: the documents waiting outside FTS5, in the same statement (one snapshot);
            # by the range of ``doc`` after the last indexed one (``+`` keeps the planner off the namespace's
            # indexes, which read every document of the namespace)
            pending = (
                " UNION ALL SELECT f.ref, f.terms, 1 FROM fulltext f {join} WHERE f.doc > "
                "(SELECT indexed FROM fulltext_state WHERE id = 1) AND +f.namespace = ? AND +f.kind = '{kind}' "
                "AND {recorded} <= ?"
            )
        # Newest first: the limit only cuts when even the rarest term is in more documents than it
        # (:func:`._termstats.match_terms`), and then the newest of them are kept. Ranking instead (FTS5's
        # rank, ts_rank) costs ten times as much when a name is in thousands of documents.
        match = (
            "SELECT * FROM (SELECT f.ref, f.terms, 0 FROM {m_from} {join} WHERE {m_where} AND f.namespace = ? "
            "AND f.kind = '{kind}' AND {recorded} <= ? ORDER BY {m_order} LIMIT ?) AS ranked" + pending
        )
        parts = {"m_from": m_from, "m_where": m_where, "m_order": m_order}
        self.match = {
            kind: r(match.format(**parts, join=join, kind=kind, recorded=recorded[kind]))
            for kind, join in scope.items()
        }
        # The same for a lookup at or after the namespace's last write (``as_of`` "now", nearly every search):
        # then a document's own system time decides as its record's would, without the join (its record's
        # write also wrote it; a document written later, by a reindex, is only left out of a lookup at a
        # time before that). The join was a third of the lookup's time on PostgreSQL.
        self.match_latest = {
            kind: r(match.format(**parts, join="", kind=kind, recorded="f.recorded")) for kind in scope
        }

    def match_args(self, namespace: str, terms: Sequence[str], as_of: int, limit: int) -> tuple[Any, ...]:
        """The parameters of a ``self.match`` statement: the dialect's match (one parameter, in its FROM or
        its WHERE clause) comes first."""
        args = (self.dialect.text_query(terms), namespace, as_of, limit)
        return (*args, namespace, as_of) if self.dialect.text_pending else args
