"""One test identity with and without `swift test --parallel`, and one count of tests in every command.

Real data: swift-argument-parser's XCTest output run one test after another (names without module) and with
--parallel (names with module), with its `swift test list`; swift-log's parameterized test from its event stream.
"""
import json
import stat

import pytest

from conftest import FIXTURES, run

SAP = FIXTURES / "corpus" / "swift-argument-parser"
SEQUENTIAL = SAP / "sap-sequential.log"
PARALLEL = SAP / "sap-parallel.log"
TEST_LIST = SAP / "sap-test-list.txt"
SWIFT_LOG_EVENTS = FIXTURES / "corpus" / "swift-log" / "swiftlog.events.jsonl"


def imported(folder, log, name, *options):
    bundle = folder / f"{name}.resultbundle"
    run("import", log, "-o", bundle, "--quiet", *options)
    return bundle


def compared(base, head):
    return json.loads(run("compare", base, head, "--format", "json").stdout)


def ids_of(bundle):
    return sorted(test["id"] for test in json.loads(run("json", bundle).stdout)["tests"])


def end_of_run(bundle):
    return json.loads(run("info", "--json", bundle).stdout)["runs"][0]["end"]


@pytest.mark.parametrize("with_list", [True, False], ids=["with-test-list", "matching-rule"])
def test_sequential_and_parallel_logs_of_the_same_code_compare_with_no_new_or_removed_test(tmp_path, with_list):
    options = ("--test-list", TEST_LIST) if with_list else ()
    sequential = imported(tmp_path, SEQUENTIAL, "sequential", *options)
    parallel = imported(tmp_path, PARALLEL, "parallel", *options)
    for base, head in ((sequential, parallel), (parallel, sequential)):
        comparison = compared(base, head)
        assert comparison["baseCount"] == comparison["headCount"] == 72
        assert comparison["buckets"]["newTests"] == [] and comparison["buckets"]["removedTests"] == []
    if with_list:
        # The list gives the sequential run's XCTests their module, and both runs' swift-testing functions their
        # module and suite (as swift-testing's event stream names them): both runs name every test the same.
        assert ids_of(sequential) == ids_of(parallel)
        assert "ArgumentParserUnitTests/ExitCodeTests/testExitCodes" in ids_of(sequential)
        assert "ArgumentParserUnitTests/SplitArgumentTests/empty()" in ids_of(sequential)


def test_the_list_counts_each_frameworks_tests_and_gives_suites_their_module(tmp_path):
    bundle = imported(tmp_path, SEQUENTIAL, "sequential", "--test-list", TEST_LIST)
    counts = end_of_run(bundle)["reportedCounts"]
    assert counts["xctest.listed"] == 35 and counts["swiftTesting.listed"] == 38
    suites = json.loads(run("json", bundle).stdout)["suites"]
    assert {suite["id"] for suite in suites} >= {"ArgumentParserUnitTests/ExitCodeTests",
                                                 "ArgumentParserExampleTests/MathExampleTests"}


def test_a_class_two_modules_list_keeps_no_module_and_a_note_says_so(tmp_path):
    listing = tmp_path / "tests.txt"
    listing.write_text(TEST_LIST.read_text() + "OtherTests.ExitCodeTests/testExitCodes\n")
    bundle = imported(tmp_path, SEQUENTIAL, "sequential", "--test-list", listing)
    ids = ids_of(bundle)
    assert "ExitCodeTests/testExitCodes" in ids
    assert "ArgumentParserUnitTests/ExitCodeTests/testExitCode_Success" in ids
    notes = [d["message"] for d in end_of_run(bundle)["diagnostics"] if d["severity"] == "note"]
    assert any("ExitCodeTests/testExitCodes (ArgumentParserUnitTests, OtherTests)" in note for note in notes), notes


def test_history_keeps_one_key_per_test_whether_or_not_a_run_names_modules(tmp_path):
    sequential = imported(tmp_path, SEQUENTIAL, "sequential")
    parallel = imported(tmp_path, PARALLEL, "parallel")
    history = tmp_path / "main.rbhistory"
    first = run("history", "add", sequential, "--history", history).stdout
    second = run("history", "add", parallel, "--history", history).stdout
    assert "added 72 tests (72 new)" in first, first
    assert "added 72 tests (0 new)" in second, second
    shown = run("history", "show", "--history", history).stdout
    assert shown.startswith("2 runs, the newest with 72 tests"), shown


@pytest.mark.parametrize("problem, content, message", [
    ("missing", None, "no such file"),
    ("not-a-list", "Building for debugging...\nBuild complete!\n", "names no test"),
])
def test_a_test_list_that_is_not_one_is_refused(tmp_path, problem, content, message):
    listing = tmp_path / "tests.txt"
    if content is not None:
        listing.write_text(content)
    result = run("import", SEQUENTIAL, "-o", tmp_path / "out.resultbundle", "--test-list", listing, check=False)
    assert result.returncode == 2 and message in result.stderr and "--test-list" in result.stderr
    assert not (tmp_path / "out.resultbundle").exists()


def test_record_lists_a_swift_test_commands_tests_for_their_modules_and_counts(tmp_path):
    # A stand-in for `swift`: `swift test` prints the real sequential log, `swift test list` the real list.
    tool = tmp_path / "bin" / "swift"
    tool.parent.mkdir()
    tool.write_text("#!/bin/sh\n"
                    f"case \" $* \" in *\" list \"*) cat '{TEST_LIST}' ;;\n"
                    f"  *) echo 'Build complete! (0.10s)'; cat '{SEQUENTIAL}' ;; esac\n")
    tool.chmod(tool.stat().st_mode | stat.S_IEXEC)
    bundle = tmp_path / "recorded.resultbundle"
    # The stand-in writes no event stream: swift-testing's results come from its console lines.
    run("record", "-o", bundle, "--quiet", "--no-event-stream", "--", tool, "test", "--filter",
        "ExitCodeTests|MathExampleTests")
    assert "ArgumentParserUnitTests/ExitCodeTests/testExitCodes" in ids_of(bundle)
    assert len(ids_of(bundle)) == 72
    counts = end_of_run(bundle)["reportedCounts"]
    # The command's --filter selects what ran: the counts are of the listed tests it selects.
    assert counts["xctest.listed"] == 18 and counts["swiftTesting.listed"] == 0
    parallel = imported(tmp_path, PARALLEL, "parallel", "--test-list", TEST_LIST)
    assert ids_of(bundle) == ids_of(parallel)
    unlisted = tmp_path / "unlisted.resultbundle"
    run("record", "-o", unlisted, "--quiet", "--no-event-stream", "--no-test-list", "--", tool, "test")
    assert "ExitCodeTests/testExitCodes" in ids_of(unlisted)
    assert "xctest.listed" not in end_of_run(unlisted)["reportedCounts"]


def test_info_compare_and_history_give_one_count(tmp_path):
    bundle = imported(tmp_path, SWIFT_LOG_EVENTS, "swiftlog")
    info = json.loads(run("info", "--json", bundle).stdout)["totals"]
    assert (info["tests"], info["parameterizedTests"], info["testCases"]) == (7, 1, 7)
    words = "7 tests (1 parameterized with 7 cases)"
    assert words in run("info", bundle).stdout
    comparison = compared(bundle, bundle)
    assert comparison["baseCount"] == comparison["headCount"] == info["tests"]
    assert comparison["headTests"] == {"tests": 7, "parameterized": 1, "cases": 7}
    assert f"BASE: {words}, HEAD: {words}" in run("compare", bundle, bundle).stdout
    history = tmp_path / "main.rbhistory"
    assert f"added {words}, 7 new" in run("history", "add", bundle, "--history", history).stdout
    shown = run("history", "show", "--history", history).stdout
    assert shown.startswith(f"1 run, the newest with {words}") and f"{words}, 0 failed" in shown
