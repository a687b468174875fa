#!/usr/bin/env python3
"""`make bench`: the performance budgets of docs/BENCHMARKS.md, each measured next to its peer in the same run.

Inputs come from ../shared/tools/gen_bench_inputs.py (100,000-test console log and JUnit file). Every figure is the
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

ROOT = pathlib.Path(__file__).resolve().parents[1]
GENERATOR = ROOT.parent / "shared" / "tools" / "gen_bench_inputs.py"
RUNS = int(os.environ.get("BENCH_RUNS", "3"))


def timed(command, **kwargs):
    """(best seconds, peak RSS in MB) of running `command` RUNS times."""
    best, peak = float("inf"), 0.0
    for _ in range(RUNS):
        start = time.perf_counter()
        result = subprocess.run(["/usr/bin/time", "-v", *map(str, command)], capture_output=True, text=True, **kwargs)
        elapsed = time.perf_counter() - start
        if result.returncode not in (0, 1):
            raise SystemExit(f"{command} failed: {result.stderr[-2000:]}")
        rss = re.search(r"Maximum resident set size \(kbytes\): (\d+)", result.stderr)
        best = min(best, elapsed)
        peak = max(peak, int(rss.group(1)) / 1024 if rss else 0)
    return best, peak


def gzip_time(path):
    return timed(["sh", "-c", f"gzip -6 -c '{path}' > /dev/null"])[0]


def main():
    subprocess.run(["swift", "build", "-c", "release", "--product", "resultbundle"], cwd=ROOT, check=True)
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

    size = console.stat().st_size / 1e6
    seconds, memory = timed([binary, "import", console, "-o", work / "console.resultbundle", "--quiet"])
    row(f"import 100,000-test XCTest log ({size:.1f} MB): {size / seconds:.0f} MB/s, {memory:.0f} MB peak",
        seconds, "gzip -6 of the log", gzip_time(console), "≤ 1.5x, ≥ 100 MB/s, < 150 MB")
    size = junit.stat().st_size / 1e6
    bundle = work / "junit.resultbundle"
    seconds, memory = timed([binary, "import", junit, "-o", bundle, "--quiet"])
    row(f"import 100,000-testcase JUnit ({size:.1f} MB): {size / seconds:.0f} MB/s, {memory:.0f} MB peak",
        seconds, "gzip -6 of the XML", gzip_time(junit), "≤ 1.5x, ≥ 50 MB/s, < 150 MB")

    site = work / "site"
    seconds, memory = timed(["sh", "-c", f"rm -rf '{site}' && '{binary}' report '{bundle}' -o '{site}' --quiet"])
    index = (site / "index.html").stat().st_size
    peer = shutil.which("junit2html")
    if peer:
        peer_seconds, peer_memory = timed([peer, junit, work / "junit2html.html"])
        peer_size = (work / "junit2html.html").stat().st_size
        row(f"HTML report of 100,000 tests: index {index / 1e6:.2f} MB (junit2html page {peer_size / 1e6:.1f} MB, "
            f"{peer_size / index:.0f}x larger), {memory:.0f} MB peak", seconds, "junit2html", peer_seconds,
            "< 1.5 s, ≥ 10x faster, index < 2 MB", faster=True)
    exported = work / "export.xml"
    seconds, memory = timed([binary, "junit", bundle, "-o", exported, "--quiet"])
    row(f"JUnit export of 100,000 tests, {memory:.0f} MB peak", seconds, "gzip -6 of the XML written",
        gzip_time(exported), "≤ 1.5x, < 150 MB")

    print(f"\nMachine: {os.cpu_count()} cores, {platform.processor() or platform.machine()}, {platform.platform()}\n")
    print("| measurement | ours | peer | ratio | budget |\n|---|---|---|---|---|")
    for r in rows:
        print("| " + " | ".join(r) + " |")
    shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
