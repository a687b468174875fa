#!/usr/bin/env python3
"""Deterministic benchmark inputs in each framework's own result format, shaped as their real producers write them.
usage: gen_format_inputs.py FORMAT N OUT   FORMAT: trx, nunit3, tap13, test2json, libtest, jest
N tests, about 2% failing and 1% skipped, 100 per class/suite/file. Prints `tests=N failed=F skipped=S`."""
import json
import random
import shutil
import sys
import tempfile
import uuid

PER = 100


def outcomes(n, seed):
    """(suite index, test index, outcome) for each test: 'pass', 'fail' or 'skip'."""
    random.seed(seed)
    for s in range(n // PER):
        for t in range(PER):
            r = random.random()
            yield s, t, "fail" if r < 0.02 else "skip" if r < 0.03 else "pass"


def ids(seed):
    generator = random.Random(seed)
    return lambda: str(uuid.UUID(int=generator.getrandbits(128), version=4))


def trx(n, w):
    new_id = ids(3)
    # The definitions go to a scratch file while the results are written: a million of them would not fit in a list.
    definitions, counts = tempfile.TemporaryFile("w+"), {"pass": 0, "fail": 0, "skip": 0}
    list_id = new_id()
    w.write('<?xml version="1.0" encoding="utf-8"?>\n<TestRun id="%s" name="bench@host 2026-11-26 10:00:00" '
            'runUser="bench" xmlns="http://microsoft.com/schemas/VisualStudio/TeamTest/2010">\n' % new_id())
    w.write('  <Times creation="2026-11-26T10:00:00.0000000+00:00" queuing="2026-11-26T10:00:00.0000000+00:00" '
            'start="2026-11-26T10:00:00.0000000+00:00" finish="2026-11-26T10:01:40.0000000+00:00" />\n  <Results>\n')
    for s, t, outcome in outcomes(n, 4):
        counts[outcome] += 1
        test_id, execution = new_id(), new_id()
        name = f"TestCase{t}_DoesSomethingUseful"
        word = {"pass": "Passed", "fail": "Failed", "skip": "NotExecuted"}[outcome]
        w.write(f'    <UnitTestResult executionId="{execution}" testId="{test_id}" testName="{name}" '
                f'computerName="bench-host" duration="00:00:00.0010000" startTime="2026-11-26T10:00:00.0000000+00:00" '
                f'endTime="2026-11-26T10:00:00.0010000+00:00" testType="13cdc9d9-ddb5-4fa4-a97d-d965ccfc6d4b" '
                f'outcome="{word}" testListId="{list_id}" relativeResultsDirectory="{execution}"')
        if outcome == "fail":
            w.write(f'>\n      <Output>\n        <StdOut>log line one\nlog line two for test {t}</StdOut>\n'
                    f'        <ErrorInfo>\n          <Message>Assert.AreEqual failed. Expected:&lt;{t}&gt;. Actual:&lt;{t + 1}&gt;.'
                    f'</Message>\n          <StackTrace>   at Bench.Suite{s}Tests.{name}() in /src/Tests/Suite{s}Tests.cs:line '
                    f'{t + 10}\n</StackTrace>\n        </ErrorInfo>\n      </Output>\n    </UnitTestResult>\n')
        elif outcome == "skip":
            w.write('>\n      <Output>\n        <ErrorInfo>\n          <Message>Test method is ignored.</Message>\n'
                    '        </ErrorInfo>\n      </Output>\n    </UnitTestResult>\n')
        else:
            w.write(' />\n')
        definitions.write(f'    <UnitTest name="{name}" storage="/src/bin/bench.tests.dll" id="{test_id}">\n'
                           f'      <Execution id="{execution}" />\n      <TestMethod codeBase="/src/bin/bench.tests.dll" '
                           f'adapterTypeName="executor://mstestadapter/v2" className="Bench.Suite{s}Tests" '
                           f'name="{name}" />\n    </UnitTest>\n')
    w.write('  </Results>\n  <TestDefinitions>\n')
    definitions.seek(0)
    shutil.copyfileobj(definitions, w)
    definitions.close()
    w.write('  </TestDefinitions>\n')
    w.write(f'  <ResultSummary outcome="Failed">\n    <Counters total="{n}" executed="{n - counts["skip"]}" '
            f'passed="{counts["pass"]}" failed="{counts["fail"]}" error="0" timeout="0" aborted="0" inconclusive="0" '
            f'passedButRunAborted="0" notRunnable="0" notExecuted="{counts["skip"]}" disconnected="0" warning="0" '
            f'completed="0" inProgress="0" pending="0" />\n  </ResultSummary>\n</TestRun>\n')
    return counts


def nunit3(n, w):
    tests = list(outcomes(n, 5))
    counts = {k: sum(1 for *_, o in tests if o == k) for k in ("pass", "fail", "skip")}
    w.write('<?xml version="1.0" encoding="utf-8" standalone="no"?>\n')
    w.write(f'<test-run id="0" runstate="Runnable" testcasecount="{n}" result="Failed" label="Error" total="{n}" '
            f'passed="{counts["pass"]}" failed="{counts["fail"]}" warnings="0" inconclusive="0" '
            f'skipped="{counts["skip"]}" asserts="{n}" engine-version="3.16.3.0" clr-version="8.0.0" '
            f'start-time="2026-11-26 10:00:00Z" end-time="2026-11-26 10:01:40Z" duration="100.0">\n')
    w.write(f'  <test-suite type="Assembly" id="0-1001" name="Bench.Tests.dll" fullname="/src/bin/Bench.Tests.dll" '
            f'runstate="Runnable" testcasecount="{n}" result="Failed" total="{n}">\n')
    w.write('    <test-suite type="TestSuite" id="0-1002" name="Bench" fullname="Bench" runstate="Runnable">\n')
    for s in range(n // PER):
        w.write(f'      <test-suite type="TestFixture" id="0-{s}" name="Suite{s}Tests" fullname="Bench.Suite{s}Tests" '
                f'classname="Bench.Suite{s}Tests" runstate="Runnable" testcasecount="{PER}" result="Passed" '
                f'start-time="2026-11-26 10:00:00Z" end-time="2026-11-26 10:00:01Z" duration="1.0">\n')
        for _, t, outcome in tests[s * PER:(s + 1) * PER]:
            name = f"TestCase{t}_DoesSomethingUseful"
            result = {"pass": "Passed", "fail": "Failed", "skip": "Skipped"}[outcome]
            label = {"pass": "", "fail": ' label="Error"', "skip": ' label="Ignored"'}[outcome]
            w.write(f'        <test-case id="{s}-{t}" name="{name}" fullname="Bench.Suite{s}Tests.{name}" '
                    f'methodname="{name}" classname="Bench.Suite{s}Tests" runstate="Runnable" seed="{t}" '
                    f'result="{result}"{label} start-time="2026-11-26 10:00:00Z" end-time="2026-11-26 10:00:00Z" '
                    f'duration="0.001" asserts="1"')
            if outcome == "fail":
                w.write(f'>\n          <failure>\n            <message><![CDATA[  Expected: {t}\n  But was:  {t + 1}\n]]>'
                        f'</message>\n            <stack-trace><![CDATA[   at Bench.Suite{s}Tests.{name}() in '
                        f'/src/Tests/Suite{s}Tests.cs:line {t + 10}\n]]></stack-trace>\n          </failure>\n'
                        f'          <output><![CDATA[log line one\nlog line two for test {t}\n]]></output>\n'
                        f'        </test-case>\n')
            elif outcome == "skip":
                w.write('>\n          <reason>\n            <message><![CDATA[not on linux]]></message>\n'
                        '          </reason>\n        </test-case>\n')
            else:
                w.write(' />\n')
        w.write('      </test-suite>\n')
    w.write('    </test-suite>\n  </test-suite>\n</test-run>\n')
    return counts


def tap13(n, w):
    counts = {"pass": 0, "fail": 0, "skip": 0}
    w.write(f"TAP version 13\n1..{n}\n")
    for number, (s, t, outcome) in enumerate(outcomes(n, 6), start=1):
        counts[outcome] += 1
        name = f"suite{s} test case {t} does something useful"
        if outcome == "fail":
            w.write(f"not ok {number} - {name}\n  ---\n  message: 'expected {t} to equal {t + 1}'\n  severity: fail\n"
                    f"  found: {t}\n  wanted: {t + 1}\n  at:\n    file: test/suite{s}.js\n    line: {t + 10}\n"
                    f"    column: 5\n  ...\n")
        elif outcome == "skip":
            w.write(f"ok {number} - {name} # SKIP not on linux\n")
        else:
            w.write(f"ok {number} - {name}\n")
    return counts


def test2json(n, w):
    counts = {"pass": 0, "fail": 0, "skip": 0}
    time = "2026-11-26T10:00:00.123456789Z"
    current, failed = None, False

    def end_package(package, failed):
        w.write(json.dumps({"Time": time, "Action": "output", "Package": package,
                            "Output": "FAIL\n" if failed else "PASS\n"}) + "\n")
        w.write(json.dumps({"Time": time, "Action": "fail" if failed else "pass", "Package": package,
                            "Elapsed": 1.0}) + "\n")

    for s, t, outcome in outcomes(n, 7):
        package = f"example.com/bench/pkg{s}"
        if package != current:
            if current:
                end_package(current, failed)
            current, failed = package, False
            w.write(json.dumps({"Time": time, "Action": "start", "Package": package}) + "\n")
        counts[outcome] += 1
        test = f"TestCase{t}DoesSomethingUseful"
        w.write(json.dumps({"Time": time, "Action": "run", "Package": package, "Test": test}) + "\n")
        w.write(json.dumps({"Time": time, "Action": "output", "Package": package, "Test": test,
                            "Output": f"=== RUN   {test}\n"}) + "\n")
        if outcome == "fail":
            failed = True
            w.write(json.dumps({"Time": time, "Action": "output", "Package": package, "Test": test,
                                "Output": f"    pkg{s}_test.go:{t + 10}: got {t}, want {t + 1}\n"}) + "\n")
        if outcome == "skip":
            w.write(json.dumps({"Time": time, "Action": "output", "Package": package, "Test": test,
                                "Output": f"    pkg{s}_test.go:{t + 10}: not on linux\n"}) + "\n")
        word = {"pass": "PASS", "fail": "FAIL", "skip": "SKIP"}[outcome]
        w.write(json.dumps({"Time": time, "Action": "output", "Package": package, "Test": test,
                            "Output": f"--- {word}: {test} (0.00s)\n"}) + "\n")
        w.write(json.dumps({"Time": time, "Action": outcome, "Package": package, "Test": test,
                            "Elapsed": 0.001}) + "\n")
    end_package(current, failed)
    return counts


def libtest(n, w):
    counts = {"pass": 0, "fail": 0, "skip": 0}
    w.write(json.dumps({"type": "suite", "event": "started", "test_count": n}) + "\n")
    for s, t, outcome in outcomes(n, 8):
        counts[outcome] += 1
        name = f"suite{s}::tests::test_case_{t}_does_something_useful"
        w.write(json.dumps({"type": "test", "event": "started", "name": name}) + "\n")
        if outcome == "fail":
            w.write(json.dumps({"type": "test", "name": name, "event": "failed", "exec_time": 0.001,
                                "stdout": f"\nthread '{name}' panicked at src/suite{s}.rs:{t + 10}:9:\nassertion "
                                          f"`left == right` failed\n  left: {t}\n right: {t + 1}\nnote: run with "
                                          f"`RUST_BACKTRACE=1` environment variable to display a backtrace\n"}) + "\n")
        elif outcome == "skip":
            w.write(json.dumps({"type": "test", "name": name, "event": "ignored"}) + "\n")
        else:
            w.write(json.dumps({"type": "test", "name": name, "event": "ok", "exec_time": 0.001}) + "\n")
    w.write(json.dumps({"type": "suite", "event": "failed", "passed": counts["pass"], "failed": counts["fail"],
                        "ignored": counts["skip"], "measured": 0, "filtered_out": 0, "exec_time": 10.5}) + "\n")
    return counts


def jest(n, w):
    tests = list(outcomes(n, 9))
    counts = {k: sum(1 for *_, o in tests if o == k) for k in ("pass", "fail", "skip")}
    files = []
    for s in range(n // PER):
        results = []
        for _, t, outcome in tests[s * PER:(s + 1) * PER]:
            title = f"test case {t} does something useful"
            failure = [f"Error: expect(received).toBe(expected) // Object.is equality\n\nExpected: {t + 1}\n"
                       f"Received: {t}\n    at Object.<anonymous> (/src/__tests__/suite{s}.test.js:{t + 10}:19)"]
            results.append({"ancestorTitles": [f"Suite {s}"], "duration": None if outcome == "skip" else 1,
                             "failureDetails": [{}] if outcome == "fail" else [],
                             "failureMessages": failure if outcome == "fail" else [],
                             "fullName": f"Suite {s} {title}", "invocations": 1, "location": None,
                             "numPassingAsserts": 0 if outcome != "pass" else 1, "retryReasons": [],
                             "status": {"pass": "passed", "fail": "failed", "skip": "pending"}[outcome],
                             "title": title})
        failed = any(r["status"] == "failed" for r in results)
        files.append({"assertionResults": results, "endTime": 1795730401000, "message": "",
                      "name": f"/src/__tests__/suite{s}.test.js", "startTime": 1795730400000,
                      "status": "failed" if failed else "passed", "summary": ""})
    failed_files = sum(1 for f in files if f["status"] == "failed")
    json.dump({"numFailedTestSuites": failed_files, "numFailedTests": counts["fail"],
               "numPassedTestSuites": len(files) - failed_files, "numPassedTests": counts["pass"],
               "numPendingTestSuites": 0, "numPendingTests": counts["skip"], "numRuntimeErrorTestSuites": 0,
               "numTodoTests": 0, "numTotalTestSuites": len(files), "numTotalTests": n, "openHandles": [],
               "snapshot": {"added": 0, "didUpdate": False, "failure": False, "filesAdded": 0, "filesRemoved": 0,
                            "filesRemovedList": [], "filesUnmatched": 0, "filesUpdated": 0, "matched": 0,
                            "total": 0, "unchecked": 0, "uncheckedKeysByFile": [], "unmatched": 0, "updated": 0},
               "startTime": 1795730400000, "success": False, "testResults": files, "wasInterrupted": False}, w)
    return counts


GENERATORS = {"trx": trx, "nunit3": nunit3, "tap13": tap13, "test2json": test2json, "libtest": libtest,
              "jest": jest}

if __name__ == "__main__":
    format_name, count, out = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    with open(out, "w") as stream:
        totals = GENERATORS[format_name](count, stream)
    print(f"tests={count} failed={totals['fail']} skipped={totals['skip']}")
