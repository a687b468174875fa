"""`compare` with coverage on both sides: the totals and each changed file, falls first, in text, JSON (valid against
docs/schemas/compare.schema.json) and the HTML page; nothing about coverage when a side has none. The expected
numbers are worked out here from the lcov files the test writes."""
import json
import subprocess

import jsonschema

from conftest import BINARY, FIXTURES, ROOT, run

SCHEMA = json.loads((ROOT / "docs" / "schemas" / "compare.schema.json").read_text())
LOG = FIXTURES / "corpus" / "swift-6.3-linux" / "calc.console.txt"
# Per file: (lines found, lines hit) in BASE and in HEAD.
FILES = {"fell.c": ((10, 9), (10, 3)), "same.c": ((4, 2), (4, 2)), "rose.c": ((8, 2), (8, 6))}


def bundle(tmp_path, name, side):
    trace = tmp_path / f"{name}.info"
    records = []
    for path, sides in FILES.items():
        found, hit = sides[side]
        lines = "\n".join(f"DA:{n},{1 if n <= hit else 0}" for n in range(1, found + 1))
        records.append(f"SF:{path}\n{lines}\nend_of_record\n")
    trace.write_text("TN:\n" + "".join(records))
    path = tmp_path / f"{name}.resultbundle"
    subprocess.run([str(BINARY), "import", str(LOG), str(trace), "-o", str(path), "--quiet"], cwd=tmp_path,
                   check=True, capture_output=True, timeout=120)
    return path


def test_compare_shows_the_coverage_change_falls_first(tmp_path):
    base, head = bundle(tmp_path, "base", 0), bundle(tmp_path, "head", 1)
    report = json.loads(run("compare", base, head, "--format", "json").stdout)
    jsonschema.validate(report, SCHEMA)
    coverage = report["coverage"]
    assert [f["path"] for f in coverage["files"]] == ["fell.c", "rose.c"]
    assert coverage["files"][0]["linePointsChange"] == (3 / 10 - 9 / 10) * 100
    assert coverage["base"]["linesHit"] == 13 and coverage["head"]["linesHit"] == 11
    text = run("compare", base, head).stdout
    assert "Coverage: 59.0% → 50.0% (−9.1 points), lines 11 of 22" in text
    assert text.index("  fell.c: 90.0% → 30.0% (−60.0 points)") < text.index("  rose.c: 25.0% → 75.0% (+50.0 points)")
    run("compare", base, head, "-o", tmp_path / "page")
    page = (tmp_path / "page" / "index.html").read_text()
    assert "<h2 id=\"coverage\">Coverage</h2>" in page and "−60.0 points" in page


def test_without_coverage_on_one_side_nothing_is_said(tmp_path):
    plain = tmp_path / "plain.resultbundle"
    subprocess.run([str(BINARY), "import", str(LOG), "-o", str(plain), "--quiet"], cwd=tmp_path, check=True,
                   timeout=120)
    report = json.loads(run("compare", plain, bundle(tmp_path, "head", 1), "--format", "json").stdout)
    assert "coverage" not in report
