"""Configuration matrix: a report of several configurations lists each test once with a status per
configuration; the index has each configuration's counts and the tests that fail on some configurations only.
Checked in headless Chromium, with axe."""
from conftest import run
from test_compare import console_log

LINUX = [("testSame", "passed", 0.01), ("testOnlyMac", "passed", 0.01), ("testBoth", "failed", 0.01)]
MACOS = [("testSame", "passed", 0.01), ("testOnlyMac", "failed", 0.01), ("testBoth", "failed", 0.01)]


def test_the_matrix_lists_each_test_once_with_a_cell_per_configuration(tmp_path):
    from test_report_browser import assert_axe_clean, make_driver
    bundles = []
    for name, tests in (("linux", LINUX), ("macos", MACOS)):
        (tmp_path / f"{name}.log").write_text(console_log(tests))
        run("import", tmp_path / f"{name}.log", "-o", tmp_path / f"{name}.resultbundle", "--name", name, "--quiet",
            check=False)
        bundles.append(tmp_path / f"{name}.resultbundle")
    merged = tmp_path / "matrix.resultbundle"
    run("merge", *bundles, "-o", merged, "--quiet")
    site = tmp_path / "site"
    run("report", merged, "-o", site)
    driver = make_driver()
    try:
        driver.get((site / "index.html").as_uri())
        counts = driver.execute_script(
            "return Array.from(document.querySelectorAll('table.matrix-counts tbody tr'),"
            " r => Array.from(r.cells, c => c.textContent))")
        assert counts == [["linux", "3", "2", "1", "0"], ["macos", "3", "1", "2", "0"]]
        inconsistent = driver.execute_script(
            "return Array.from(document.querySelectorAll('ul.inconsistent a'), a => a.textContent)")
        assert [name.split("/")[-1] for name in inconsistent] == ["testOnlyMac"]
        driver.find_element("css selector", "a[href='matrix.html']").click()
        rows = driver.execute_script(
            "return Array.from(document.querySelectorAll('table.matrix tbody tr'),"
            " r => Array.from(r.cells, c => c.textContent.trim()))")
        assert len(rows) == 3  # each test once
        assert rows[0][0].endswith("testOnlyMac") and rows[0][1:] == ["✓ passed", "✗ failed"]
        assert {row[0].split("/")[-1] for row in rows} == {"testSame", "testOnlyMac", "testBoth"}
        assert_axe_clean(driver, site, ("index.html", "matrix.html"))
        # The per-run lists stay reachable.
        driver.get((site / "all-1.html").as_uri())
        assert "linux" in driver.page_source and "macos" in driver.page_source
    finally:
        driver.quit()


def test_merge_as_names_shards_of_one_configuration_so_they_make_one_column(tmp_path):
    shards = []
    for index, tests in enumerate((LINUX[:2], LINUX[2:])):
        (tmp_path / f"shard{index}.log").write_text(console_log(tests))
        run("import", tmp_path / f"shard{index}.log", "-o", tmp_path / f"shard{index}.resultbundle", "--quiet",
            check=False)
        shards.append(tmp_path / f"shard{index}.resultbundle")
    linux = tmp_path / "linux.resultbundle"
    run("merge", *shards, "--as", "linux", "-o", linux, "--quiet")
    info = run("json", linux).stdout
    assert info.count('"name":"linux"') + info.count('"name": "linux"') >= 2, info[:2000]
    (tmp_path / "macos.log").write_text(console_log(MACOS))
    run("import", tmp_path / "macos.log", "-o", tmp_path / "macos.resultbundle", "--name", "macos", "--quiet",
        check=False)
    merged = tmp_path / "matrix.resultbundle"
    run("merge", linux, tmp_path / "macos.resultbundle", "-o", merged, "--quiet")
    site = tmp_path / "site"
    run("report", merged, "-o", site)
    html = (site / "matrix.html").read_text()
    header = html[html.index("<thead"):html.index("</thead>")]
    assert header.count("linux") == 1 and header.count("macos") == 1, header
    assert html.count("<tr", html.index("<tbody")) == 3  # the two shards' tests each once


def test_merge_as_refuses_an_empty_name(tmp_path):
    result = run("merge", tmp_path / "x.resultbundle", "--as", " ", "-o", tmp_path / "out.resultbundle", check=False)
    assert result.returncode != 0 and "--as needs a name" in result.stderr
