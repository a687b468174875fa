"""Coverage among `import`'s inputs: detected from content, merged, stored in the bundle, shown by `info` and
`json`, and read back alike by the reference reader (docs/COVERAGE.md, docs/FORMAT.md section 5a)."""
import json
import shutil
import subprocess
import sys

from conftest import FIXTURES, ROOT, info, run

READER = ROOT / "docs" / "reference-reader" / "read_resultbundle.py"
LCOV = FIXTURES / "coverage" / "lcov" / "shapes-coveragepy.lcov"
COBERTURA = FIXTURES / "coverage" / "cobertura" / "shapes-coveragepy.xml"
JUNIT = FIXTURES / "corpus" / "junit" / "pytest-made" / "calc-xunit2.xml"


def lcov_lines(path):
    """{(file, line): count} of an lcov tracefile's DA lines, summed over repeated records: counted here, apart
    from the importer."""
    lines, current = {}, None
    for text in path.read_text().splitlines():
        if text.startswith("SF:"):
            current = text[3:]
        elif text.startswith("DA:"):
            number, count = text[3:].split(",")[:2]
            key = (current, int(number))
            lines[key] = lines.get(key, 0) + int(count)
    return lines


def test_import_detects_coverage_among_test_results(tmp_path):
    bundle = tmp_path / "run.resultbundle"
    result = run("import", JUNIT, LCOV, "-o", bundle, "--source-root", tmp_path)
    assert "coverage: 16 of 24 lines" in result.stdout + result.stderr
    expected = lcov_lines(LCOV)
    coverage = info(bundle)["coverage"]
    assert coverage["linesFound"] == len(expected)
    assert coverage["linesHit"] == sum(1 for count in expected.values() if count > 0)
    # Every SF record is a file, also one without a DA line (shapes/__init__.py).
    assert coverage["files"] == len({line for line in LCOV.read_text().splitlines() if line.startswith("SF:")})
    assert info(bundle)["totals"]["tests"] > 0, "the JUnit file is imported as tests beside the coverage"
    assert "coverage:" in run("info", bundle).stdout


def test_json_export_lists_each_files_totals(tmp_path):
    bundle = tmp_path / "run.resultbundle"
    run("import", JUNIT, "--coverage-file", LCOV, "-o", bundle, "--source-root", tmp_path)
    exported = json.loads(run("json", bundle).stdout)
    assert exported["schemaVersion"] == "1.6"
    (entry,) = exported["coverage"]
    expected = lcov_lines(LCOV)
    for file in entry["files"]:
        lines = [count for (path, _), count in expected.items() if path == file["path"]]
        assert file["totals"]["linesFound"] == len(lines)
        assert file["totals"]["linesHit"] == sum(1 for count in lines if count > 0)


def test_coverage_file_folder_and_merge(tmp_path):
    """The same coverage.py run as lcov and as Cobertura, found in a folder: one file each, lines unioned."""
    folder = tmp_path / "coverage"
    folder.mkdir()
    shutil.copy(LCOV, folder / "a.info")
    shutil.copy(COBERTURA, folder / "b.xml")
    (folder / "notes.txt").write_text("not coverage\n")
    bundle = tmp_path / "run.resultbundle"
    run("import", JUNIT, "--coverage-file", folder, "-o", bundle, "--source-root", tmp_path)
    expected = lcov_lines(LCOV)
    coverage = info(bundle)["coverage"]
    assert coverage["linesFound"] == len(expected)
    assert coverage["linesHit"] == sum(1 for count in expected.values() if count > 0)


def test_coverage_alone_makes_a_bundle_and_reference_reader_agrees(tmp_path):
    bundle = tmp_path / "coverage.resultbundle"
    run("import", LCOV, "-o", bundle, "--source-root", tmp_path)
    output = subprocess.run([sys.executable, str(READER), str(bundle)], capture_output=True, text=True, check=True)
    reference = json.loads(output.stdout)
    assert reference["index"] == {"present": True, "agrees": True}
    (facts,) = reference["coverage"].values()
    ours = info(bundle)["coverage"]
    for key in ("linesFound", "linesHit", "functionsFound", "functionsHit", "branchesFound", "branchesHit"):
        assert facts["totals"][key] == ours[key], key
    assert facts["files"] == ours["files"]


def test_paths_outside_the_source_root_are_warned_about(tmp_path):
    tracefile = tmp_path / "outside.info"
    tracefile.write_text("SF:../elsewhere/x.c\nDA:1,1\nend_of_record\nSF:inside.c\nDA:1,0\nDA:2,3\nend_of_record\n")
    root = tmp_path / "root"
    root.mkdir()
    bundle = tmp_path / "run.resultbundle"
    result = run("import", tracefile, "-o", bundle, "--source-root", root)
    assert "warning" in result.stderr and "elsewhere" in result.stderr
    coverage = info(bundle)["coverage"]
    assert (coverage["files"], coverage["linesFound"], coverage["linesHit"]) == (1, 2, 1)


def test_declared_totals_that_disagree_are_import_warnings(tmp_path):
    tracefile = tmp_path / "declared.info"
    tracefile.write_text("SF:a.c\nDA:1,1\nDA:2,0\nLF:5\nLH:4\nend_of_record\n")
    bundle = tmp_path / "run.resultbundle"
    result = run("import", tracefile, "-o", bundle, "--source-root", tmp_path)
    warnings = [line for line in result.stderr.splitlines() if "warning" in line and "declared.info" in line]
    assert warnings and "LF" in warnings[0], result.stderr
    coverage = info(bundle)["coverage"]
    assert (coverage["linesFound"], coverage["linesHit"]) == (2, 1), "the lines win"
    diagnostics = json.loads(run("json", bundle).stdout)["runs"][0]["diagnostics"]
    assert any("LF" in diagnostic["message"] for diagnostic in diagnostics)


def test_import_and_info_write_percentages_as_every_coverage_text_does(tmp_path):
    """One rule for percentages (docs/COVERAGE.md, "Percentages"): `75%`, as `summary` writes it, not `75.0%`."""
    tracefile = tmp_path / "whole.info"
    tracefile.write_text("SF:a.c\nDA:1,1\nDA:2,4\nDA:3,1\nDA:4,0\nend_of_record\n")
    bundle = tmp_path / "whole.resultbundle"
    result = run("import", tracefile, "-o", bundle, "--source-root", tmp_path)
    assert "3 of 4 lines (75%)" in result.stdout + result.stderr
    assert "3 of 4 lines (75%)" in run("info", bundle).stdout
