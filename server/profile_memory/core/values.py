"""Value classes, made at a small part of what `dataclasses` costs (issue #25, ARCHITECTURE.md
"Start-up"). `@value_class` takes `dataclass`'s arguments and does for our classes what it does: an
`__init__` from the annotated fields (defaults, `field(default_factory=...)`, keyword-only), a
`__repr__`, `__eq__` and, when frozen, `__hash__` over the compared fields, ordering, frozen
instances (`FrozenInstanceError`) and `__slots__`; `fields`, `replace` and `asdict` as
`dataclasses` has them.

Why not `dataclasses`: it writes and compiles the source of five or six methods per class, and
makes a class with slots twice: ~0.8 ms a class, a quarter of `pmem check`'s start (39 classes).
Here only `__init__` is compiled (an instance is made as fast as a dataclass's, a frozen one
faster: its slots are set through their descriptors); the other methods are shared functions over
the class's field names. What this code never uses is left out: `InitVar`, `ClassVar`, `init=False`,
`unsafe_hash`, pickling frozen slots.
"""

from __future__ import annotations

from collections.abc import Callable
from operator import attrgetter
from types import MemberDescriptorType
from typing import TYPE_CHECKING, Any, TypeVar, overload

if TYPE_CHECKING:
    from typing_extensions import dataclass_transform
else:

    def dataclass_transform(**_: object) -> Callable[[Any], Any]:
        return lambda decorated: decorated


T = TypeVar("T")
C = TypeVar("C", bound=type)
_MISSING: Any = type("Missing", (), {"__repr__": lambda self: "MISSING"})()


class FrozenInstanceError(AttributeError):
    """An attempt to change a field of a frozen value."""


class Field:
    """One field of a value class: its name and annotation, its default or default factory, and
    whether `__eq__` and `__repr__` look at it."""

    __slots__ = ("compare", "default", "factory", "name", "repr", "type")

    def __init__(
        self,
        default: Any = _MISSING,
        factory: Any = _MISSING,
        compare: bool = True,
        repr: bool = True,  # noqa: A002 -- `dataclasses.field`'s name
    ) -> None:
        self.name = ""
        self.type: Any = None
        self.default, self.factory, self.compare, self.repr = default, factory, compare, repr


def field(
    *,
    default: Any = _MISSING,
    default_factory: Any = _MISSING,
    compare: bool = True,
    repr: bool = True,  # noqa: A002
) -> Any:
    """A field's default or default factory, and whether it is compared and shown."""
    return Field(default, default_factory, compare, repr)


@overload
def value_class(cls: C, /) -> C: ...


@overload
def value_class(
    *,
    frozen: bool = False,
    eq: bool = True,
    order: bool = False,
    kw_only: bool = False,
    slots: bool = False,
) -> Callable[[C], C]: ...


@dataclass_transform(field_specifiers=(field,))
def value_class(
    cls: C | None = None,
    /,
    *,
    frozen: bool = False,
    eq: bool = True,
    order: bool = False,
    kw_only: bool = False,
    slots: bool = False,
) -> C | Callable[[C], C]:
    """The class as `dataclasses.dataclass` with these arguments would make it."""

    def make(cls: C) -> C:
        return _made(cls, frozen, eq, order, kw_only, slots)

    return make if cls is None else make(cls)


def fields(of: object) -> tuple[Field, ...]:
    """The fields of a value class or value, in order."""
    cls = of if isinstance(of, type) else type(of)
    return cls.__value_fields__  # type: ignore[attr-defined,no-any-return]


def replace(obj: T, /, **changes: Any) -> T:
    """A copy of the value with these fields changed."""
    kept = {f.name: getattr(obj, f.name) for f in fields(obj) if f.name not in changes}
    return type(obj)(**kept, **changes)


def asdict(obj: object) -> dict[str, Any]:
    """The value's fields by name, values, lists, tuples and dicts within it turned likewise."""
    return {f.name: _plain(getattr(obj, f.name)) for f in fields(obj)}


def _plain(item: Any) -> Any:
    if hasattr(type(item), "__value_fields__"):
        return asdict(item)
    if isinstance(item, (list, tuple)):
        return type(item)(_plain(i) for i in item)
    if isinstance(item, dict):
        return {_plain(k): _plain(v) for k, v in item.items()}
    return item


# -- making a class ---------------------------------------------------------------------------


def _made(cls: C, frozen: bool, eq: bool, order: bool, kw_only: bool, slots: bool) -> C:
    inherited = {
        f.name: f
        for base in reversed(cls.__mro__[1:])
        for f in getattr(base, "__value_fields__", ())
    }
    own = _own_fields(cls)
    every = tuple({**inherited, **{f.name: f for f in own}}.values())
    if slots:
        cls = _with_slots(cls, [f.name for f in own if f.name not in inherited])
    else:  # a field's class attribute is its default, as `dataclasses` leaves it
        for f in own:
            if isinstance(cls.__dict__.get(f.name), Field):
                if f.default is _MISSING:
                    delattr(cls, f.name)
                else:
                    setattr(cls, f.name, f.default)
    body = cls.__dict__
    setattr(cls, "__value_fields__", every)  # noqa: B010 -- a class's own name, read by `fields`
    setattr(cls, "__match_args__", tuple(f.name for f in every))  # noqa: B010
    _put(cls, "__init__", _init(cls, every, frozen and slots, frozen, kw_only))
    _put(cls, "__repr__", _repr(tuple(f.name for f in every if f.repr)))
    key = _key(tuple(f.name for f in every if f.compare))
    if eq:
        _put(cls, "__eq__", _compare(key, "__eq__"))
    if order:
        for name in ("__lt__", "__le__", "__gt__", "__ge__"):
            _put(cls, name, _compare(key, name))
    explicit_hash = body.get("__hash__") is not None
    if eq and not explicit_hash:
        setattr(cls, "__hash__", _hasher(key) if frozen else None)  # noqa: B010
    if frozen:
        _put(cls, "__setattr__", _refuse)
        _put(cls, "__delattr__", _refuse)
    return cls


def _own_fields(cls: type) -> list[Field]:
    found = []
    body = cls.__dict__
    for name, annotation in body.get("__annotations__", {}).items():
        default = body.get(name, _MISSING)
        made = default if isinstance(default, Field) else Field(default)
        made.name, made.type = name, annotation
        found.append(made)
    return found


def _with_slots(cls: C, names: list[str]) -> C:
    """The class made again with `__slots__` (they can only be given when a class is made)."""
    body = {k: v for k, v in cls.__dict__.items() if k not in names}
    body.pop("__dict__", None)
    body.pop("__weakref__", None)
    body["__slots__"] = tuple(names)
    made = type(cls)(cls.__name__, cls.__bases__, body)
    made.__qualname__ = cls.__qualname__
    return made


def _put(cls: type, name: str, method: Any) -> None:
    """Give the class a method it does not define itself (as `dataclasses` leaves those)."""
    if name not in cls.__dict__:
        setattr(cls, name, method)


def _init(cls: type, every: tuple[Field, ...], by_slot: bool, frozen: bool, kw_only: bool) -> Any:
    names: dict[str, Any] = {"_MISSING": _MISSING, "_set": object.__setattr__}
    params, lines = [], []
    for f in every:
        if f.factory is not _MISSING:
            names[f"_f_{f.name}"] = f.factory
            params.append(f"{f.name}=_MISSING")
            given = f"_f_{f.name}() if {f.name} is _MISSING else {f.name}"
        else:
            if f.default is not _MISSING:
                names[f"_d_{f.name}"] = f.default
            params.append(f"{f.name}=_d_{f.name}" if f.default is not _MISSING else f.name)
            given = f.name
        slot = getattr(cls, f.name, None) if by_slot else None
        if isinstance(slot, MemberDescriptorType):  # a frozen value's slot: set through its
            names[f"_s_{f.name}"] = slot.__set__  # descriptor (no __setattr__ to refuse it)
            lines.append(f"_s_{f.name}(self, {given})")
        elif frozen:
            lines.append(f"_set(self, {f.name!r}, {given})")
        else:
            lines.append(f"self.{f.name} = {given}")
    if hasattr(cls, "__post_init__"):
        lines.append("self.__post_init__()")
    star = ["*"] if kw_only and params else []
    source = f"def __init__(self, {', '.join([*star, *params])}):\n    " + (
        "\n    ".join(lines) or "pass"
    )
    exec(source, names)  # noqa: S102 -- our own fields' names, as dataclasses does
    return names["__init__"]


def _repr(shown: tuple[str, ...]) -> Callable[[object], str]:
    def __repr__(self: object) -> str:
        inner = ", ".join(f"{name}={getattr(self, name)!r}" for name in shown)
        return f"{type(self).__qualname__}({inner})"

    return __repr__


def _key(names: tuple[str, ...]) -> Callable[[object], tuple[Any, ...]]:
    if not names:
        return lambda self: ()
    if len(names) == 1:
        one = attrgetter(names[0])
        return lambda self: (one(self),)
    return attrgetter(*names)


def _hasher(key: Callable[[object], tuple[Any, ...]]) -> Callable[[object], int]:
    def __hash__(self: object) -> int:
        return hash(key(self))

    return __hash__


def _compare(key: Callable[[object], tuple[Any, ...]], name: str) -> Callable[[Any, Any], Any]:
    compare = getattr(tuple, name)

    def method(self: object, other: object) -> Any:
        if other.__class__ is self.__class__:
            return compare(key(self), key(other))
        return NotImplemented

    return method


def _refuse(self: object, name: str, *_: object) -> None:
    raise FrozenInstanceError(f"cannot assign to field {name!r}")
