#!/usr/bin/env python3
"""`make bench`: the performance budgets of docs/BENCHMARKS.md, each measured next to its peer in the same run.

Inputs come from Benchmarks/tools/gen_bench_inputs.py (100,000-test console log and JUnit file, and a
1,000,000-test console log for `record`). Every figure is the
best of N runs of the release binary; peak memory comes from /usr/bin/time. Prints a Markdown table."""
import os
import pathlib
import platform
import re
import shutil
import subprocess
import sys
import tempfile
import time
import zlib

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from coverage_rows import coverage_rows  # noqa: E402
from flat_rows import flat_rows  # noqa: E402
from format_rows import format_rows  # noqa: E402
from report_scale_rows import report_scale_rows  # noqa: E402

ROOT = pathlib.Path(__file__).resolve().parents[1]
GENERATOR = ROOT / "Benchmarks" / "tools" / "gen_bench_inputs.py"
FORMAT_GENERATOR = ROOT / "Benchmarks" / "tools" / "gen_format_inputs.py"
RUNS = int(os.environ.get("BENCH_RUNS", "3"))


def run_once(command, **kwargs):
    """(seconds, peak RSS in MB) of one run of `command`."""
    start = time.perf_counter()
    result = subprocess.run(["/usr/bin/time", "-v", *map(str, command)], capture_output=True, text=True, **kwargs)
    elapsed = time.perf_counter() - start
    if result.returncode not in (0, 1):
        raise SystemExit(f"{command} failed: {result.stderr[-2000:]}")
    rss = re.search(r"Maximum resident set size \(kbytes\): (\d+)", result.stderr)
    return elapsed, int(rss.group(1)) / 1024 if rss else 0.0


def timed_with_peer(command, peer_command):
    """(our best seconds, our peak RSS in MB, the peer's best seconds): ours and the peer's run alternately, RUNS
    times each, so that both meet the machine in the same state (a shared machine's speed drifts by minutes)."""
    best, peak, peer_best = float("inf"), 0.0, float("inf")
    for _ in range(RUNS):
        seconds, memory = run_once(command)
        best, peak = min(best, seconds), max(peak, memory)
        peer_best = min(peer_best, run_once(peer_command)[0])
    return best, peak, peer_best


def content_ratio(bundle):
    """The bundle's size over `gzip -6` (zlib level 6) of everything its frames hold, uncompressed: the format's
    size target is within 10% (docs/FORMAT.md)."""
    sys.path.insert(0, str(ROOT / "docs" / "reference-reader"))
    import read_resultbundle
    data = bundle.read_bytes()
    content = bytearray()
    for _, frame_type, flags, _, payload in read_resultbundle.frames(data, []):
        if frame_type == 0x42:
            payload = payload[32:]
        content += zlib.decompress(payload) if flags & 1 else payload
    return len(data) / len(zlib.compress(bytes(content), 6))


def gzip_command(path):
    return ["sh", "-c", f"gzip -6 -c '{path}' > /dev/null"]


def history_rows(binary, work, row):
    """History (issue 20): 100 runs of a 100,000-test suite whose durations vary from run to run as real ones do
    (Benchmarks/tools/gen_history_runs.py; ten different runs, added in turn)."""
    site = work / "history-site"
    variants = []
    for number in range(10):
        log = work / f"history-{number}.log"
        subprocess.run([sys.executable, ROOT / "Benchmarks" / "tools" / "gen_history_runs.py", "100000", str(number),
                        log], check=True)
        variants.append(work / f"history-{number}.resultbundle")
        subprocess.run([binary, "import", log, "-o", variants[-1], "--quiet"], check=False)
        log.unlink()
    history, trial = work / "main.rbhistory", work / "trial.rbhistory"
    for number in range(99):
        subprocess.run([binary, "history", "add", variants[number % 10], "--history", history, "--commit",
                        f"c{number:04d}"], check=True, capture_output=True)
    copy = ["sh", "-c", f"cp '{history}' '{trial}'"]
    seconds, memory, peer = timed_with_peer(
        ["sh", "-c", f"cp '{history}' '{trial}' && '{binary}' history add '{variants[9]}' --history '{trial}' "
         f"--commit c0099 > /dev/null"], copy)
    size = trial.stat().st_size
    row(f"history add of a 100,000-test run as the 100th run (with the cp), {memory:.0f} MB peak; the history: "
        f"{size / 1e6:.1f} MB = {size / 100 / 100_000:.2f} B per test and run", seconds, "cp of the 99-run history",
        peer, "≤ 0.3 s, ≤ 3 B per test and run")
    shutil.copy(trial, history)
    seconds, memory, peer = timed_with_peer(
        ["sh", "-c", f"cp '{history}' '{trial}' && '{binary}' history add '{variants[0]}' --history '{trial}' "
         f"--keep 100 --commit c0100 > /dev/null"], copy)
    row(f"history add to a full history (--keep 100: the oldest run dropped, the file rewritten), {memory:.0f} MB "
        f"peak", seconds, "cp of the 100-run history", peer, "≤ 1 s")
    head = variants[9]
    seconds, memory, peer = timed_with_peer(
        ["sh", "-c", f"rm -rf '{site}' && '{binary}' report '{head}' -o '{site}' --quiet --history '{history}'"],
        ["sh", "-c", f"rm -rf '{site}' && '{binary}' report '{head}' -o '{site}' --quiet"])
    row(f"report --history of 100 runs of 100,000 tests, {memory:.0f} MB peak", seconds, "report without history",
        peer, "≤ 2x, ≤ 150 MB")
    seconds, memory, peer = timed_with_peer(
        [binary, "compare", variants[8], head, "--format", "json", "--history", history],
        [binary, "compare", variants[8], head, "--format", "json"])
    row(f"compare --history (each test's own spread from 100 runs), {memory:.0f} MB peak", seconds,
        "compare without history", peer, "≤ 1.5x (compare itself: ≤ 0.5 s)")


def folder_size(folder):
    """(bytes, files) of everything in `folder`."""
    files = [path for path in folder.rglob("*") if path.is_file()]
    return sum(path.stat().st_size for path in files), len(files)


def scale_rows(binary, work, console, row):
    """Issue 22.3: the report of 1,000,000 tests against the report of 100,000 in the same run (time, peak memory,
    bytes and files written), and in Chromium the first search result at 1,000,000 tests (from the first keystroke
    to the first result row) and the opening of the index and an all-tests page."""
    small, large = work / "scale-100k.resultbundle", work / "scale-1m.resultbundle"
    subprocess.run([binary, "import", console, "-o", small, "--quiet", "--force"], check=True)
    log = work / "scale-1m.log"
    subprocess.run([sys.executable, GENERATOR, "console", "1000000", log], check=True, capture_output=True)
    subprocess.run([binary, "import", log, "-o", large, "--quiet", "--force"], check=True)
    log.unlink()
    # Each run writes a new folder, removed only at the end: deleting a folder of a thousand files just before the
    # next report makes ext4 search longer for free inodes ("recently deleted"), which a CI job's fresh output
    # folder never meets.
    runs = work / "scale-runs"
    runs.mkdir()

    def fresh(bundle):
        return ["sh", "-c", f"'{binary}' report '{bundle}' -o \"$(mktemp -d -p '{runs}')/site\" --quiet"]

    seconds, memory, peer = timed_with_peer(fresh(large), fresh(small))
    small_memory = run_once(fresh(small))[1]
    small_site, large_site = work / "scale-site-100k", work / "scale-site-1m"
    subprocess.run([binary, "report", small, "-o", small_site, "--quiet"], check=True)
    subprocess.run([binary, "report", large, "-o", large_site, "--quiet"], check=True)
    shutil.rmtree(runs, ignore_errors=True)
    large_bytes, large_files = folder_size(large_site)
    small_bytes, small_files = folder_size(small_site)
    row(f"report of 1,000,000 tests: {memory:.0f} MB peak (100,000: {small_memory:.0f} MB), {large_bytes / 1e6:.0f} MB "
        f"in {large_files} files (100,000: {small_bytes / 1e6:.1f} MB in {small_files})", seconds,
        "report of 100,000 tests", peer, "≤ 3 s, ≤ 150 MB flat, ≤ 120 MB written")
    timing = subprocess.run([sys.executable, ROOT / "Benchmarks" / "report" / "search_timing.py", large_site,
                             "testCase12"], capture_output=True, text=True)
    if timing.returncode == 0:
        import json
        figures = json.loads(timing.stdout.strip().splitlines()[-1])
        first = next(value for key, value in figures.items() if key.startswith("first result"))
        row(f"Chromium, 1,000,000 tests: first search result of `testCase12` typed at 60 ms a key {first} ms after "
            f"the first keystroke; index.html opens in {figures['index.html']} ms, all-1.html in "
            f"{figures['all-1.html']} ms, failed.html in {figures['failed.html']} ms, skipped.html in "
            f"{figures['skipped.html']} ms", first / 1000, "opening the slowest of those pages",
            max(figures[page] for page in ("index.html", "all-1.html", "failed.html", "skipped.html")) / 1000,
            "≤ 1 s; pages ≤ 300 ms")
    else:
        print(f"search timing failed: {timing.stderr[-2000:]}", file=sys.stderr)
    shutil.rmtree(large_site, ignore_errors=True)
    large.unlink()


def main():
    # The binary as README's "Building and installing" builds it: release, the Swift runtime linked in.
    subprocess.run(["swift", "build", "-c", "release", "--static-swift-stdlib", "--product", "resultbundle"], cwd=ROOT,
                   check=True)
    binary = ROOT / ".build" / "release" / "resultbundle"
    work = pathlib.Path(tempfile.mkdtemp(prefix="resultbundle-bench-"))
    console, junit = work / "console.log", work / "junit.xml"
    subprocess.run([sys.executable, GENERATOR, "console", "100000", console], check=True, capture_output=True)
    subprocess.run([sys.executable, GENERATOR, "junit", "100000", junit], check=True, capture_output=True)
    rows = []

    def row(what, ours, peer_name, peer, budget, faster=False):
        """`faster`: the ratio is how many times faster we are than the peer, not our cost in units of it."""
        ratio = (peer / ours if faster else ours / peer) if peer and ours else float("nan")
        rows.append((what, f"{ours:.3f} s", f"{peer_name}: {peer:.3f} s",
                     f"{ratio:.1f}x faster" if faster else f"{ratio:.2f}x", budget))

    if os.environ.get("BENCH_ONLY") == "scale":  # `BENCH_ONLY=scale make bench`: the report at 1,000,000 tests alone
        scale_rows(binary, work, console, row)
        print_rows(rows)
        shutil.rmtree(work, ignore_errors=True)
        return

    # `BENCH_ONLY=flat make bench`: commands at 10,000,000 tests, flat memory; `BENCH_ONLY=report-scale make bench`:
    # the report at 10,000,000 tests and of 1,000,000 unique names. Each prints a table of its own columns.
    tables = {
        "flat": (flat_rows, ("command (CPU s, peak)", "100,000 tests", "1,000,000 tests", "10,000,000 tests",
                             "10,000,000 / 100,000", "budget")),
        "report-scale": (report_scale_rows, ("report of", "CPU, peak", "written", "most entries in a folder",
                                             "first search result", "slowest page")),
    }
    if os.environ.get("BENCH_ONLY") in tables:
        measure_rows, columns = tables[os.environ["BENCH_ONLY"]]
        table = []
        measure_rows(binary, work, GENERATOR, table.append)
        print(f"\nMachine: {os.cpu_count()} cores, {platform.processor() or platform.machine()}, "
              f"{platform.platform()}\n")
        print("| " + " | ".join(columns) + " |\n|" + "---|" * len(columns))
        for cells in table:
            print("| " + " | ".join(cells) + " |")
        shutil.rmtree(work, ignore_errors=True)
        return

    if os.environ.get("BENCH_ONLY") == "history":  # `BENCH_ONLY=history make bench`: the history rows alone
        history_rows(binary, work, row)
        print_rows(rows)
        return

    if os.environ.get("BENCH_ONLY") == "coverage":  # `BENCH_ONLY=coverage make bench`: the coverage pages alone
        coverage_rows(binary, work, row, timed_with_peer, folder_size, ROOT, run_once, RUNS)
        print_rows(rows)
        shutil.rmtree(work, ignore_errors=True)
        return

    if os.environ.get("BENCH_ONLY") == "formats":  # `BENCH_ONLY=formats make bench`: the framework formats alone
        format_rows(binary, work, row, FORMAT_GENERATOR, timed_with_peer, gzip_command, run_once)
        print_rows(rows)
        shutil.rmtree(work, ignore_errors=True)
        return

    size = console.stat().st_size / 1e6
    seconds, memory, peer = timed_with_peer(
        [binary, "import", console, "-o", work / "console.resultbundle", "--quiet"], gzip_command(console))
    ratio = content_ratio(work / "console.resultbundle")
    row(f"import 100,000-test XCTest log ({size:.1f} MB): {size / seconds:.0f} MB/s, {memory:.0f} MB peak, "
        f"bundle {ratio:.2f}x `gzip -6` of its content",
        seconds, "gzip -6 of the log", peer, "≤ 1.5x, ≥ 100 MB/s, < 150 MB, bundle ≤ 1.1x")
    size = junit.stat().st_size / 1e6
    bundle = work / "junit.resultbundle"
    seconds, memory, peer = timed_with_peer([binary, "import", junit, "-o", bundle, "--quiet"], gzip_command(junit))
    ratio = content_ratio(bundle)
    row(f"import 100,000-testcase JUnit ({size:.1f} MB): {size / seconds:.0f} MB/s, {memory:.0f} MB peak, "
        f"bundle {ratio:.2f}x `gzip -6` of its content",
        seconds, "gzip -6 of the XML", peer, "≤ 1.5x, ≥ 50 MB/s, < 150 MB, bundle ≤ 1.1x")

    for tests in (100_000, 1_000_000):
        log = console if tests == 100_000 else work / "console-1m.log"
        if not log.exists():
            subprocess.run([sys.executable, GENERATOR, "console", str(tests), log], check=True, capture_output=True)
        recorded, imported = work / "recorded.resultbundle", work / "imported.resultbundle"
        # `record` reads the log through a pipe from `cat` and echoes it (to /dev/null), as it would a test run.
        record = ["sh", "-c", f"rm -f '{recorded}' && '{binary}' record --quiet --force -o '{recorded}' -- "
                  f"cat '{log}' > /dev/null"]
        direct = ["sh", "-c", f"rm -f '{imported}' && '{binary}' import --quiet --force '{log}' -o '{imported}'"]
        seconds, memory, peer = timed_with_peer(record, direct)
        growth = recorded.stat().st_size / imported.stat().st_size
        row(f"record of `cat` of the {tests:,}-test XCTest log ({log.stat().st_size / 1e6:.0f} MB): {memory:.0f} MB "
            f"peak, bundle {recorded.stat().st_size / 1e6:.2f} MB = {growth:.3f}x import's",
            seconds, "import of the same log", peer, "≤ 1.5x, bundle ≤ 1.1x")

    site = work / "site"
    report = ["sh", "-c", f"rm -rf '{site}' && '{binary}' report '{bundle}' -o '{site}' --quiet"]
    peer = shutil.which("junit2html")
    if peer:
        seconds, memory, peer_seconds = timed_with_peer(report, [peer, junit, work / "junit2html.html"])
        index = (site / "index.html").stat().st_size
        peer_size = (work / "junit2html.html").stat().st_size
        row(f"HTML report of 100,000 tests: index {index / 1e6:.2f} MB (junit2html page {peer_size / 1e6:.1f} MB, "
            f"{peer_size / index:.0f}x larger), {memory:.0f} MB peak", seconds, "junit2html", peer_seconds,
            "< 1.5 s, ≥ 10x faster, index < 2 MB", faster=True)
    exported = work / "export.xml"
    seconds, memory, peer = timed_with_peer([binary, "junit", bundle, "-o", exported, "--quiet"],
                                            gzip_command(exported))
    row(f"JUnit export of 100,000 tests, {memory:.0f} MB peak", seconds, "gzip -6 of the XML written", peer,
        "≤ 1.5x, < 150 MB")

    # compare (issue 20): two 100,000-test bundles (the JUnit run and the console run's tests, imported again),
    # against the report of one of them in the same run.
    other = work / "junit-again.resultbundle"
    subprocess.run([binary, "import", junit, "-o", other, "--quiet"], check=True)
    seconds, memory, peer = timed_with_peer(
        [binary, "compare", bundle, other, "--format", "json"],
        ["sh", "-c", f"rm -rf '{site}' && '{binary}' report '{bundle}' -o '{site}' --quiet"])
    row(f"compare of two 100,000-test bundles (JSON), {memory:.0f} MB peak", seconds,
        "report of one of them", peer, "≤ 0.5 s")

    history_rows(binary, work, row)
    format_rows(binary, work, row, FORMAT_GENERATOR, timed_with_peer, gzip_command, run_once)

    # Ten million tests (issue 25.9): the index is a large index, the fresh bundle verifies, and `info` reads the
    # runs' totals from the index instead of reading ten million tests.
    log = work / "console-10m.log"
    subprocess.run([sys.executable, GENERATOR, "console", "10000000", log], check=True, capture_output=True)
    huge = work / "ten-million.resultbundle"
    seconds, memory, peer = timed_with_peer([binary, "import", log, "-o", huge, "--quiet"], gzip_command(log))
    row(f"import of a 10,000,000-test XCTest log ({log.stat().st_size / 1e6:.0f} MB): {memory:.0f} MB peak, bundle "
        f"{huge.stat().st_size / 1e6:.0f} MB", seconds, "gzip -6 of the log", peer, "≤ 1.5x")
    log.unlink()
    verified = subprocess.run([binary, "verify", huge], capture_output=True, text=True)
    seconds, memory, peer = timed_with_peer([binary, "info", huge], ["sh", "-c", f"cat '{huge}' > /dev/null"])
    row(f"info of that bundle ({'verify passes' if verified.returncode == 0 else 'VERIFY FAILS'}), {memory:.0f} MB "
        f"peak", seconds, "cat of the bundle", peer, "< 1 s, verify passes")
    huge.unlink()

    # Records as long as the format allows (issue 25.8): every display output stays bounded.
    tool = ROOT / ".build" / "release" / "resultbundle-format-tool"
    subprocess.run(["swift", "build", "-c", "release", "--product", "resultbundle-format-tool"], cwd=ROOT, check=True)
    hostile = work / "huge-text.resultbundle"
    subprocess.run([tool, "make-huge-text", hostile, "8"], check=True)
    for command in (["report", hostile, "-o", work / "huge-report"], ["junit", hostile, "-o", work / "huge.xml"],
                    ["summary", hostile, "-o", work / "huge.md"], ["info", hostile], ["verify", hostile]):
        seconds, memory, peer = timed_with_peer([binary, *command, "--quiet"] if command[0] in ("report", "junit")
                                                else [binary, *command], ["sh", "-c", f"cat '{hostile}' > /dev/null"])
        row(f"{command[0]} of 8 tests with 64 MiB names or messages ({hostile.stat().st_size / 1e3:.0f} KB bundle): "
            f"{memory:.0f} MB peak", seconds, "cat of the bundle", peer, "< 10 s, < 150 MB")

    print_rows(rows)
    shutil.rmtree(work, ignore_errors=True)


def print_rows(rows):
    print(f"\nMachine: {os.cpu_count()} cores, {platform.processor() or platform.machine()}, {platform.platform()}\n")
    print("| measurement | ours | peer | ratio | budget |\n|---|---|---|---|---|")
    for r in rows:
        print("| " + " | ".join(r) + " |")


if __name__ == "__main__":
    main()
