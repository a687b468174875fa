"""Test pages and the compare page in headless Chromium: nothing scrolls sideways at 390 px (steps, source excerpts,
terminal snapshots), no control shows that would do nothing without JavaScript (and test pages advertise no key
that does nothing there), dark mode passes axe and keeps the failing source line and the terminal snapshot apart
from their surroundings, and an equality failure shows its two values with the difference marked."""
import pytest

from conftest import ROOT, run
from test_compare import HEAD, BASE, console_log
from test_report_browser import driver, driver_without_javascript  # noqa: F401 (fixtures)

EXAMPLES = ROOT / "SampleBundles" / "v1.0-examples.resultbundle"
LONG_LINE = "        let expected = " + " + ".join(f"value{n}" for n in range(40))
SOURCE = "import XCTest\nfinal class CalcTests: XCTestCase {\n    func testSum() {\n" + LONG_LINE + "\n" \
    "        XCTAssertEqual(sum, expected, \"sums\")\n    }\n}\n"
EQUALITY_LOG = """Test Suite 'All tests' started at 2026-11-25 07:00:00.000
Test Suite 'CalcTests' started at 2026-11-25 07:00:00.000
Test Case '-[CalcTests.CalcTests testSum]' started.
/src/Tests/CalcTests/CalcTests.swift:5: error: -[CalcTests.CalcTests testSum] : XCTAssertEqual failed: ("total 1200 items") is not equal to ("total 1300 items") - sums
Test Case '-[CalcTests.CalcTests testSum]' failed (0.010 seconds).
Test Suite 'CalcTests' failed at 2026-11-25 07:00:01.000.
\t Executed 1 test, with 1 failure (0 unexpected) in 0.010 (0.010) seconds
"""


@pytest.fixture(scope="module")
def sites(tmp_path_factory):
    folder = tmp_path_factory.mktemp("narrow")
    examples = folder / "examples"
    run("report", EXAMPLES, "-o", examples)
    (folder / "src" / "Tests" / "CalcTests").mkdir(parents=True)
    (folder / "src" / "Tests" / "CalcTests" / "CalcTests.swift").write_text(SOURCE)
    (folder / "equality.log").write_text(EQUALITY_LOG)
    run("import", folder / "equality.log", "-o", folder / "equality.resultbundle", "--quiet")
    equality = folder / "equality"
    run("report", folder / "equality.resultbundle", "-o", equality, "--source-root", folder / "src")
    for name, tests in (("base", BASE), ("head", HEAD)):
        (folder / f"{name}.log").write_text(console_log(tests))
        run("import", folder / f"{name}.log", "-o", folder / f"{name}.resultbundle", "--quiet")
    # HEAD's report, its failing test with a page of its own (its source line is at hand).
    (folder / "calc").mkdir()
    (folder / "calc" / "CalcTests.swift").write_text("".join(f"// line {n}\n" for n in range(1, 12)))
    head_report = folder / "head-report"
    run("report", folder / "head.resultbundle", "-o", head_report, "--source-root", folder / "calc")
    compare = folder / "compare"
    run("compare", folder / "base.resultbundle", folder / "head.resultbundle", "-o", compare,
        "--head-report", head_report)
    return {"examples": examples, "equality": equality, "compare": compare}


def emulate(driver, width, dark=False):
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": width, "height": 800, "deviceScaleFactor": 1, "mobile": False})
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "screen", "features": [
        {"name": "prefers-color-scheme", "value": "dark" if dark else "light"}]})


def test_pages_do_not_scroll_sideways_from_390_to_1920_px(driver, sites):
    pages = sorted((sites["examples"] / "tests").glob("*.html")) + sorted((sites["equality"] / "tests").glob("*.html"))
    pages.append(sites["compare"] / "index.html")
    assert len(pages) > 5
    for width in (390, 1280, 1920):
        emulate(driver, width)
        for page in pages:
            driver.get(page.as_uri())
            wide = driver.execute_script("return document.documentElement.scrollWidth")
            assert wide <= width, f"{page.name} at {width} px is {wide} px wide"
    emulate(driver, 1200)


def test_step_bars_go_under_their_titles_on_a_phone(driver, sites):
    emulate(driver, 390)
    page = next(page for page in (sites["examples"] / "tests").glob("*.html") if 'class="bar"' in page.read_text())
    driver.get(page.as_uri())
    rows = driver.execute_script("""
      return Array.from(document.querySelectorAll('.activity summary, .activity > .leaf'))
        .filter(row => row.querySelector(':scope > .bar'))
        .map(row => { const t = row.querySelector(':scope > .title').getBoundingClientRect();
                      const b = row.querySelector(':scope > .bar').getBoundingClientRect();
                      return [t.width, b.top >= t.bottom - 1]; });""")
    assert rows and all(width > 200 and below for width, below in rows), rows
    emulate(driver, 1200)


def test_source_lines_scroll_inside_their_panel_instead_of_wrapping(driver, sites):
    emulate(driver, 390)
    page = next((sites["equality"] / "tests").glob("*.html"))
    driver.get(page.as_uri())
    panel = driver.execute_script("""
      const pre = document.querySelector('pre.source');
      const number = pre.querySelector('.ln');
      return {scrolls: pre.scrollWidth > pre.clientWidth, lineHeight: number.getBoundingClientRect().height,
              rows: pre.getBoundingClientRect().height, count: pre.querySelectorAll('.ln').length};""")
    assert panel["scrolls"], panel
    # Each numbered line is one row: the panel is no taller than its rows (the long line did not wrap).
    assert panel["rows"] < (panel["count"] + 1.5) * panel["lineHeight"], panel
    emulate(driver, 1200)


def test_an_equality_failure_shows_both_values_with_the_difference_marked(driver, sites):
    page = next((sites["equality"] / "tests").glob("*.html"))
    driver.get(page.as_uri())
    view = driver.execute_script("""
      const view = document.querySelector('dl.comparison');
      return view && {labels: Array.from(view.querySelectorAll('dt'), dt => dt.textContent),
                      marked: Array.from(view.querySelectorAll('mark'), mark => mark.textContent),
                      messages: document.querySelectorAll('pre.message').length};""")
    assert view == {"labels": ["First value", "Second value"], "marked": ["2", "3"], "messages": 1}


def test_without_javascript_no_control_shows(driver_without_javascript, sites):
    examples = sites["examples"]
    test_page = next((examples / "tests").glob("*.html"))
    for page in (examples / "index.html", examples / "all-1.html", examples / "failed.html", test_page):
        driver_without_javascript.get(page.as_uri())
        shown = driver_without_javascript.execute_script("""
          return Array.from(document.querySelectorAll('input, button, select, textarea'))
            .filter(control => control.getClientRects().length > 0).map(control => control.outerHTML);""")
        assert shown == [], f"{page.name}: {shown}"


def test_with_javascript_the_controls_appear_and_test_pages_offer_only_working_keys(driver, sites):
    examples = sites["examples"]
    driver.get((examples / "index.html").as_uri())
    assert driver.find_element("css selector", "[data-search-input]").is_displayed()
    hint = driver.execute_script("return document.querySelector('[data-shortcut-hint]').textContent")
    assert "next/previous failure" in hint and "/ search" in hint, hint
    driver.get((examples / "all-1.html").as_uri())
    assert driver.find_element("css selector", "[data-filter-input]").is_displayed()
    driver.get(next((examples / "tests").glob("*.html")).as_uri())
    hint = driver.execute_script("return document.querySelector('[data-shortcut-hint]').textContent")
    assert hint == "Keys: ? help", hint
    driver.get((examples / "failed.html").as_uri())
    hint = driver.execute_script("return document.querySelector('[data-shortcut-hint]').textContent")
    assert "next/previous failure" in hint and "/ filter" in hint, hint


def luminance(rgb):
    def channel(value):
        value /= 255
        return value / 12.92 if value <= 0.03928 else ((value + 0.055) / 1.055) ** 2.4
    red, green, blue = (channel(value) for value in rgb[:3])
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue


def contrast(first, second):
    light, dark = sorted((luminance(first), luminance(second)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


COLORS = """
  function rgb(text) { return text.match(/[\\d.]+/g).slice(0, 4).map(Number); }
  function over(top, bottom) {  // an rgba colour drawn over an opaque one
    const alpha = top.length > 3 ? top[3] : 1;
    return [0, 1, 2].map(i => top[i] * alpha + bottom[i] * (1 - alpha));
  }
"""


def test_dark_mode_passes_axe_and_keeps_the_failing_line_and_snapshots_apart(driver, sites):
    from axe_selenium_python import Axe
    emulate(driver, 1200, dark=True)
    equality_page = next((sites["equality"] / "tests").glob("*.html"))
    snapshot_page = next(page for page in (sites["examples"] / "tests").glob("*.html")
                         if 'class="terminal"' in page.read_text())
    for page in (equality_page, snapshot_page, sites["examples"] / "index.html", sites["compare"] / "index.html"):
        driver.get(page.as_uri())
        assert driver.execute_script("return matchMedia('(prefers-color-scheme: dark)').matches")
        axe = Axe(driver)
        axe.inject()
        serious = [v for v in axe.run()["violations"] if v["impact"] in ("serious", "critical")]
        assert not serious, f"{page.name}: {serious}"
    # The failing source line, in both schemes: a marker of at least 3:1 and a tint of at least 1.3:1.
    for dark in (True, False):
        emulate(driver, 1200, dark=dark)
        driver.get(equality_page.as_uri())
        line = driver.execute_script(COLORS + """
          const pre = document.querySelector('pre.source'), hit = pre.querySelector('.hit');
          const panel = rgb(getComputedStyle(pre).backgroundColor);
          const style = getComputedStyle(hit);
          return {panel: panel, tint: over(rgb(style.backgroundColor), panel), marker: rgb(style.boxShadow)};""")
        assert contrast(line["marker"], line["panel"]) >= 3, (dark, line)
        assert contrast(line["tint"], line["panel"]) >= 1.3, (dark, line)
    emulate(driver, 1200, dark=True)
    driver.get(snapshot_page.as_uri())
    terminal = driver.execute_script(COLORS + """
      const style = getComputedStyle(document.querySelector('pre.terminal'));
      return {page: rgb(getComputedStyle(document.body).backgroundColor), border: rgb(style.borderTopColor),
              width: parseFloat(style.borderTopWidth)};""")
    assert terminal["width"] >= 1 and contrast(terminal["border"], terminal["page"]) >= 3, terminal
    emulate(driver, 1200)


def test_the_compare_page_has_the_report_header_and_its_columns_do_not_overlap(driver, sites):
    emulate(driver, 1280)
    driver.get((sites["compare"] / "index.html").as_uri())
    header = driver.execute_script("""
      const header = document.querySelector('header.top');
      return header && Array.from(header.querySelectorAll('nav a'), a => a.getAttribute('href'));""")
    assert header and "#newFailures" in header, header
    links = driver.execute_script("""
      return Array.from(document.querySelectorAll('table.compare a'), a => [a.textContent, a.getAttribute('href')]);""")
    # The tests with a page in HEAD's report (the failing and the skipped one, whose source lines are at hand).
    assert sorted(name.split("/")[-1] for name, _ in links) == ["testBreaks", "testSkips"], links
    assert all(href.startswith("../head-report/tests/") for _, href in links), links
    driver.find_element("xpath", "//table[@class='compare']//a[contains(., 'testBreaks')]").click()
    assert driver.title.startswith("testBreaks"), driver.title
    overlaps = driver.execute_script("""
      const found = [];
      document.querySelectorAll('table.compare tr').forEach(row => {
        const cells = Array.from(row.children);
        for (let i = 1; i < cells.length; i++) {
          const range = document.createRange(); range.selectNodeContents(cells[i - 1]);
          const text = range.getBoundingClientRect();
          if (text.width && text.right > cells[i].getBoundingClientRect().left + 1) found.push(row.textContent);
        }
      });
      return found;""")
    assert overlaps == []
    emulate(driver, 1200)
