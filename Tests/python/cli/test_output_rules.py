"""The output rules of docs/OUTPUTS.md, table-driven: every command that writes, against every kind of thing that
can already be at its destination. Each case records what was there before and asserts what is there after: the
same bytes when the command refuses (exit 2), the new output when it is allowed."""
import os
import pathlib
import stat
import subprocess

import pytest

from conftest import BINARY, FIXTURES, SAMPLES

SAMPLE = SAMPLES[0]
LOG = FIXTURES / "corpus" / "swift-6.3-linux" / "calc.console.txt"
SHAPES_XML = FIXTURES / "coverage" / "cobertura" / "shapes-coveragepy.xml"
SHAPES_DIFF = FIXTURES / "coverage" / "diff" / "shapes-area.diff"
MARKER = ".resultbundle-output"
BUNDLE_MAGIC = bytes([0x89, 0x52, 0x42, 0x55, 0x4E, 0x44, 0x4C, 0x0A])

# command name -> (shape, arguments before -o, arguments after -o DEST)
COMMANDS = {
    "import": ("bundle", ["import", LOG], []),
    "record": ("bundle", ["record", "--quiet"], ["--", "cat", LOG]),
    "merge": ("bundle", ["merge", SAMPLE], []),
    "junit": ("document", ["junit", SAMPLE], []),
    "json": ("document", ["json", SAMPLE], []),
    "summary": ("document", ["summary", SAMPLE], []),
    "annotate": ("document", ["annotate", "--format", "gitlab", SAMPLE], []),
    "snapshot": ("document", ["snapshot", "--input", "screen.txt"], []),
    "report --single-file": ("document", ["report", "--single-file", SAMPLE], []),
    "report": ("folder", ["report", SAMPLE], []),
    "junit --flavor surefire": ("folder", ["junit", "--flavor", "surefire", SAMPLE], []),
    "coverage export": ("document", ["coverage", "export", SHAPES_XML, "--format", "cobertura"], []),
    "coverage diff": ("document", ["coverage", "diff", SHAPES_XML, "--diff", SHAPES_DIFF, "--format", "markdown"], []),
}

# What is at the destination before: name -> function(path, command) that puts it there.
def nothing(path):
    pass


def own_output(path, command):
    """What the command itself writes there (a file or folder of its own kind, from an earlier run)."""
    result = run_command(command, path, path.parent, force=False)
    assert result.returncode == 0, result.stderr


def empty_file(path):
    path.write_bytes(b"")


def foreign_file(path):
    path.write_bytes(b"notes the user wrote\n")


def bundle_file(path):
    path.write_bytes(SAMPLE.read_bytes())


def empty_folder(path):
    path.mkdir()


def foreign_folder(path):
    path.mkdir()
    (path / "notes.txt").write_text("keep me\n")
    (path / "deeper").mkdir()
    (path / "deeper" / "data.bin").write_bytes(b"\x00\x01")


def marked_folder(path):
    path.mkdir()
    (path / MARKER).write_text("written by resultbundle\n")
    (path / "old.html").write_text("old report\n")


def link_outside(path):
    outside = path.parent.parent / f"outside-{path.parent.name}"
    outside.write_bytes(b"a file elsewhere\n")
    path.symlink_to(outside)


def link_inside_to_bundle(path):
    target = path.parent / "target.bin"
    target.write_bytes(SAMPLE.read_bytes())
    path.symlink_to("target.bin")


def fifo(path):
    os.mkfifo(path)


STATES = {
    "nothing": nothing,
    "foreign file": foreign_file,
    "bundle file": bundle_file,
    "empty folder": empty_folder,
    "foreign folder": foreign_folder,
    "marked folder": marked_folder,
    "symlink outside": link_outside,
    "symlink inside to a bundle": link_inside_to_bundle,
    "empty file": empty_file,
    "its own output": own_output,
}

# (shape, state) -> (allowed without --force, allowed with --force)
RULES = {
    ("bundle", "nothing"): (True, True),
    ("bundle", "foreign file"): (False, True),
    ("bundle", "bundle file"): (True, True),
    ("bundle", "empty folder"): (False, False),
    ("bundle", "foreign folder"): (False, False),
    ("bundle", "marked folder"): (False, False),
    ("bundle", "symlink outside"): (False, False),
    ("bundle", "symlink inside to a bundle"): (True, True),
    ("bundle", "empty file"): (False, True),
    ("bundle", "its own output"): (True, True),
    # A file output replaces only an empty file or one of its own kind (docs/OUTPUTS.md): never notes the user
    # wrote, nor a bundle.
    ("document", "nothing"): (True, True),
    ("document", "foreign file"): (False, True),
    ("document", "bundle file"): (False, True),
    ("document", "empty file"): (True, True),
    ("document", "its own output"): (True, True),
    ("document", "empty folder"): (False, False),
    ("document", "foreign folder"): (False, False),
    ("document", "marked folder"): (False, False),
    ("document", "symlink outside"): (False, False),
    ("document", "symlink inside to a bundle"): (False, True),
    ("folder", "nothing"): (True, True),
    ("folder", "foreign file"): (False, True),
    ("folder", "bundle file"): (False, True),
    ("folder", "empty folder"): (True, True),
    ("folder", "foreign folder"): (False, True),
    ("folder", "marked folder"): (True, True),
    ("folder", "symlink outside"): (False, False),
    ("folder", "symlink inside to a bundle"): (False, True),
    ("folder", "empty file"): (False, True),
    ("folder", "its own output"): (True, True),
}

# A snapshot (text or ANSI) carries no sign of its writer: it replaces its own earlier output only with --force.
EXCEPTIONS = {("snapshot", "its own output"): (False, True)}

FORCE_COMMANDS = set(COMMANDS)


def snapshot_tree(root):
    """Every entry under `root` (not following links): relative path -> (kind, bytes or link target)."""
    entries = {}
    for folder, folders, files in os.walk(root, followlinks=False):
        for name in folders + files:
            path = pathlib.Path(folder) / name
            mode = os.lstat(path).st_mode
            relative = str(path.relative_to(root))
            if stat.S_ISLNK(mode):
                entries[relative] = ("link", os.readlink(path))
            elif stat.S_ISDIR(mode):
                entries[relative] = ("folder", None)
            elif stat.S_ISREG(mode):
                entries[relative] = ("file", path.read_bytes())
            else:
                entries[relative] = ("special", stat.S_IFMT(mode))
    return entries


def run_command(command, destination, cwd, force):
    shape, before, after = COMMANDS[command]
    # --force after the command's words: `coverage export` is two.
    arguments = [*before, *(["--force"] if force else []), "-o", destination, *after]
    return subprocess.run(
        [str(BINARY), *map(str, arguments)], cwd=cwd, capture_output=True, text=True, timeout=120)


def output_is_new(shape, destination):
    """The new output is at `destination` (through a link, when it is one)."""
    path = destination.resolve()
    if shape == "folder":
        return path.is_dir() and (path / MARKER).is_file() and not (path / "notes.txt").exists()
    data = path.read_bytes()
    if shape == "bundle":
        return data.startswith(BUNDLE_MAGIC) and data != SAMPLE.read_bytes()
    return len(data) > 0 and data != SAMPLE.read_bytes() and b"notes the user wrote" not in data


@pytest.mark.parametrize("kind,content", [
    ("junit", b'<?xml version="1.0"?>\n<!-- pytest -->\n<testsuites><testsuite name="other tool"/></testsuites>\n'),
    ("junit", b'\xef\xbb\xbf<testsuite name="maven" tests="0"></testsuite>'),
    ("annotate", b"[\n]\n"),
    ("coverage export", SHAPES_XML.read_bytes()),
])
def test_a_file_output_replaces_the_same_kind_written_by_another_tool(tmp_path, kind, content):
    command = kind
    destination = tmp_path / "out"
    destination.write_bytes(content)
    result = run_command(command, destination, tmp_path, force=False)
    assert result.returncode == 0, result.stderr
    assert destination.read_bytes() != content


@pytest.mark.parametrize("command,content", [
    ("junit", b"<?xml version=\"1.0\"?>\n<project><testsuite/></project>\n"),
    ("summary", b"## My release notes\n\n<!-- written by resultbundle summary -->\n"),
    ("json", b'{"name": "package.json", "schemaVersion": "1"}\n'),
    ("annotate", b'[{"my": "data"}]\n'),
    ("report --single-file", b"<!DOCTYPE html><html><body>my page</body></html>\n"),
    ("coverage export", b'<?xml version="1.0"?>\n<coverage version="1"><file path="a.c"/></coverage>\n'),
    ("coverage diff", b"## Notes\n\n<!-- written by resultbundle coverage diff -->\n"),
])
def test_a_file_output_refuses_a_look_alike_it_did_not_write(tmp_path, command, content):
    destination = tmp_path / "out"
    destination.write_bytes(content)
    result = run_command(command, destination, tmp_path, force=False)
    assert result.returncode == 2, result.stderr
    assert "pass --force to replace it" in result.stderr, result.stderr
    assert destination.read_bytes() == content


def test_surefire_refuses_an_xml_file_name_for_its_folder(tmp_path):
    result = run_command("junit --flavor surefire", "x.xml", tmp_path, force=False)
    assert result.returncode == 2
    assert "surefire writes a folder" in result.stderr and "x.xml" in result.stderr, result.stderr
    assert not (tmp_path / "x.xml").exists()


CASES = [
    (command, state, force)
    for command in COMMANDS
    for state in STATES
    for force in (False, True)
    if not force or command in FORCE_COMMANDS
]


@pytest.mark.parametrize("command,state,force", CASES, ids=[f"{c}|{s}|{'force' if f else 'plain'}" for c, s, f in CASES])
def test_an_output_replaces_only_what_the_rules_allow(tmp_path, command, state, force):
    work = tmp_path / "work"
    work.mkdir()
    (work / "screen.txt").write_text("hello \x1b[1mterminal\x1b[0m\n")
    destination = work / "out"
    if state == "its own output":
        own_output(destination, command)
    else:
        STATES[state](destination)
    before = snapshot_tree(tmp_path)
    inode_before = os.lstat(destination).st_ino if destination.exists() else None
    shape = COMMANDS[command][0]
    allowed = EXCEPTIONS.get((command, state), RULES[(shape, state)])[1 if force else 0]

    result = run_command(command, destination, work, force)

    if allowed:
        assert result.returncode == 0, result.stderr
        assert output_is_new(shape, destination), result.stderr
        if state.startswith("symlink"):
            assert destination.is_symlink(), "the link itself must stay"
        leftovers = [name for name in os.listdir(work) if ".partial-" in name or ".old-" in name]
        assert leftovers == []
        if state == "its own output":
            assert os.lstat(destination).st_ino != inode_before, "the earlier output must have been replaced"
    else:
        assert result.returncode == 2, (result.returncode, result.stdout, result.stderr)
        assert "out" in result.stderr and "error:" in result.stderr
        assert snapshot_tree(tmp_path) == before, "a refused output must leave every byte as it was"


@pytest.mark.parametrize("command", [c for c in COMMANDS if COMMANDS[c][0] == "folder"])
@pytest.mark.parametrize("where", [".", "..", "~", "/", "holds-input"])
def test_a_folder_output_never_replaces_protected_folders_even_with_force(tmp_path, command, where):
    home = tmp_path / "home"
    work = home / "work"
    work.mkdir(parents=True)
    (work / "notes.txt").write_text("keep\n")
    input_folder = work / "inputs"
    input_folder.mkdir()
    bundle = input_folder / "run.resultbundle"
    bundle.write_bytes(SAMPLE.read_bytes())
    destination = {".": ".", "..": "..", "~": str(home), "/": "/", "holds-input": "inputs"}[where]
    shape, before_arguments, after = COMMANDS[command]
    arguments = [a if a != SAMPLE else bundle for a in before_arguments]
    before = snapshot_tree(tmp_path)
    result = subprocess.run(
        [str(BINARY), arguments[0], "--force", *map(str, arguments[1:]), "-o", destination, *after],
        cwd=work, capture_output=True, text=True, timeout=120, env={**os.environ, "HOME": str(home)})
    assert result.returncode == 2, result.stderr
    assert "even with --force" in result.stderr
    assert snapshot_tree(tmp_path) == before


@pytest.mark.parametrize("command", [c for c in COMMANDS if COMMANDS[c][0] == "document"])
def test_a_file_output_writes_through_a_device_and_a_fifo_and_never_replaces_them(tmp_path, command):
    work = tmp_path
    (work / "screen.txt").write_text("hello\n")
    result = run_command(command, "/dev/null", work, force=False)
    assert result.returncode == 0, result.stderr
    assert stat.S_ISCHR(os.lstat("/dev/null").st_mode)
    pipe = work / "pipe"
    os.mkfifo(pipe)
    reader = subprocess.Popen(["cat", str(pipe)], stdout=subprocess.PIPE)
    result = run_command(command, pipe, work, force=False)
    received = reader.communicate(timeout=60)[0]
    assert result.returncode == 0, result.stderr
    assert len(received) > 0
    assert stat.S_ISFIFO(os.lstat(pipe).st_mode)
    assert [name for name in os.listdir(work) if "partial" in name] == []


@pytest.mark.parametrize("command", ["json", "summary", "junit", "snapshot", "report --single-file", "import", "merge"])
def test_dash_means_standard_output(tmp_path, command):
    (tmp_path / "screen.txt").write_text("hello\n")
    result = subprocess.run(
        [str(BINARY), *map(str, COMMANDS[command][1]), "-o", "-"], cwd=tmp_path, capture_output=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert len(result.stdout) > 0
    assert not (tmp_path / "-").exists()
    if COMMANDS[command][0] == "bundle":
        assert result.stdout.startswith(BUNDLE_MAGIC)


@pytest.mark.parametrize("command", ["json", "summary", "info", "verify", "junit"])
def test_a_full_disk_on_standard_output_is_an_error(command):
    arguments = {"junit": ["junit", SAMPLE, "-o", "-"]}.get(command, [command, SAMPLE])
    with open("/dev/full", "wb") as full:
        result = subprocess.run(
            [str(BINARY), *map(str, arguments)], stdout=full, stderr=subprocess.PIPE, text=True, timeout=120)
    assert result.returncode == 1, result.stderr
    assert "cannot write to standard output: No space left on device" in result.stderr


def test_a_file_output_to_a_full_device_is_an_error_and_leaves_nothing_behind(tmp_path):
    result = subprocess.run(
        [str(BINARY), "json", SAMPLE, "-o", "/dev/full"], cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert result.returncode == 1
    assert "cannot write to /dev/full: No space left on device" in result.stderr
    assert stat.S_ISCHR(os.lstat("/dev/full").st_mode)


def test_partial_outputs_of_dead_processes_are_removed_and_live_ones_kept(tmp_path):
    dead = subprocess.Popen(["true"])
    dead.wait()
    stale = tmp_path / f".report.xml.partial-{dead.pid}"
    stale.write_text("half")
    stale_folder = tmp_path / f".site.old-{dead.pid}"
    stale_folder.mkdir()
    live = tmp_path / f".other.xml.partial-{os.getpid()}"
    live.write_text("being written")
    result = subprocess.run(
        [str(BINARY), "junit", SAMPLE, "-o", tmp_path / "junit.xml"], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert not stale.exists() and not stale_folder.exists()
    assert live.exists()
