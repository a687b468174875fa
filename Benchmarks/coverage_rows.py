"""`BENCH_ONLY=coverage make bench`: the report's coverage pages of an lcov tracefile of 5,000 files x 400 lines with
the sources on disk, against `genhtml` (Debian's lcov) on the same tracefile and `gcovr --html-details` (PyPI) on the
same coverage as Cobertura XML (gcovr does not read lcov), in the same run; peak memory, and the bytes the pages
take against `gzip -6` of the tracefile. Inputs come from Benchmarks/tools/gen_coverage_inputs.py. Then the pages of a
real Swift package's llvm coverage against `llvm-cov show` (coverage_llvm_row.py)."""
import shutil
import subprocess
import sys
import zlib

from coverage_llvm_row import llvm_coverage_row

FILES = 5000


def coverage_rows(binary, work, row, timed_with_peer, folder_size, root, run_once, repeats):
    project = work / "coverage-project"
    project.mkdir()
    subprocess.run([sys.executable, root / "Benchmarks" / "tools" / "gen_coverage_inputs.py", str(FILES), project],
                   check=True)
    tracefile, cobertura = project / "coverage.info", project / "coverage.xml"
    bundle = root / "SampleBundles" / "v1.0-examples.resultbundle"
    runs = work / "coverage-runs"
    runs.mkdir()
    # Each run writes a fresh folder (see scale_rows in run_all.py: deleting a folder of thousands of files just
    # before the next run slows the file system down for the next one).
    ours = ["sh", "-c", f"'{binary}' report '{bundle}' -o \"$(mktemp -d -p '{runs}')/site\" --quiet "
                        f"--coverage-file '{tracefile}' --source-root '{project}'"]
    genhtml = ["sh", "-c", f"genhtml --quiet -o \"$(mktemp -d -p '{runs}')\" '{tracefile}' > /dev/null"]
    gcovr = ["sh", "-c", f"cd '{project}' && gcovr --cobertura-add-tracefile '{cobertura}' --root '{project}' "
                         f"--html-details \"$(mktemp -d -p '{runs}')/index.html\""]
    site = work / "coverage-site"
    subprocess.run([binary, "report", bundle, "-o", site, "--quiet", "--coverage-file", tracefile, "--source-root",
                    project], check=True)
    pages, count = folder_size(site / "coverage")
    trees = sum(path.stat().st_size for path in site.glob("coverage*.html"))
    sources = sum(path.stat().st_size for path in (project / "src").rglob("*.c"))
    packed = len(zlib.compress(tracefile.read_bytes(), 6))
    written = (f"{(pages + trees) / 1e6:.1f} MB written ({(pages + trees) / packed:.1f}x the {packed / 1e6:.1f} MB "
               f"of gzip -6 of the tracefile; {count} file pages holding {sources / 1e6:.1f} MB of sources, and 3 "
               f"tree pages of {trees / 3e6:.1f} MB)")
    shutil.rmtree(site, ignore_errors=True)
    what = (f"coverage pages of {FILES:,} files x 400 lines ({tracefile.stat().st_size / 1e6:.1f} MB lcov, sources "
            "on disk)")
    # The same coverage stored in a bundle (import), the report reading its coverage section a file at a time.
    stored = work / "coverage.resultbundle"
    subprocess.run([binary, "import", tracefile, "-o", stored, "--quiet", "--source-root", project], check=True)
    from_bundle = ["sh", "-c", f"'{binary}' report '{stored}' -o \"$(mktemp -d -p '{runs}')/site\" --quiet "
                               f"--source-root '{project}'"]
    if shutil.which("genhtml"):
        seconds, memory, peer = timed_with_peer(from_bundle, genhtml)
        row(f"{what}, from the bundle's coverage section: {memory:.0f} MB peak, {written}", seconds, "genhtml", peer,
            "≥ 10x faster, ≤ 150 MB, ≤ 1.5x gzip bytes", faster=True)
        seconds, memory, peer = timed_with_peer(ours, genhtml)
        row(f"{what}, from the tracefile (--coverage-file): {memory:.0f} MB peak", seconds, "genhtml", peer,
            "≥ 10x faster, ≤ 150 MB", faster=True)
    if shutil.which("gcovr"):
        seconds, memory, peer = timed_with_peer(ours, gcovr)
        row(f"{what}: {memory:.0f} MB peak", seconds, "gcovr --html-details (of the same coverage as Cobertura)", peer,
            "≥ 10x faster, ≤ 150 MB", faster=True)
    shutil.rmtree(runs, ignore_errors=True)
    shutil.rmtree(project, ignore_errors=True)
    llvm_coverage_row(binary, work, row, run_once, root, repeats)
