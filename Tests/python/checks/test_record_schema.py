"""The record schema is the one description of a bundle record: the generated codec is current with it, and
docs/FORMAT.md's field reference lists exactly its fields."""
import importlib.util
import re
import shutil
import subprocess
import sys

import pytest

from conftest import ROOT

GENERATOR = ROOT / "scripts" / "generate-records.py"
SCHEMA = ROOT / "Sources" / "ResultBundle" / "Records" / "RecordSchema.txt"
GENERATED = ROOT / "Sources" / "ResultBundle" / "Records" / "Generated"
EXPORT_GENERATED = ROOT / "Sources" / "ResultBundle" / "Exporting" / "Generated"
FORMAT = ROOT / "docs" / "FORMAT.md"


def load_generator():
    spec = importlib.util.spec_from_file_location("generate_records", GENERATOR)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def check(root):
    return subprocess.run(
        [sys.executable, str(root / "scripts" / "generate-records.py"), "--check"], capture_output=True, text=True
    )


def test_generated_codec_is_current():
    result = check(ROOT)
    assert result.returncode == 0, result.stderr


@pytest.fixture
def copy(tmp_path):
    """The generator, the schema and the generated files in a tree of their own, to change without harm."""
    records = tmp_path / "Sources" / "ResultBundle" / "Records"
    shutil.copytree(GENERATED, records / "Generated")
    shutil.copytree(EXPORT_GENERATED, tmp_path / "Sources" / "ResultBundle" / "Exporting" / "Generated")
    shutil.copy(SCHEMA, records / "RecordSchema.txt")
    (tmp_path / "scripts").mkdir()
    shutil.copy(GENERATOR, tmp_path / "scripts" / "generate-records.py")
    assert check(tmp_path).returncode == 0
    return tmp_path


def test_check_fails_on_a_hand_edit_of_a_generated_file(copy):
    writer = copy / "Sources" / "ResultBundle" / "Records" / "Generated" / "JSONBytes+Records.swift"
    writer.write_text(writer.read_text().replace('field("worker", record.worker)\n', ""))
    result = check(copy)
    assert result.returncode == 1
    assert "JSONBytes+Records.swift" in result.stderr and "run scripts/generate-records.py" in result.stderr


def test_check_fails_on_a_schema_change_without_regeneration(copy):
    schema = copy / "Sources" / "ResultBundle" / "Records" / "RecordSchema.txt"
    schema.write_text(schema.read_text().replace("    worker           String?\n", "    worker           String?\n    host String?\n"))
    result = check(copy)
    assert result.returncode == 1
    assert "JSONCursor+Records.swift" in result.stderr


def test_generator_refuses_reordering_the_passed_test_keys(copy):
    schema = copy / "Sources" / "ResultBundle" / "Records" / "RecordSchema.txt"
    text = schema.read_text()
    start = "    start            Double?             hot\n"
    duration = "    duration         Double?             hot\n"
    schema.write_text(text.replace(start + duration, duration + start))
    result = check(copy)
    assert result.returncode != 0 and "out of the schema's order" in result.stderr


# MARK: docs/FORMAT.md against the schema

TYPE_WORD = r"(?:string|integer|Double|bool|object|blob|\[|\((?=`)|[A-Z]\w*)"
PROSE_FIELD = re.compile(r"`(\w+)`(\?)?(?=\s+" + TYPE_WORD + ")")
TABLE_FIELD = re.compile(r"^\| `(\w+)`(\?)? \|", re.MULTILINE)


def field_reference():
    text = FORMAT.read_text(encoding="utf-8")
    start = text.index("### Field reference")
    return text[start : text.index("### 3.1", start)]


def documented_fields(record_name):
    """(key, optional, text) for each field the doc's entry for `record_name` lists: a table's rows, or the
    `key`? type pairs of its paragraph."""
    reference = field_reference()
    heading = re.search(r"^\*\*" + record_name + r"\*\*", reference, re.MULTILINE)
    assert heading, f"docs/FORMAT.md has no entry **{record_name}** in its field reference"
    rest = reference[heading.end() :]
    end = re.search(r"\n\n(?!\|)|\n\*\*\w+\*\*", rest)
    entry = rest[: end.start()] if end else rest
    if re.search(r"^\|", entry, re.MULTILINE):
        matches = list(TABLE_FIELD.finditer(entry))
    else:
        matches = list(PROSE_FIELD.finditer(entry))
    fields = []
    for index, match in enumerate(matches):
        following = matches[index + 1].start() if index + 1 < len(matches) else len(entry)
        fields.append((match.group(1), bool(match.group(2)), entry[match.start() : following]))
    return fields


RECORDS = load_generator().parse(SCHEMA.read_text(encoding="utf-8"))


@pytest.mark.parametrize("record", list(RECORDS.values()), ids=lambda record: record.name)
def test_format_doc_lists_exactly_the_schema_fields(record):
    documented = documented_fields(record.name)
    assert [key for key, _, _ in documented] == [f.key for f in record.fields]
    for (key, optional, text), f in zip(documented, record.fields):
        expected = f.is_optional or "implied" in f.options
        assert optional == expected, f"{record.name}.{key}: the doc's `?` does not match the schema"
        if f.since != "1.0":
            assert f.since in text, f"{record.name}.{key}: the doc does not say format {f.since} added it"


def test_format_doc_entries_without_a_schema_table_are_none():
    entries = re.findall(r"^\*\*(\w+)\*\*", field_reference(), re.MULTILINE)
    assert sorted(set(entries) - set(RECORDS)) == []


# MARK: docs/FORMAT.md's JSON export appendix against the export tables

EXPORTS = load_generator().parse_all(SCHEMA.read_text(encoding="utf-8"))[1]


def export_bullets():
    """Name to the text of each `* **Name**: ...` entry of the JSON export appendix."""
    text = FORMAT.read_text(encoding="utf-8")
    start = text.index("## Appendix: JSON export")
    appendix = text[start : text.index("\n## ", start + 1)]
    return dict(re.findall(r"^\* \*\*(\w+)\*\*: (.*?)(?=^\* |\n\n)", appendix, re.MULTILINE | re.DOTALL))


def parse_export_entry(text):
    """The fields an entry lists, as (key, optional, nested fields or None, text up to the next field); `{...}`
    after a key lists an object's fields inline; anything inside parentheses is prose."""
    stack = [[]]
    parentheses = 0
    position = 0
    while position < len(text):
        character = text[position]
        if character == "(":
            parentheses += 1
        elif character == ")":
            parentheses -= 1
        elif parentheses == 0 and character == "{":
            fields = stack[-1]
            assert fields, f"an object with no key before it: {text[position:position + 40]!r}"
            nested = []
            fields[-1][2] = nested
            stack.append(nested)
        elif parentheses == 0 and character == "}":
            stack.pop()
        elif parentheses == 0 and character == "`":
            match = re.match(r"`(\w+)`(\?)?", text[position:])
            if match:
                stack[-1].append([match.group(1), bool(match.group(2)), None, position])
                position += match.end()
                continue
        position += 1
    return stack[0]


def compare_export(export, documented, text, bullets, where):
    assert [entry[0] for entry in documented] == [f.key for f in export.fields], where
    starts = [entry[3] for entry in documented] + [len(text)]
    for index, ((key, optional, nested, start), f) in enumerate(zip(documented, export.fields)):
        assert optional == f.is_optional, f"{where}.{key}: the doc's `?` does not match the schema"
        if f.since != "1.0":
            assert f.since in text[start : starts[index + 1]], f"{where}.{key}: the doc does not say {f.since}"
        element = f.base.strip("[]")
        if f.base == "NameValues":
            assert nested == [], f"{where}.{key}: documented as an object of name to value"
        elif element in EXPORTS:
            if nested is None:
                assert element in bullets, f"{where}.{key}: neither inline nor an entry **{element}**"
            else:
                compare_export(EXPORTS[element], nested, text, bullets, f"{where}.{key}")


def test_json_export_doc_lists_exactly_the_export_fields():
    bullets = export_bullets()
    assert bullets, "no entries found in the JSON export appendix"
    for name, text in bullets.items():
        assert name in EXPORTS, f"the doc's export entry **{name}** has no export table in the schema"
        compare_export(EXPORTS[name], parse_export_entry(text), text, bullets, name)
