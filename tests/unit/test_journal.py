import pytest
from profile_memory.core.journal import iter_journal
from profile_memory.core.journal_model import JournalEntry
from profile_memory.core.text import split_lines


def parsed_lines(text: str) -> list:
    return list(iter_journal(split_lines(text)))


GOOD = '{"ts":"2026-04-12T01:02:14.123Z","tags":["frontend"],"text":"换成 Zustand 🎉\u2028第二段"}'


def test_good_line_parses_as_a_model_and_round_trips():
    (parsed,) = parsed_lines(GOOD + "\n")
    assert parsed.code is None and parsed.entry.tags == ["frontend"]
    assert parsed.entry.to_line() == GOOD


@pytest.mark.parametrize(
    "line, code, words",
    [
        ("{bad", "PM020", "not valid JSON"),
        ("[1, 2]", "PM020", "not an object"),
        ('{"ts":"2026-04-12T01:02:14Z","tags":[],"text":"x"}', "PM021", "milliseconds"),
        ('{"ts":"2026-02-30T01:02:14.000Z","tags":[],"text":"x"}', "PM021", "not a real time"),
        ('{"ts":"2026-04-12T01:02:14.123Z","text":"x"}', "PM021", "`tags` is missing"),
        ('{"ts":"2026-04-12T01:02:14.123Z","tags":[1],"text":"x"}', "PM021", "tags.0"),
        ('{"ts":"2026-04-12T01:02:14.123Z","tags":[],"text":"  "}', "PM021", "non-empty"),
    ],
)
def test_bad_lines_say_why(line, code, words):
    (parsed,) = parsed_lines(line + "\n")
    assert parsed.code == code and words in parsed.problem


def test_torn_last_line_is_named_and_blank_lines_are_skipped():
    parsed = parsed_lines(GOOD + "\n\n" + '{"ts":"2026')
    assert [p.line for p in parsed] == [0, 2]
    assert "torn write" in parsed[1].problem


def test_model_is_strict():
    with pytest.raises(ValueError):
        JournalEntry.model_validate({"ts": "2026-04-12T01:02:14.123Z", "tags": "a", "text": "x"})
