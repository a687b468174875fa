"""The report's overview and shell in headless Chromium: status icons, the sticky header with the verdict and counts,
the proportion bar and duration histogram, the module > suite > test tree (without JavaScript), keyboard
shortcuts and copy-link buttons; and axe finds no serious problem with them."""
import pathlib
import subprocess
import sys

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from conftest import ROOT, run
# The shared browsers (module-scoped fixtures of the browser tests).
from test_report_browser import assert_axe_clean, driver, driver_without_javascript  # noqa: F401

GENERATOR = ROOT / "Benchmarks" / "tools" / "gen_bench_inputs.py"


def make_report(base, tests):
    """A report of an XCTest log of `tests` tests (about 2% failing, 1% skipped), imported into a bundle."""
    log = base / f"{tests}.log"
    subprocess.run([sys.executable, str(GENERATOR), "console", str(tests), str(log)], check=True,
                   capture_output=True)
    bundle = base / f"{tests}.resultbundle"
    run("import", log, "-o", bundle)
    site = base / f"site-{tests}"
    run("report", bundle, "-o", site, "--title", "Overview")
    return site


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    return make_report(tmp_path_factory.mktemp("overview"), 300)


def active(driver):
    return driver.switch_to.active_element


def failure_links(driver):
    return driver.find_elements(By.CSS_SELECTOR, ".failure a.name")


def test_statuses_have_an_icon_beside_their_word(driver, site):
    driver.get((site / "index.html").as_uri())
    icons = driver.execute_script("""
        const icon = (status) => {
            const element = document.querySelector('.st.s-' + status);
            return element ? getComputedStyle(element, '::before').content : null;
        };
        return {failed: icon('failed'), passed: icon('passed'), skipped: icon('skipped')};""")
    assert icons["failed"].startswith('"✗"'), icons
    assert icons["passed"].startswith('"✓"'), icons
    assert icons["skipped"].startswith('"⊘"'), icons
    for element in driver.find_elements(By.CSS_SELECTOR, ".failure .st"):
        assert element.text == "failed"


def test_proportion_bar_and_histogram_have_titles_and_text(driver, site):
    driver.get((site / "index.html").as_uri())
    segments = driver.find_elements(By.CSS_SELECTOR, "svg.status-bar rect")
    titles = [segment.find_element(By.TAG_NAME, "title").get_attribute("textContent") for segment in segments]
    assert any(title.startswith("failed: ") for title in titles), titles
    assert any(title.startswith("passed: ") for title in titles), titles
    legend = driver.find_element(By.CSS_SELECTOR, ".bar-legend").text
    assert "failed" in legend and "passed" in legend and "%" in legend
    bars = driver.find_elements(By.CSS_SELECTOR, "svg.histogram > g > title")
    assert len(bars) == 8
    labels = [bar.get_attribute("textContent") for bar in bars]
    assert labels[0].startswith("< 1 ms: ") and labels[-1].startswith("≥ 10 min: ")
    assert sum(int(label.split(": ")[1].split(" ")[0]) for label in labels) == 300
    assert driver.find_elements(By.CSS_SELECTOR, "svg.histogram rect.bar-failed")
    axis = driver.find_element(By.CSS_SELECTOR, "svg.histogram").get_attribute("textContent")
    assert "Duration per test (log scale)" in axis and "Tests" in axis


def test_sticky_header_stays_in_view_with_verdict_and_counts(driver, site):
    for page in ("index.html", "all-1.html", "failed.html"):
        driver.get((site / page).as_uri())
        driver.execute_script("window.scrollTo(0, document.body.scrollHeight)")
        assert driver.execute_script("return window.scrollY") > 200, page
        header = driver.find_element(By.CSS_SELECTOR, "header.top")
        assert driver.execute_script("return arguments[0].getBoundingClientRect().top", header) == 0, page
        assert "Failed" in header.text, page
        counts = header.find_elements(By.CSS_SELECTOR, "a.top-count")
        assert [link.get_attribute("href").rsplit("/", 1)[1] for link in counts][:3] == [
            "failed.html", "all-1.html", "skipped.html"], page
        assert counts[0].text.endswith("failed") and counts[0].text.split()[0].isdigit()


def test_tree_opens_and_closes_without_javascript(driver_without_javascript, site):
    driver = driver_without_javascript
    driver.get((site / "index.html").as_uri())
    failed_suites = driver.find_elements(By.CSS_SELECTOR, "details.suite[open]")
    assert failed_suites and all("failed" in suite.find_element(By.TAG_NAME, "summary").text
                                 for suite in failed_suites)
    closed = driver.find_element(By.CSS_SELECTOR, "details.suite:not([open])")
    summary = closed.find_element(By.TAG_NAME, "summary")
    leaf = closed.find_element(By.CSS_SELECTOR, ".leaves li a")
    assert not leaf.is_displayed()
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", summary)
    summary.click()
    assert closed.get_attribute("open") is not None
    assert leaf.is_displayed()
    summary.click()
    assert closed.get_attribute("open") is None
    assert not leaf.is_displayed()
    module = driver.find_element(By.CSS_SELECTOR, "details.module[open]")
    module_summary = module.find_element(By.TAG_NAME, "summary")
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", module_summary)
    module_summary.click()
    assert module.get_attribute("open") is None
    assert not failed_suites[0].is_displayed()
    module_summary.click()
    assert failed_suites[0].is_displayed()
    # No hint of keyboard shortcuts and no copy button without the script that makes them work.
    assert not driver.find_elements(By.CSS_SELECTOR, "[data-shortcut-hint], button.copy-link")


def test_large_reports_tree_stops_at_suites_that_link_to_the_list(driver_without_javascript, tmp_path):
    site = make_report(tmp_path, 2_100)
    driver = driver_without_javascript
    driver.get((site / "index.html").as_uri())
    assert not driver.find_elements(By.CSS_SELECTOR, ".tree .leaves")
    link = driver.find_element(By.CSS_SELECTOR, "details.suite .node-link a")
    href = link.get_attribute("href")
    assert "all-" in href and "#t-" in href
    driver.get(href)
    assert driver.find_element(By.ID, href.partition("#")[2]).is_displayed()


def test_j_and_k_move_between_failures_and_slash_focuses_search(driver, site):
    driver.get((site / "index.html").as_uri())
    assert driver.find_element(By.CSS_SELECTOR, "[data-shortcut-hint]").is_displayed()
    links = failure_links(driver)
    assert len(links) >= 2
    body = driver.find_element(By.TAG_NAME, "body")
    body.send_keys("j")
    assert active(driver) == links[0]
    active(driver).send_keys("j")
    assert active(driver) == links[1]
    active(driver).send_keys("n")
    assert active(driver) == links[2]
    active(driver).send_keys("k")
    assert active(driver) == links[1]
    active(driver).send_keys("p")
    assert active(driver) == links[0]
    active(driver).send_keys("/")
    search = driver.find_element(By.ID, "search-input")
    assert active(driver) == search
    # Typing in a field is never taken for a shortcut.
    search.send_keys("jk/n?")
    assert search.get_attribute("value") == "jk/n?"
    assert active(driver) == search
    assert not driver.find_elements(By.CSS_SELECTOR, "dialog.shortcuts[open]")


def test_shortcuts_in_lists_and_the_help(driver, site):
    driver.get((site / "all-1.html").as_uri())
    rows = driver.find_elements(By.CSS_SELECTOR, "tr:has(> td.failed) > td:first-child a")
    assert rows
    driver.find_element(By.TAG_NAME, "body").send_keys("j")
    assert active(driver) == rows[0]
    active(driver).send_keys("/")
    assert active(driver) == driver.find_element(By.ID, "filter-input")
    active(driver).send_keys(Keys.ESCAPE)
    driver.execute_script("document.activeElement.blur()")
    driver.find_element(By.TAG_NAME, "body").send_keys("?")
    dialog = driver.find_element(By.CSS_SELECTOR, "dialog.shortcuts")
    assert dialog.get_attribute("open") is not None
    assert "next failure" in dialog.text and "/" in dialog.text
    active(driver).send_keys(Keys.ESCAPE)
    assert dialog.get_attribute("open") is None


def copied_url_resolves_to_its_test(driver, url, name):
    driver.get(url)
    fragment = url.partition("#")[2]
    shown = driver.find_element(By.ID, fragment) if fragment else driver.find_element(By.TAG_NAME, "h1")
    assert name in shown.text, url


def test_copy_link_copies_the_absolute_permalink(driver, site):
    driver.get((site / "index.html").as_uri())
    driver.execute_cdp_cmd("Browser.grantPermissions", {
        "permissions": ["clipboardReadWrite", "clipboardSanitizedWrite"]})
    item = driver.find_element(By.CSS_SELECTOR, ".failure[data-permalink]")
    name = item.find_element(By.CSS_SELECTOR, "a.name").text
    expected = (site / item.get_attribute("data-permalink")).as_uri()
    item.find_element(By.CSS_SELECTOR, "button.copy-link").click()
    WebDriverWait(driver, 5).until(
        lambda d: d.find_element(By.CSS_SELECTOR, "[data-copy-status]").get_attribute("textContent") == "Link copied")
    assert not item.find_elements(By.CSS_SELECTOR, "input.copy-fallback")
    copied = driver.execute_async_script(
        "const done = arguments[0]; navigator.clipboard.readText().then(done, (error) => done('error: ' + error))")
    assert copied == expected.replace("%23", "#")
    copied_url_resolves_to_its_test(driver, copied, name)


def test_copy_link_falls_back_to_a_selected_field(driver, site):
    driver.get((site / "index.html").as_uri())
    driver.execute_script("Object.defineProperty(navigator, 'clipboard', {value: undefined, configurable: true})")
    item = driver.find_elements(By.CSS_SELECTOR, ".failure[data-permalink]")[1]
    name = item.find_element(By.CSS_SELECTOR, "a.name").text
    item.find_element(By.CSS_SELECTOR, "button.copy-link").click()
    field = item.find_element(By.CSS_SELECTOR, "input.copy-fallback")
    assert active(driver) == field
    url = field.get_attribute("value")
    assert url.startswith("file://") and driver.execute_script(
        "return arguments[0].selectionEnd - arguments[0].selectionStart", field) == len(url)
    WebDriverWait(driver, 5).until(
        lambda d: d.find_element(By.CSS_SELECTOR, "[data-copy-status]").get_attribute("textContent") != "")
    copied_url_resolves_to_its_test(driver, url, name)


def test_overview_and_lists_are_axe_clean(driver, site):
    pages = ["index.html", "all-1.html", "failed.html"]
    pages += [str(path.relative_to(site)) for path in sorted((site / "tests").glob("*.html"))[:1]]
    assert_axe_clean(driver, site, pages)
