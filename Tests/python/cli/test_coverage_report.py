"""`report` shows a bundle's own coverage section (written by `import --coverage-file`) without being told: the
coverage page and a page per file whose source is under the source root, the totals on the index; and it merges
`--coverage-file` into it (docs/REPORT.md, "Coverage")."""
import re
import shutil

from conftest import FIXTURES, run

LCOV = FIXTURES / "coverage" / "lcov" / "shapes-coveragepy.lcov"
COBERTURA = FIXTURES / "coverage" / "cobertura" / "shapes-coveragepy.xml"
JUNIT = FIXTURES / "corpus" / "junit" / "pytest-made" / "calc-xunit2.xml"
PROJECT = FIXTURES / "coverage" / "coverage.py"


def project(tmp_path):
    """The coverage.py project the lcov fixture was made from, laid out as it was run (`shapes/area.py`)."""
    root = tmp_path / "project"
    (root / "shapes").mkdir(parents=True)
    shutil.copy(PROJECT / "area.py", root / "shapes" / "area.py")
    shutil.copy(PROJECT / "test_area.py", root / "test_area.py")
    (root / "shapes" / "__init__.py").write_text("")
    return root


def test_a_bundles_coverage_section_gets_its_pages(tmp_path):
    root = project(tmp_path)
    bundle = tmp_path / "run.resultbundle"
    run("import", JUNIT, "--coverage-file", LCOV, "-o", bundle, "--source-root", root, "--quiet")
    site = tmp_path / "site"
    run("report", bundle, "-o", site, "--source-root", root, "--quiet")
    index = (site / "index.html").read_text()
    # coverage.py's own report: 24 statements, 8 missed.
    assert "66.6%" in index and "(16 of 24 lines)" in index
    tree = (site / "coverage.html").read_text()
    linked = set(re.findall(r'<a class="node-name" href="(coverage/files/[^"]+)"', tree))
    assert {page.split("/")[-1].split("-")[0] for page in linked} >= {"area.py", "test_area.py"}
    area = next(site / page for page in linked if "/area.py-" in page)
    assert "<h1 class=\"cov-path\">shapes/area.py</h1>" in area.read_text()


def test_without_the_sources_the_tree_keeps_its_numbers_but_no_links(tmp_path):
    bundle = tmp_path / "run.resultbundle"
    root = project(tmp_path)
    run("import", JUNIT, "--coverage-file", LCOV, "-o", bundle, "--source-root", root, "--quiet")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    site = tmp_path / "site"
    run("report", bundle, "-o", site, "--source-root", elsewhere, "--quiet")
    tree = (site / "coverage.html").read_text()
    assert "66.6%" in tree and 'class="node-name" href=' not in tree
    assert not (site / "coverage" / "files").exists()


def test_coverage_files_merge_with_the_bundles_own(tmp_path):
    root = project(tmp_path)
    bundle = tmp_path / "run.resultbundle"
    run("import", JUNIT, "--coverage-file", LCOV, "-o", bundle, "--source-root", root, "--quiet")
    site = tmp_path / "site"
    # The same run's Cobertura: the same lines, so the share stays and the counts double.
    run("report", bundle, "-o", site, "--source-root", root, "--coverage-file", COBERTURA, "--quiet")
    assert "(16 of 24 lines)" in (site / "index.html").read_text()
    area = next((site / "coverage" / "files").glob("area.py-*.html")).read_text()
    assert re.search(r"<i>2</i>", area)


def test_an_unreadable_coverage_file_stops_the_report(tmp_path):
    bundle = tmp_path / "run.resultbundle"
    run("import", JUNIT, "-o", bundle, "--quiet")
    broken = tmp_path / "broken.info"
    broken.write_text("SF:a.c\nDA:1,1\n")
    result = run("report", bundle, "-o", tmp_path / "site", "--coverage-file", broken, check=False)
    assert result.returncode == 2
    assert "broken.info" in result.stderr
    assert not (tmp_path / "site").exists()
