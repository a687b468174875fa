"""Visual regression tests: screenshots of report pages in headless Chromium, at three widths in the light and the
dark color scheme, compared with golden PNGs within a tolerance (see screenshots.py).

Re-record every golden after a deliberate change of the pages, then review the PNGs like code:
    RECORD_GOLDENS=1 RESULTBUNDLE_BINARY=$PWD/.build/debug/resultbundle \
        python3 -m pytest -q -p no:cacheprovider Tests/python/browser/test_report_screenshots.py
"""
import os
from dataclasses import dataclass
from typing import Callable

import pytest
from PIL import Image

from conftest import ROOT, run
from screenshots import (CHANNEL_THRESHOLD, MAX_DIFFERING_FRACTION, capture, compare, compare_across_versions,
                         make_screenshot_driver, save_golden, save_png)

GOLDENS = ROOT / "Tests" / "HTMLReportTests" / "Goldens" / "screenshots"
RECORDING = "RECORD_GOLDENS" in os.environ
# Committed samples (never modified, see SampleBundles/README.md): the synthetic run with every status, retries and
# a measurement with a baseline, and the real recording of Examples/ with steps two deep and terminal snapshots.
BUNDLES = ("v1.0-mixed", "v1.0-examples")
WIDTHS = (1280, 768, 390)
SCHEMES = ("light", "dark")
# Shot name: the bundle and its page, by name or by a pattern for a test page (tests/<test>-<hash>.html).
PAGES = {
    "index": ("v1.0-mixed", "index.html"),
    "failed": ("v1.0-mixed", "failed.html"),
    "all-1": ("v1.0-mixed", "all-1.html"),
    "failure": ("v1.0-mixed", "tests/*_testDivide-*.html"),  # a retried failure with details, steps, a terminal
    "steps": ("v1.0-examples", "tests/*XCTests_testDeliberateFailureInsideAStep-*.html"),  # a failure two steps deep
    "terminal": ("v1.0-examples", "tests/*_toolShowsAColoredTable__-*.html"),  # steps and colored terminal snapshots
    "measurement": ("v1.0-mixed", "tests/*_testPerformance-*.html"),  # values, baseline, threshold, verdicts
}
SHOTS = [(page, width, scheme) for page in PAGES for width in WIDTHS for scheme in SCHEMES]


def golden_name(page, width, scheme):
    return f"{page}-{width}-{scheme}.png"


@pytest.fixture(scope="module")
def sites(tmp_path_factory):
    """{bundle name: its report folder}. The pages depend on nothing but the bundle and these options: dates are
    the bundle's, written in UTC; `--source-root` names an empty folder, so no source lines are read from wherever
    a sample was recorded (a machine that has that folder would show them) and paths are shown as recorded; the
    footer names the binary's version, which changes only with a release."""
    base = tmp_path_factory.mktemp("screenshots")
    empty = base / "no-sources"
    empty.mkdir()
    folders = {}
    for name in BUNDLES:
        folder = base / name
        run("report", ROOT / "SampleBundles" / f"{name}.resultbundle", "-o", folder, "--title", "Screenshots",
            "--source-root", empty, "--quiet")
        folders[name] = folder
    return folders


# The Chromium that drew the goldens, by major version. The same major (CI installs Debian's chromium, as the
# machine that drew them did) is held to the strict tolerance; another one may draw text a pixel apart, so its
# pictures are compared within the looser tolerance across versions (see screenshots.py), and a failure says so.
# RECORD_GOLDENS=1 writes it with the goldens.
RENDERER = GOLDENS / "RENDERER.txt"


def chromium_major(browser):
    return browser.capabilities.get("browserVersion", "").split(".")[0]


@dataclass
class Screenshotter:
    """The browser and how its pictures are compared with the goldens."""
    browser: object
    compare: Callable
    renderer_note: str  # empty when the goldens come from this Chromium major, else why the tolerance is looser


@pytest.fixture(scope="module")
def driver():
    browser = make_screenshot_driver()
    major = chromium_major(browser)
    if RECORDING:
        RENDERER.write_text(f"Chromium {major}\n")
    recorded = RENDERER.read_text().split()[-1] if RENDERER.exists() else "?"
    if recorded == major:
        yield Screenshotter(browser, compare, "")
    else:
        yield Screenshotter(browser, compare_across_versions,
                            f" (the goldens were drawn by Chromium {recorded}, this is Chromium {major}, so the "
                            "looser tolerance across versions applied)")
    browser.quit()


def page_file(sites, page):
    bundle, pattern = PAGES[page]
    found = sorted(sites[bundle].glob(pattern))
    assert len(found) == 1, f"{page}: expected one page matching {pattern} in the report of {bundle}, found {found}"
    return found[0]


@pytest.mark.parametrize("page,width,scheme", SHOTS, ids=lambda value: str(value))
def test_page_looks_like_its_golden(driver, sites, tmp_path, page, width, scheme):
    actual = capture(driver.browser, page_file(sites, page).as_uri(), width, dark=scheme == "dark")
    golden = GOLDENS / golden_name(page, width, scheme)
    if RECORDING:
        save_golden(actual, golden)
    assert golden.exists(), f"no golden {golden.relative_to(ROOT)}: record it with RECORD_GOLDENS=1"
    comparison = driver.compare(actual, Image.open(golden))
    if not comparison.matches:
        actual_path = tmp_path / golden.name.replace(".png", ".actual.png")
        save_png(actual, actual_path)
        message = f"{golden.name}: {comparison.problem}{driver.renderer_note}. Actual: {actual_path}"
        if comparison.diff is not None:
            diff_path = tmp_path / golden.name.replace(".png", ".diff.png")
            save_png(comparison.diff, diff_path)
            message += f"; differences in red: {diff_path}"
        pytest.fail(message + ". If the change is intended, re-record with RECORD_GOLDENS=1 and review the PNGs.")


def test_every_golden_belongs_to_a_shot():
    expected = {golden_name(*shot) for shot in SHOTS}
    stale = sorted(path.name for path in GOLDENS.glob("*.png") if path.name not in expected)
    if RECORDING:
        for name in stale:
            (GOLDENS / name).unlink()
        stale = []
    assert not stale, f"goldens no test compares (delete them or re-record with RECORD_GOLDENS=1): {stale}"


def test_goldens_stay_small():
    total = sum(path.stat().st_size for path in GOLDENS.glob("*.png"))
    assert total < 3_000_000, f"the screenshot goldens take {total} bytes; keep them under 3 MB"


# The comparison itself, on made-up images: each of these fails if the tolerance stops working.

def picture(color=(255, 255, 255), size=(200, 200)):
    return Image.new("RGB", size, color)


def test_identical_images_match():
    assert compare(picture(), picture()).matches


def test_small_channel_differences_are_ignored_and_larger_ones_counted():
    assert compare(picture((255, 255, 255)), picture((255 - CHANNEL_THRESHOLD, 255, 255))).matches
    assert not compare(picture((255, 255, 255)), picture((255, 255, 254 - CHANNEL_THRESHOLD))).matches


def test_a_few_differing_pixels_are_tolerated_but_a_changed_block_is_not():
    golden = picture()
    allowed = int(MAX_DIFFERING_FRACTION * 200 * 200)
    assert allowed >= 1
    few = picture()
    for index in range(allowed):
        few.putpixel((index, 0), (0, 0, 0))
    assert compare(few, golden).matches
    block = picture()
    block.paste((0, 0, 0), (10, 10, 20, 20))
    comparison = compare(block, golden)
    assert not comparison.matches
    assert comparison.differing_pixels == 100
    assert comparison.diff.getpixel((15, 15)) == (255, 0, 0)
    assert comparison.diff.getpixel((50, 50)) != (255, 0, 0)


def test_a_different_size_never_matches():
    comparison = compare(picture(size=(200, 200)), picture(size=(200, 201)))
    assert not comparison.matches and "size" in comparison.problem


def shifted(image, right, down):
    moved = Image.new("RGB", image.size, image.getpixel((0, 0)))
    moved.paste(image, (right, down))
    return moved


@pytest.mark.parametrize("name", ["index-1280-light.png", "failure-390-dark.png"])
def test_across_versions_a_pixel_apart_matches_but_a_moved_line_does_not(name):
    golden = Image.open(GOLDENS / name).convert("RGB")
    assert not compare(shifted(golden, 1, 1), golden).matches
    assert compare_across_versions(shifted(golden, 1, 1), golden).matches
    moved = compare_across_versions(shifted(golden, 0, 8), golden)
    assert not moved.matches and "block averages" in moved.problem
    assert moved.diff.size == golden.size
