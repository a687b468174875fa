"""`BENCH_ONLY=flat make bench`: the commands whose memory must stay flat, at 100,000, 1,000,000 and 10,000,000
tests in the same run (CPU seconds, user plus system, and peak memory, from the resource usage `wait4` gives: one
run each, the median of five for `info`, `summary` and `annotate`, whose budgets are ratios of hundredths of a
second). Inputs are Benchmarks/tools/gen_bench_inputs.py's XCTest console logs; the 10,000,000-test log is 1.8 GB
and is deleted once imported. `merge` joins each size's bundle with the 100,000-test one (a large run and a small shard), kept for the
whole run; `compare` compares a bundle with itself (every test matched), as JSON and as the terminal table; it keeps
its runs' digests in partitions on disk (docs/COMPARE.md, "Scale"). `history add` runs into a new history, then adds
the same bundle again (`--allow-duplicate`) to the history that holds it: every key found in the table."""
import os
import statistics
import subprocess
import sys

SIZES = (100_000, 1_000_000, 10_000_000)
# Commands that hold every test, run only up to this many tests.
HOLDING_EVERY_TEST = {}
# Commands whose budget is a ratio of CPU times of a few hundredths of a second: the median of this many runs.
REPEATED = {"info": 5, "summary": 5, "annotate --format github": 5}


def measure_once(command):
    """(CPU seconds, user plus system, to the microsecond; peak RSS in MB) of one run of `command`, from the
    resource usage `wait4` gives for it (a `sh -c` command line execs its last command, so that is the command's)."""
    process = subprocess.Popen(list(map(str, command)), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(process.pid, 0)
    code = os.waitstatus_to_exitcode(status)
    if code not in (0, 1):
        raise SystemExit(f"{command} failed ({code}): {process.stderr.read()[-2000:]}")
    process.stderr.close()
    return usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def measure(command, runs=1):
    """The median CPU seconds and the highest peak of `runs` runs of `command`: the bounded commands take a few
    hundredths of a second, and one run's time moves by as much with the machine."""
    figures = [measure_once(command) for _ in range(runs)]
    return statistics.median(cpu for cpu, _ in figures), max(peak for _, peak in figures)


def commands(binary, work, bundle, log, small):
    """What is measured at every size: (name, command line, budget)."""
    recorded = work / "flat-recorded.resultbundle"
    return [
        ("import", [binary, "import", log, "-o", work / "flat-imported.resultbundle", "--quiet", "--force"],
         "≤ 150 MB"),
        ("record", ["sh", "-c", f"'{binary}' record --quiet --force -o '{recorded}' -- cat '{log}' > /dev/null"],
         "≤ 150 MB"),
        ("info", [binary, "info", bundle], "< 0.1 s, ≤ 30 MB"),
        ("verify", [binary, "verify", bundle], "≤ 150 MB"),
        ("summary", [binary, "summary", bundle, "-o", work / "flat-summary.md"], "≤ 3x 100,000, ≤ 150 MB"),
        ("annotate --format github", ["sh", "-c", f"'{binary}' annotate --format github '{bundle}' > /dev/null"],
         "≤ 3x 100,000, ≤ 150 MB"),
        ("junit", [binary, "junit", bundle, "-o", work / "flat-junit.xml", "--quiet"], "≤ 150 MB"),
        ("json", [binary, "json", bundle, "-o", work / "flat-export.json", "--force"], "≤ 150 MB"),
        ("merge with a 100,000-test bundle",
         [binary, "merge", bundle, small, "-o", work / "flat-merged.resultbundle", "--quiet", "--force"], "≤ 150 MB"),
        ("compare", ["sh", "-c", f"'{binary}' compare '{bundle}' '{bundle}' --format json > /dev/null"], "≤ 150 MB"),
        ("compare (table)", ["sh", "-c", f"'{binary}' compare '{bundle}' '{bundle}' > /dev/null"], "≤ 150 MB"),
        ("history add", [binary, "history", "add", bundle, "--history", work / "flat-history.rbhistory"], "≤ 150 MB"),
        ("history add, again into that history",
         [binary, "history", "add", bundle, "--history", work / "flat-history.rbhistory", "--allow-duplicate"],
         "≤ 150 MB"),
    ]


def flat_rows(binary, work, generator, row):
    """Rows of `| command | 100,000 | 1,000,000 | 10,000,000 | 10,000,000 / 100,000 | budget |`, appended through
    `row(cells)`: the ratio of CPU times is what the bounded outputs' budget (summary, annotate: ≤ 3x) is about."""
    figures = {}
    budgets = {}
    small = work / "flat-small.resultbundle"
    for tests in SIZES:
        log = work / f"flat-{tests}.log"
        subprocess.run([sys.executable, generator, "console", str(tests), log], check=True, capture_output=True)
        bundle = work / f"flat-{tests}.resultbundle"
        subprocess.run([binary, "import", log, "-o", bundle, "--quiet", "--force"], check=True)
        if tests == SIZES[0]:
            subprocess.run([binary, "import", log, "-o", small, "--quiet", "--force"], check=True)
        for name, command, budget in commands(binary, work, bundle, log, small):
            budgets[name] = budget
            if tests <= HOLDING_EVERY_TEST.get(name, tests):
                figures[(name, tests)] = measure(command, REPEATED.get(name, 1))
        log.unlink()
        # history add leaves its lock file (.flat-history.rbhistory.lock) beside the history.
        for leftover in [*work.glob("flat-*"), *work.glob(".flat-*")]:
            if leftover.is_file() and leftover != small:
                leftover.unlink()
    small.unlink()
    for name, budget in budgets.items():
        cells = [f"{figures[(name, tests)][0]:.2f} s, {figures[(name, tests)][1]:.0f} MB"
                 if (name, tests) in figures else "not run (holds every test)" for tests in SIZES]
        # A ratio over less than a hundredth of a second says nothing.
        if (name, SIZES[0]) in figures and (name, SIZES[-1]) in figures:
            small_cpu, large_cpu = figures[(name, SIZES[0])][0], figures[(name, SIZES[-1])][0]
            ratio = f"{large_cpu / small_cpu:.1f}x" if small_cpu >= 0.01 else f"{large_cpu:.2f} s against under 0.01 s"
        else:
            ratio = "not measured"
        row([name, *cells, ratio, budget])
