"""Durations of tests that run in parallel, end to end on real runs of swift-log (164 swift-testing tests that run
side by side): the wall clock and the summed durations shown apart in info, summary, report and JUnit; compare
finds no slower or faster test between runs of unchanged code but still finds a test that got three times slower;
shard balances by what tests cost the run's wall clock."""
import json
import re
import subprocess
import xml.etree.ElementTree as ElementTree

import pytest

from conftest import BINARY, FIXTURES, run, stand_in

RUNS = FIXTURES / "corpus" / "swift-log-runs"


@pytest.fixture(scope="module")
def imported(tmp_path_factory):
    """{run1-events, run4-events, run1-console, run4-console: bundle}."""
    folder = tmp_path_factory.mktemp("durations")
    bundles = {}
    for number in (1, 4):
        console = RUNS / f"run{number}.console.txt"
        events = RUNS / f"run{number}.events.jsonl"
        for kind, files in (("events", [console, events]), ("console", [console])):
            bundle = folder / f"run{number}-{kind}.resultbundle"
            run("import", *files, "-o", bundle, "--quiet")
            bundles[f"run{number}-{kind}"] = bundle
    return bundles


def test_info_names_wall_clock_and_sum(imported):
    text = run("info", imported["run1-events"]).stdout
    assert re.search(r"time: 4\d\d ms wall clock, 3\d\.\d s summed over tests running in parallel "
                     r"\(8\d at a time on average\)", text), text
    document = json.loads(run("info", "--json", imported["run1-console"]).stdout)
    assert document["runs"][0]["end"]["wallClock"] == pytest.approx(0.435)


def test_summary_report_and_junit_show_the_wall_clock(imported, tmp_path):
    summary = run("summary", imported["run1-events"]).stdout
    assert "| 435 ms |" in summary
    assert re.search(r"Time: 435 ms wall clock, 3\d\.\d s summed over tests running in parallel\.", summary)
    run("report", imported["run1-events"], "-o", tmp_path / "site")
    index = (tmp_path / "site" / "index.html").read_text()
    assert re.search(r"164 tests \(1 parameterized with 7 cases\)( failed)? in 1 run, 435 ms wall clock, 3\d\.\d s summed over tests running in parallel",
                     index)
    # The console names no test's suite, nor when a test started: the one <testsuite> of its 164 tests takes no
    # longer than the run, not the 35 s of their durations.
    run("junit", imported["run1-console"], "-o", tmp_path / "console.xml")
    root = ElementTree.parse(tmp_path / "console.xml").getroot()
    assert float(root.get("time")) == pytest.approx(0.435)
    assert all(float(suite.get("time")) <= 0.435 for suite in root.iter("testsuite"))
    # A suite's time is what swift-testing said it took (`Suite LoggingTest passed after 0.229 seconds`).
    run("junit", imported["run1-events"], "-o", tmp_path / "events.xml")
    root = ElementTree.parse(tmp_path / "events.xml").getroot()
    assert float(root.get("time")) == pytest.approx(0.435, abs=0.001)
    suites = {suite.get("name"): suite for suite in root.iter("testsuite")}
    assert float(suites["LoggingTests.LoggingTest"].get("time")) == pytest.approx(0.229, abs=0.001)


@pytest.mark.parametrize("kind", ["events", "console"])
def test_compare_finds_no_change_between_runs_of_unchanged_code(imported, kind):
    for base, head in (("run1", "run4"), ("run4", "run1")):
        document = json.loads(run("compare", imported[f"{base}-{kind}"], imported[f"{head}-{kind}"],
                                  "--format", "json").stdout)
        assert document["buckets"]["slower"] == [] and document["buckets"]["faster"] == [], (base, head)


def test_compare_finds_no_change_where_raw_durations_differed_most(tmp_path):
    # Runs 2 and 3: five tests took over 0.1 s and 20% longer or shorter, with nothing changed but their neighbours.
    for number in (2, 3):
        run("import", RUNS / f"run{number}.console.txt", "-o", tmp_path / f"run{number}.resultbundle", "--quiet")
    for base, head in ((2, 3), (3, 2)):
        document = json.loads(run("compare", tmp_path / f"run{base}.resultbundle", tmp_path / f"run{head}.resultbundle",
                                  "--format", "json").stdout)
        assert document["buckets"]["slower"] == [] and document["buckets"]["faster"] == [], (base, head)


def tripled(source, destination, test, seconds):
    """The event stream `source` with `test` taking `seconds` from its start (the run ending no earlier)."""
    events = [json.loads(line) for line in source.read_text().splitlines()]
    start = next(event["payload"]["instant"] for event in events
                 if event["kind"] == "event" and event["payload"]["kind"] == "testStarted"
                 and event["payload"].get("testID", "").startswith(test))
    end = {key: value + seconds for key, value in start.items()}
    for event in events:
        payload = event["payload"]
        if event["kind"] != "event":
            continue
        if payload["kind"] == "testEnded" and payload.get("testID", "").startswith(test):
            payload["instant"] = end
        if payload["kind"] == "runEnded":
            payload["instant"] = {key: max(value, end[key] + 0.001) for key, value in payload["instant"].items()}
    destination.write_text("".join(json.dumps(event) + "\n" for event in events))


def test_compare_still_finds_a_test_that_got_three_times_slower(tmp_path):
    test = "InMemoryLoggingTests.InMemoryLogHandlerTests/collectsLogs()"
    for name, number, seconds in (("base", 1, 0.5), ("head", 4, 1.5)):
        tripled(RUNS / f"run{number}.events.jsonl", tmp_path / f"{name}.jsonl", test, seconds)
        run("import", tmp_path / f"{name}.jsonl", "-o", tmp_path / f"{name}.resultbundle", "--quiet")
    document = json.loads(run("compare", tmp_path / "base.resultbundle", tmp_path / "head.resultbundle",
                              "--format", "json").stdout)
    assert [entry["test"] for entry in document["buckets"]["slower"]] == [
        "InMemoryLoggingTests/InMemoryLogHandlerTests/collectsLogs()"]
    entry = document["buckets"]["slower"][0]
    assert entry["baseDuration"] == pytest.approx(0.5) and entry["headDuration"] == pytest.approx(1.5)
    assert entry["headWallShare"] - entry["baseWallShare"] > 0.9
    assert document["buckets"]["faster"] == []


def serial_xctest_log(count, seconds):
    """An XCTest run of `count` tests of `seconds` each, one after another, with Linux XCTest's times."""
    lines = ["Test Suite 'All tests' started at 2026-11-26 11:00:00.000",
             "Test Suite 'SerialTests' started at 2026-11-26 11:00:00.000"]
    for index in range(count):
        at = index * seconds
        lines.append(f"Test Case 'SerialTests.test{index:02}' started at 2026-11-26 11:00:{at:06.3f}")
        lines.append(f"Test Case 'SerialTests.test{index:02}' passed ({seconds:.3f} seconds)")
    total = count * seconds
    for suite in ("SerialTests", "All tests"):
        lines.append(f"Test Suite '{suite}' passed at 2026-11-26 11:00:{total:06.3f}")
        lines.append(f"\t Executed {count} tests, with 0 failures (0 unexpected) in {total:.3f} ({total:.3f}) seconds")
    return "\n".join(lines) + "\n"


def test_shard_balances_serial_and_parallel_tests_by_wall_clock(tmp_path):
    # Six XCTests of 2 s run one after another (12 s), then swift-log's 164 swift-testing tests run side by side in
    # 0.44 s, though their durations add up to 35 s: the serial tests are the work to split. Weighed by their
    # durations, all six went to one shard (12 s of work against 0.4 s).
    log = tmp_path / "mixed.log"
    log.write_text(serial_xctest_log(6, 2.0) + (RUNS / "run1.console.txt").read_text())
    run("import", log, RUNS / "run1.events.jsonl", "-o", tmp_path / "mixed.resultbundle", "--quiet")
    plan = json.loads(run("shard", "list", "--count", "2", "--from", tmp_path / "mixed.resultbundle",
                          "--format", "json").stdout)
    serial = [sum(1 for test in shard["tests"] if "SerialTests" in test["id"]) for shard in plan["shards"]]
    assert serial == [3, 3]
    estimates = [shard["estimatedSeconds"] for shard in plan["shards"]]
    assert max(estimates) < 1.1 * min(estimates) and sum(estimates) == pytest.approx(12.435, abs=0.01), estimates


FAKE_SWIFT = """#!/bin/sh
# Stands in for `swift test`: prints a recorded console log and writes the recorded event stream where it is asked.
if [ "$1" = "--version" ]; then echo "Swift version 6.3.1"; exit 0; fi
while [ $# -gt 0 ]; do
    if [ "$1" = "--experimental-event-stream-output" ]; then cp "$FAKE_EVENTS" "$2"; fi
    shift
done
cat "$FAKE_CONSOLE"
"""


def test_record_of_swift_test_keeps_the_runs_wall_clock(tmp_path):
    # `record -- swift test` follows the event stream: its run events give the wall clock, and every swift-testing
    # test its start, so `compare` shares the wall clock out exactly.
    bundles = []
    for number in (1, 4):
        environment = stand_in(tmp_path, "swift", FAKE_SWIFT, FAKE_EVENTS=RUNS / f"run{number}.events.jsonl",
                               FAKE_CONSOLE=RUNS / f"run{number}.console.txt")
        bundle = tmp_path / f"run{number}.resultbundle"
        subprocess.run([str(BINARY), "record", "-o", bundle, "--quiet", "--", "swift", "test"], env=environment,
                       check=True, capture_output=True, cwd=tmp_path)
        bundles.append(bundle)
    document = json.loads(run("info", "--json", bundles[0]).stdout)
    assert document["totals"]["tests"] == 164
    assert document["runs"][0]["end"]["wallClock"] == pytest.approx(0.435, abs=0.001)
    comparison = json.loads(run("compare", *bundles, "--format", "json").stdout)
    assert comparison["buckets"]["slower"] == [] and comparison["buckets"]["faster"] == []


def test_a_run_without_a_wall_clock_says_so(tmp_path):
    # `swift test --parallel` prints no XCTest summary for the run and no test's start: its wall clock is unknown,
    # and the summary does not pass the sum of the durations off as one.
    log = FIXTURES / "corpus" / "swift-6.3-linux" / "probe" / "probe.parallel.console.txt"
    run("import", log, "-o", tmp_path / "parallel.resultbundle", "--quiet")
    summary = run("summary", tmp_path / "parallel.resultbundle").stdout
    assert re.search(r"\| unknown \|", summary) and re.search(r"Time: (\d+ ms|\d+\.\d s|\d+ min( \d+ s)?) summed over tests\.", summary)
    assert "summed over tests" in run("info", tmp_path / "parallel.resultbundle").stdout


def test_a_parallel_run_is_not_timed_by_its_swift_testing_part_alone(tmp_path):
    # `swift test --parallel` prints no XCTest summary and no XCTest test's time, while swift-testing's event stream
    # times its own part: that part's 0.435 s is not the run's wall clock (the XCTest processes ran for longer).
    console = FIXTURES / "corpus" / "swift-argument-parser" / "sap-parallel.log"
    events = RUNS / "run1.events.jsonl"
    environment = stand_in(tmp_path, "swift", FAKE_SWIFT, FAKE_EVENTS=events, FAKE_CONSOLE=console)
    recorded = tmp_path / "recorded.resultbundle"
    subprocess.run([str(BINARY), "record", "-o", recorded, "--quiet", "--", "swift", "test", "--parallel"],
                   env=environment, check=False, capture_output=True, cwd=tmp_path)
    imported = tmp_path / "imported.resultbundle"
    run("import", console, events, "-o", imported, "--quiet")
    for bundle in (recorded, imported):
        document = json.loads(run("info", "--json", bundle).stdout)
        assert document["totals"]["tests"] == 35 + 164, bundle
        assert "wallClock" not in document["runs"][0]["end"], bundle
        assert "wall clock" not in run("info", bundle).stdout, bundle
        summary = run("summary", bundle).stdout
        assert "| unknown |" in summary and "wall clock," not in summary, summary
