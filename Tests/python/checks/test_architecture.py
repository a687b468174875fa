"""The modules import only what docs/ARCHITECTURE.md's dependency rules allow them, and Package.swift declares
exactly those dependencies. The rules cover every target that is not a test: the modules in Sources/, the test helper
target in Tests/_TestSupport and the libFuzzer entry in Fuzz/Entry."""
import re

from conftest import ROOT

ALWAYS_ALLOWED = {"Foundation", "Dispatch", "Glibc", "Darwin", "Musl"}
# An import starts a line or follows a `;` (`import A; import B`).
IMPORT = re.compile(r"(?:^|;)\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|private|fileprivate)\s+)?"
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


# Modules of the toolchain itself: a target imports them without declaring them in Package.swift.
TOOLCHAIN_MODULES = {"XCTest", "Testing"}
TARGET_KINDS = ("target", "executableTarget", "testTarget", "systemLibrary")


def call_arguments(text, start):
    """The text between the parenthesis at `start` and the one that closes it."""
    depth = 0
    for index in range(start, len(text)):
        depth += {"(": 1, ")": -1}.get(text[index], 0)
        if depth == 0:
            return text[start + 1:index]
    raise AssertionError(f"Package.swift: unclosed parenthesis at character {start}")


def package_targets():
    """{rule name: (kind, folder relative to the root, declared dependencies)} for every target in Package.swift,
    including the ones it adds only for some builds. A target's rule is named after its folder in Sources/, else
    after the target."""
    text = (ROOT / "Package.swift").read_text()
    targets = {}
    for match in re.finditer(r"\.(" + "|".join(TARGET_KINDS) + r")\(", text):
        arguments = call_arguments(text, match.end() - 1)
        name = re.search(r'name:\s*"([^"]+)"', arguments).group(1)
        path = re.search(r'path:\s*"([^"]+)"', arguments)
        folder = path.group(1) if path else f"Sources/{name}"
        dependencies = set()
        listed = re.search(r"dependencies:\s*\[", arguments)
        if listed:
            depth, end = 0, listed.end() - 1
            while True:
                depth += {"[": 1, "]": -1}.get(arguments[end], 0)
                if depth == 0:
                    break
                end += 1
            items = arguments[listed.end():end]
            dependencies = set(re.findall(r'\.product\(\s*name:\s*"([^"]+)"', items))
            dependencies |= set(re.findall(r'(?:^|[\[,])\s*"([^"]+)"', items, re.M))
        rule = folder.removeprefix("Sources/") if folder.startswith("Sources/") else name
        targets[rule] = (match.group(1), folder, dependencies)
    return targets


def ruled_targets():
    """The targets the rules must cover: all but the test targets."""
    return {rule: target for rule, target in package_targets().items() if target[0] != "testTarget"}


def imports_of(folder):
    found = {}
    for source in sorted(folder.rglob("*.swift")):
        for match in IMPORT.finditer(source.read_text()):
            found.setdefault(match.group(1), source.relative_to(ROOT))
    return found


def test_every_module_has_a_rule():
    rules = dependency_rules()
    modules = {path.name for path in (ROOT / "Sources").iterdir() if path.is_dir()} | ruled_targets().keys()
    assert modules - rules.keys() == set(), "module folders and targets without a dependency rule"
    assert rules.keys() - modules == set(), "rules for modules that do not exist"


def test_imports_follow_the_rules():
    rules = dependency_rules()
    targets = ruled_targets()
    broken = []
    for module, allowed in rules.items():
        folder = targets[module][1] if module in targets else f"Sources/{module}"
        for name, source in imports_of(ROOT / folder).items():
            if name not in allowed | ALWAYS_ALLOWED:
                broken.append(f"{source}: imports {name}, which {module}'s rule does not allow")
    assert broken == []


def test_package_swift_declares_what_the_rules_allow():
    rules = dependency_rules()
    differing = []
    for module, (_, folder, declared) in sorted(ruled_targets().items()):
        allowed = rules.get(module, set()) - TOOLCHAIN_MODULES
        if declared != allowed:
            differing.append(f"{module} ({folder}): Package.swift declares {sorted(declared)}, "
                             f"docs/ARCHITECTURE.md allows {sorted(allowed)}")
    assert differing == []


def test_package_swift_is_read_whole():
    targets = package_targets()
    assert targets["ResultBundleFormatTool"] == (
        "executableTarget", "Sources/ResultBundleFormatTool", {"ResultBundle", "ResultModel"})
    assert targets["_TestSupport"][1] == "Tests/_TestSupport"
    assert targets["resultbundle-fuzz"] == ("executableTarget", "Fuzz/Entry", {"FuzzTargets"})
    assert "Crypto" in targets["ResultBundle"][2] and "ResultModel" in targets["ResultBundle"][2]
    assert targets["CZlib"] == ("systemLibrary", "Sources/CZlib", set())


def test_the_import_pattern_sees_every_form():
    sample = ("import A\n@testable import B\npublic import C\n@_implementationOnly import D\nimport struct E.F\n"
              "import G; import H;import I\n")
    assert [match.group(1) for match in IMPORT.finditer(sample)] == ["A", "B", "C", "D", "E", "G", "H", "I"]


def test_terminal_emulation_links_no_crypto():
    """The public TerminalEmulation library hashes nothing, so nothing it depends on, directly or not, pulls in
    swift-crypto (only the modules that hash import ContentHashing)."""
    import json
    import subprocess
    manifest = json.loads(subprocess.run(["swift", "package", "dump-package"], cwd=ROOT, check=True,
                                         capture_output=True, text=True).stdout)
    targets = {}
    for target in manifest["targets"]:
        names = []
        for dependency in target["dependencies"]:
            for kind in ("byName", "target", "product"):
                if kind in dependency:
                    names.append(dependency[kind][0])
        targets[target["name"]] = names
    reached, waiting = set(), ["TerminalEmulation"]
    while waiting:
        name = waiting.pop()
        if name not in reached:
            reached.add(name)
            waiting.extend(targets.get(name, []))
    assert "Crypto" not in reached, f"TerminalEmulation reaches Crypto through {sorted(reached & targets.keys())}"


ERROR_TYPE = re.compile(r"^\s*(?:(?:public|package|internal|private|fileprivate)\s+)?(?:struct|enum|class)\s+(\w+)"
                        r"\s*:\s*([^{]*)\{", re.M)


def error_types_not_placed(sources):
    """Error types (every `*Error`, and every public type that conforms to `Error`) that do not adopt
    `PlacedError` (a module's error adopts it through `ModuleError`); closed internal error sets (an internal
    `enum Refusal: Error`) may stay as they are."""
    unplaced = []
    for source in sorted(sources.rglob("*.swift")):
        for match in ERROR_TYPE.finditer(source.read_text()):
            name, conformances = match.group(1), set(re.findall(r"\w+", match.group(2)))
            visible = re.match(r"\s*public\b", match.group(0))
            placed = conformances & {"PlacedError", "ModuleError"}
            if (name.endswith("Error") or (visible and "Error" in conformances)) and not placed:
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


# The C library's calls on files, pipes and bytes, each with its home: `POSIXFile` and its neighbours retry an
# interrupted call and throw a `SystemCallError` that names the file and says whether it was a write, and the byte
# helpers check their lengths once. A call of one of these names anywhere else bypasses them.
FILE_CALLS = ("open", "openat", "creat", "stat", "lstat", "fstat", "pipe", "pipe2", "poll", "fcntl", "realpath",
              "glob", "globfree", "ftruncate", "fsync", "unlink", "rename", "close", "dup", "dup2", "mkstemp",
              "mkdtemp")
RAW_CALL_HOMES = {name: C_LIBRARY_HOMES for name in FILE_CALLS} | {"memcmp": ("Sources/ResultSupport/Bytes/",)}
# A bare call: not a method (`file.close()`), not a declaration (`func open(`), not an enum case.
RAW_CALL = re.compile(r"(?<![\w.`])(?<!func )(?<!case )(" + "|".join(RAW_CALL_HOMES) + r")\s*\(")
DECLARED_FUNCTION = re.compile(r"\bfunc\s+(\w+)")


def raw_calls_outside_homes(sources):
    """`file:line: name` of every bare call of a C library function above outside its home; a file's own function
    of the same name (`private func open(_ reference:)`) is not the C library's."""
    found = []
    for source in sorted(sources.rglob("*.swift")):
        path = source.relative_to(sources.parent).as_posix()
        text = source.read_text()
        own = set(DECLARED_FUNCTION.findall(text))
        for number, line in enumerate(text.splitlines(), 1):
            code = re.sub(r'"(?:[^"\\]|\\.)*"', '""', line.split("//")[0])
            for name in RAW_CALL.findall(code):
                if name not in own and not path.startswith(RAW_CALL_HOMES[name]):
                    found.append(f"{path}:{number}: {name}")
    return found


def test_the_raw_call_pattern_sees_calls_not_methods():
    calls = lambda line: RAW_CALL.findall(line)
    assert calls("let descriptor = open(path, O_RDONLY)") == ["open"]
    assert calls("guard lstat(path, &info) == 0, pipe(&ends) == 0") == ["lstat", "pipe"]
    assert calls("var info = stat()") == ["stat"]
    assert calls("try file.close(); POSIXFile.open(path, 0); func open(_ x: Int)") == []


def test_raw_file_calls_have_one_home():
    assert raw_calls_outside_homes(ROOT / "Sources") == [], "C library calls outside ResultSupport Files/ and Bytes/"
