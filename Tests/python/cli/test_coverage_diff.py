"""`coverage diff` on a real git history: a C program changed, built with gcc --coverage, run and captured with
lcov; the changed lines' coverage is checked against git's own hunks and lcov's DA lines, read here."""
import json
import subprocess

import pytest

from conftest import BINARY, FIXTURES, run
from coverage_projects import added_lines, tracefile_lines, TALLY, build_with_coverage, tool

EXTRA = """int doubled(int value) {
    if (value > 10)
        return value * 2;
    return value;
}
"""


@pytest.fixture
def change(tmp_path):
    """A repository with the program in app/, changed since its first commit and built: (repository, tracefile)."""
    repository = tmp_path / "repo"
    app = repository / "app"
    app.mkdir(parents=True)
    (app / "tally.c").write_text(TALLY)
    (repository / "README.md").write_text("tally\n")
    tool("git", "init", "-q", cwd=repository)
    tool("git", "-c", "user.email=t@example.com", "-c", "user.name=T", "commit", "-q", "--allow-empty", "-m", "0",
         cwd=repository)
    tool("git", "add", "-A", cwd=repository)
    tool("git", "-c", "user.email=t@example.com", "-c", "user.name=T", "commit", "-q", "-m", "first", cwd=repository)
    changed = TALLY.replace("    if (value == 0)\n        return 0;\n",
                            "    if (value == 0)\n        return 0;\n    if (value > 1000)\n        return 2;\n")
    changed = changed.replace('#include <string.h>\n', '#include <string.h>\n\nint doubled(int value);\n')
    changed = changed.replace('    printf("%d %d\\n", total, classify(total));\n',
                              '    printf("%d %d\\n", total, classify(total));\n    total = doubled(total);\n')
    (app / "tally.c").write_text(changed)
    (app / "extra.c").write_text(EXTRA)
    (repository / "README.md").write_text("tally\n\nCounts words.\n")
    tool("git", "add", "app/tally.c", "app/extra.c", "README.md", cwd=repository)
    tracefile = build_with_coverage(app, ["tally.c", "extra.c"], [["one two", "three"], []])
    return repository, tracefile


def expected_changes(repository, tracefile):
    """Per file under app/: (changed lines that could run, of them those that ran), from git's hunks and lcov."""
    added = added_lines(repository)
    counts = {}
    for relative, lines in tracefile_lines(tracefile, "/repo/app/").items():
        changed = added.get("app/" + relative, set()) & lines.keys()
        if changed:
            counts[relative] = (len(changed), sum(lines[n] > 0 for n in changed))
    return counts


def diff_json(repository, tracefile, *extra, stdin=None):
    result = subprocess.run([str(BINARY), "coverage", "diff", str(tracefile), "--source-root", "app", "--format",
                             "json", *extra], cwd=repository, capture_output=True, text=True, input=stdin, timeout=120)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def test_changed_lines_coverage_equals_gits_hunks_against_lcovs_lines(change):
    repository, tracefile = change
    expected = expected_changes(repository, tracefile)
    report = diff_json(repository, tracefile, "--base", "HEAD")
    assert {file["path"]: (file["linesFound"], file["linesHit"]) for file in report["files"]} == expected
    assert report["changed"]["linesFound"] == sum(found for found, _ in expected.values())
    assert report["changed"]["linesHit"] == sum(hit for _, hit in expected.values())
    # The new branch (value > 1000) never returned 2, doubled's `value * 2` never ran.
    uncovered = {file["path"]: file["uncovered"] for file in report["files"]}
    assert uncovered["extra.c"] == [[3, 3]]
    new_return = (repository / "app" / "tally.c").read_text().split("\n").index("        return 2;") + 1
    assert uncovered["tally.c"] == [[new_return, new_return]]
    assert [file["path"] for file in report["files"] if file["isNew"]] == ["extra.c"]
    assert report["filesWithoutCoverage"] == []  # README.md is outside the source root


def test_a_diff_on_standard_input_gives_the_same_report(change):
    repository, tracefile = change
    diff = tool("git", "diff", "HEAD", cwd=repository)
    assert diff_json(repository, tracefile, "--diff", "-", stdin=diff) == diff_json(repository, tracefile, "--base",
                                                                                   "HEAD")


def test_thresholds_exit_1_below_them(change):
    repository, tracefile = change
    report = diff_json(repository, tracefile, "--base", "HEAD")
    share = 100 * report["changed"]["linesHit"] / report["changed"]["linesFound"]
    base = [str(BINARY), "coverage", "diff", str(tracefile), "--source-root", "app", "--base", "HEAD"]
    above = subprocess.run(base + ["--fail-under-diff", str(int(share))], cwd=repository, capture_output=True,
                           text=True)
    assert above.returncode == 0, above.stderr
    below = subprocess.run(base + ["--fail-under-diff", str(int(share) + 1)], cwd=repository, capture_output=True,
                           text=True)
    assert below.returncode == 1 and "below --fail-under-diff" in below.stderr
    total = subprocess.run(base + ["--fail-under", "100"], cwd=repository, capture_output=True, text=True)
    assert total.returncode == 1 and "below --fail-under 100%" in total.stderr


def test_markdown_and_text_outputs(change):
    repository, tracefile = change
    output = repository / "diff.md"
    arguments = ["coverage", "diff", tracefile, "--source-root", repository / "app", "--base", "HEAD"]
    run(*arguments, "--format", "markdown", "-o", output)
    markdown = output.read_text()
    assert markdown.startswith("<!-- written by resultbundle coverage diff -->\n### Coverage of changed lines")
    assert "| extra.c | 3 of 4 (75%) | 3 |" in markdown
    run(*arguments, "--format", "markdown", "-o", output)  # its own output is replaced
    text = run(*arguments).stdout
    assert text.startswith("Changed lines: ")
    assert "  extra.c: 3 of 4 ran (75%); not run: 3\n" in text


def test_a_bad_base_names_git_s_complaint(change):
    repository, tracefile = change
    result = subprocess.run([str(BINARY), "coverage", "diff", str(tracefile), "--base", "no-such-ref"],
                            cwd=repository, capture_output=True, text=True)
    assert result.returncode == 2
    assert "git diff no-such-ref failed" in result.stderr and "no-such-ref" in result.stderr


def test_summary_shows_the_total_its_change_and_the_changed_lines_with_thresholds(change, tmp_path):
    repository, tracefile = change
    log = FIXTURES / "corpus" / "swift-6.3-linux" / "calc.console.txt"
    bundle = tmp_path / "run.resultbundle"
    run("import", log, tracefile, "--source-root", repository / "app", "-o", bundle)
    report = diff_json(repository, tracefile, "--base", "HEAD")
    baseline = tmp_path / "base.info"
    baseline.write_text("TN:\nSF:tally.c\nDA:1,1\nDA:2,0\nend_of_record\n")
    arguments = [str(BINARY), "summary", str(bundle), "--source-root", "app", "--coverage-base", "HEAD",
                 "--coverage-baseline", str(baseline)]
    result = subprocess.run(arguments, cwd=repository, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    total = report["total"]
    percent = int(1000 * total["linesHit"] / total["linesFound"]) / 10
    points = f"{100 * total['linesHit'] / total['linesFound'] - 50:+.1f}".replace("-", "\u2212")
    changed = report["changed"]
    changed_percent = int(1000 * changed["linesHit"] / changed["linesFound"]) / 10
    assert (f"**Coverage:** {percent:g}% ({points}) · changed lines {changed_percent:g}% "
            f"({changed['linesHit']} of {changed['linesFound']})") in result.stdout
    assert "Changed lines that did not run: extra.c: 3 · tally.c: " in result.stdout
    failing = subprocess.run(arguments + ["--fail-under-diff", "100"], cwd=repository, capture_output=True, text=True)
    assert failing.returncode == 1 and "below --fail-under-diff 100%" in failing.stderr
    assert "**Coverage:**" in failing.stdout
