"""Every command says what failed in one sentence (the path the user named, the error number's
meaning), never Foundation's `Error Domain=…` text or a temporary name, and the same failure exits with the same
code in every command (README: 1 when a write failed, 2 when an input could not be read)."""
import os
import subprocess

import pytest

from conftest import BINARY, FIXTURES, ROOT

SAMPLE = ROOT / "SampleBundles" / "v1.0-mixed.resultbundle"
LOG = FIXTURES / "corpus" / "swift-6.3-linux" / "calc.console.txt"
# sysfs refuses new files even to root, with EACCES: a write that fails the same way for every user.
DENIED = "/sys/resultbundle-denied"

WRITERS = {
    "import": ["import", LOG, "-o", DENIED + ".resultbundle"],
    "merge": ["merge", SAMPLE, SAMPLE, "-o", DENIED + ".resultbundle"],
    "report": ["report", SAMPLE, "-o", DENIED + "-site"],
    "junit": ["junit", SAMPLE, "-o", DENIED + ".xml"],
    "junit-surefire": ["junit", SAMPLE, "--flavor", "surefire", "-o", DENIED + "-reports"],
    "json": ["json", SAMPLE, "-o", DENIED + ".json"],
    "summary": ["summary", SAMPLE, "-o", DENIED + ".md"],
    "annotate": ["annotate", "--format", "gitlab", SAMPLE, "-o", DENIED + ".json"],
    "snapshot": ["snapshot", "--cols", "20", "--rows", "2", "-o", DENIED + ".txt", "--", "echo", "hi"],
    "record": ["record", "-o", DENIED + ".resultbundle", "--", "cat", LOG],
}


def denied_here():
    try:
        with open(DENIED, "w"):
            pass
    except PermissionError:
        return True
    except OSError:
        return False
    os.remove(DENIED)
    return False


@pytest.mark.skipif(not denied_here(), reason="this machine lets new files be created in /sys")
@pytest.mark.parametrize("command", sorted(WRITERS))
def test_a_write_that_is_denied_says_so_with_the_users_path_and_exits_1(command):
    result = subprocess.run([str(BINARY), *map(str, WRITERS[command])], capture_output=True, text=True, timeout=120)
    assert result.returncode == 1, result.stderr
    message = result.stderr.strip().splitlines()[-1]
    assert message.startswith("error: "), message
    assert "Permission denied" in message and DENIED in message, message
    assert "Error Domain" not in result.stderr and ".partial-" not in result.stderr, result.stderr
    assert "doesn’t exist" not in result.stderr and "doesn't exist" not in result.stderr


@pytest.mark.parametrize("command", ["info", "verify", "json", "summary", "report", "junit"])
def test_an_input_that_is_a_folder_says_what_it_is_and_exits_2(command, tmp_path):
    arguments = [command, tmp_path]
    if command in ("report", "junit"):
        arguments += ["-o", tmp_path / "out"]
    result = subprocess.run([str(BINARY), *map(str, arguments)], capture_output=True, text=True, timeout=120)
    assert result.returncode == 2, result.stderr
    assert "Error Domain" not in result.stderr
    assert str(tmp_path) in result.stderr and "folder" in result.stderr, result.stderr


def test_an_import_warning_names_its_severity_once(tmp_path):
    log = tmp_path / "run.log"
    log.write_text("Test Suite 'All tests' started at 2026-01-01 00:00:00.000\n"
                   "Test Case 'T.a' started at 2026-01-01 00:00:00.000\n"
                   "Test Case 'T.a' passed (0.001 seconds)\n"
                   "Test Suite 'All tests' passed at 2026-01-01 00:00:00.100\n"
                   "\t Executed 7 tests, with 0 failures (0 unexpected) in 0.002 (0.002) seconds\n")
    result = subprocess.run([str(BINARY), "import", str(log), "-o", str(tmp_path / "r.resultbundle")],
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    lines = [line for line in result.stderr.splitlines() if "says 7 XCTest tests ran" in line]
    assert len(lines) == 1 and lines[0].count("warning:") == 1, result.stderr
    assert lines[0].startswith(f"{log}:1: warning: "), lines[0]


def resultbundle(*arguments, cwd=None):
    return subprocess.run([str(BINARY), *map(str, arguments)], capture_output=True, text=True, timeout=120, cwd=cwd)


def test_snapshot_without_input_says_what_to_give():
    result = resultbundle("snapshot")
    assert result.returncode == 2
    assert "not both" not in result.stderr
    assert "--input FILE" in result.stderr and "after --" in result.stderr, result.stderr


@pytest.mark.parametrize("words,meant", [
    (["reprot", "x"], "report"), (["improt"], "import"), (["baseline", "sett"], "set"), (["histroy", "add"], "history")])
def test_a_mistyped_command_suggests_the_nearest_one(words, meant):
    result = resultbundle(*words)
    assert result.returncode == 2
    assert f"'{words[-1] if len(words) == 2 and words[0] == 'baseline' else words[0]}' is not a command" in result.stderr
    assert f"Did you mean '{meant}'?" in result.stderr, result.stderr
    assert "unexpected argument" not in result.stderr


@pytest.mark.parametrize("words", [["help", "nosuch"], ["help", "shard", "lst"]])
def test_help_of_an_unknown_command_is_an_error(words):
    result = resultbundle(*words)
    assert result.returncode == 2, result.stdout
    assert "is not a command" in result.stderr and result.stdout == ""


def test_help_of_a_known_command_still_works():
    result = resultbundle("help", "shard", "list")
    assert result.returncode == 0 and "USAGE: resultbundle shard list" in result.stdout


def test_shard_list_without_count_names_it_with_its_own_usage(tmp_path):
    environment = {k: v for k, v in os.environ.items() if not k.startswith(("CI_NODE", "CIRCLE_NODE", "BUILDKITE"))}
    result = subprocess.run([str(BINARY), "shard", "list", "--from", str(SAMPLE)], capture_output=True, text=True,
                            timeout=120, env=environment)
    assert result.returncode == 2
    assert "--count" in result.stderr.splitlines()[0], result.stderr
    assert "Usage: resultbundle shard list" in result.stderr, result.stderr


def test_a_folder_given_with_a_slash_is_shown_without_a_double_one(tmp_path):
    result = resultbundle("report", SAMPLE, "-o", "site/", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("site/index.html: "), result.stdout


def test_counts_of_one_are_singular(tmp_path):
    info = resultbundle("info", SAMPLE).stdout
    assert ", 1 run\n" in info and "1 runs" not in info and "1 expected failure\n" in info, info
    merged = resultbundle("merge", SAMPLE, "-o", tmp_path / "m.resultbundle").stdout
    assert ": 1 run, 8 tests" in merged, merged
    verified = resultbundle("verify", SAMPLE).stdout
    assert "1 run," in verified and "1 runs" not in verified, verified


def test_info_numbers_runs_from_one_as_the_report_and_summary_do():
    lines = resultbundle("info", SAMPLE).stdout.splitlines()
    assert lines[1].startswith("  run 1: "), lines
    assert not any(line.startswith("  run 0") for line in lines)


def command_paths():
    """Every command's words, as `help` takes them, read from the general help and each group's."""
    def subcommands(words):
        text = resultbundle("help", *words).stdout
        names, inside = [], False
        for line in text.splitlines():
            if line.startswith("SUBCOMMANDS:"):
                inside = True
            elif inside and line.startswith("  ") and not line.startswith("   "):
                names.append(line.split()[0])
            elif inside and line and not line.startswith(" "):
                inside = False
        return [name for name in names if name != "help"]
    paths = []
    for name in subcommands([]):
        paths.append([name])
        paths += [[name, child] for child in subcommands([name])]
    return paths


def test_every_help_example_stays_on_one_line_at_80_columns():
    paths = command_paths()
    assert ["shard", "list"] in paths and ["report"] in paths
    checked = 0
    for words in [[]] + paths:
        text = resultbundle("help", *words).stdout
        lines = text.splitlines()
        if "Examples:" not in lines:
            continue
        checked += 1
        examples = lines[lines.index("Examples:") + 1:]
        for line in examples:
            if not line.strip():
                break
            # An example starts with its indent; a line ArgumentParser wrapped starts at the margin.
            assert line.startswith("  "), (words, line)
    assert checked >= 15


def test_teamcity_opens_each_suite_once_when_a_run_interleaves_them(tmp_path):
    def suite(name, tests):
        return f'<testsuite name="{name}">' + "".join(
            f'<testcase classname="{name}" name="{test}" time="0.1"/>' for test in tests) + "</testsuite>"
    xml = tmp_path / "parallel.xml"
    xml.write_text("<testsuites>" + suite("A", ["a1"]) + suite("B", ["b1"]) + suite("A", ["a2"])
                   + suite("B", ["b2"]) + "</testsuites>")
    bundle = tmp_path / "parallel.resultbundle"
    assert resultbundle("import", xml, "-o", bundle).returncode == 0
    lines = resultbundle("annotate", "--format", "teamcity", bundle).stdout.splitlines()
    started = [line for line in lines if line.startswith("##teamcity[testSuiteStarted")]
    assert len(started) == len(set(started)), lines
    assert sum(line.startswith("##teamcity[testStarted") for line in lines) == 4
