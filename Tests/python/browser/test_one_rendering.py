"""Hostile ANSI and OSC input renders the same in every output. An OSC ended by `ESC \\` leaves no stray
backslash in the report, JUnit or the summary, and `snapshot --format html` draws a screen with the same cells,
classes and colors as the report (checked in headless Chromium)."""
import re

import pytest

from conftest import run
from test_report_browser import make_driver

HYPERLINK = "see \x1b]8;;https://example.com\x1b\\the docs\x1b]8;;\x1b\\ now"
LOG = (
    "Test Suite 'All tests' started at 2026-01-01 10:00:00.000\n"
    "Test Suite 'ColorTests' started at 2026-01-01 10:00:00.000\n"
    "Test Case '-[ColorKit.ColorTests testLink]' started.\n"
    f"/src/Tests/ColorTests.swift:7: error: -[ColorKit.ColorTests testLink] : XCTAssertTrue failed - {HYPERLINK}\n"
    "Test Case '-[ColorKit.ColorTests testLink]' failed (0.002 seconds).\n"
    "Test Suite 'ColorTests' failed at 2026-01-01 10:00:00.010.\n"
    "\t Executed 1 test, with 1 failure (0 unexpected) in 0.002 (0.002) seconds\n"
    "Test Suite 'All tests' failed at 2026-01-01 10:00:00.010.\n"
    "\t Executed 1 test, with 1 failure (0 unexpected) in 0.002 (0.002) seconds\n"
)
SCREEN = (
    "\x1b[31mred\x1b[0m \x1b[1;38;5;82mgreen\x1b[0m \x1b[7minverse\x1b[0m \x1b[48;2;0;0;255mblue\x1b[0m\r\n"
    "\x1b]0;title\x1b\\\x1b[4;93munder\x1b[0m <b>&amp;</b>"
)


@pytest.fixture(scope="module")
def bundle(tmp_path_factory):
    folder = tmp_path_factory.mktemp("one-rendering")
    (folder / "test.log").write_text(LOG)
    (folder / "screen.ans").write_text(SCREEN)
    bundle = folder / "run.resultbundle"
    run("import", folder / "test.log", "-o", bundle)
    run("snapshot", "--input", folder / "screen.ans", "--cols", "40", "--rows", "3",
        "--bundle", bundle, "--test", "ColorKit/ColorTests/testLink")
    return bundle


@pytest.mark.parametrize("command,suffix", [("report", ""), ("junit", ".xml"), ("summary", ".md")])
def test_an_osc_ended_by_string_terminator_leaves_nothing_behind(bundle, tmp_path, command, suffix):
    output = tmp_path / f"out{suffix}"
    run(command, bundle, "-o", output)
    files = sorted(output.rglob("*.html")) if command == "report" else [output]
    texts = [path.read_text() for path in files]
    assert any("see the docs now" in text for text in texts), command
    for text in texts:
        assert "\\the docs" not in text and "\\ now" not in text
        assert "\x1b" not in text and "]8;;" not in text


def terminal_rows(html):
    found = re.search(r'<pre class="terminal"[^>]*>(.*?)</pre>', html, re.S)
    assert found, "no terminal grid"
    return found.group(1)


def test_snapshot_and_report_draw_the_same_markup(bundle, tmp_path):
    run("snapshot", "--input", bundle.parent / "screen.ans",
        "--cols", "40", "--rows", "3", "--format", "html", "-o", tmp_path / "screen.html")
    run("report", bundle, "-o", tmp_path / "site")
    pages = [page.read_text() for page in (tmp_path / "site" / "tests").glob("*.html")]
    report_page = next(page for page in pages if 'class="terminal"' in page)
    snapshot_rows = terminal_rows((tmp_path / "screen.html").read_text())
    assert snapshot_rows == terminal_rows(report_page)
    assert '<span class="f1">red</span>' in snapshot_rows
    assert "&lt;b&gt;&amp;amp;&lt;/b&gt;" in snapshot_rows


CELLS = """
return Array.from(document.querySelectorAll('pre.terminal span.row span'), span => {
  const style = getComputedStyle(span);
  return [span.textContent, span.className, style.color, style.backgroundColor, style.fontWeight,
          style.textDecorationLine];
});
"""


def test_snapshot_and_report_show_the_same_colors_in_chromium(bundle, tmp_path):
    run("snapshot", "--input", bundle.parent / "screen.ans", "--cols", "40", "--rows", "3", "--format", "html",
        "-o", tmp_path / "screen.html")
    run("report", bundle, "-o", tmp_path / "site")
    page = next(page for page in (tmp_path / "site" / "tests").glob("*.html") if 'class="terminal"' in page.read_text())
    driver = make_driver()
    try:
        driver.get((tmp_path / "screen.html").as_uri())
        standalone = driver.execute_script(CELLS)
        driver.get(page.as_uri())
        in_report = driver.execute_script(CELLS)
    finally:
        driver.quit()
    assert standalone == in_report
    colors = {cells[0]: cells for cells in standalone}
    red, green, blue = map(int, re.findall(r"\d+", colors["red"][2])[:3])
    assert red > 150 and green < red / 2 and blue < red / 2, colors["red"]
    assert colors["green"][4] == "700"
    assert colors["blue"][3] == "rgb(0, 0, 255)"
    assert "underline" in colors["under"][5]
