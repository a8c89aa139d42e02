"""Names and keys: normalising entity names, making entity ids, slot keys and content-free digests."""

from __future__ import annotations

import hashlib
import re
import unicodedata
from collections.abc import Iterable

from ._values import JSON, Entity, canonical_json
from .errors import InvalidValue
from .text._name_parts import name_parts
from .text._person_names import lookup_keys

__all__ = [
    "MAX_NAME", "check_identifier", "check_namespace", "check_text", "digest", "empty_namespace", "entity_keys",
    "name_key", "near_miss", "part_key", "rekeyed_slot", "slot_key", "slot_topic", "slugify",
]  # fmt: skip

MAX_NAME = 200
_SPACES = re.compile(r"\s+")
_NON_SLUG = re.compile(r"[^\w]+", re.UNICODE)
_IDENT = re.compile("^[^\x00-\x1f\x7f\ud800-\udfff]{1,200}$")
_UNSTORABLE = re.compile("[\x00\ud800-\udfff]")


def name_key(name: str) -> str:
    """The form names are matched by: NFKC (full-width -> half-width), case-folded, single spaces.

    >>> name_key("  ＡＬＩＣＥ  Smith ")
    'alice smith'
    """
    return _SPACES.sub(" ", unicodedata.normalize("NFKC", name).casefold()).strip()


def entity_keys(entity: Entity) -> list[str]:
    """The keys the name index files ``entity`` under: each of its names' :func:`name_key`; for a person the
    keys its canonical name is looked up by in a shorter or familiar form
    (:func:`chronomem.text._person_names.lookup_keys`: 老王 for 王伟, Caroline for Caroline Smith); for
    anything else the :func:`part_key` of each part of its name, which block a similarity check."""
    keys = dict.fromkeys(name_key(n) for n in (entity.name, *entity.aliases))
    more = lookup_keys(entity.name) if entity.type == "person" else [part_key(p) for p in name_parts(entity.name)]
    keys.update(dict.fromkeys(more))
    return list(keys)


def part_key(part: str) -> str:
    """The index key of one part of a name (:func:`chronomem.text._name_parts.name_parts`); it starts with a
    control character, so it never equals a name's key."""
    return f"\x1fpart\x1f{part}"


def check_identifier(value: object, what: str) -> str:
    """A namespace, predicate, entity type or id: 1..200 printable characters, not blank."""
    if not isinstance(value, str):
        raise InvalidValue(f"{what} must be a string, got {type(value).__name__}")
    if not value.strip() or not _IDENT.match(value):
        raise InvalidValue(f"{what}={value!r:.60} must be 1..200 printable characters and not blank")
    return value


def check_namespace(value: object) -> str:
    """A namespace's name: an identifier (:func:`check_identifier`) other than ``*``, which an API key uses to
    mean every namespace, so no key could be limited to a namespace of that name."""
    name = check_identifier(value, "namespace")
    if name == "*":
        raise InvalidValue("namespace='*' is refused: '*' means every namespace to an API key; choose another name")
    return name


def empty_namespace(namespace: str) -> str:
    """What to say when a namespace holds nothing: most often its name was mistyped."""
    return f"namespace {namespace!r} holds nothing yet; a write creates it"


def near_miss(name: str, known: Iterable[str]) -> str | None:
    """The one name of ``known`` that ``name`` is a typo of: one letter added, dropped, changed, or two neighbours
    swapped (``live_in`` for ``lives_in``, ``alcie`` for ``alice``), in names of four letters or more; ``None``
    when there is none, or more than one (then no guess is safe). ``works_on`` is no typo of ``works_at``.

    >>> near_miss("alcie", ["alice", "bob"]), near_miss("works_on", ["works_at"]), near_miss("ab", ["abc"])
    ('alice', None, None)
    """
    if len(name) < 4:
        return None
    found = [k for k in known if k != name and _one_edit(name, k)]
    return found[0] if len(found) == 1 else None


def _one_edit(a: str, b: str) -> bool:
    if len(a) > len(b):
        a, b = b, a
    if len(b) - len(a) > 1:
        return False
    i = next((n for n, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), len(a))
    if len(a) < len(b):
        return a[i:] == b[i + 1 :]
    return a[i + 1 :] == b[i + 1 :] or (a[i + 2 :] == b[i + 2 :] and a[i : i + 2] == b[i : i + 2][::-1])


def check_text(text: str, what: str) -> str:
    """Refuse a string with lone surrogates (``\\ud800``-``\\udfff``): it is not Unicode text and
    cannot be stored; they come from decoding bytes with ``errors="surrogateescape"``. Refuse NUL too:
    PostgreSQL cannot store it in text, so neither engine takes it."""
    bad = _UNSTORABLE.search(text)
    if bad is not None and bad.group() == "\x00":
        raise InvalidValue(f"{what} contains a NUL character (\\x00) at position {bad.start()}; remove it")
    if bad is not None:
        raise InvalidValue(f"{what} contains a lone surrogate, which is not valid Unicode; decode the input as UTF-8")
    return text


def slugify(name: str) -> str:
    """A readable entity id from a name: ``"Alice Smith" -> "alice-smith"``, ``"北京" -> "北京"``."""
    slug = _NON_SLUG.sub("-", name_key(name)).strip("-")
    return slug[:80] or "entity"


def slot_key(
    subject: str, predicate: str, obj: str | None = None, value: JSON = None, *, multi: bool, modality: str = "asserted"
) -> str:
    """The key of the slot a fact fills. Single-valued: (subject, predicate); multi-valued adds the object.

    What is not asserted (planned, hypothetical, negated, reported) never takes an asserted value's place:
    it fills a slot of its own per modality and value, so "I might move to Ghent" leaves where one lives
    alone: modality is kept, never flattened.
    """
    if modality != "asserted":
        return f"{slot_key(subject, predicate, obj, value, multi=True)}\x1f~{modality}"
    if not multi:
        return f"{subject}\x1f{predicate}"
    target = f"@{obj}" if obj is not None else "=" + digest(canonical_json(value))[:24]
    return f"{subject}\x1f{predicate}\x1f{target}"


def slot_topic(slot: str) -> tuple[str, str]:
    """The subject and predicate of the slot whose key is ``slot`` (:func:`slot_key`)."""
    subject, predicate = slot.split("\x1f")[:2]
    return subject, predicate


def rekeyed_slot(slot: str, old: str, new: str) -> str:
    """The key :func:`slot_key` gives ``slot``'s fact once entity ``old`` is called ``new``: its subject, and
    the object a multi-valued slot is keyed by, renamed; anything else (a value's digest, the modality) kept.

    >>> knows = slot_key("tom", "knows", "tom", multi=True, modality="planned")
    >>> rekeyed_slot(knows, "tom", "tim") == slot_key("tim", "knows", "tim", multi=True, modality="planned")
    True
    >>> rekeyed_slot(slot_key("ann", "lives_in", multi=False), "tom", "tim") == slot_key("ann", "lives_in", multi=False)
    True
    """
    parts = slot.split("\x1f")
    parts[0] = new if parts[0] == old else parts[0]
    if len(parts) > 2 and parts[2] == f"@{old}":
        parts[2] = f"@{new}"
    return "\x1f".join(parts)


def digest(text: str) -> str:
    """SHA-256 hex of ``text``: identifies an erased target without keeping its content."""
    return hashlib.sha256(text.encode()).hexdigest()
