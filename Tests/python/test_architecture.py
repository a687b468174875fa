"""The modules import only what docs/ARCHITECTURE.md's dependency rules allow them."""
import re

from conftest import ROOT

ALWAYS_ALLOWED = {"Foundation", "Dispatch", "Glibc", "Darwin", "Musl"}
IMPORT = re.compile(r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|private|fileprivate)\s+)?"
                    r"import\s+(?:(?:struct|class|enum|protocol|func|var|let|typealias)\s+)?([A-Za-z0-9_]+)", re.M)


def dependency_rules():
    text = (ROOT / "docs" / "ARCHITECTURE.md").read_text()
    block = re.search(r"```dependency-rules\n(.*?)```", text, re.S)
    assert block, "docs/ARCHITECTURE.md has no ```dependency-rules block"
    rules = {}
    for line in block.group(1).splitlines():
        module, _, allowed = line.partition(":")
        rules[module.strip()] = set(allowed.split())
    return rules


def imports_of(folder):
    found = {}
    for source in sorted(folder.rglob("*.swift")):
        for match in IMPORT.finditer(source.read_text()):
            found.setdefault(match.group(1), source.relative_to(ROOT))
    return found


def test_every_module_has_a_rule():
    rules = dependency_rules()
    modules = {path.name for path in (ROOT / "Sources").iterdir() if path.is_dir()}
    assert modules - rules.keys() == set(), "module folders without a dependency rule"
    assert rules.keys() - modules == set(), "rules for modules that do not exist"


def test_imports_follow_the_rules():
    rules = dependency_rules()
    broken = []
    for module, allowed in rules.items():
        for name, source in imports_of(ROOT / "Sources" / module).items():
            if name not in allowed | ALWAYS_ALLOWED:
                broken.append(f"{source}: imports {name}, which {module}'s rule does not allow")
    assert broken == []


def test_the_import_pattern_sees_every_form():
    sample = "import A\n@testable import B\npublic import C\n@_implementationOnly import D\nimport struct E.F\n"
    assert [match.group(1) for match in IMPORT.finditer(sample)] == ["A", "B", "C", "D", "E"]


ERROR_TYPE = re.compile(r"^\s*(?:(?:public|package|internal|private|fileprivate)\s+)?(?:struct|enum|class)\s+(\w+)"
                        r"\s*:\s*([^{]*)\{", re.M)


def error_types_not_placed(sources):
    """Error types (every `*Error`, and every public type that conforms to `Error`) that do not adopt
    `PlacedError`; closed internal error sets (an internal `enum Refusal: Error`) may stay as they are."""
    unplaced = []
    for source in sorted(sources.rglob("*.swift")):
        for match in ERROR_TYPE.finditer(source.read_text()):
            name, conformances = match.group(1), set(re.findall(r"\w+", match.group(2)))
            visible = re.match(r"\s*public\b", match.group(0))
            if (name.endswith("Error") or (visible and "Error" in conformances)) and "PlacedError" not in conformances:
                unplaced.append(f"{source.relative_to(sources.parent)}: {name}")
    return unplaced


def test_every_error_type_adopts_placed_error():
    assert error_types_not_placed(ROOT / "Sources") == [], "error types that do not adopt PlacedError"


# The one home of the C library's file calls, and the one file that truly needs more of it: the pseudo-terminal
# session starts its program with the terminal as controlling terminal (posix_spawn attributes, `ioctl` for the
# window size, `waitpid` and `kill` of its child), which is process control, not file access.
C_LIBRARY_HOMES = ("Sources/ResultSupport/Files/", "Sources/TerminalEmulation/PseudoTerminalSession.swift")


def c_library_imports_outside_homes(sources):
    """Swift files that import the C library themselves (`#if canImport(Glibc)`) outside its homes."""
    found = []
    for source in sorted(sources.rglob("*.swift")):
        path = source.relative_to(sources.parent).as_posix()
        if "canImport(Glibc)" in source.read_text() and not path.startswith(C_LIBRARY_HOMES):
            found.append(path)
    return found


def test_file_calls_have_one_home():
    assert c_library_imports_outside_homes(ROOT / "Sources") == [], "files that import the C library themselves"
