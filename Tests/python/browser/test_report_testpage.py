"""The test page in headless Chromium, with JavaScript off: the attempts timeline links to each attempt,
the image gallery zooms and closes through in-page targets, text and JSON previews are numbered lines, the
measurement chart has labelled axes with units, the heading is a permalink, and axe finds no serious problem."""
import pytest
from selenium.webdriver.common.by import By

from conftest import FIXTURES, run
from test_report_browser import assert_axe_clean, make_driver

BUNDLE = FIXTURES / "test-page.resultbundle"
RETRIED = "testCheckoutRetried"


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    folder = tmp_path_factory.mktemp("testpage") / "site"
    run("report", BUNDLE, "-o", folder)
    return folder


@pytest.fixture(scope="module")
def driver():
    browser = make_driver(javascript=False)
    yield browser
    browser.quit()


@pytest.fixture(scope="module")
def axe_driver():
    """With JavaScript on: axe runs as a script, and the report's script adds keys."""
    browser = make_driver()
    yield browser
    browser.quit()


def page_of(site, name):
    pages = [page for page in (site / "tests").glob("*.html") if name in page.name]
    assert len(pages) == 1, pages
    return pages[0]


def target_id(driver):
    return driver.execute_script("const t = document.querySelector(':target'); return t ? t.id : null")


def test_timeline_links_lead_to_each_attempt_in_order(driver, site):
    page = page_of(site, RETRIED)
    driver.get(page.as_uri())
    links = driver.find_elements(By.CSS_SELECTOR, ".attempt-timeline a")
    labels = [link.text for link in links]
    assert [label.split()[:3] for label in labels] == [
        ["Attempt", "1", "failed"], ["Attempt", "2", "failed"], ["Attempt", "3", "passed"]]
    assert "started at +1.5 s" in labels[1]
    for number in (3, 1, 2):
        link = driver.find_elements(By.CSS_SELECTOR, ".attempt-timeline a")[number - 1]
        # Out from under the sticky header, which covers what scrolled beneath it.
        driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", link)
        link.click()
        assert driver.current_url.endswith(f"#attempt-{number}")
        assert target_id(driver) == f"attempt-{number}"
        section = driver.find_element(By.ID, f"attempt-{number}")
        assert section.find_element(By.TAG_NAME, "h2").text.startswith(f"Attempt {number} of 3")
        top = driver.execute_script("return arguments[0].getBoundingClientRect().top", section)
        assert -5 <= top < 200, top  # scrolled to the attempt


def test_gallery_zooms_and_closes_without_javascript(driver, site):
    driver.get(page_of(site, RETRIED).as_uri())
    shot = driver.find_element(By.ID, "attempt-3-attachment-5")
    image = shot.find_element(By.TAG_NAME, "img")
    close = shot.find_element(By.CSS_SELECTOR, "a.close")
    assert not close.is_displayed()
    assert driver.execute_script("return getComputedStyle(arguments[0]).position", shot) == "static"

    shot.find_element(By.CSS_SELECTOR, "a.thumb").click()
    assert target_id(driver) == "attempt-3-attachment-5"
    assert driver.execute_script("return getComputedStyle(arguments[0]).position", shot) == "fixed"
    assert close.is_displayed()
    # The enlarged view covers the window and shows the whole image at its own size (96 × 64 px).
    assert shot.size["width"] >= 1000 and shot.location["y"] == driver.execute_script("return window.scrollY")
    assert driver.execute_script("return [arguments[0].clientWidth, arguments[0].clientHeight]", image) == [96, 64]
    assert "image/png" in shot.text and "Download" in shot.text

    close.click()
    assert target_id(driver) == "attempt-3-attachments"
    assert driver.execute_script("return getComputedStyle(arguments[0]).position", shot) == "static"
    assert not close.is_displayed()


def test_a_steps_attachment_link_opens_the_zoomed_image(driver, site):
    driver.get(page_of(site, RETRIED).as_uri())
    driver.find_element(By.CSS_SELECTOR, "#attempt-2-step-1 li.attachment a").click()
    assert target_id(driver) == "attempt-2-attachment-1"
    shot = driver.find_element(By.ID, "attempt-2-attachment-1")
    assert driver.execute_script("return getComputedStyle(arguments[0]).position", shot) == "fixed"


def test_with_javascript_escape_closes_the_zoom(axe_driver, site):
    from selenium.webdriver.common.keys import Keys
    driver = axe_driver
    driver.get(page_of(site, RETRIED).as_uri() + "#attempt-3-attachment-5")
    assert target_id(driver) == "attempt-3-attachment-5"
    driver.find_element(By.TAG_NAME, "body").send_keys(Keys.ESCAPE)
    assert target_id(driver) == "attempt-3-attachments"
    shot = driver.find_element(By.ID, "attempt-3-attachment-5")
    assert driver.execute_script("return getComputedStyle(arguments[0]).position", shot) == "static"


def test_text_and_json_previews_are_numbered_lines(driver, site):
    driver.get(page_of(site, RETRIED).as_uri())
    previews = driver.find_elements(By.CSS_SELECTOR, "#attempt-3 pre.lines")
    assert len(previews) == 3  # server.log, response.json, truncated.json
    text_lines = [line.text for line in previews[0].find_elements(By.CSS_SELECTOR, ".line")]
    assert text_lines == ["first line", "second line <script>window.__pwned=1</script>", "",
                          "fourth line after a blank one"]
    json_lines = previews[1].find_elements(By.CSS_SELECTOR, ".line")
    assert json_lines[0].text == "{" and json_lines[1].text == '  "zeta": 1,'
    number = driver.execute_script("return getComputedStyle(arguments[0], '::before').content", json_lines[1])
    assert number == "counter(line)"
    # Every line, even an empty one, has its own row for its number.
    heights = [line.size["height"] for line in previews[0].find_elements(By.CSS_SELECTOR, ".line")]
    assert min(heights) > 10, heights
    assert driver.execute_script("return typeof window.__pwned") == "undefined"


def test_chart_axes_are_labelled_with_iterations_and_the_unit(driver, site):
    driver.get(page_of(site, RETRIED).as_uri())
    charts = driver.find_elements(By.CSS_SELECTOR, "#attempt-3 svg.chart")
    assert len(charts) == 2
    labels = [[text.text for text in chart.find_elements(By.CSS_SELECTOR, ".axis-label")] for chart in charts]
    assert labels == [["s", "Iteration"], ["kB", "Iteration"]]
    x_ticks = [text.text for text in charts[0].find_elements(By.CSS_SELECTOR, ".x-axis .tick")]
    assert x_ticks == [str(number) for number in range(1, 11)]
    y_ticks = [float(text.text) for text in charts[0].find_elements(By.CSS_SELECTOR, ".y-axis .tick")]
    assert len(y_ticks) >= 3 and y_ticks == sorted(y_ticks)
    titles = driver.execute_script(
        "return Array.from(arguments[0].querySelectorAll('circle title'), t => t.textContent)", charts[0])
    assert titles[2] == "Iteration 3: 0.23 s"
    stats = driver.find_element(By.CSS_SELECTOR, "#attempt-3 table.stats").text
    assert "Average 0.214 s" in stats and "Baseline 0.2 s" in stats


def test_heading_is_a_permalink_to_the_page(driver, site):
    page = page_of(site, RETRIED)
    driver.get(page.as_uri())
    link = driver.find_element(By.CSS_SELECTOR, "h1 a[data-permalink]")
    assert link.get_attribute("data-permalink") == f"tests/{page.name}"
    assert link.get_attribute("href") == page.as_uri()
    assert link.text == RETRIED


def test_steps_have_ids_to_link_to(driver, site):
    page = page_of(site, RETRIED)
    driver.get(page.as_uri() + "#attempt-2-step-1-1")
    step = driver.find_element(By.ID, "attempt-2-step-1-1")
    assert "Load items" in step.text and target_id(driver) == "attempt-2-step-1-1"


def test_axe_finds_no_serious_problem_on_test_pages(axe_driver, site):
    driver = axe_driver
    assert_axe_clean(driver, site, [f"tests/{page.name}" for page in sorted((site / "tests").glob("*.html"))])



def test_axe_finds_no_serious_problem_with_the_zoom_open(axe_driver, site):
    driver = axe_driver
    from axe_selenium_python import Axe
    driver.get(page_of(site, RETRIED).as_uri() + "#attempt-3-attachment-5")
    assert target_id(driver) == "attempt-3-attachment-5"
    axe = Axe(driver)
    axe.inject()
    serious = [v for v in axe.run()["violations"] if v["impact"] in ("serious", "critical")]
    assert not serious, serious


def test_single_file_report_timeline_and_zoom_stay_on_their_own_test(driver, tmp_path):
    single = tmp_path / "single.html"
    run("report", BUNDLE, "-o", single, "--single-file")
    driver.get(single.as_uri())
    section = driver.find_element(By.CSS_SELECTOR, f"section.page[id*='{RETRIED}']")
    section.find_elements(By.CSS_SELECTOR, ".attempt-timeline a")[1].click()
    assert target_id(driver) == section.get_attribute("id") + "-attempt-2"
    shot = section.find_element(By.CSS_SELECTOR, "li.shot")
    shot.find_element(By.CSS_SELECTOR, "a.thumb").click()
    assert target_id(driver) == shot.get_attribute("id")
    assert driver.execute_script("return getComputedStyle(arguments[0]).position", shot) == "fixed"
