"""`history add` keeps each run's coverage totals, and `report --history` draws them as a trend chart: a visible
legend, one quantity (the share covered) on its axis, run names under it, readable at 390 px, in Chromium."""
import json
import struct
import subprocess
import zlib

from conftest import BINARY, run
from test_compare import console_log

# Per run: (lines found, lines hit) of one file, and its branches (found, hit): lcov tracefiles written here.
COVERAGE = [(10, 4, 4, 1), (10, 6, 4, 2), (12, 9, 4, 4)]


def tracefile(path, found, hit, branches_found, branches_hit):
    lines = [f"DA:{number},{1 if number <= hit else 0}" for number in range(1, found + 1)]
    branches = [f"BRDA:1,0,{index},{1 if index < branches_hit else '-'}" for index in range(branches_found)]
    path.write_text("TN:\nSF:a.c\n" + "\n".join(lines + branches) + "\nend_of_record\n")
    return path


def runs_with_coverage(tmp_path):
    history = tmp_path / "main.rbhistory"
    bundles = []
    for index, (found, hit, branches_found, branches_hit) in enumerate(COVERAGE):
        log = tmp_path / f"run{index}.log"
        log.write_text(console_log([("testA", "passed", 0.01), ("testB", "passed", 0.02)]))
        trace = tracefile(tmp_path / f"run{index}.info", found, hit, branches_found, branches_hit)
        bundle = tmp_path / f"run{index}.resultbundle"
        subprocess.run([str(BINARY), "import", str(log), str(trace), "-o", str(bundle), "--quiet"], cwd=tmp_path,
                       check=True, capture_output=True, timeout=120)
        run("history", "add", bundle, "--history", history, "--commit", f"c{index + 1}")
        bundles.append(bundle)
    return history, bundles


def run_facts(history):
    """Each run frame's facts line, read with the standard library as docs/HISTORY.md describes the file."""
    data = history.read_bytes()
    assert data[:8] == b"RBHISTRY" and struct.unpack("<HH", data[8:12]) == (2, 1)
    offset, facts = 16, []
    while offset + 16 <= len(data):
        kind, stored = data[offset], struct.unpack("<I", data[offset + 4:offset + 8])[0]
        payload = zlib.decompress(data[offset + 16:offset + 16 + stored])
        if kind == 0x52:
            facts.append(json.loads(payload.split(b"\n", 1)[0]))
        offset += 16 + stored
    return facts


def test_history_add_keeps_each_runs_coverage_totals(tmp_path):
    history, _ = runs_with_coverage(tmp_path)
    kept = [fact["coverage"] for fact in run_facts(history)]
    assert [(c["linesFound"], c["linesHit"], c["branchesFound"], c["branchesHit"]) for c in kept] == COVERAGE
    # A run without coverage keeps none, and the file stays readable by every reader.
    log = tmp_path / "plain.log"
    log.write_text(console_log([("testA", "passed", 0.01)]))
    plain = tmp_path / "plain.resultbundle"
    subprocess.run([str(BINARY), "import", str(log), "-o", str(plain), "--quiet"], cwd=tmp_path, check=True,
                   timeout=120)
    run("history", "add", plain, "--history", history, "--commit", "c4")
    assert "coverage" not in run_facts(history)[-1]
    assert "4 runs" in run("history", "show", "--history", history).stdout


def test_the_coverage_trend_chart_is_labelled_and_readable_at_390_px(tmp_path):
    from test_report_browser import assert_axe_clean, make_driver
    history, bundles = runs_with_coverage(tmp_path)
    site = tmp_path / "site"
    run("report", bundles[-1], "-o", site, "--history", history)
    driver = make_driver()
    try:
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
            "width": 390, "height": 800, "deviceScaleFactor": 1, "mobile": False})
        driver.get((site / "index.html").as_uri())
        chart = driver.execute_script("""
          const svg = document.querySelector('svg[aria-labelledby=trend-coverage-title]');
          if (!svg) return null;
          const figure = svg.closest('figure');
          const caption = figure.querySelector('figcaption');
          return {
            title: svg.querySelector('title').textContent,
            legend: caption.textContent.trim(), legendShown: caption.getClientRects().length > 0,
            texts: Array.from(svg.querySelectorAll('text'), text => text.textContent),
            smallest: Math.min(...Array.from(svg.querySelectorAll('text'), t => t.getBoundingClientRect().height)),
            points: Array.from(svg.querySelectorAll('circle > title'), t => t.textContent)
          };""")
        assert chart, "no coverage chart on the index"
        assert chart["title"] == "Code coverage per run, 0 to 100%"
        assert chart["legendShown"] and "lines covered" in chart["legend"] and "branches covered" in chart["legend"]
        assert "functions covered" not in chart["legend"]  # lcov files here have no functions
        assert "c1" in chart["texts"] and "c3" in chart["texts"] and "100%" in chart["texts"]
        assert chart["smallest"] >= 10, chart
        for index, (found, hit, branches_found, branches_hit) in enumerate(COVERAGE):
            percent = f"{int(1000 * hit / found + 0.5) / 10:.1f}%"
            assert f"c{index + 1}: lines covered {percent} ({hit} of {found})" in chart["points"], chart["points"]
        assert driver.execute_script("return document.documentElement.scrollWidth") <= 390
        assert_axe_clean(driver, site, ("index.html",))
    finally:
        driver.quit()
