"""The coverage pages in headless Chromium: nothing scrolls sideways at 390 px (only the source's own box does),
everything is reachable without JavaScript (the orders are pages, uncovered stretches are linked), the script's
filter, re-sorting and n/p keys work, hostile paths and sources stay inert, and axe finds no serious problem in
light or dark mode, where an uncovered line's count and text keep their contrast."""
import time

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import FIXTURES, ROOT, run
from test_report_browser import assert_axe_clean, driver, driver_without_javascript  # noqa: F401 (fixtures)
from test_report_narrow_dark_and_detail import COLORS, contrast, emulate

EXAMPLES = ROOT / "SampleBundles" / "v1.0-examples.resultbundle"
HOSTILE = "<img src=x onerror=window.injected=1>.c"
HOSTILE_NAME = "<b onmouseover=window.injected=3>main</b>"
LONG = "int wide(void) { return " + " + ".join(f"value{n}" for n in range(60)) + "; }\n"


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    folder = tmp_path_factory.mktemp("coverage")
    root = folder / "tally"
    (root / "src" / "deep" / "er").mkdir(parents=True)
    (root / "tally.c").write_text((FIXTURES / "coverage" / "lcov" / "tally.c").read_text())
    (root / "src" / "deep" / "er" / "wide.c").write_text(LONG * 3)
    (root / "src" / HOSTILE).write_text('int main() { return "</pre><script>window.injected=2</script>"; }\n')
    tracefile = (FIXTURES / "coverage" / "lcov" / "tally-geninfo.info").read_text().replace("/build/tally", str(root))
    tracefile += "".join(f"SF:{path}\n{lines}end_of_record\n" for path, lines in (
        ("src/deep/er/wide.c", "DA:1,1\nDA:2,0\nDA:3,0\n"),
        (f"src/{HOSTILE}", f"FN:1,{HOSTILE_NAME}\nFNDA:0,{HOSTILE_NAME}\nDA:1,0\n"),
        ("src/missing.c", "DA:1,4\n")))
    (folder / "coverage.info").write_text(tracefile)
    site = folder / "site"
    run("report", EXAMPLES, "-o", site, "--coverage-file", folder / "coverage.info", "--source-root", root)
    return site


def file_page(site, stem):
    return next((site / "coverage" / "files").glob(f"{stem}-*.html"))


def test_nothing_scrolls_sideways_but_the_source_box(driver, site):
    pages = [site / "index.html", site / "coverage.html", site / "coverage-by-coverage.html",
             file_page(site, "tally.c"), file_page(site, "wide.c")]
    for width in (390, 1280):
        emulate(driver, width)
        for page in pages:
            driver.get(page.as_uri())
            wide = driver.execute_script("return document.documentElement.scrollWidth")
            assert wide <= width, f"{page.name} at {width} px is {wide} px wide"
    emulate(driver, 390)
    driver.get(file_page(site, "wide.c").as_uri())
    box = driver.execute_script(
        "const box = document.querySelector('[data-cov-source]').parentNode;"
        "return [box.scrollWidth, box.clientWidth, getComputedStyle(box).overflowX];")
    assert box[0] > box[1] and box[2] == "auto", box
    emulate(driver, 1200)


def test_everything_is_reachable_without_javascript(driver_without_javascript, site):
    browser = driver_without_javascript
    browser.get((site / "index.html").as_uri())
    assert "Coverage" in browser.find_element(By.ID, "coverage-heading").text
    browser.find_element(By.LINK_TEXT, "Coverage by module, folder and file").click()
    assert browser.current_url.endswith("/coverage.html")
    assert not browser.find_element(By.CSS_SELECTOR, "[data-cov-filter]").is_displayed()
    browser.find_element(By.LINK_TEXT, "least covered first").click()
    assert browser.current_url.endswith("/coverage-by-coverage.html")
    names = [e.get_attribute("data-path") for e in browser.find_elements(By.CSS_SELECTOR, "li.cov-file")]
    assert names.index("src/deep/er/wide.c") < names.index("src/missing.c")
    # The file without source has no link; the others do, and their pages link each uncovered stretch.
    assert not browser.find_elements(By.CSS_SELECTOR, "li.cov-file[data-path='src/missing.c'] a")
    assert browser.find_elements(By.CSS_SELECTOR, "li.cov-file[data-path='tally.c'] a")
    browser.get(file_page(site, "tally.c").as_uri())
    stretches = browser.find_elements(By.CSS_SELECTOR, ".cov-stretches a")
    assert len(stretches) >= 2
    stretches[0].click()
    first = browser.execute_script("return location.hash")
    assert browser.find_element(By.CSS_SELECTOR, f"pre.cov-src {first}.u")
    browser.find_element(By.CSS_SELECTOR, f"pre.cov-src {first} a.jump").click()
    assert browser.execute_script("return location.hash") != first


def test_filter_sort_and_keys_with_the_script(driver, site):
    driver.get((site / "coverage.html").as_uri())
    box = driver.find_element(By.CSS_SELECTOR, "[data-cov-filter-input]")
    assert box.is_displayed()
    box.send_keys("wide")
    time.sleep(0.5)
    shown = [e.get_attribute("data-path") for e in driver.find_elements(By.CSS_SELECTOR, "li.cov-file")
             if e.is_displayed()]
    assert shown == ["src/deep/er/wide.c"], shown
    box.clear()
    box.send_keys(Keys.BACKSPACE)
    time.sleep(0.5)
    driver.find_element(By.LINK_TEXT, "most uncovered lines first").click()
    assert driver.current_url.endswith("/coverage.html")  # sorted in place
    misses = driver.execute_script(
        "return Array.from(document.querySelectorAll('[data-cov-tree] > li')).map(li => +li.dataset.miss)")
    assert misses == sorted(misses, reverse=True), misses
    driver.get(file_page(site, "tally.c").as_uri())
    body = driver.find_element(By.TAG_NAME, "body")
    body.send_keys("n")
    first = driver.execute_script("return location.hash")
    body.send_keys("n")
    second = driver.execute_script("return location.hash")
    body.send_keys("p")
    assert first.startswith("#L") and second.startswith("#L") and second != first
    assert driver.execute_script("return location.hash") == first


def test_hostile_paths_names_and_sources_stay_inert(driver, site):
    for page in (site / "coverage.html", file_page(site, "imgsrcxonerrorwindow.injected1.c")):
        driver.get(page.as_uri())
        assert driver.execute_script("return window.injected === undefined")
        assert not driver.find_elements(By.CSS_SELECTOR, "main img, main script, main b[onmouseover]")
    assert HOSTILE in driver.find_element(By.CSS_SELECTOR, "h1.cov-path").text


@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
def test_axe_clean_and_uncovered_lines_keep_their_contrast(driver, site, dark):
    emulate(driver, 1200, dark=dark)
    tally = file_page(site, "tally.c").relative_to(site)
    assert_axe_clean(driver, site, ("index.html", "coverage.html", "coverage-by-uncovered.html", str(tally)))
    driver.get((site / tally).as_uri())
    colors = driver.execute_script(COLORS + """
      const line = document.querySelector('pre.cov-src .u'), count = line.querySelector('i');
      const panel = rgb(getComputedStyle(line.closest('pre')).backgroundColor);
      const background = over(rgb(getComputedStyle(line).backgroundColor), panel);
      return {background: background, text: rgb(getComputedStyle(line).color),
              count: rgb(getComputedStyle(count).color),
              glyph: getComputedStyle(count, '::before').content};""")
    assert contrast(colors["text"], colors["background"]) >= 4.5, colors
    assert contrast(colors["count"], colors["background"]) >= 4.5, colors
    assert "✗" in colors["glyph"], colors
    emulate(driver, 1200)


@pytest.fixture(scope="module")
def paged_site(tmp_path_factory):
    """A tree of 5,050 files, one more page than the 5,000 a page holds, none of them with a source."""
    folder = tmp_path_factory.mktemp("coverage-paged")
    (folder / "coverage.info").write_text("".join(
        f"SF:src/d{index // 100}/f{index}.c\nDA:1,{index % 3}\nDA:2,0\nend_of_record\n" for index in range(5_050)))
    site = folder / "site"
    run("report", EXAMPLES, "-o", site, "--coverage-file", folder / "coverage.info", "--source-root", folder)
    return site


def test_a_paged_tree_links_its_pages_without_javascript(driver_without_javascript, paged_site):
    browser = driver_without_javascript
    emulate(browser, 390)
    browser.get((paged_site / "coverage.html").as_uri())
    first = [e.get_attribute("data-path") for e in browser.find_elements(By.CSS_SELECTOR, "li.cov-file")]
    assert len(first) == 5_000
    browser.find_element(By.CSS_SELECTOR, "nav.pages").find_element(By.LINK_TEXT, "2").click()
    assert browser.current_url.endswith("/coverage-2.html")
    second = [e.get_attribute("data-path") for e in browser.find_elements(By.CSS_SELECTOR, "li.cov-file")]
    assert len(second) == 50 and not set(first) & set(second)
    wide = browser.execute_script("return document.documentElement.scrollWidth")
    assert wide <= 390, f"coverage-2.html at 390 px is {wide} px wide"
    emulate(browser, 1200)


def test_a_paged_trees_orders_are_pages_with_the_script(driver, paged_site):
    driver.get((paged_site / "coverage-2.html").as_uri())
    driver.find_element(By.LINK_TEXT, "least covered first").click()
    # A page holds a slice of one order: the link goes to the other order's first page, not a re-sort in place.
    assert driver.current_url.endswith("/coverage-by-coverage.html")
    assert_axe_clean(driver, paged_site, ("coverage-2.html", "coverage-by-uncovered-2.html"))
