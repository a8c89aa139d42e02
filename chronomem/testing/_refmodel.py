"""A small, deliberately naive model of the bitemporal write rule (assert and retract over a valid portion),
written without :mod:`chronomem._bitemporal`.

It keeps every row ever written, per slot, with its valid and recorded intervals, and answers reads
by filtering them. The model-based test compares an engine (through :class:`chronomem.Memory`)
against it. Instants are ``int``; ``None`` as an end is +infinity.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field

__all__ = ["ModelRow", "ReferenceModel"]


def _before(t: int, end: int | None) -> bool:
    """``t < end`` with ``None`` as +infinity."""
    return end is None or t < end


def _clip(lo: int, hi: int | None, a: int, b: int | None) -> tuple[int, int | None]:
    """``[lo, hi) ∩ [a, b)`` (maybe empty: check with ``_before``)."""
    return max(lo, a), (hi if b is None else b if hi is None else min(hi, b))


@dataclass
class ModelRow:
    value: str
    valid_from: int
    valid_to: int | None
    recorded_from: int
    recorded_to: int | None = None
    #: (episode, valid from, valid to, the system time it began to support that part of this row)
    support: list[tuple[str, int, int | None, int]] = field(default_factory=list)

    def episodes(self, as_of: int | None = None) -> tuple[str, ...]:
        return tuple(sorted({e for e, _, _, added in self.support if as_of is None or added <= as_of}))

    def clipped(self, a: int, b: int | None, tx: int) -> list[tuple[str, int, int | None, int]]:
        """Its support over ``[a, b)``, as of ``tx``: what a row cut from it keeps."""
        out = []
        for e, lo, hi, _ in self.support:
            start, end = _clip(lo, hi, a, b)
            if _before(start, end):
                out.append((e, start, end, tx))
        return out

    def believed_at(self, as_of: int) -> bool:
        return self.recorded_from <= as_of and _before(as_of, self.recorded_to)

    def true_at(self, valid: int) -> bool:
        return self.valid_from <= valid and _before(valid, self.valid_to)

    def overlaps(self, a: int, b: int | None) -> bool:
        return _before(self.valid_from, b) and _before(a, self.valid_to)

    def key(self) -> tuple[str, int, int | None, int, int | None]:
        return (self.value, self.valid_from, self.valid_to, self.recorded_from, self.recorded_to)


class ReferenceModel:
    """Rows per slot. ``write`` is assert (a value) or retract (``None``) over ``[a, b)`` at system time ``tx``."""

    def __init__(self) -> None:
        self.rows: dict[Hashable, list[ModelRow]] = {}

    def current(self, slot: Hashable) -> list[ModelRow]:
        return [r for r in self.rows.get(slot, []) if r.recorded_to is None]

    def holds(self, slot: Hashable, value: str, a: int, b: int | None) -> bool:
        """Whether ``value`` is currently believed at every instant of ``[a, b)`` (possibly over several rows)."""
        cursor: int | None = a
        for row in sorted(self.current(slot), key=lambda r: r.valid_from):
            if row.value == value and cursor is not None and row.valid_from <= cursor and _before(cursor, row.valid_to):
                cursor = row.valid_to
        return cursor is None or (b is not None and cursor >= b)

    def write(
        self, slot: Hashable, value: str | None, a: int, b: int | None, tx: int, episode: str | None = None
    ) -> bool:
        """Apply the write; returns whether any row was closed or inserted."""
        hit = [r for r in self.current(slot) if r.overlaps(a, b)]
        if value is not None and self.holds(slot, value, a, b):
            for row in hit:  # no churn: the value already holds; the episode only adds support, over the portion
                if episode is not None:
                    row.support.append((episode, *_clip(row.valid_from, row.valid_to, a, b), tx))
            return False
        rows = self.rows.setdefault(slot, [])
        new = ModelRow(value, a, b, tx, support=[] if episode is None else [(episode, a, b, tx)]) if value else None
        for old in hit:
            old.recorded_to = tx
            if old.valid_from < a:
                rows.append(ModelRow(old.value, old.valid_from, a, tx, support=old.clipped(old.valid_from, a, tx)))
            if b is not None and _before(b, old.valid_to):
                rows.append(ModelRow(old.value, b, old.valid_to, tx, support=old.clipped(b, old.valid_to, tx)))
            if new is not None and old.value == value:  # the new row keeps what held the same value there
                new.support += old.clipped(a, b, tx)
        if new is not None:
            rows.append(new)
        return bool(hit) or value is not None

    def audit(self, slots: list[Hashable]) -> list[tuple[str, int, int | None, int, int | None]]:
        """Every row ever written to ``slots``."""
        return sorted((r.key() for s in slots for r in self.rows.get(s, [])), key=_order)

    def supported(self, slots: list[Hashable]) -> list[tuple[object, ...]]:
        """Every row ever written to ``slots`` with the episodes supporting it now."""
        return sorted(((*r.key(), r.episodes()) for s in slots for r in self.rows.get(s, [])), key=_order)

    def history(self, slots: list[Hashable], as_of: int) -> list[tuple[str, int, int | None]]:
        """The rows of ``slots`` believed at ``as_of``, as ``(value, valid_from, valid_to)``."""
        rows = [r.key()[:3] for s in slots for r in self.rows.get(s, []) if r.believed_at(as_of)]
        return sorted(rows, key=_order)

    def history_supported(self, slots: list[Hashable], as_of: int) -> list[tuple[object, ...]]:
        """Like :meth:`history`, with the episodes supporting each row as of ``as_of``."""
        rows = [(*r.key()[:3], r.episodes(as_of)) for s in slots for r in self.rows.get(s, []) if r.believed_at(as_of)]
        return sorted(rows, key=_order)

    def values(self, slots: list[Hashable], valid: int, as_of: int) -> list[str]:
        found = [r.value for s in slots for r in self.rows.get(s, []) if r.believed_at(as_of) and r.true_at(valid)]
        return sorted(found)


def _order(row: tuple[object, ...]) -> tuple[object, ...]:
    return tuple(-1 if x is None else x for x in row)
