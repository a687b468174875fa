"""`compare` of two runs that differ, with the runs' tests spilled to partitions on disk (a few partitions with
buffers of a few bytes, so 3,000 tests go through the scratch file): every bucket lists its tests in the order of
HEAD's tests (BASE's for removed ones), as worked out here from the JUnit files the test writes, and `--fail-on`
exits as it does for runs held in memory."""
import json
import os
import subprocess

from conftest import BINARY, run

TESTS = 3000
SPILLED = {**os.environ, "RESULTBUNDLE_COMPARE_PARTITIONS": "5", "RESULTBUNDLE_COMPARE_PARTITION_BYTES": "64"}


def in_base(number):
    return number % 17 != 5


def in_head(number):
    return number % 19 != 2


def fails_in_base(number):
    return number % 9 == 0


def fails_in_head(number):
    return number % 10 == 0


def bundle(tmp_path, name, present, fails, order):
    cases = []
    for number in order:
        if not present(number):
            continue
        failure = '<failure message="broke">broke</failure>' if fails(number) else ""
        cases.append(f'<testcase classname="Suite" name="test{number:04}" time="0.01">{failure}</testcase>')
    xml = tmp_path / f"{name}.xml"
    xml.write_text(f'<testsuites><testsuite name="all" tests="{len(cases)}">{"".join(cases)}</testsuite></testsuites>')
    path = tmp_path / f"{name}.resultbundle"
    subprocess.run([str(BINARY), "import", str(xml), "-o", str(path), "--quiet"], check=True, timeout=120)
    return path


def compare(*arguments):
    return subprocess.run([str(BINARY), "compare", *map(str, arguments)], capture_output=True, text=True,
                          timeout=120, env=SPILLED)


def names(entries):
    return [entry["test"].rsplit("/", 1)[-1] for entry in entries]


def test_spilled_buckets_come_out_in_the_runs_order(tmp_path):
    # HEAD runs its tests in the reverse order of BASE, so an order taken from either side alone shows.
    base = bundle(tmp_path, "base", in_base, fails_in_base, range(TESTS))
    head = bundle(tmp_path, "head", in_head, fails_in_head, reversed(range(TESTS)))
    result = compare(base, head, "--format", "json")
    assert result.returncode == 0, result.stderr
    buckets = json.loads(result.stdout)["buckets"]
    head_order = [n for n in reversed(range(TESTS)) if in_head(n)]
    assert names(buckets["newTests"]) == [f"test{n:04}" for n in head_order if not in_base(n)]
    assert names(buckets["removedTests"]) == [f"test{n:04}" for n in range(TESTS) if in_base(n) and not in_head(n)]
    assert names(buckets["newFailures"]) == [
        f"test{n:04}" for n in head_order if fails_in_head(n) and not (in_base(n) and fails_in_base(n))]
    assert names(buckets["fixed"]) == [
        f"test{n:04}" for n in head_order if in_base(n) and fails_in_base(n) and not fails_in_head(n)]
    assert names(buckets["stillFailing"]) == [
        f"test{n:04}" for n in head_order if in_base(n) and fails_in_base(n) and fails_in_head(n)]
    # The table keeps 50 entries a bucket and counts the rest, as the JSON's buckets number them.
    text = compare(base, head).stdout
    for key, label in [("newTests", "New tests"), ("removedTests", "Removed tests"), ("newFailures", "New failures")]:
        assert f"{label} ({len(buckets[key]):,})" in text
    assert f"  … and {len(buckets['newTests']) - 50} more" in text
    # The same runs compared with the standard partitions, which keep 3,000 tests in memory, say the same.
    assert run("compare", base, head, "--format", "json").stdout == result.stdout
    assert run("compare", base, head).stdout == compare(base, head).stdout
    assert compare(base, head, "--fail-on", "new-failures").returncode == 1
    assert compare(base, base, "--fail-on", "new-failures,removed").returncode == 0
