"""An update of the index moves every finding onto the new parse's records (`RecordFinding`): each
list of the index is remapped whatever its type, so a finding type added later is not forgotten."""

from profile_memory.core import index, values
from profile_memory.core.index import LogIndex, RecordFinding
from profile_memory.core.log import parse_log

LOG = """# Log

### [PF-20260412-01] 2026-04-12 — 偏好 React 🙂
- **分类**: 技术偏好
- **精简版**: 偏好 React
- **原始上下文**: "原话"
- **来源对话**: [对话](chat-1)
- **操作**: 新增
"""


def test_every_list_of_the_index_holds_records_or_record_findings():
    hints = {f.name: f.type for f in values.fields(LogIndex)}
    lists = [name for name, hint in hints.items() if str(hint).startswith("list[")]
    assert len(lists) >= 5
    for name in lists:
        item = str(hints[name])[len("list[") : -1]
        assert item == "Record" or issubclass(getattr(index, item), RecordFinding), name


def test_a_finding_is_remapped_in_each_record_it_names():
    old, new = parse_log(LOG).records[0], parse_log(LOG).records[0]
    found = index.DuplicateAdd(old, old, after_delete=False)
    moved = found.remapped(lambda record: new if record is old else record)
    assert moved.record is new and moved.first is new and moved.after_delete is False
