"""What an erased episode's names leave (chronomem.write._erase.names_left): a pure rule."""

from __future__ import annotations

from chronomem import Entity
from chronomem.write._erase import names_left


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
