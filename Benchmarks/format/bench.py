#!/usr/bin/env python3
"""Benchmarks of the .resultbundle format (docs/BENCHMARKS.md, "Format").

usage: Benchmarks/format/bench.py [--tests N] [--big-mb MB] [--runs R] [--json]
Run from the package root; builds the release format tool first. Measures:
  * write: N import-like test records (like the 100,000-test console log of tools/gen_bench_inputs.py) with the
    batched policy, against `gzip -6` on that console log and on the records' own JSON Lines (same bytes);
  * read: every test of that bundle;
  * open: opening a ~1 GB bundle (mostly blobs, 100,000 tests) and fetching one test by id;
  * verify: checking every frame and blob of that bundle;
  * peak memory (max RSS) of each step.
Times are the best of R runs (the machine is shared); budgets: write <= 1.5x gzip -6, open one test < 50 ms.
"""
import argparse, json, os, platform, subprocess, sys, tempfile, time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
TOOL = os.path.join(ROOT, ".build", "release", "resultbundle-format-tool")
GEN = os.path.join(ROOT, "Benchmarks", "tools", "gen_bench_inputs.py")


LAST_CPU = [0.0]


def run(args, stdout=subprocess.PIPE):
    """Runs a command; returns (wall seconds, max RSS in KB, stdout); LAST_CPU[0] = its CPU seconds."""
    start = time.perf_counter()
    process = subprocess.Popen(args, stdout=stdout)
    output = process.stdout.read() if stdout == subprocess.PIPE else b""
    _, status, usage = os.wait4(process.pid, 0)
    if status != 0:
        sys.exit(f"failed: {' '.join(args)}")
    LAST_CPU[0] = usage.ru_utime + usage.ru_stime
    return time.perf_counter() - start, usage.ru_maxrss, output


def best(count, step):
    results = [step() for _ in range(count)]
    return min(results, key=lambda item: item[0])


def gzip_seconds(path):
    """(wall seconds, CPU seconds) of gzip -6 on a file."""
    with open(os.devnull, "wb") as null:
        return run(["gzip", "-6", "-c", path], stdout=null)[0], LAST_CPU[0]


def cpu_model():
    try:
        with open("/proc/cpuinfo") as info:
            for line in info:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--tests", type=int, default=100_000)
    parser.add_argument("--big-mb", type=int, default=1024)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--json", action="store_true")
    options = parser.parse_args()
    subprocess.run(["swift", "build", "-c", "release", "--product", "resultbundle-format-tool"], cwd=ROOT,
                   check=True, stdout=subprocess.DEVNULL)
    scratch = tempfile.mkdtemp(prefix="resultbundle-bench-")
    console = os.path.join(scratch, "console.txt")
    subprocess.run([sys.executable, GEN, "console", str(options.tests), console], check=True,
                   stdout=subprocess.DEVNULL)
    bundle, jsonl = os.path.join(scratch, "import.resultbundle"), os.path.join(scratch, "records.jsonl")

    def write_step():
        wall, rss, out = run([TOOL, "bench-write", bundle, str(options.tests), jsonl])
        result = json.loads(out)
        return result["seconds"], rss, result["cpuSeconds"]

    writes = [write_step() for _ in range(options.runs)]
    write_seconds, write_rss, _ = min(writes)
    write_cpu = min(cpu for _, _, cpu in writes)
    gzips_console = [gzip_seconds(console) for _ in range(options.runs)]
    gzip_console, gzip_console_cpu = min(w for w, _ in gzips_console), min(c for _, c in gzips_console)
    gzip_records = min(gzip_seconds(jsonl)[0] for _ in range(options.runs))

    def read_step():
        wall, rss, out = run([TOOL, "bench-read", bundle])
        result = json.loads(out)
        return result["openSeconds"] + result["readSeconds"], rss, result

    read_seconds, read_rss, _ = best(options.runs, read_step)

    big = os.path.join(scratch, "big.resultbundle")
    _, big_rss, out = run([TOOL, "make-big", big, str(options.big_mb), "100000"])
    big_result = json.loads(out)
    opens = []
    for test_id in ["Big/Suite0/test0", "Big/Suite500/test50000", "Big/Suite999/test99999"]:
        _, rss, out = run([TOOL, "bench-open", big, test_id])
        result = json.loads(out)
        assert result["found"], test_id
        opens.append((result["totalSeconds"], rss))
    _, verify_rss, out = run([TOOL, "bench-verify", big])
    verify_result = json.loads(out)
    report = {
        "machine": {"nproc": os.cpu_count(), "cpu": cpu_model()},
        "tests": options.tests,
        "consoleBytes": os.path.getsize(console),
        "recordsJSONBytes": os.path.getsize(jsonl),
        "bundleBytes": os.path.getsize(bundle),
        "writeSeconds": round(write_seconds, 3),
        "gzipConsoleSeconds": round(gzip_console, 3),
        "gzipRecordsSeconds": round(gzip_records, 3),
        "writeVsGzipConsole": round(write_seconds / gzip_console, 2),
        "writeVsGzipRecords": round(write_seconds / gzip_records, 2),
        "writeCPUSeconds": round(write_cpu, 3),
        "gzipConsoleCPUSeconds": round(gzip_console_cpu, 3),
        "writeCPUVsGzipCPU": round(write_cpu / gzip_console_cpu, 2),
        "writeMaxRSSKB": write_rss,
        "readAllSeconds": round(read_seconds, 3),
        "readMaxRSSKB": read_rss,
        "bigBundleBytes": big_result["bundleBytes"],
        "bigWriteMaxRSSKB": big_rss,
        "openOneTestSeconds": [round(seconds, 4) for seconds, _ in opens],
        "openMaxRSSKB": max(rss for _, rss in opens),
        "verifyBigSeconds": round(verify_result["seconds"], 2),
        "verifyMaxRSSKB": verify_rss,
    }
    if options.json:
        print(json.dumps(report, indent=1))
        return
    print(f"machine: {report['machine']['nproc']} cores, {report['machine']['cpu']}")
    print(f"write {options.tests} tests: {write_seconds:.3f} s = {report['writeVsGzipConsole']}x gzip -6 of the "
          f"{report['consoleBytes'] / 1e6:.1f} MB console log ({gzip_console:.3f} s), "
          f"{report['writeVsGzipRecords']}x gzip -6 of the same JSON ({gzip_records:.3f} s); "
          f"bundle {report['bundleBytes'] / 1e6:.2f} MB; max RSS {write_rss / 1024:.0f} MB (includes the tests held by the benchmark)")
    print(f"  CPU time (both threads): {write_cpu:.3f} s = {report['writeCPUVsGzipCPU']}x gzip's {gzip_console_cpu:.3f} s")
    print(f"read all {options.tests} tests: {read_seconds:.3f} s; max RSS {read_rss / 1024:.0f} MB")
    print(f"open one test of a {report['bigBundleBytes'] / 1e9:.2f} GB bundle: "
          f"{', '.join(f'{s * 1000:.1f} ms' for s, _ in opens)}; max RSS {report['openMaxRSSKB'] / 1024:.0f} MB; "
          f"writing it: max RSS {big_rss / 1024:.0f} MB")
    print(f"verify that bundle (every checksum and blob hash): {verify_result['seconds']:.2f} s; "
          f"max RSS {verify_rss / 1024:.0f} MB")
    budgets_met = report["writeVsGzipConsole"] <= 1.5 and max(s for s, _ in opens) < 0.05
    print("budgets: " + ("met" if budgets_met else "NOT met"))


if __name__ == "__main__":
    main()
