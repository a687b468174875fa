"""`summary`'s suites table on an imported XCTest log, run as a user would: the suites with failures first, then the
slowest, at most 20 rows; the same from the bundle's stored suite totals (format 1.9) as from a copy without its
index, whose suites are counted from the tests."""
import re
import struct

from conftest import run

SUITES = 26


def write_log(path):
    """SUITES suites of 4 tests: suite k fails k % 4 of them (k % 4 = 0: none) and each passed test takes k ms."""
    lines = ["Test Suite 'All tests' started at 2026-11-22 11:06:58.082"]
    failures = 0
    for k in range(SUITES):
        suite = f"Suite{k:02d}Tests"
        lines.append(f"Test Suite '{suite}' started at 2026-11-22 11:06:58.105")
        for t in range(4):
            name = f"{suite}.test{t}"
            lines.append(f"Test Case '{name}' started at 2026-11-22 11:06:58.105")
            if t < k % 4:
                failures += 1
                lines.append(f"/src/Tests/{suite}.swift:{t + 10}: error: {name} : XCTAssertTrue failed - broke")
                lines.append(f"Test Case '{name}' failed (0.500 seconds)")
            else:
                lines.append(f"Test Case '{name}' passed ({k / 1000:.3f} seconds)")
        lines.append(f"Test Suite '{suite}' passed at 2026-11-22 11:06:58.213")
    lines.append("Test Suite 'All tests' failed at 2026-11-22 11:06:58.213")
    lines.append(f"\t Executed {SUITES * 4} tests, with {failures} failures (0 unexpected) in 1.0 (1.0) seconds")
    path.write_text("\n".join(lines) + "\n")


def without_index(bundle, out):
    """The bundle cut before its index frame: a reader rebuilds the index by a scan, with no suite totals."""
    data = bundle.read_bytes()
    index_offset = struct.unpack("<Q", data[-16:-8])[0]
    out.write_bytes(data[:index_offset])


def suite_rows(markdown):
    table = markdown.split("| Suite | Tests | Passed | Failed | Skipped | Summed time |\n", 1)[1]
    return re.findall(r"^\| (\S+) \| (\d+) \| (\d+) \| (\d+) \| (\d+) \| [^|]+ \|$", table.split("\n\n", 1)[0], re.M)


def test_the_summary_ranks_an_imported_logs_suites_from_its_stored_totals(tmp_path):
    log = tmp_path / "run.log"
    write_log(log)
    bundle = tmp_path / "run.resultbundle"
    run("import", log, "-o", bundle)
    markdown = run("summary", bundle, "--max-bytes", "65535").stdout
    assert "\n### Suites\n\n" in markdown
    rows = suite_rows(markdown)
    assert len(rows) == 20
    # Most failed first, then by name (19 suites fail); then the slowest of the passing suites.
    assert [name for name, *_ in rows[:7]] == [f"Suite{k:02d}Tests" for k in (3, 7, 11, 15, 19, 23, 2)]
    assert rows[0][1:] == ("4", "1", "3", "0")
    assert [name for name, *_ in rows[-2:]] == ["Suite25Tests", "Suite24Tests"]
    assert "\nand 6 more suites.\n" in markdown
    assert markdown.index("### Suites") < markdown.index("### Failed tests")

    scanned = tmp_path / "scanned.resultbundle"
    without_index(bundle, scanned)
    assert run("summary", scanned, "--max-bytes", "65535").stdout == markdown
