"""The detailed log (docs/format.md, "Log"): records `### [ID] date — title`, their fields and
operations. A package of one concern a module: the words (`words`), a record's operation
(`operation`), the parsed model (`model`), reading line by line (`parse`), the templated fast
path (`templated`) and the parse fresh or from the previous one (`incremental`,
docs/incremental.md). Its public names are imported from here."""

from profile_memory.core.log.incremental import parse_log, parse_log_lines
from profile_memory.core.log.model import (
    Field,
    Layout,
    LogDoc,
    ParsedFields,
    Record,
    RecordChange,
    RecordForm,
    Section,
    SectionStart,
    op_word,
)
from profile_memory.core.log.operation import Operation, closest_operation_word, parse_operation
from profile_memory.core.log.templated import TemplatedLines
from profile_memory.core.log.words import (
    DELETED_TITLE_MARKS,
    FIELD_KEYS,
    FIELD_LABELS,
    KEY_SYNONYMS,
    NOT_RECORDED,
    OP_SYNONYMS,
    OP_WORDS,
    OP_WRITTEN,
    REQUIRED_FIELDS,
    Op,
)

__all__ = [
    "DELETED_TITLE_MARKS",
    "FIELD_KEYS",
    "FIELD_LABELS",
    "KEY_SYNONYMS",
    "NOT_RECORDED",
    "OP_SYNONYMS",
    "OP_WORDS",
    "OP_WRITTEN",
    "REQUIRED_FIELDS",
    "Field",
    "Layout",
    "LogDoc",
    "Op",
    "Operation",
    "ParsedFields",
    "Record",
    "RecordChange",
    "RecordForm",
    "Section",
    "SectionStart",
    "TemplatedLines",
    "closest_operation_word",
    "op_word",
    "parse_log",
    "parse_log_lines",
    "parse_operation",
]
