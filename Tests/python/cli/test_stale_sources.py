"""A report made after a source file changed does not show today's lines under yesterday's failure: `import` and
`record` store the hash of each file an issue points into, and the report shows the lines around the issue only
while the file still has that hash, else says the file changed since the run."""
import hashlib
import json
import subprocess

from conftest import BINARY, run

SOURCE = "".join(f"    let line{number} = {number}\n" for number in range(1, 11))


def failing_log(source):
    return (
        "Test Suite 'All tests' started at 2026-11-26 11:00:00.000\n"
        "Test Suite 'CalcTests' started at 2026-11-26 11:00:00.000\n"
        "Test Case 'CalcTests.testBreaks' started at 2026-11-26 11:00:00.000\n"
        f"{source}:5: error: CalcTests.testBreaks : XCTAssertEqual failed: (\"4\") is not equal to (\"5\")\n"
        "Test Case 'CalcTests.testBreaks' failed (0.010 seconds)\n"
        "Test Suite 'CalcTests' failed at 2026-11-26 11:00:00.010\n"
        "\t Executed 1 test, with 1 failure (0 unexpected) in 0.010 (0.010) seconds\n")


def imported(tmp_path):
    """A project folder with a failing test's source, and the bundle imported from inside it."""
    project = tmp_path / "project"
    (project / "Tests").mkdir(parents=True)
    source = project / "Tests" / "CalcTests.swift"
    source.write_text(SOURCE)
    (project / "test.log").write_text(failing_log(source))
    subprocess.run([str(BINARY), "import", "test.log", "-o", "run.resultbundle", "--quiet"], cwd=project,
                   check=True)
    return project, source


def report_text(project, site, *options):
    run("report", project / "run.resultbundle", "-o", site, "--source-root", project, *options)
    return "\n".join(page.read_text() for page in site.rglob("*.html"))


def test_the_run_records_the_hash_of_the_failing_file(tmp_path):
    project, source = imported(tmp_path)
    document = json.loads(run("json", project / "run.resultbundle").stdout)
    assert document["runs"][0]["sources"] == [
        {"path": str(source), "sha256": hashlib.sha256(SOURCE.encode()).hexdigest()}]


def test_an_unchanged_file_shows_its_lines(tmp_path):
    project, _ = imported(tmp_path)
    html = report_text(project, tmp_path / "site")
    assert "let line5 = 5" in html
    assert "changed since the run" not in html


def test_a_changed_file_says_so_instead_of_showing_todays_lines(tmp_path):
    project, source = imported(tmp_path)
    source.write_text(SOURCE.replace("let line5 = 5", "let renamed = 5"))
    html = report_text(project, tmp_path / "site", "--source-url", "https://forge.example/src/{path}#L{line}")
    assert "Tests/CalcTests.swift changed since the run" in html
    assert "let renamed = 5" not in html and "let line5 = 5" not in html
    # An import records no commit: the link leads to the file, not to the version that failed.
    assert 'href="https://forge.example/src/Tests/CalcTests.swift#L5">The file on the forge</a>' in html


def test_a_recorded_run_links_a_changed_file_at_its_commit(tmp_path):
    project = tmp_path / "project"
    (project / "Tests").mkdir(parents=True)
    source = project / "Tests" / "CalcTests.swift"
    source.write_text(SOURCE)
    (project / "test.log").write_text(failing_log(source))
    git = ["git", "-c", "user.name=t", "-c", "user.email=t@example.com"]
    subprocess.run(["git", "init", "-q"], cwd=project, check=True)
    subprocess.run([*git, "add", "."], cwd=project, check=True)
    subprocess.run([*git, "commit", "-qm", "first"], cwd=project, check=True)
    commit = subprocess.run(["git", "rev-parse", "HEAD"], cwd=project, check=True, capture_output=True,
                            text=True).stdout.strip()
    subprocess.run([str(BINARY), "record", "-o", "run.resultbundle", "--quiet", "--", "cat", "test.log"],
                   cwd=project, capture_output=True)
    source.write_text(SOURCE.replace("let line5 = 5", "let renamed = 5"))
    html = report_text(project, tmp_path / "site", "--source-url",
                       "https://forge.example/src/{commit}/{path}#L{line}")
    assert "Tests/CalcTests.swift changed since the run" in html
    assert (f'href="https://forge.example/src/{commit}/Tests/CalcTests.swift#L5">The file at the recorded commit</a>'
            in html)


def test_files_outside_the_run_folder_are_not_hashed(tmp_path):
    project, _ = imported(tmp_path)
    outside = tmp_path / "Elsewhere.swift"
    outside.write_text(SOURCE)
    (project / "other.log").write_text(failing_log(outside))
    subprocess.run([str(BINARY), "import", "other.log", "-o", "other.resultbundle", "--quiet"], cwd=project,
                   check=True)
    document = json.loads(run("json", project / "other.resultbundle").stdout)
    assert "sources" not in document["runs"][0]
