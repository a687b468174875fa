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
