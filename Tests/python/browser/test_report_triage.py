"""The report as a place to triage, in headless Chromium: on a phone (390 x 844) the index's first failure is on the
first screen; the search offers Flaky beside the statuses only when a history says which tests are flaky; a report
made with a history names its run by its place in the history; expected and actual images are shown side by side
and as a difference, without JavaScript; durations read in words."""
import io
import re

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from conftest import run
from test_history import RUNS, bundle, history_report
from test_junit_attachments import png
# The shared browsers (module-scoped fixtures of the browser tests).
from test_report_browser import driver, driver_without_javascript  # noqa: F401
from test_report_causes import write_log

PHONE = {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True}


@pytest.fixture(scope="module")
def large_site(tmp_path_factory):
    """The report of a generated run of 10,000 tests, 520 of them failing."""
    base = tmp_path_factory.mktemp("triage")
    write_log(base / "run.log")
    run("import", base / "run.log", "-o", base / "run.resultbundle", "--quiet")
    run("report", base / "run.resultbundle", "-o", base / "site", "--quiet")
    return base / "site"


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_at_390_px_the_first_failure_is_on_the_first_screen(driver, large_site, scheme):
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", PHONE)
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {
        "media": "screen", "features": [{"name": "prefers-color-scheme", "value": scheme}]})
    try:
        driver.get((large_site / "index.html").as_uri())
        box = driver.execute_script("""
          const entry = document.querySelector('li.failure');
          const rect = entry.getBoundingClientRect();
          return {top: rect.top, bottom: rect.bottom, height: innerHeight, width: innerWidth,
                  scrollWidth: document.documentElement.scrollWidth};""")
        assert box["height"] == 844 and box["width"] == 390, box
        assert 0 <= box["top"] and box["bottom"] <= box["height"], box
        assert box["scrollWidth"] <= box["width"], box
    finally:
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "", "features": []})


def test_durations_read_in_words(driver, tmp_path):
    log = tmp_path / "slow.log"
    log.write_text("\n".join([
        "Test Suite 'All tests' started at 2026-11-22 11:06:58.082",
        "Test Suite 'SlowTests' started at 2026-11-22 11:06:58.105",
        "Test Case 'SlowTests.testLong' started at 2026-11-22 11:06:58.105",
        "Test Case 'SlowTests.testLong' passed (245.000 seconds)",
        "Test Case 'SlowTests.testHours' started at 2026-11-22 11:06:58.105",
        "Test Case 'SlowTests.testHours' passed (26220.000 seconds)",
        "Test Case 'SlowTests.testQuick' started at 2026-11-22 11:06:58.105",
        "Test Case 'SlowTests.testQuick' passed (1.234 seconds)",
        "Test Suite 'SlowTests' passed at 2026-11-22 18:24:00.000",
    ]) + "\n")
    run("import", log, "-o", tmp_path / "slow.resultbundle", "--quiet")
    run("report", tmp_path / "slow.resultbundle", "-o", tmp_path / "site", "--quiet")
    driver.get((tmp_path / "site" / "all-1.html").as_uri())
    text = driver.find_element(By.TAG_NAME, "main").text
    assert "4 min 5 s" in text and "7 h 17 min" in text and "1.2 s" in text, text
    assert not re.search(r"\d+m \d\ds", text), text
    summary = run("summary", tmp_path / "slow.resultbundle").stdout
    assert re.search(r"\b7 h \d+ min\b", summary), summary


def test_the_search_offers_flaky_only_with_a_history(driver, tmp_path):
    site = history_report(tmp_path)
    driver.get((site / "index.html").as_uri())
    box = driver.find_element(By.CSS_SELECTOR, "[data-search-input]")
    flaky = driver.find_element(By.CSS_SELECTOR, "[data-flaky-filter]")
    assert flaky.is_displayed() and not flaky.is_selected()

    def names():
        # Read in one script call: the list is redrawn as results arrive, and an element found by one call can be
        # gone by the next.
        return driver.execute_script(
            "return Array.from(document.querySelectorAll('[data-search-results] li a'), a => a.innerText.trim())")
    for query in ("status:flaky", "s:flaky"):
        box.clear()
        box.send_keys(query)
        WebDriverWait(driver, 10).until(lambda d: names())
        assert names() == ["testFlaky"], names()
    box.clear()
    box.send_keys("test")
    WebDriverWait(driver, 10).until(lambda d: len(names()) == 4)
    flaky.click()
    WebDriverWait(driver, 10).until(lambda d: names() == ["testFlaky"])

    plain = tmp_path / "plain"
    run("report", bundle(tmp_path, 9, RUNS[-1]), "-o", plain, "--quiet")
    driver.get((plain / "index.html").as_uri())
    assert not driver.find_elements(By.CSS_SELECTOR, "[data-flaky-filter]")
    box = driver.find_element(By.CSS_SELECTOR, "[data-search-input]")
    box.send_keys("s:flaky")
    WebDriverWait(driver, 10).until(
        lambda d: "without a history" in d.find_element(By.CSS_SELECTOR, "[data-search-status]").text)


def test_a_report_with_a_history_names_its_run_by_its_place_in_it(driver, tmp_path):
    site = history_report(tmp_path)
    driver.get((site / "index.html").as_uri())
    text = driver.find_element(By.TAG_NAME, "main").get_attribute("textContent")
    # Five runs were added; the report's run is not among them, so it is the sixth.
    assert "run 6 of the history" in text and "run 1" not in text
    history = tmp_path / "main.rbhistory"
    added = tmp_path / "run9.resultbundle"
    run("history", "add", added, "--history", history)
    run("history", "add", bundle(tmp_path, 10, RUNS[0]), "--history", history)
    # Now in the history, the run keeps its place there, whatever came after it.
    again = tmp_path / "again"
    run("report", added, "-o", again, "--history", history, "--quiet")
    driver.get((again / "index.html").as_uri())
    assert "run 6 of the history" in driver.find_element(By.TAG_NAME, "main").get_attribute("textContent")


JUNIT = """<?xml version="1.0" encoding="UTF-8"?>
<testsuites>
  <testsuite name="ui.Screens" tests="1" failures="1">
    <testcase classname="ui.Screens" name="test_home" time="0.5">
      <failure message="Screenshot comparison failed">1 pixel differs</failure>
      <system-out>[[ATTACHMENT|shots/home-expected.png]]
[[ATTACHMENT|shots/home-actual.png]]
[[ATTACHMENT|shots/home-diff.png]]
</system-out>
    </testcase>
  </testsuite>
</testsuites>
"""


def test_expected_and_actual_images_side_by_side_and_as_a_difference_without_javascript(
        driver_without_javascript, tmp_path):
    from PIL import Image
    shots = tmp_path / "reports" / "shots"
    shots.mkdir(parents=True)
    expected = Image.new("RGB", (40, 40), (200, 30, 30))
    actual = expected.copy()
    for x in range(20, 40):
        for y in range(20, 40):
            actual.putpixel((x, y), (30, 30, 200))
    for image, name in ((expected, "home-expected.png"), (actual, "home-actual.png")):
        image.save(shots / name)
    (shots / "home-diff.png").write_bytes(png(40, 40))
    (tmp_path / "reports" / "junit.xml").write_text(JUNIT)
    run("import", tmp_path / "reports" / "junit.xml", "-o", tmp_path / "ui.resultbundle", "--quiet")
    run("report", tmp_path / "ui.resultbundle", "-o", tmp_path / "site", "--quiet")
    page = next((tmp_path / "site" / "tests").glob("*.html"))
    driver = driver_without_javascript
    driver.get(page.as_uri())
    comparison = driver.find_element(By.CSS_SELECTOR, "figure.image-compare")
    assert comparison.find_element(By.TAG_NAME, "figcaption").text == "home: expected and actual"
    captions = [c.text for c in comparison.find_elements(By.CSS_SELECTOR, ".image-pair figcaption")]
    assert [c.split(" ")[0] for c in captions] == ["Expected", "Actual", "Difference", "Diff"], captions
    sizes = driver.execute_script("""return Array.from(document.querySelectorAll('figure.image-compare img'),
        img => img.complete && img.naturalWidth);""")
    assert sizes == [40, 40, 40, 40, 40], sizes
    # The difference: black where the images agree, bright where they do not.
    blend = comparison.find_element(By.CSS_SELECTOR, ".image-blend")
    shot = Image.open(io.BytesIO(blend.screenshot_as_png)).convert("RGB")
    width, height = shot.size
    assert max(shot.getpixel((width // 4, height // 4))) < 16, shot.getpixel((width // 4, height // 4))
    assert max(shot.getpixel((3 * width // 4, 3 * height // 4))) > 100, shot.getpixel((3 * width // 4, 3 * height // 4))
