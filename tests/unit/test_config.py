import datetime as dt

import pytest
from profile_memory.core.codes import Severity
from profile_memory.core.config import (
    ConfigFileError,
    Settings,
    merge_settings,
    parse_config_text,
    today,
)


def test_defaults():
    settings = Settings()
    assert settings.limit_for("user-profile") == 50 and settings.limit_for("project-profile") == 30
    assert settings.limit_for("team-profile") == 50 and settings.language == "zh"


def test_layers_merge_tables_and_later_layers_win():
    settings, problems = merge_settings(
        [
            (
                {"limits": {"user-profile": 60}, "severity": {"PM011": "off"}, "language": "en"},
                "user",
            ),
            ({"limits": {"project-profile": 20}, "severity": {"PM005": "error"}}, "project"),
        ]
    )
    assert problems == []
    assert settings.limits == {"user-profile": 60, "project-profile": 20, "default": 50}
    assert settings.severities() == {"PM011": None, "PM005": Severity.ERROR}
    assert settings.language == "en"


def test_bad_values_are_reported_by_key_and_defaults_used():
    settings, problems = merge_settings(
        [
            (
                {
                    "language": "fr",
                    "limits": {"user-profile": -1},
                    "severity": {"PM999": "off", "PM001": "loud"},
                    "debounceMs": "soon",
                    "entryInfo": "tooltip",
                    "colour": 1,
                },
                "pmem.toml",
            )
        ]
    )
    keys = sorted(p.key for p in problems)
    assert keys == [
        "colour",
        "debounceMs",
        "entryInfo",
        "language",
        "limits.user-profile",
        "severity.PM001",
        "severity.PM999",
    ]
    assert settings == Settings()
    assert all(str(p).startswith("pmem.toml: setting `") for p in problems)


def test_toml_errors_name_the_file():
    with pytest.raises(ConfigFileError, match="pmem.toml: not valid TOML"):
        parse_config_text("limits = [", "pmem.toml")


def test_pmem_today_overrides_and_is_validated():
    assert today({"PMEM_TODAY": "2026-02-28"}) == dt.date(2026, 2, 28)
    assert today({}, clock=dt.date(2026, 11, 30)) == dt.date(2026, 11, 30)
    with pytest.raises(ValueError, match="PMEM_TODAY"):
        today({"PMEM_TODAY": "2026-02-30"})


def test_the_extensions_own_keys_are_not_reported():
    settings, problems = merge_settings(
        [
            (
                {
                    "server": {"command": ["pmem", "serve"]},
                    "trace": {"server": "off"},
                    "language": "en",
                },
                "editor",
            )
        ]
    )
    assert problems == [] and settings.language == "en"


def test_each_scalar_setting_is_checked_and_its_default_kept():
    settings, problems = merge_settings(
        [
            (
                {
                    "maxFileBytes": 0,
                    "factFileMaxBytes": True,
                    "memoryDirs": "agents",
                    "projectProfileDir": 3,
                    "userProfileDir": None,
                    "debounceMs": 0,
                },
                "editor",
            )
        ]
    )
    assert {p.key: p.message for p in problems} == {
        "maxFileBytes": "0 is invalid (expected a whole number of at least 1); the default is used",
        "factFileMaxBytes": "True is invalid (expected a whole number of at least 1); the default is used",
        "memoryDirs": "'agents' is invalid (expected a list of strings); the default is used",
        "projectProfileDir": "3 is invalid (expected a string); the default is used",
    }
    assert settings == Settings(debounce_ms=0)
