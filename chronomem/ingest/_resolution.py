"""Which entities one message's names mean, resolved inside its write transaction.

A name in a conversation means more than a name in an API call: "老王" may be 王伟, "my husband" is whoever
holds the speaker's partner slot when the message is said, and "Robert, we call him Bob" links two known
entities. :class:`Resolution` answers each name of one message once, remembers what it created, aliased and
merged (the message's result lists them), and hands the write path entities, never names.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from .._claims import ExtractionContext, Mentioned, by_role
from .._names import name_key, slot_key
from .._values import Entity, Episode, Merge
from ..errors import Conflict
from ..write import find_entity, find_known, find_or_create, find_person, find_similar, mention, merge_entities
from ._bind import name_of

if TYPE_CHECKING:
    from ..contracts import Embedder, Txn

__all__ = ["SIMILAR_NAMES", "Resolution"]

#: The embedder's cosine at which a name means a known entity's name (with an embedder configured). High on
#: purpose: a name and its plural or an acronym and its spelled-out group score above it, while two different
#: places that share a word ("Boston University" and "Boston College", "York" and "New York") score below.
SIMILAR_NAMES = 0.95


@dataclass
class Resolution:
    """The entities of one message's names, in its write transaction ``txn``. ``names`` maps ``(name,
    type)`` to the entity id it meant earlier in the batch; ``known`` holds this message's answers, by name
    and by id."""

    txn: Txn
    namespace: str
    episode: Episode
    ctx: ExtractionContext
    names: dict[tuple[str, str], str]
    embedder: Embedder | None = None
    known: dict[str, Entity] = field(default_factory=dict)
    created: list[Entity] = field(default_factory=list)
    aliases: list[tuple[str, str]] = field(default_factory=list)
    merged: list[Merge] = field(default_factory=list)

    def entity(self, name: str, type: str) -> Entity:
        """The entity ``name`` (of type ``type``) means: as resolved before in this message or batch, else
        found or created (:meth:`_find_or_create`)."""
        known = self.known.get(name)
        if known is None:
            known = self._resolved_before(name, type) or self._find_or_create(name, type)
            mention(self.txn, known, (name,), self.episode.id)
            self.known[name] = known
            self.known[known.id] = known
            self.names[name, type] = known.id
        return known

    def mentioned(self, m: Mentioned, name: str) -> Entity:
        """The entity ``m`` (called ``name`` here) stands for; see :meth:`entity`. Someone named by a
        one-at-a-time relation (:attr:`Mentioned.occupies`) meets whoever holds it when the message is said: an
        unnamed "my husband" or "我老公" *is* that one, however they were named; a named "my husband Tom" is
        the one a placeholder ("Dana's partner") stood for, which is merged into him, while a named holder
        ("Anna", then "my girlfriend Sarah") is someone else."""
        if m.occupies is None or name in self.known:
            return self.entity(name, m.type)
        owner, predicate = m.occupies
        holder = self._holder(owner, predicate)
        if holder is None:
            return self.entity(name, m.type)
        if by_role(name, owner):
            mention(self.txn, holder, (name,), self.episode.id)
            if name_key(name) not in {name_key(n) for n in (holder.name, *holder.aliases)}:
                # none of the holder's names, but what this message would have named them by had nobody named
                # them before: what the holder is renamed to if the message that did is erased (write/_erase.py)
                self.txn.mention(holder.id, [name], self.episode.id)
            self.known[name] = self.known[holder.id] = holder
            return holder
        ent = self.entity(name, m.type)
        if holder.id != ent.id and by_role(holder.name, owner):
            self._merge(holder, ent)
            ent = self.entity(name, m.type)
        return ent

    def alias(self, who: Mentioned, alias: str) -> None:
        """Record that ``who`` is also called ``alias``; when ``alias`` already names another known entity
        ("Robert, we call him Bob" with Bob known), the two are one and are merged."""
        name = name_of(who, self.ctx)
        if name is None or not alias.strip():
            return
        ent = self.mentioned(who, name)
        try:
            other = find_known(self.txn, alias.strip(), ent.type)
        except Conflict:  # the alias names several entities: it links none of them
            return
        if other is not None and other.id != ent.id:
            self._merge(other, ent)
            return
        before = ent.aliases
        ent = find_or_create(self.txn, self.namespace, ent.id, ent.type, (alias.strip(),), source=self.episode.id)
        if ent.aliases != before:
            self.known[name] = self.known[ent.id] = ent
            self.aliases.append((ent.id, alias.strip()))

    def _merge(self, source: Entity, target: Entity) -> None:
        self.merged.append(merge_entities(self.txn, self.namespace, source.id, target.id, self.episode.id))
        self.known = {k: e for k, e in self.known.items() if e.id not in (source.id, target.id)}

    def _holder(self, owner: str, predicate: str) -> Entity | None:
        """Who holds ``owner``'s single-valued ``predicate`` (asserted, as believed now) at the message's time;
        ``None`` when nobody does or the owner is nobody known (a message without a speaker)."""
        try:
            who = self.known.get(owner) or find_known(self.txn, owner, "person")
        except Conflict:
            return None
        if who is None:
            return None
        at = self.episode.occurred_at
        for h in self.txn.current(slot_key(who.id, predicate, multi=False)):
            if h.row.object is not None and h.row.valid.contains(at):
                return find_entity(self.txn, h.row.object)  # by id: the survivor of a merge
        return None

    def _resolved_before(self, name: str, type: str) -> Entity | None:
        """The entity ``name`` resolved to earlier in the batch, unless it has been merged or is gone."""
        ident = self.names.get((name, type))
        hit = None if ident is None else self.txn.entity(ident)
        return hit if hit is not None and hit.merged_into is None else None

    def _find_or_create(self, name: str, type: str) -> Entity:
        """The entity a conversation means by ``name``: the one so called, else the one person a shorter or
        familiar form names (老王 -> 王伟, Caroline -> Caroline Smith), else (with an embedder) the one thing
        whose name means the same; the name becomes its alias. Else a new entity."""
        known = find_known(self.txn, name, type)
        if known is not None:
            return known
        if type == "person":
            same = find_person(self.txn, name)
        else:
            same = None if self.embedder is None else find_similar(self.txn, name, type, self.embedder, SIMILAR_NAMES)
        if same is not None:
            self.aliases.append((same.id, name))
            return find_or_create(self.txn, self.namespace, same.id, same.type, (name,), source=self.episode.id)
        known = find_or_create(self.txn, self.namespace, name, type, source=self.episode.id)
        if known.recorded_at == self.txn.tx:
            self.created.append(known)
        return known
