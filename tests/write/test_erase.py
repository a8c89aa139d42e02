"""What an erased episode's names leave (chronomem.write._erase.names_left, renamed): pure rules."""

from __future__ import annotations

from chronomem import Entity
from chronomem.write._erase import names_left, renamed


def _person(name: str, *aliases: str) -> Entity:
    return Entity(id="x", namespace="n", type="person", name=name, aliases=aliases)


def test_the_aliases_only_the_erased_source_gave_go() -> None:
    robert = _person("Robert", "Bobby", "Rob")
    assert names_left(robert, ["Robert", "Bobby"], ["Robert"]) == ("Rob",)  # Rob came from elsewhere (no mention)
    assert names_left(robert, ["Bobby"], ["bobby"]) == ("Bobby", "Rob")  # another source says it too, in any case
    assert names_left(robert, ["Robert"], []) == ("Bobby", "Rob")  # the canonical name is not an alias


def test_a_names_simplified_form_stays_while_another_source_says_the_name() -> None:
    taipei = _person("臺北", "台北", "北市")
    assert names_left(taipei, ["臺北", "台北", "北市"], ["臺北"]) == ("台北",)


def test_a_name_only_the_erased_source_gave_becomes_the_one_the_first_other_source_gives() -> None:
    jing = _person("林静", "阿静")
    new = renamed(jing, ["林静", "阿静"], [["赵磊的老婆"], ["小林"]])  # a role name a description stood for
    assert new is not None and (new.name, new.aliases, new.id) == ("赵磊的老婆", (), "x")  # the id: the caller's
    kept = renamed(jing, ["林静"], [["阿静"], ["赵磊的老婆"]])  # a name it holds comes first; 阿静 is no alias then
    assert kept is not None and (kept.name, kept.aliases) == ("阿静", ())


def test_a_name_another_source_says_stays() -> None:
    hannahs = _person("Hannah's husband")
    assert renamed(hannahs, ["Hannah's husband"], [["hannah's HUSBAND"]]) is None  # in any case or width
    assert renamed(hannahs, ["Hannah's partner"], [["Hannah's husband"]]) is None  # the erased one gave another
    assert renamed(hannahs, ["Hannah's husband"], []) is None  # nobody else names it: it goes, or stays as named


def test_a_traditional_chinese_name_taken_answers_to_its_simplified_form() -> None:
    new = renamed(_person("Lin"), ["Lin"], [["趙磊的老婆"]])
    assert new is not None and (new.name, new.aliases) == ("趙磊的老婆", ("赵磊的老婆",))
