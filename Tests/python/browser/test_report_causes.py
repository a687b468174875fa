"""Failures grouped by cause in headless Chromium: on a 10,000-test run where 500 failures share one assertion
(their values differ) and 20 others fail each their own way, the index shows the shared message a few times at most,
with its count 500, its tests behind a disclosure that opens without JavaScript, counts with grouped thousands;
the failed list groups its rows by cause under `#cause-<id>` anchors; and the search finds a test by a word of its
failure message."""
import re

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from conftest import run
# The shared browsers (module-scoped fixtures of the browser tests).
from test_report_browser import driver, driver_without_javascript  # noqa: F401

ANIMALS = ("aardvark badger cheetah dingo echidna ferret gazelle hyena ibex jackal koala lemur marmot numbat "
           "ocelot pangolin quokka raccoon serval tapir").split()
SHARED = "XCTAssertEqual failed: (\"{a}\") is not equal to (\"{b}\") - totals differ"


def write_log(path, tests=10_000, shared=500, unique=20):
    """An XCTest console log: `shared` failures with one cause (the values vary), `unique` failures each with its own
    words, the rest passing."""
    lines = ["Test Suite 'All tests' started at 2026-11-22 11:06:58.082"]
    failing = set(range(0, tests, tests // shared)[:shared])
    unique_failing = {index + 1: number for number, index in enumerate(sorted(failing)[:unique])}
    for suite in range(tests // 100):
        cls = f"Suite{suite}Tests"
        lines.append(f"Test Suite '{cls}' started at 2026-11-22 11:06:58.105")
        for case in range(100):
            index = suite * 100 + case
            name = f"{cls}.testCase{case}"
            lines.append(f"Test Case '{name}' started at 2026-11-22 11:06:58.105")
            if index in failing or index in unique_failing:
                message = (SHARED.format(a=index, b=index + 1) if index in failing
                           else f"unexpected {ANIMALS[unique_failing[index]]} in the ledger")
                lines.append(f"/src/Tests/{cls}.swift:{case + 10}: error: {name} : {message}")
                lines.append(f"Test Case '{name}' failed (0.012 seconds)")
            else:
                lines.append(f"Test Case '{name}' passed (0.001 seconds)")
        lines.append(f"Test Suite '{cls}' passed at 2026-11-22 11:06:58.213")
    path.write_text("\n".join(lines) + "\n")


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    base = tmp_path_factory.mktemp("causes")
    write_log(base / "run.log")
    run("import", base / "run.log", "-o", base / "run.resultbundle")
    run("report", base / "run.resultbundle", "-o", base / "site", "--title", "Causes")
    return base / "site"


def test_index_shows_a_shared_cause_once_with_its_count(driver, site):
    driver.get((site / "index.html").as_uri())
    text = driver.find_element(By.TAG_NAME, "main").get_attribute("textContent")
    assert text.count("is not equal to") <= 3, text.count("is not equal to")
    causes = driver.find_elements(By.CSS_SELECTOR, "li.cause")
    assert causes[0].find_element(By.CSS_SELECTOR, ".cause-count").text == "500 failures"
    assert "is not equal to" in causes[0].find_element(By.CSS_SELECTOR, "pre.message").text
    assert re.fullmatch(r"cause-[0-9a-f]+", causes[0].get_attribute("id"))
    assert "Suite0Tests" in causes[0].text
    assert "520 of 10,000 tests failed" in driver.find_element(By.CSS_SELECTOR, ".verdict").text
    assert "10000" not in driver.find_element(By.CSS_SELECTOR, ".verdict").text
    # The failures list names each failure's suite and points to its cause rather than repeating the message.
    first = driver.find_element(By.CSS_SELECTOR, "li.failure")
    assert "Suite0Tests" in first.find_element(By.CSS_SELECTOR, ".place").text
    assert first.find_element(By.CSS_SELECTOR, "a.cause-link").get_attribute("href").endswith(
        "#" + causes[0].get_attribute("id"))


def test_a_causes_tests_open_without_javascript_and_lead_to_the_failed_list(driver_without_javascript, site):
    driver = driver_without_javascript
    driver.get((site / "index.html").as_uri())
    cause = driver.find_element(By.CSS_SELECTOR, "li.cause")
    cause.find_element(By.CSS_SELECTOR, "details > summary").click()
    tests = cause.find_elements(By.CSS_SELECTOR, "details li a")
    assert len(tests) == 10 and tests[0].is_displayed()
    more = cause.find_element(By.CSS_SELECTOR, "details p a")
    assert more.text == "490 more tests in the failed list"
    anchor = cause.get_attribute("id")
    assert more.get_attribute("href").endswith("failed.html#" + anchor)
    more.click()
    group = driver.find_element(By.ID, anchor)
    assert group.tag_name == "tbody"
    section = group.find_element(By.XPATH, "ancestor::section")
    assert section.find_element(By.TAG_NAME, "h2").text.startswith("500 failures: XCTAssertEqual failed")
    rows = group.find_elements(By.TAG_NAME, "tr")
    assert rows and all("Suite" in row.find_element(By.CSS_SELECTOR, ".place").text for row in rows)
    # The largest cause comes first on the page, whatever order its tests were read in.
    titles = [h2.text for h2 in driver.find_elements(By.CSS_SELECTOR, "section.group h2")]
    assert titles[0].startswith("500 failures"), titles[:3]


def test_search_finds_a_test_by_a_word_of_its_failure_message(driver, site):
    driver.get((site / "index.html").as_uri())
    box = driver.find_element(By.CSS_SELECTOR, "[data-search-input]")
    box.send_keys("quokka")
    WebDriverWait(driver, 10).until(
        lambda d: d.find_elements(By.CSS_SELECTOR, "[data-search-results] li"))
    results = [li.text for li in driver.find_elements(By.CSS_SELECTOR, "[data-search-results] li")]
    assert len(results) == 1 and "testCase" in results[0], results
    box.clear()
    box.send_keys("ledger")
    WebDriverWait(driver, 10).until(
        lambda d: len(d.find_elements(By.CSS_SELECTOR, "[data-search-results] li")) >= 20)


def test_search_ranks_failed_tests_first_shows_more_and_filters_by_status(driver, site):
    driver.get((site / "index.html").as_uri())
    box = driver.find_element(By.CSS_SELECTOR, "[data-search-input]")
    box.send_keys("Suite1Tests")
    WebDriverWait(driver, 10).until(
        lambda d: len(d.find_elements(By.CSS_SELECTOR, "[data-search-results] li a")) >= 50)
    statuses = [badge.text for badge in driver.find_elements(By.CSS_SELECTOR, "[data-search-results] li .st")]
    # Suite1Tests has 100 tests, 6 of them failing (every 20th, and the one after the first few): failed come first.
    failed = statuses.count("failed")
    assert failed >= 5 and statuses[:failed] == ["failed"] * failed, statuses[:10]
    driver.find_element(By.CSS_SELECTOR, "button.search-more").click()
    WebDriverWait(driver, 10).until(
        lambda d: len(d.find_elements(By.CSS_SELECTOR, "[data-search-results] li a")) == 100)
    assert driver.find_element(By.CSS_SELECTOR, "button.search-more").is_displayed() is False or int(
        driver.find_element(By.CSS_SELECTOR, "[data-search-status]").text.split(" ")[0].replace(",", "")) > 100
    box.clear()
    box.send_keys("s:failed Suite1Tests")
    WebDriverWait(driver, 10).until(
        lambda d: d.find_elements(By.CSS_SELECTOR, "[data-search-results] li a")
        and all(badge.text == "failed" for badge in d.find_elements(By.CSS_SELECTOR, "[data-search-results] li .st")))
    assert len(driver.find_elements(By.CSS_SELECTOR, "[data-search-results] li a")) >= failed


def test_without_javascript_the_search_shows_no_control(driver_without_javascript, driver, site):
    driver_without_javascript.get((site / "index.html").as_uri())
    assert not driver_without_javascript.find_element(By.CSS_SELECTOR, "[data-search-input]").is_displayed()
    assert not [box for box in driver_without_javascript.find_elements(By.CSS_SELECTOR, "[data-status-filter]")
                if box.is_displayed()]
    hint = driver_without_javascript.find_element(By.CSS_SELECTOR, "[data-search-status]")
    assert "list of all tests" in hint.text
    driver.get((site / "index.html").as_uri())
    assert driver.find_element(By.CSS_SELECTOR, "[data-search-input]").is_displayed()
