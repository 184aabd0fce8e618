"""`core/values.py` makes classes that behave as `dataclasses` makes them, for every form of
arguments the code uses: each shape is made both ways and the two are held to the same answers
(construction, repr, equality, hashing, order, frozen refusal, slots, fields, replace, asdict)."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from profile_memory.core import values

FORMS: list[dict[str, Any]] = [
    {},
    {"frozen": True},
    {"eq": False},
    {"slots": True},
    {"frozen": True, "slots": True},
    {"frozen": True, "slots": True, "kw_only": True},
    {"frozen": True, "slots": True, "order": True},
    {"slots": True, "eq": False},
    {"slots": True, "kw_only": True},
]


def shapes(make: Any, field: Any, form: dict[str, Any]) -> tuple[type, type]:
    """A class of every kind of field, and a class inheriting it, made by `make`."""

    @make(**form)
    class Base:
        number: int
        text: str = "默认 🙂"
        items: list[int] = field(default_factory=list)
        hidden: object = field(default=None, repr=False, compare=False)

    @make(**form)
    class Child(Base):
        extra: tuple[int, ...] = ()

    return Base, Child


def made(kind: type, form: dict[str, Any], *args: Any, **kwargs: Any) -> Any:
    if form.get("kw_only"):
        names = (
            [f.name for f in dataclasses.fields(kind)]
            if dataclasses.is_dataclass(kind)
            else [f.name for f in values.fields(kind)]
        )
        kwargs = {**dict(zip(names, args, strict=False)), **kwargs}
        args = ()
    return kind(*args, **kwargs)


def behaviour(kind: type, form: dict[str, Any], replace: Any, fields: Any, asdict: Any) -> dict:
    a = made(kind, form, 1, "x", [1, 2])
    b = made(kind, form, 1, "x", [1, 2], hidden="ignored")
    c = made(kind, form, 2)
    seen: dict[str, Any] = {
        "repr": repr(a).replace(kind.__qualname__, "K"),
        "fields": [f.name for f in fields(kind)],
        "defaults": (c.text, c.items, c.hidden),
        "factory_fresh": made(kind, form, 3).items is not c.items,
        "eq": (a == b, a == c, a != b, a == object()),
        "slots": not hasattr(a, "__dict__"),
        "replaced": repr(replace(a, number=5)).replace(kind.__qualname__, "K"),
        "asdict": asdict(c),
    }
    try:
        seen["hash"] = hash(a) == hash(b)
    except TypeError:
        seen["hash"] = "unhashable"
    try:
        a.number = 9
        seen["frozen"] = False
    except AttributeError:
        seen["frozen"] = True
    if form.get("order"):
        seen["order"] = (a < c, c <= a, sorted([c, a]) == [a, c])
    return seen


@pytest.mark.parametrize("form", FORMS, ids=lambda form: ",".join(form) or "plain")
def test_a_value_class_behaves_as_a_dataclass(form: dict[str, Any]) -> None:
    ours = shapes(values.value_class, values.field, form)
    theirs = shapes(dataclasses.dataclass, dataclasses.field, form)
    for mine, reference in zip(ours, theirs, strict=True):
        assert behaviour(mine, form, values.replace, values.fields, values.asdict) == behaviour(
            reference, form, dataclasses.replace, dataclasses.fields, dataclasses.asdict
        )


def test_post_init_runs_and_a_frozen_value_refuses_deletion() -> None:
    @values.value_class(slots=True)
    class Titled:
        title: str

        def __post_init__(self) -> None:
            self.title = self.title.upper()

    assert Titled("abc").title == "ABC"

    @values.value_class(frozen=True, slots=True)
    class Fixed:
        n: int

    with pytest.raises(values.FrozenInstanceError):
        del Fixed(1).n
    assert Fixed(n=2) == Fixed(2) and {Fixed(1): "a"}[Fixed(1)] == "a"


def test_a_method_the_class_defines_is_kept() -> None:
    @values.value_class(frozen=True, slots=True)
    class Loose:
        n: int

        def __eq__(self, other: object) -> bool:
            return True

        __hash__ = object.__hash__

    assert Loose(1) == Loose(2)
    assert Loose.__hash__ is object.__hash__
