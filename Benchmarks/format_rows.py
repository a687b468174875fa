"""`make bench` rows of the framework formats `import` reads: each 100,000-test file next to `gzip -6` of itself,
the peak memory of a 1,000,000-test TAP stream and of a 1,000,000-test TRX file in dotnet's order (results before
definitions), and TAP against PyPI's `tap2junit` (TAP to JUnit) in the same run. Inputs come from
Benchmarks/tools/gen_format_inputs.py. `BENCH_FORMATS=nunit3,jest` keeps the rows of the formats named (the
generator's names: trx, nunit3, tap13, test2json, libtest, jest). Every command runs in the scratch folder, outside
any git working tree: inside one, `import` also asks git about the tree's state (its commit and uncommitted
changes), a fixed cost of the repository, not of reading the format."""
import os
import shutil
import subprocess
import sys

FORMATS = [("trx", "TRX", "trx"), ("nunit3", "NUnit 3 XML", "xml"), ("tap13", "TAP 13", "tap"),
           ("test2json", "go test -json", "jsonl"), ("libtest", "libtest JSON", "jsonl"),
           ("jest", "Jest JSON", "json")]


def generate(generator, name, tests, path):
    subprocess.run([sys.executable, generator, name, str(tests), path], check=True, capture_output=True)


def chosen_formats():
    """The generator names `BENCH_FORMATS` lists (comma-separated), or every format's."""
    names = [name for name in os.environ.get("BENCH_FORMATS", "").split(",") if name]
    unknown = set(names) - {name for name, _, _ in FORMATS}
    if unknown:
        raise SystemExit(f"BENCH_FORMATS: no format named {', '.join(sorted(unknown))}")
    return names or [name for name, _, _ in FORMATS]


def million_test_row(binary, work, row, generator, gzip_command, run_once, name, title, extension, unit):
    """The peak memory of importing a 1,000,000-test input, with `gzip -6` of it beside."""
    large = work / f"{name}-1m.{extension}"
    generate(generator, name, 1_000_000, large)
    seconds, memory = run_once([binary, "import", "--quiet", large, "-o", work / f"{name}-1m.resultbundle"], cwd=work)
    gzip_seconds, _ = run_once(gzip_command(large))
    row(f"import of a 1,000,000-test {title} ({large.stat().st_size / 1e6:.0f} MB): {memory:.0f} MB peak",
        seconds, f"gzip -6 of the {unit}", gzip_seconds, "≤ 150 MB peak")
    large.unlink()
    (work / f"{name}-1m.resultbundle").unlink(missing_ok=True)


def format_rows(binary, work, row, generator, timed_with_peer, gzip_command, run_once):
    chosen = chosen_formats()
    for name, title, extension in FORMATS:
        if name not in chosen:
            continue
        source = work / f"{name}-100k.{extension}"
        generate(generator, name, 100_000, source)
        size = source.stat().st_size / 1e6
        seconds, memory, peer = timed_with_peer(
            ["sh", "-c", f"cd '{work}' && rm -f '{work}/{name}.resultbundle' && '{binary}' import --quiet '{source}' "
                         f"-o '{work}/{name}.resultbundle'"], gzip_command(source))
        row(f"import of a 100,000-test {title} file ({size:.1f} MB): {size / seconds:.0f} MB/s, {memory:.0f} MB peak",
            seconds, "gzip -6 of the file", peer, "≤ 1.5x")
        if name == "tap13":
            converter = shutil.which("tap2junit")
            if converter:
                seconds, _, peer = timed_with_peer(
                    ["sh", "-c", f"cd '{work}' && rm -f '{work}/tap.resultbundle' && '{binary}' import --quiet '{source}' "
                                 f"-o '{work}/tap.resultbundle' && '{binary}' junit '{work}/tap.resultbundle' "
                                 f"-o '{work}/tap.xml' --force --quiet"],
                    [converter, "-i", source, "-o", work / "tap2junit.xml", "-c"])
                row("TAP 13 of 100,000 tests to JUnit XML: import and junit", seconds, "tap2junit", peer,
                    "≥ 10x faster", faster=True)
        source.unlink()
    if "tap13" in chosen:
        million_test_row(binary, work, row, generator, gzip_command, run_once, "tap13", "TAP 13 stream", "tap",
                         "stream")
    if "trx" in chosen:
        million_test_row(binary, work, row, generator, gzip_command, run_once, "trx",
                         "TRX file in dotnet's order (results before definitions)", "trx", "file")
