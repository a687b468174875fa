"""The HTML report in real headless Chromium: pages load without errors or network requests, injected script stays
inert, filtering and search work, failures are reachable without JavaScript, and axe-core finds no serious
accessibility problem."""
import json
import pathlib

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By

from conftest import BUNDLES, run


def make_driver(javascript=True):
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--allow-file-access-from-files", "--window-size=1200,900"):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL", "performance": "ALL"})
    if not javascript:
        options.add_experimental_option("prefs", {"profile.managed_default_content_settings.javascript": 2})
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    driver.set_page_load_timeout(30)
    return driver


def assert_axe_clean(driver, site, pages):
    """axe finds no serious or critical violation on each of `pages` (names in the report folder `site`)."""
    from axe_selenium_python import Axe
    for page in pages:
        driver.get((site / page).as_uri())
        axe = Axe(driver)
        axe.inject()
        serious = [v for v in axe.run()["violations"] if v["impact"] in ("serious", "critical")]
        assert not serious, f"{page}: {serious}"


@pytest.fixture(scope="module")
def driver():
    browser = make_driver()
    yield browser
    browser.quit()


@pytest.fixture(scope="module")
def driver_without_javascript():
    browser = make_driver(javascript=False)
    yield browser
    browser.quit()


def pages(folder, limit=40):
    found = sorted(folder.glob("*.html")) + sorted((folder / "tests").glob("*.html"))
    return found[:limit]


def requested_urls(driver):
    urls = []
    for entry in driver.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        if message.get("method") == "Network.requestWillBeSent":
            urls.append(message["params"]["request"]["url"])
    return urls


@pytest.mark.parametrize("bundle", BUNDLES, ids=lambda path: path.stem)
def test_every_page_loads_without_errors_requests_or_script(driver, reports, bundle):
    folder = reports[bundle.stem]
    driver.get_log("browser")
    driver.get_log("performance")
    for page in pages(folder):
        driver.get(page.as_uri())
        assert driver.execute_script("return document.readyState") == "complete"
        assert driver.execute_script("return typeof window.__pwned") == "undefined", page.name
        assert driver.find_elements(By.TAG_NAME, "main"), page.name
        errors = [entry for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]
        assert not errors, f"{page.name}: {errors}"
        for url in requested_urls(driver):
            assert url.startswith("file://") or url.startswith("data:"), f"{page.name} requested {url}"


LINE_BOXES = """
const range = document.createRange();
range.selectNodeContents(arguments[0]);
return new Set(Array.from(range.getClientRects(), rect => Math.round(rect.top))).size;
"""


@pytest.mark.parametrize("bundle", BUNDLES, ids=lambda path: path.stem)
def test_list_headings_and_statuses_stay_on_one_line_beside_long_details(driver, reports, bundle):
    folder = reports[bundle.stem]
    driver.set_window_size(700, 900)
    try:
        for page in ("failed.html", "all-1.html"):
            driver.get((folder / page).as_uri())
            cells = driver.find_elements(By.CSS_SELECTOR, "table.tests th, table.tests td:nth-child(2)")
            for cell in cells:
                assert driver.execute_script(LINE_BOXES, cell) <= 1, f"{page}: '{cell.text}' wraps"
    finally:
        driver.set_window_size(1200, 900)


def test_hovering_and_clicking_hostile_text_runs_nothing(driver, reports):
    folder = reports["hostile"]
    for page in pages(folder):
        driver.get(page.as_uri())
        for element in driver.find_elements(By.CSS_SELECTOR, "pre, code, td, h1")[:30]:
            driver.execute_script("arguments[0].dispatchEvent(new MouseEvent('mouseover', {bubbles: true}))", element)
        assert driver.execute_script("return typeof window.__pwned") == "undefined", page.name
        assert not driver.find_elements(By.CSS_SELECTOR, "a[href^='javascript:']"), page.name


def test_status_filter_and_search_work(driver, reports):
    folder = reports["v1.0-mixed"]
    driver.get((folder / "index.html").as_uri())
    search = driver.find_element(By.CSS_SELECTOR, "[data-search-input]")
    search.send_keys("test")
    driver.implicitly_wait(0)
    results = lambda: driver.find_elements(By.CSS_SELECTOR, "[data-search-results] li")
    for _ in range(50):
        if results():
            break
        driver.execute_script("return 0")
    everything = len(results())
    assert everything > 0
    driver.find_element(By.CSS_SELECTOR, "[data-status-filter='passed']").click()
    driver.find_element(By.CSS_SELECTOR, "[data-status-filter='skipped']").click()
    driver.find_element(By.CSS_SELECTOR, "[data-status-filter='other']").click()
    only_failed = results()
    assert 0 < len(only_failed) < everything
    assert all("failed" in item.text or "interrupted" in item.text or "crashed" in item.text or "timedOut" in item.text
               for item in only_failed)
    driver.get((folder / "all-1.html").as_uri())
    rows = driver.find_elements(By.CSS_SELECTOR, "table.tests tbody tr")
    box = driver.find_element(By.CSS_SELECTOR, "[data-filter-input]")
    box.send_keys("no test has this name")
    assert all(not row.is_displayed() for row in rows)


@pytest.mark.parametrize("bundle", BUNDLES, ids=lambda path: path.stem)
def test_without_javascript_every_failure_is_reachable_by_links(driver_without_javascript, reports, bundle):
    driver = driver_without_javascript
    folder = reports[bundle.stem]
    driver.get((folder / "index.html").as_uri())
    link = driver.find_element(By.CSS_SELECTOR, "a[href='failed.html']")
    link.click()
    rows = driver.find_elements(By.CSS_SELECTOR, "table.tests tbody tr")
    targets = []
    for row in rows:
        link = row.find_element(By.CSS_SELECTOR, "td a")
        cells = row.find_elements(By.CSS_SELECTOR, "td")
        targets.append((link.get_attribute("href"), link.text, cells[3].text.strip() if len(cells) > 3 else ""))
    assert targets
    for href, name, story in targets:
        driver.get(href)
        assert driver.find_elements(By.TAG_NAME, "h1")
        fragment = href.partition("#")[2]
        if fragment:
            # A test without a page: its failed.html row shows its story, and links to its place among all tests.
            assert story, href
            assert name in driver.find_element(By.ID, fragment).text, href
        else:
            assert name in driver.find_element(By.TAG_NAME, "main").text, href


@pytest.mark.parametrize("bundle", BUNDLES, ids=lambda path: path.stem)
def test_axe_finds_no_serious_or_critical_violation(driver, reports, bundle):
    from axe_selenium_python import Axe
    folder = reports[bundle.stem]
    for page in pages(folder, limit=8):
        driver.get(page.as_uri())
        axe = Axe(driver)
        axe.inject()
        results = axe.run()
        serious = [v for v in results["violations"] if v.get("impact") in ("serious", "critical")]
        assert not serious, f"{page.name}: " + "; ".join(f"{v['id']}: {v['help']}" for v in serious)


@pytest.mark.parametrize("bundle", BUNDLES, ids=lambda path: path.stem)
def test_single_file_reports_are_self_contained_and_inert(driver, bundle, tmp_path):
    from conftest import run
    page = tmp_path / "report.html"
    run("report", bundle, "-o", page, "--single-file")
    assert page.is_file()
    driver.get_log("browser")
    driver.get_log("performance")
    driver.get(page.as_uri())
    assert driver.execute_script("return typeof window.__pwned") == "undefined"
    errors = [entry for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]
    assert not errors, errors
    for url in requested_urls(driver):
        assert url.startswith("data:") or url == page.as_uri(), url
    failed = driver.find_elements(By.CSS_SELECTOR, "#page-failed table.tests tbody tr a")
    for link in failed:
        href = link.get_attribute("href")
        assert "#page-tests-" in href or "#t-" in href


def test_single_file_links_lead_to_the_row_with_the_story_and_leave_text_alone(driver, tmp_path):
    """In the single file a failed test's row in the all-tests list leads to its row in the failed list, not to
    itself, every in-document link lands on an element, and a message that reads like a link shows as written."""
    message = 'expected href="failed-2.html" and src="attachments/x.png"'
    (tmp_path / "junit.xml").write_text(
        '<testsuites><testsuite name="S"><testcase classname="M.S" name="testBroken">'
        f'<failure message="{message.replace(chr(34), "&quot;")}">x</failure></testcase>'
        '<testcase classname="M.S" name="testFine"/></testsuite></testsuites>')
    bundle = tmp_path / "links.resultbundle"
    run("import", tmp_path / "junit.xml", "-o", bundle)
    page = tmp_path / "single.html"
    run("report", bundle, "-o", page, "--single-file")
    driver.get(page.as_uri())
    link = driver.find_element(By.XPATH, "//section[@id='page-all-1']//a[text()='testBroken']")
    driver.execute_script("arguments[0].click()", link)
    row = driver.execute_script("return document.querySelector(':target')")
    assert row is not None and row.tag_name == "tr"
    assert driver.execute_script("return arguments[0].closest('section.page').id", row) == "page-failed"
    assert message in row.text
    missing = driver.execute_script(
        "return Array.from(document.querySelectorAll('a[href^=\"#\"]'))"
        ".map(a => a.getAttribute('href').slice(1)).filter(id => !document.getElementById(id))")
    assert not missing, missing


HOSTILE_ATTACHMENTS = {
    "page.html": "<html><body><script>window.__pwned = 1; document.title = 'pwned'</script>hi</body></html>",
    "picture.svg": '<svg xmlns="http://www.w3.org/2000/svg" onload="window.__pwned = 1">'
                   "<script>window.__pwned = 1; document.title = 'pwned'</script></svg>",
    "data.xhtml": '<html xmlns="http://www.w3.org/1999/xhtml"><script>window.__pwned = 1</script></html>',
    "noextension": "<script>window.__pwned = 1; document.title = 'pwned'</script>",
}


def test_opening_hostile_html_and_svg_attachments_runs_no_script(driver, tmp_path):
    """Every attachment link of the report, opened in the browser, shows text and runs nothing."""
    for name, content in HOSTILE_ATTACHMENTS.items():
        (tmp_path / name).write_text(content)
    lines = "\n".join(f"[[ATTACHMENT|{name}]]" for name in HOSTILE_ATTACHMENTS)
    (tmp_path / "junit.xml").write_text(
        '<testsuites><testsuite name="s"><testcase classname="c" name="t">'
        f'<failure message="m">x</failure><system-out>{lines}</system-out></testcase></testsuite></testsuites>')
    bundle = tmp_path / "hostile-attachments.resultbundle"
    run("import", tmp_path / "junit.xml", "-o", bundle)
    site = tmp_path / "site"
    run("report", bundle, "-o", site)
    links = []
    for page in pages(site):
        driver.get(page.as_uri())
        links += [a.get_attribute("href") for a in driver.find_elements(By.CSS_SELECTOR, "a[href*='attachments/']")]
    assert len(set(links)) >= len(HOSTILE_ATTACHMENTS) - 1, links  # `noextension` is sniffed as text by its name
    for link in sorted(set(links)):
        driver.get(link)
        assert driver.execute_script("return typeof window.__pwned") == "undefined", link
        assert driver.title != "pwned", link
        assert "window.__pwned" in driver.find_element(By.TAG_NAME, "body").text, link
