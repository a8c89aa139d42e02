"""How people are called: familiar Chinese forms, short English forms, and what never matches."""

from __future__ import annotations

import pytest

from chronomem.text._person_names import lookup_keys, same_person


@pytest.mark.parametrize(
    ("mention", "name"),
    [
        ("老王", "王伟"), ("小王", "王伟"), ("王哥", "王伟"), ("阿王", "王小明"), ("张老师", "张丽"), ("小王", "老王"),
        ("欧阳老师", "欧阳娜娜"),
        ("Caroline", "Caroline Smith"), ("Caroline Smith", "Caroline"), ("Dr. Smith", "John Smith"),
        ("Aunt May", "May Parker"), ("caroline", "Caroline Ann Smith"),
    ],
)  # fmt: skip
def test_a_short_or_familiar_form_names_the_person(mention: str, name: str) -> None:
    assert same_person(mention, name)
    assert set(lookup_keys(mention)) & set(lookup_keys(name)), "the index must lead from one to the other"


@pytest.mark.parametrize(
    ("mention", "name"),
    [
        ("王芳", "王伟"),  # two full names of one surname are two people
        ("老李", "王伟"), ("小明", "王小明"),  # 明 is no surname: a given-name nickname is not resolved by rule
        ("Caroline Jones", "Caroline Smith"), ("Carol", "Caroline"), ("John", "John"),  # the same string is exact
        ("Smith", "John Smith"),  # a bare last name may be a first name too
        ("王伟", "Wang Wei"),  # across scripts: left to aliases the conversation gives
        ("", "王伟"), ("123", "Bob"),
    ],
)  # fmt: skip
def test_what_does_not_name_the_person(mention: str, name: str) -> None:
    assert not same_person(mention, name)


def test_keys_never_collide_with_a_name() -> None:
    assert all(k.startswith("\x1f") for k in (*lookup_keys("王伟"), *lookup_keys("Caroline Smith")))
    assert lookup_keys("the red car with four doors and a roof") == ()
