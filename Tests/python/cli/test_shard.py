"""`resultbundle shard list` and `shard run` end to end: every test on exactly one shard, the `--filter` passed to
the test command matches exactly the shard's tests, the test list comes from `swift test list`, and the command's
exit code passes through. A small script stands in for `swift` and records the arguments it gets."""
import json
import os
import re
import subprocess

from conftest import BINARY, ROOT, run, stand_in

SAMPLE = ROOT / "SampleBundles" / "v1.0-examples.resultbundle"

FAKE_SWIFT = """#!/bin/sh
# Stands in for `swift`: `swift test list` appends its arguments to $FAKE_CALLS.lists and prints $FAKE_LIST; `swift
# test ...` (or `swift build ...`) appends its arguments, one JSON array a line, to $FAKE_CALLS and exits with $FAKE_EXIT (or the next code in $FAKE_EXITS).
if [ "$1 $2" = "test list" ]; then
    python3 -c 'import json, sys; print(json.dumps(sys.argv[1:]))' "$@" >> "$FAKE_CALLS.lists"
    echo "Building for debugging..."
    echo "[3/7] Compiling WordTallyTests WordTallyXCTests.swift"
    echo "Build complete! (0.10s)"
    cat "$FAKE_LIST"
    exit 0
fi
python3 -c 'import json, sys; print(json.dumps(sys.argv[1:]))' "$@" >> "$FAKE_CALLS"
count=$(wc -l < "$FAKE_CALLS")
code=$(echo "${FAKE_EXITS:-$FAKE_EXIT}" | cut -d, -f"$count")
exit "${code:-0}"
"""


def fake_swift(tmp_path, listed, exit_code=0, exits=None):
    (tmp_path / "list.txt").write_text("".join(line + "\n" for line in listed))
    environment = stand_in(tmp_path, "swift", FAKE_SWIFT, FAKE_LIST=tmp_path / "list.txt",
                           FAKE_CALLS=tmp_path / "calls.jsonl", FAKE_EXIT=exit_code)
    if exits:
        environment["FAKE_EXITS"] = ",".join(map(str, exits))
    for name in ("CI_NODE_INDEX", "CI_NODE_TOTAL", "CIRCLE_NODE_INDEX", "CIRCLE_NODE_TOTAL",
                 "BUILDKITE_PARALLEL_JOB", "BUILDKITE_PARALLEL_JOB_COUNT"):
        environment.pop(name, None)
    return environment


def calls(tmp_path):
    path = tmp_path / "calls.jsonl"
    return [json.loads(line) for line in path.read_text().splitlines()] if path.exists() else []


def shard_run(environment, *arguments):
    return subprocess.run([str(BINARY), "shard", "run", *map(str, arguments)], capture_output=True, text=True,
                          timeout=120, env=environment)


def plan(*arguments):
    return json.loads(run("shard", "list", "--format", "json", *arguments).stdout)


def matched(patterns, specifier):
    # How swift-testing sees a function: with its source location after it.
    identifier = specifier + "/WordTallySwiftTests.swift:10:4" if specifier.endswith(")") else specifier
    return any(re.search(pattern, identifier) for pattern in patterns)


LISTED = [
    "WordTallyTests.WordTallySwiftTests/toolShowsAColoredTable()",
    "WordTallyTests.WordTallySwiftTests/totalsAreCounted(text:)",
    "WordTallyTests.WordTallySwiftTests/deliberateFailureInsideAStep()",
    "WordTallyTests.WordTallySwiftTests/brandNewTest()",
    "WordTallyTests.WordTallyXCTests/testCountsRepeatedWords",
    "WordTallyTests.WordTallyXCTests/testTablePerformance",
    "WordTallyTests.WordTallyXCTests/testDeliberateFailureInsideAStep",
]


def test_list_puts_every_test_of_the_bundle_on_exactly_one_shard():
    tests = {test["name"] for test in json.loads(run("json", SAMPLE).stdout)["tests"]}
    for count in (1, 2, 3, 5):
        result = plan("--count", count, "--from", SAMPLE)
        assert result["count"] == count and [shard["index"] for shard in result["shards"]] == list(range(count))
        ids = [test["id"] for shard in result["shards"] for test in shard["tests"]]
        assert len(ids) == len(set(ids)) == len(tests)
        assert {identifier.rsplit("/", 1)[1] for identifier in ids} == tests
        text = run("shard", "list", "--count", count, "--from", SAMPLE).stdout
        assert text.count("# shard ") == count
        for shard in result["shards"]:
            alone = run("shard", "list", "--count", count, "--index", shard["index"], "--from", SAMPLE).stdout
            assert alone.splitlines() == [test["id"] for test in shard["tests"]]


def test_list_numbers_shards_from_one_with_index_base_and_from_gitlab_variables(tmp_path):
    zero = plan("--count", 3, "--from", SAMPLE)
    one = plan("--count", 3, "--index", 3, "--index-base", 1, "--from", SAMPLE)
    assert one["shards"][0]["tests"] == zero["shards"][2]["tests"] and one["shards"][0]["index"] == 3
    environment = dict(os.environ, CI_NODE_INDEX="1", CI_NODE_TOTAL="3")
    gitlab = subprocess.run([str(BINARY), "shard", "list", "--from", str(SAMPLE)], capture_output=True, text=True,
                            env=environment, timeout=60)
    assert gitlab.returncode == 0, gitlab.stderr
    assert gitlab.stdout.splitlines() == [test["id"] for test in zero["shards"][0]["tests"]]
    wrong = run("shard", "list", "--count", 3, "--index", 3, "--from", SAMPLE, check=False)
    assert wrong.returncode == 2 and "--index-base 1" in wrong.stderr


def test_run_passes_the_shards_filter_and_only_its_tests(tmp_path):
    environment = fake_swift(tmp_path, LISTED)
    (tmp_path / "tests.txt").write_text("\n".join(LISTED) + "\n")
    seen = []
    for index in range(3):
        expected = plan("--count", 3, "--index", index, "--from", SAMPLE, "--tests", tmp_path / "tests.txt")
        wanted = [test["id"] for test in expected["shards"][0]["tests"]]
        result = shard_run(environment, "--index", index, "--count", 3, "--from", SAMPLE, "--",
                           "swift", "test", "--parallel", "-c", "debug")
        assert result.returncode == 0, result.stderr
        call = calls(tmp_path)[-1]
        assert call[:4] == ["test", "--parallel", "-c", "debug"] and call[4] == "--filter" and len(call) == 6
        assert [test for test in LISTED if matched([call[5]], test)] == sorted(wanted, key=LISTED.index)
        assert call[5] == expected["shards"][0]["filter"][0]
        seen += wanted
    # Every listed test ran on one shard: the new one too; the bundle's tests that are not listed any more did not.
    assert sorted(seen) == sorted(LISTED)
    assert not any("skippedOnPurpose" in test for test in seen)


def test_run_exits_with_the_commands_code(tmp_path):
    environment = fake_swift(tmp_path, LISTED, exit_code=3)
    result = shard_run(environment, "--index", 0, "--count", 2, "--from", SAMPLE, "--", "swift", "test")
    assert result.returncode == 3, result.stderr
    missing = shard_run(environment, "--index", 0, "--count", 1, "--from", SAMPLE, "--", "no-such-test-tool")
    assert missing.returncode == 127


def test_a_long_filter_runs_in_several_commands_with_the_first_failing_code(tmp_path):
    many = [f"Big.Suite{number % 7}/testNumber{number}" for number in range(400)]
    environment = fake_swift(tmp_path, many, exits=[0, 4, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0])
    result = shard_run(environment, "--index", 0, "--count", 1, "--max-filter-bytes", 2000, "--",
                       "swift", "test")
    assert result.returncode == 4, result.stderr
    made = calls(tmp_path)
    assert len(made) > 2
    patterns = [call[-1] for call in made]
    assert all(len(pattern.encode()) <= 2000 for pattern in patterns)
    assert all(sum(bool(re.search(p, test)) for p in patterns) == 1 for test in many)
    assert not any(re.search(p, "Big.Suite1/testNumber4000") for p in patterns)


def test_an_empty_shard_runs_nothing_and_a_filter_of_the_users_own_is_refused(tmp_path):
    environment = fake_swift(tmp_path, LISTED[:2])
    results = [shard_run(environment, "--index", index, "--count", 4, "--", "swift", "test") for index in range(4)]
    assert all(result.returncode == 0 for result in results), [result.stderr for result in results]
    assert len(calls(tmp_path)) == 2
    refused = shard_run(environment, "--index", 0, "--count", 2, "--", "swift", "test", "--filter", "Foo")
    assert refused.returncode == 2 and "--filter" in refused.stderr


def test_run_reaches_swift_test_through_record(tmp_path):
    environment = fake_swift(tmp_path, LISTED)
    bundle = tmp_path / "shard.resultbundle"
    result = shard_run(environment, "--index", 1, "--count", 2, "--from", SAMPLE, "--",
                       BINARY, "record", "--quiet", "--no-event-stream", "--allow-empty", "-o", bundle, "--",
                       "swift", "test")
    assert result.returncode == 0, result.stderr
    call = calls(tmp_path)[-1]
    assert call[0] == "test" and call[-2] == "--filter"
    assert bundle.exists()


def test_a_run_with_coverage_lists_its_tests_without_building_them_again(tmp_path):
    # `swift test list` builds without coverage: listing before a coverage run would build everything twice.
    environment = fake_swift(tmp_path, LISTED)
    bundle = tmp_path / "shard.resultbundle"
    result = shard_run(environment, "--index", 0, "--count", 2, "--from", SAMPLE, "--",
                       BINARY, "record", "--coverage", "--quiet", "--no-event-stream", "--allow-empty", "-o", bundle,
                       "--", "swift", "test", "-c", "debug", "--test-product", "WordTallyPackageTests")
    assert result.returncode == 0, result.stderr
    made = calls(tmp_path)
    assert made[0] == ["build", "--build-tests", "--enable-code-coverage", "-c", "debug"], made
    lists = [json.loads(line) for line in (tmp_path / "calls.jsonl.lists").read_text().splitlines()]
    assert lists[0] == ["test", "list", "-c", "debug", "--test-product", "WordTallyPackageTests", "--skip-build"]
    [tests] = [call for call in made if "--filter" in call]
    assert tests[0] == "test" and "--enable-code-coverage" in tests and "--skip-build" not in tests

    # Without coverage, the list builds the tests as the test command will.
    plain = tmp_path / "plain"
    plain.mkdir()
    environment = fake_swift(plain, LISTED)
    result = shard_run(environment, "--index", 0, "--count", 2, "--from", SAMPLE, "--", "swift", "test")
    assert result.returncode == 0, result.stderr
    assert not any(call[0] == "build" for call in calls(plain))
    lists = [json.loads(line) for line in (plain / "calls.jsonl.lists").read_text().splitlines()]
    assert lists[0] == ["test", "list"]
