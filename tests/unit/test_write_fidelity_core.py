"""The core pieces of #24 §2 and §8: which operation values are one operation, how a title is cut,
and which differences are a changed punctuation mark."""

from __future__ import annotations

import pytest
from profile_memory.core.log import Op, parse_operation
from profile_memory.core.plans import short_title
from profile_memory.core.text import punctuation_changed


@pytest.mark.parametrize(
    "value, kind, old, new",
    [
        ("演进（a / b → c）", Op.EVOLVE, "a / b", "c"),  # a `/` inside OLD is text
        ("演进（不新增依赖 → 新增前先问）", Op.EVOLVE, "不新增依赖", "新增前先问"),
        ("新增（首次）", Op.ADD, None, None),
        ("更新：偏好 React → 偏好 Vue", Op.EVOLVE, "偏好 React", "偏好 Vue"),
        ("删除", Op.DELETE, None, None),
    ],
)
def test_one_operation_is_read(value, kind, old, new):
    operation = parse_operation(value)
    assert (operation.kind, operation.old, operation.new, operation.several) == (
        kind,
        old,
        new,
        None,
    )


@pytest.mark.parametrize(
    "value",
    [
        "新增 / 演进（旧值 → 新值）/ 转向（旧值 → 新值）/ 删除",
        "新增/删除",
        "新增、删除",
        "add or delete",
        "add | evolve",
        "新增 → 已删除（2026-05-02）",
        "演进 → 偏好 Vue",
    ],
)
def test_a_value_that_is_not_one_operation_is_read_as_none_and_never_rewritten(value):
    operation = parse_operation(value)
    assert operation.kind is None and operation.several
    assert operation.canonical is None and operation.slip is None


@pytest.mark.parametrize(
    "text, title",
    [
        ("偏好极简界面", "偏好极简界面"),
        ("快捷键对齐 VS Code，保留 Vim 模式和 Emacs 键", "快捷键对齐 VS Code，保留…"),
        ("Supercalifragilisticexpialidocious words", "Supercalifragilisti…"),
        ("👩‍💻👩‍💻👩‍💻👩‍💻👩‍💻👩‍💻👩‍💻👩‍💻 写代码", "👩‍💻👩‍💻👩‍💻👩‍💻👩‍💻👩‍💻…"),
        ("用「短句」回复，别用「长篇大论式的解释和铺垫」", "用「短句」回复，别用…"),
    ],
)
def test_a_title_is_cut_at_a_boundary(text, title):
    assert short_title(text) == title


@pytest.mark.parametrize(
    "written, expected, changed",
    [
        ("a,b", "a，b", ("，", ",")),
        ("时间：UTC", "时间:UTC", (":", "：")),
        ("a，b", "a，b", None),
        ("Ｒeact，b", "React，b", None),  # a full-width letter is no punctuation
        ("a;b", "a，b", None),  # not the same text normalised: another finding says so
    ],
)
def test_a_changed_punctuation_mark(written, expected, changed):
    assert punctuation_changed(written, expected) == changed
