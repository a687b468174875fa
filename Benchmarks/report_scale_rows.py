"""`BENCH_ONLY=report-scale make bench`: the report at 1,000,000 and 10,000,000 tests in the same run (CPU seconds,
user plus system, peak memory, bytes and files written, the most entries in one folder), and the report of
1,000,000 tests with unique names (`gen_bench_inputs.py console-unique`: no two tests share a name's whole word);
then, in headless Chromium, the first search result and the opening of the pages of the 10,000,000-test and the
unique-names reports (Benchmarks/report/search_timing.py). The 10,000,000-test log is 1.8 GB and is deleted once
imported; each report is deleted once measured."""
import json
import os
import pathlib
import shutil
import subprocess
import sys

from flat_rows import measure

ROOT = pathlib.Path(__file__).resolve().parents[1]
SEARCH_TIMING = ROOT / "Benchmarks" / "report" / "search_timing.py"
INPUTS = (("1,000,000 tests", "console", 1_000_000, "testCase12"),
          ("10,000,000 tests", "console", 10_000_000, "testCase12"),
          ("1,000,000 unique names", "console-unique", 1_000_000, "testParseBundle"))


def folder_facts(folder):
    """(bytes, files, the most entries of one folder) of everything in `folder`."""
    size = files = widest = 0
    for directory, folders, names in os.walk(folder):
        widest = max(widest, len(folders) + len(names))
        files += len(names)
        size += sum(os.path.getsize(os.path.join(directory, name)) for name in names)
    return size, files, widest


def search_timing(site, query):
    """search_timing.py's figures, or None when Chromium is not there."""
    timing = subprocess.run([sys.executable, SEARCH_TIMING, site, query], capture_output=True, text=True)
    if timing.returncode != 0:
        print(f"search timing failed: {timing.stderr[-2000:]}", file=sys.stderr)
        return None
    return json.loads(timing.stdout.strip().splitlines()[-1])


def report_scale_rows(binary, work, generator, row):
    """Rows of `| input | report: CPU s, peak | written | widest folder | first search result | slowest page |`,
    appended through `row(cells)`."""
    for name, kind, tests, query in INPUTS:
        log, bundle, site = work / f"rs-{tests}.log", work / f"rs-{tests}.resultbundle", work / f"rs-site-{tests}"
        subprocess.run([sys.executable, generator, kind, str(tests), log], check=True, capture_output=True)
        subprocess.run([binary, "import", log, "-o", bundle, "--quiet", "--force"], check=True)
        log.unlink()
        seconds, memory = measure([binary, "report", bundle, "-o", site, "--quiet"])
        size, files, widest = folder_facts(site)
        figures = search_timing(site, query)
        first = next((value for key, value in (figures or {}).items() if key.startswith("first result")), None)
        pages = max((figures or {}).get(page, 0) for page in ("index.html", "all-1.html", "failed.html", "skipped.html"))
        row([name, f"{seconds:.2f} s, {memory:.0f} MB", f"{size / 1e6:.1f} MB in {files:,} files", f"{widest:,}",
             f"`{query}`: {first} ms" if first is not None else "not measured",
             f"{pages} ms" if figures else "not measured"])
        shutil.rmtree(site, ignore_errors=True)
        bundle.unlink()
