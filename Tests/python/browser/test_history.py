"""History: `history add` appends a run's digest (size per test and run), `--keep` caps it, `history
show` ranks flaky tests and names failing streaks, and `summary --history` labels failures."""
import json

from conftest import run
from test_compare import console_log

RUNS = [
    # (testSteady, testFlaky, testBroken, testFresh) per run
    ("passed", "passed", "passed", "passed"),
    ("passed", "failed", "passed", "passed"),
    ("passed", "passed", "failed", "passed"),
    ("passed", "failed", "failed", "passed"),
    ("passed", "passed", "failed", "passed"),
]
NAMES = ("testSteady", "testFlaky", "testBroken", "testFresh")


def import_log(log, path):
    """`import` run in the log's folder, outside any git repository: a run imported in a working tree with
    uncommitted changes (this repository's, while it is being edited) is marked so, and left out of flaky
    detection."""
    import subprocess
    from conftest import BINARY
    subprocess.run([str(BINARY), "import", str(log), "-o", str(path), "--quiet"], cwd=log.parent,
                   capture_output=True, timeout=120)
    return path


def bundle(tmp_path, index, statuses):
    log = tmp_path / f"run{index}.log"
    log.write_text(console_log([(name, status, 0.01) for name, status in zip(NAMES, statuses)]))
    return import_log(log, tmp_path / f"run{index}.resultbundle")


def test_history_add_show_and_the_summary_labels(tmp_path):
    history = tmp_path / "main.rbhistory"
    for index, statuses in enumerate(RUNS):
        result = run("history", "add", bundle(tmp_path, index, statuses), "--history", history,
                     "--commit", f"c{index + 1}")
        assert f"; {index + 1} run{'' if index == 0 else 's'}," in result.stdout, result.stdout
    shown = json.loads(run("history", "show", "--history", history, "--json").stdout)
    assert [facts["commit"] for facts in shown["runs"]] == ["c1", "c2", "c3", "c4", "c5"]
    assert shown["flaky"][0]["test"].endswith("testFlaky") and shown["flaky"][0]["flips"] == 4
    assert {entry["test"].split("/")[-1]: entry["label"] for entry in shown["failing"]} == {
        "testBroken": "failing for 3 runs since c3"}

    head = bundle(tmp_path, 9, ("passed", "passed", "failed", "failed"))
    summary = run("summary", head, "--history", history).stdout
    assert "testBroken</b> <i>failing for 4 runs since c3</i>" in summary
    assert "testFresh</b> <i>new failure</i>" in summary
    assert "### Flaky tests (history of 5 runs)" in summary and "testFlaky: 4 flips" in summary


def test_keep_caps_the_history(tmp_path):
    history = tmp_path / "capped.rbhistory"
    for index, statuses in enumerate(RUNS):
        run("history", "add", bundle(tmp_path, index, statuses), "--history", history, "--keep", "2",
            "--commit", f"c{index + 1}")
    shown = json.loads(run("history", "show", "--history", history, "--json").stdout)
    assert [facts["commit"] for facts in shown["runs"]] == ["c4", "c5"]


def test_a_file_that_is_not_a_history_is_refused_and_left_alone(tmp_path):
    import os
    other = tmp_path / "not.rbhistory"
    other.write_text("hello")
    result = run("history", "show", "--history", other, check=False)
    assert result.returncode == 2 and "not a history file" in result.stderr
    added = run("history", "add", bundle(tmp_path, 0, RUNS[0]), "--history", other, check=False)
    assert added.returncode == 2 and other.read_text() == "hello"
    pipe = tmp_path / "pipe.rbhistory"
    os.mkfifo(pipe)
    assert run("history", "show", "--history", pipe, check=False).returncode == 2


def history_report(tmp_path):
    """The report of the newest of RUNS with a history of all five (commits c1 to c5)."""
    history = tmp_path / "main.rbhistory"
    for index, statuses in enumerate(RUNS):
        run("history", "add", bundle(tmp_path, index, statuses), "--history", history, "--commit", f"c{index + 1}")
    site = tmp_path / "site"
    run("report", bundle(tmp_path, 9, RUNS[-1]), "-o", site, "--history", history)
    return site


def test_the_report_draws_trends_and_a_flaky_page_in_chromium(tmp_path):
    from test_report_browser import assert_axe_clean, make_driver, requested_urls
    site = history_report(tmp_path)
    driver = make_driver()
    try:
        driver.get_log("performance")
        driver.get((site / "index.html").as_uri())
        titles = driver.execute_script(
            "return Array.from(document.querySelectorAll('svg.trend[role=img] > title'), t => t.textContent)")
        assert len(titles) == 3 and "failures" in titles[0] and "Total test time" in titles[1]
        assert "95th-percentile" in titles[2]
        assert driver.execute_script("return document.querySelectorAll('svg.trend rect.tests').length") == len(RUNS)
        assert driver.execute_script("return document.querySelectorAll('svg.trend text').length") >= 6
        driver.find_element("css selector", "a[href='flaky.html']").click()
        rows = driver.execute_script(
            "return Array.from(document.querySelectorAll('table.flaky tbody th'), c => c.textContent)")
        assert rows[0].endswith("testFlaky")
        assert all(url.startswith("file://") for url in requested_urls(driver))
        driver.get((site / "failed.html").as_uri())
        labels = driver.execute_script(
            "return Array.from(document.querySelectorAll('span.history-label'), s => s.textContent)")
        assert "failing for 3 runs since c3" in labels
        assert_axe_clean(driver, site, ("index.html", "flaky.html", "failed.html"))
    finally:
        driver.quit()


def test_the_flaky_page_lists_what_flipped_not_what_broke_and_stayed_broken(tmp_path):
    """testFlaky goes pass, fail, pass, fail, pass; testBroken broke in the third run and has failed since: it is
    failing for three runs, not flaky. The page's columns say what they hold, names link to the tests, and the index
    counts what the page lists."""
    from test_report_browser import assert_axe_clean, make_driver
    site = history_report(tmp_path)
    driver = make_driver()
    try:
        driver.get((site / "flaky.html").as_uri())
        page = driver.execute_script("""
          const table = document.querySelector('table.flaky');
          return {headers: Array.from(table.querySelectorAll('thead th'), th => th.textContent),
                  rows: Array.from(table.querySelectorAll('tbody tr'), row => Array.from(row.children, cell => [
                    cell.textContent, cell.querySelector('a') && cell.querySelector('a').getAttribute('href')])),
                  marks: Array.from(table.querySelectorAll('tbody .mini-strip i'), mark => mark.className)};""")
        assert page["headers"] == ["Test", "Flips", "Runs", "Passed on a retry", "Last flip", "Results, oldest first"]
        assert [row[0][0].split("/")[-1] for row in page["rows"]] == ["testFlaky"]
        name, flips, runs, retries, last_flip, _ = page["rows"][0]
        assert (flips[0], runs[0], retries[0], last_flip[0]) == ("4", "5", "0", "c5")
        assert name[1] and (name[1].startswith("tests/") or name[1].startswith("all")), name
        assert page["marks"] == ["h-passed", "h-failed", "h-passed", "h-failed", "h-passed"]
        driver.find_element("css selector", "table.flaky tbody a").click()
        landed = driver.execute_script(
            "const t = document.querySelector(':target'); return (t ? t.textContent : '') + ' ' + document.title")
        assert "testFlaky" in landed, landed
        driver.get((site / "index.html").as_uri())
        link = driver.find_element("css selector", "a[href='flaky.html']").text
        assert link == f"Flaky tests: {len(page['rows'])}"
        # The strip's marks differ by shape: a passed run is round, a failed one square.
        radii = driver.execute_script("""
          const radius = name => { const mark = document.createElement('i'); mark.className = name;
            const strip = document.createElement('span'); strip.className = 'mini-strip'; strip.appendChild(mark);
            document.body.appendChild(strip); const value = getComputedStyle(mark).borderTopLeftRadius;
            strip.remove(); return value; };
          return [radius('h-passed'), radius('h-failed')];""")
        assert radii[0] != radii[1], radii
        # Dark mode passes the same checks.
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {
            "media": "screen", "features": [{"name": "prefers-color-scheme", "value": "dark"}]})
        assert_axe_clean(driver, site, ("index.html", "flaky.html"))
    finally:
        driver.quit()


def test_trend_charts_have_a_legend_run_labels_and_readable_text_at_390_px(tmp_path):
    from test_report_browser import make_driver
    site = history_report(tmp_path)
    driver = make_driver()
    try:
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
            "width": 390, "height": 800, "deviceScaleFactor": 1, "mobile": False})
        driver.get((site / "index.html").as_uri())
        charts = driver.execute_script("""
          return Array.from(document.querySelectorAll('figure.trend-chart'), figure => ({
            legend: figure.querySelector('figcaption') ? figure.querySelector('figcaption').textContent.trim() : '',
            legendShown: !!figure.querySelector('figcaption') && figure.querySelector('figcaption').getClientRects().length > 0,
            texts: Array.from(figure.querySelectorAll('svg text'), text => text.textContent),
            smallest: Math.min(...Array.from(figure.querySelectorAll('svg text'), text => text.getBoundingClientRect().height))
          }));""")
        assert len(charts) == 3
        assert all(chart["legendShown"] and chart["legend"] for chart in charts), charts
        assert "total test time" in charts[1]["legend"] and "95th-percentile" in charts[2]["legend"]
        for chart in charts:
            assert "c1" in chart["texts"] and "c5" in chart["texts"], chart["texts"]
            assert chart["smallest"] >= 10, chart
        assert driver.execute_script("return document.documentElement.scrollWidth") <= 390
    finally:
        driver.quit()


def test_slowest_and_slowing_tests_are_named(tmp_path):
    history = tmp_path / "slow.rbhistory"
    for index in range(10):
        slow = 0.5 if index >= 5 else 0.1
        log = tmp_path / f"slow{index}.log"
        log.write_text(console_log([("testSlowing", "passed", slow), ("testSteady", "passed", 0.2)]))
        path = import_log(log, tmp_path / f"slow{index}.resultbundle")
        run("history", "add", path, "--history", history, "--commit", f"s{index}")
    site = tmp_path / "site"
    run("report", tmp_path / "slow9.resultbundle", "-o", site, "--history", history)
    index = (site / "index.html").read_text()
    slowing = index[index.index('<table class="slowing">'):]
    slowing = slowing[:slowing.index("</table>")]
    assert "testSlowing" in slowing and "testSteady" not in slowing
    assert "100 ms" in slowing and "500 ms" in slowing and "+400%" in slowing
    slowest = index[index.index('<table class="slowest">'):]
    assert slowest.index("testSlowing") < slowest.index("testSteady")


def test_with_javascript_off_every_new_failure_is_reachable_from_the_index_and_strips_link_the_runs(tmp_path):
    from urllib.parse import urljoin
    from test_report_browser import assert_axe_clean, make_driver
    history = tmp_path / "main.rbhistory"
    for index, statuses in enumerate(RUNS):
        run("history", "add", bundle(tmp_path, index, statuses), "--history", history, "--commit", f"c{index + 1}")
    log = tmp_path / "head.log"
    head_tests = [("testSteady", "failed", 0.01), ("testFlaky", "passed", 0.01), ("testBroken", "failed", 0.01),
                  ("testFresh", "passed", 0.01), ("testBrandNew", "failed", 0.01)]
    log.write_text(console_log(head_tests))
    head = import_log(log, tmp_path / "head.resultbundle")
    run("history", "add", head, "--history", history, "--commit", "c6")
    site = tmp_path / "site"
    run("report", head, "-o", site, "--history", history, "--run-url", "https://ci.example/runs/{commit}/index.html")
    driver = make_driver(javascript=False)
    try:
        driver.get((site / "index.html").as_uri())
        items = driver.find_elements("css selector", "ol.failures li")
        listed = [(item.find_element("css selector", "a.name").text.split("/")[-1],
                   item.find_element("css selector", "a.name").get_attribute("href"),
                   [label.text for label in item.find_elements("css selector", ".history-label")]) for item in items]
        assert [name for name, _, _ in listed] == ["testSteady", "testBrandNew", "testBroken"]
        assert listed[0][2] == ["new failure"] and listed[1][2] == ["new failure"]
        assert listed[2][2] == ["failing for 4 runs since c3"]
        for name, href, _ in listed[:2]:
            driver.get(href)
            fragment = href.split("#", 1)[1] if "#" in href else None
            target = driver.find_element("id", fragment) if fragment else driver.find_element("tag name", "main")
            assert name in target.text
        driver.get((site / "failed.html").as_uri())
        broken = driver.find_element("xpath", "//tr[contains(., 'testBroken')]")
        links = [a.get_attribute("href") for a in broken.find_elements("css selector", ".mini-strip a")]
        assert links[-4:] == [f"https://ci.example/runs/c{n}/index.html" for n in (3, 4, 5, 6)]
        classes = [a.get_attribute("class") for a in broken.find_elements("css selector", ".mini-strip a")]
        assert classes == ["h-passed", "h-passed", "h-failed", "h-failed", "h-failed", "h-failed"]
        steady = driver.find_element("xpath", "//tr[contains(., 'testSteady')]")
        assert len(steady.find_elements("css selector", ".mini-strip a")) == 6
    finally:
        driver.quit()
    driver = make_driver()
    try:
        assert_axe_clean(driver, site, ("index.html", "failed.html", "all-1.html"))
    finally:
        driver.quit()


def test_run_url_needs_a_history_and_a_safe_scheme(tmp_path):
    head = bundle(tmp_path, 0, RUNS[0])
    result = run("report", head, "-o", tmp_path / "a", "--run-url", "x/{commit}", check=False)
    assert result.returncode != 0 and "--history" in result.stderr
    history = tmp_path / "h.rbhistory"
    run("history", "add", head, "--history", history)
    result = run("report", head, "-o", tmp_path / "b", "--history", history, "--run-url", "javascript:alert(1)",
                 check=False)
    assert result.returncode == 2 and "scheme javascript: is not allowed" in result.stderr
    assert not (tmp_path / "b").exists()


def frames(path):
    """(type, start, end) of each frame of a history file."""
    data = path.read_bytes()
    offset, found = 16, []
    while offset + 16 <= len(data):
        stored = int.from_bytes(data[offset + 4:offset + 8], "little")
        found.append((chr(data[offset]), offset, offset + 16 + stored))
        offset += 16 + stored
    return found


def junit_bundle(tmp_path, index, names):
    """A bundle imported from JUnit XML whose test names are `names` (XML-escaped already), all passing."""
    cases = "".join(f'<testcase classname="S" name="{name}" time="0.01"/>' for name in names)
    xml = tmp_path / f"names{index}.xml"
    xml.write_text(f'<testsuite name="S" tests="{len(names)}">{cases}</testsuite>')
    return import_log(xml, tmp_path / f"names{index}.resultbundle")


def test_test_names_with_line_breaks_keep_every_run(tmp_path):
    history = tmp_path / "names.rbhistory"
    for index in range(5):
        names = ["a&#10;b", "c&#13;&#10;d", f"fresh&#10;{index}", "plain"]
        added = run("history", "add", junit_bundle(tmp_path, index, names), "--history", history)
        assert ("; 1 run," if index == 0 else f"; {index + 1} runs,") in added.stdout, added.stdout
    shown = json.loads(run("history", "show", "--history", history, "--json").stdout)
    assert len(shown["runs"]) == 5 and [facts["tests"] for facts in shown["runs"]] == [4] * 5
    text = run("history", "show", "--history", history)
    assert text.stdout.startswith("5 runs, the newest with 4 tests") and text.stderr == "", text.stdout


def test_a_bundle_added_twice_is_one_run(tmp_path):
    history = tmp_path / "twice.rbhistory"
    first = bundle(tmp_path, 0, RUNS[0])
    run("history", "add", first, "--history", history)
    again = run("history", "add", first, "--history", history, check=False)
    assert again.returncode == 2 and "in the history already" in again.stderr and "--allow-duplicate" in again.stderr
    copy = tmp_path / "copy.resultbundle"
    copy.write_bytes(first.read_bytes())
    assert run("history", "add", copy, "--history", history, "--commit", "other", check=False).returncode == 2
    assert len(json.loads(run("history", "show", "--history", history, "--json").stdout)["runs"]) == 1
    run("history", "add", first, "--history", history, "--allow-duplicate")
    assert len(json.loads(run("history", "show", "--history", history, "--json").stdout)["runs"]) == 2
    # Another run of the same tests is not a duplicate.
    run("history", "add", bundle(tmp_path, 1, RUNS[1]), "--history", history)


def test_a_missing_history_is_an_error_for_every_reader(tmp_path):
    head = bundle(tmp_path, 0, RUNS[0])
    missing = tmp_path / "nowhere.rbhistory"
    for arguments in (("history", "show"), ("summary", head), ("report", head, "-o", tmp_path / "site"),
                      ("compare", head, head)):
        result = run(*arguments, "--history", missing, check=False)
        assert result.returncode == 2, arguments
        assert "nowhere.rbhistory" in result.stderr and "no history file" in result.stderr, arguments
    assert not missing.exists() and not (tmp_path / "site").exists()


def test_a_flipped_bit_costs_one_run_and_the_next_add_keeps_the_others(tmp_path):
    history = tmp_path / "ten.rbhistory"
    for index in range(10):
        run("history", "add", bundle(tmp_path, index, RUNS[index % 5]), "--history", history,
            "--commit", f"c{index + 1}", "--allow-duplicate")
    _, start, end = [frame for frame in frames(history) if frame[0] == "R"][1]
    data = bytearray(history.read_bytes())
    data[(start + 16 + end) // 2] ^= 0x01
    history.write_bytes(bytes(data))
    shown = run("history", "show", "--history", history)
    assert shown.stdout.startswith("9 runs") and f"warning: {history}: byte {start}:" in shown.stderr
    run("history", "add", bundle(tmp_path, 10, RUNS[0]), "--history", history, "--commit", "c11")
    commits = [facts["commit"] for facts in json.loads(
        run("history", "show", "--history", history, "--json").stdout)["runs"]]
    assert commits == ["c1"] + [f"c{n}" for n in range(3, 12)]


def test_concurrent_writers_keep_every_run(tmp_path):
    import subprocess
    from conftest import BINARY
    history = tmp_path / "shared.rbhistory"
    bundles = [bundle(tmp_path, index, RUNS[index % 5]) for index in range(24)]
    writers = [subprocess.Popen([str(BINARY), "history", "add", str(path), "--history", str(history),
                                 "--commit", f"w{index}", "--allow-duplicate"],
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE)
               for index, path in enumerate(bundles)]
    for writer in writers:
        assert writer.wait(timeout=120) == 0, writer.stderr.read()
    shown = json.loads(run("history", "show", "--history", history, "--json").stdout)
    assert sorted(facts["commit"] for facts in shown["runs"]) == sorted(f"w{index}" for index in range(24))


def test_a_dangling_symlink_and_an_unfinished_first_write(tmp_path):
    import os
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    folder = tmp_path / "cache"
    folder.mkdir()
    link = folder / "main.rbhistory"
    os.symlink(elsewhere / "made.rbhistory", link)
    result = run("history", "add", bundle(tmp_path, 0, RUNS[0]), "--history", link, check=False)
    assert result.returncode == 2 and "does not exist" in result.stderr
    assert not (elsewhere / "made.rbhistory").exists()
    stub = folder / "stub.rbhistory"
    stub.write_bytes(b"RBHISTRY\x02\x00")
    run("history", "add", bundle(tmp_path, 0, RUNS[0]), "--history", stub)
    run("history", "add", bundle(tmp_path, 1, RUNS[1]), "--history", stub)
    assert run("history", "show", "--history", stub).stdout.startswith("2 runs")


def test_a_killed_rewrite_leaves_nothing_for_long(tmp_path):
    import subprocess
    history = tmp_path / "kept.rbhistory"
    for index in range(3):
        run("history", "add", bundle(tmp_path, index, RUNS[index]), "--history", history, "--keep", "2")
    # What a rewrite killed before its rename leaves, from a process that is gone.
    gone = subprocess.Popen(["true"])
    gone.wait()
    partial = tmp_path / f".kept.rbhistory.partial-{gone.pid}"
    partial.write_bytes(b"RBHISTRY")
    run("history", "add", bundle(tmp_path, 3, RUNS[3]), "--history", history, "--keep", "2")
    assert not partial.exists()
    assert sorted(path.name for path in tmp_path.glob(".kept*")) == [".kept.rbhistory.lock"]


def test_runs_with_uncommitted_changes_are_left_out_of_flaky_detection(tmp_path):
    import subprocess
    from conftest import BINARY
    repo = tmp_path / "repo"
    repo.mkdir()
    git = ["git", "-C", str(repo), "-c", "user.name=t", "-c", "user.email=t@example.com"]
    subprocess.run(git + ["init", "-q"], check=True)
    (repo / "Calc.swift").write_text("let x = 1\n")
    subprocess.run(git + ["add", "."], check=True)
    subprocess.run(git + ["commit", "-qm", "one"], check=True)
    history = tmp_path / "local.rbhistory"
    hashes = []
    for index, status in enumerate(["passed", "failed", "passed", "failed", "passed"]):
        # A local change breaks testFlaky; it is undone before the next clean run.
        (repo / "Calc.swift").write_text("let x = 2\n" if status == "failed" else "let x = 1\n")
        log = repo / f"run{index}.log"
        log.write_text(console_log([("testFlaky", status, 0.01), ("testSteady", "passed", 0.01)]))
        subprocess.run(git + ["add", log.name], check=True)
        subprocess.run(git + ["commit", "-qm", f"log {index}", "--", log.name], check=True)
        path = tmp_path / f"local{index}.resultbundle"
        subprocess.run([str(BINARY), "import", str(log), "-o", str(path), "--quiet"], cwd=repo, capture_output=True)
        exported = json.loads(run("json", path, "-o", "-").stdout)["runs"][0]
        assert exported["hasUncommittedChanges"] is (status == "failed")
        hashes.append(exported.get("uncommittedChangesHash"))
        run("history", "add", path, "--history", history, "--commit", "same")
        if index == 1:
            once = run("history", "show", "--history", history).stdout
            assert "1 run made with uncommitted changes is left out" in once, once
    assert hashes[0] is None and hashes[1] == hashes[3] and len(hashes[1]) == 64
    shown = json.loads(run("history", "show", "--history", history, "--json").stdout)
    assert [facts.get("dirty") for facts in shown["runs"]] == [False, True, False, True, False]
    assert shown["flaky"] == []
    text = run("history", "show", "--history", history).stdout
    assert "(dirty)" in text and "2 runs made with uncommitted changes are left out" in text
    counted = json.loads(run("history", "show", "--history", history, "--json", "--include-dirty").stdout)
    assert counted["flaky"][0]["test"].endswith("testFlaky") and counted["flaky"][0]["flips"] == 4


def write_history(path, keys, runs):
    """A format 2.0 history written from docs/HISTORY.md alone: `runs` are (facts, statuses) pairs."""
    import struct
    import zlib

    def varint(number):
        out = b""
        while number >= 0x80:
            out += bytes([(number & 0x7F) | 0x80])
            number >>= 7
        return out + bytes([number])

    def frame(kind, payload):
        stored = zlib.compress(payload, 9)
        head = kind.encode() + b"\0\0\0" + struct.pack("<II", len(stored), len(payload))
        return head + struct.pack("<I", zlib.crc32(head + stored)) + stored

    data = b"RBHISTRY" + struct.pack("<HHI", 2, 0, 0)
    data += frame("K", varint(0) + varint(len(keys)) + b"".join(varint(len(k.encode())) + k.encode() for k in keys))
    for facts, statuses in runs:
        payload = json.dumps(facts, sort_keys=True).encode() + b"\n" + struct.pack("<I", len(statuses))
        data += frame("R", payload + bytes(statuses) + b"".join(varint(11) for _ in statuses))
    path.write_bytes(data)


def test_huge_run_names_commits_and_branches_are_cut(tmp_path):
    history = tmp_path / "long.rbhistory"
    keys = [f"CalcTests/CalcTests/{name}" for name in NAMES]
    runs = []
    for index in range(100):
        # 1 MiB each (over the facts limit: skipped as damaged), and 20 KB each (cut to 1 KiB).
        big = f"r{index}-" + "x" * ((1 << 20) if index < 50 else 20_000)
        facts = {"name": big, "commit": big, "branch": big, "tests": 4, "passed": 3, "failed": 1, "skipped": 0,
                 "duration": 0.04, "p95": 0.01}
        runs.append((facts, [1, 2 if index % 2 else 1, 2, 1]))
    write_history(history, keys, runs)
    assert history.stat().st_size < 400_000
    site = tmp_path / "site"
    result = run("report", bundle(tmp_path, 0, RUNS[2]), "-o", site, "--history", history,
                 "--run-url", "https://ci.example/{branch}/{commit}/{name}")
    assert "facts line is longer than" in result.stderr and "30 more damaged parts skipped" in result.stderr
    assert sum(path.stat().st_size for path in site.rglob("*") if path.is_file()) < 1_000_000
    shown = run("history", "show", "--history", history)
    assert shown.stdout.startswith("50 runs") and max(len(line) for line in shown.stdout.splitlines()) < 200
    facts = json.loads(run("history", "show", "--history", history, "--json").stdout)["runs"]
    assert all(len(value.encode()) <= 1024 for run_facts in facts for value in
               (run_facts["name"], run_facts["commit"], run_facts["branch"]))
