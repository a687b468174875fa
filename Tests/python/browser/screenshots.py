"""Screenshots of report pages in headless Chromium, made the same on every machine, and their comparison with
golden PNGs (used by test_report_screenshots.py).

What makes a screenshot repeatable:
- a fixed viewport through the DevTools protocol (`Emulation.setDeviceMetricsOverride`: the width, a fixed height,
  device scale factor 1), scrollbars hidden, sRGB colors, grayscale antialiasing and no font hinting;
- the color scheme set through `Emulation.setEmulatedMedia` (`prefers-color-scheme`), with reduced motion;
- fonts pinned to DejaVu (Debian's `fonts-dejavu-core`, installed by `scripts/install-deps.sh test`): each element's
  font is replaced by DejaVu Sans Mono when its own font list asks for a monospace face, DejaVu Serif for a serif
  one, else DejaVu Sans, so other fonts installed on a machine change nothing;
- animations, transitions and the text caret turned off, and the picture taken once `document.fonts.ready`.

The page's own Content-Security-Policy stays in force: the fonts are set through the CSS object model, which the
policy allows, and the fixed rules through a constructed style sheet (`document.adoptedStyleSheets`).
"""
import base64
import io
from dataclasses import dataclass

from PIL import Image, ImageChops
from selenium import webdriver
from selenium.webdriver.chrome.service import Service

# A pixel differs when one of its red, green or blue values differs by more than this (0-255, about 6%): rounding and
# antialiasing that differ by a few levels between processors or Chromium builds pass, a changed color does not.
CHANNEL_THRESHOLD = 16
# A screenshot matches its golden when at most this fraction of its pixels differ (0.01%: 115 pixels of 1280x900,
# 35 of 390x900, a glyph or two): a changed status color in the list pages moves about 350 pixels, a moved line or
# a changed layout thousands.
MAX_DIFFERING_FRACTION = 0.0001
# Another Chromium major version may draw text a pixel apart, which moves a few percent of a page's pixels. Across
# versions the pictures are compared as averages of 8x8-pixel blocks: a page moved by one pixel changes at most 0.04%
# of the blocks of any golden by more than 48, a line moved by 8 pixels changes at least 1.2% of them (measured on
# the committed goldens). So a broken layout still fails there; a changed color of a few words may not.
ACROSS_VERSIONS_BLOCK = 8
ACROSS_VERSIONS_CHANNEL_THRESHOLD = 48
ACROSS_VERSIONS_MAX_DIFFERING_FRACTION = 0.005
# Every screenshot is the first 900 CSS pixels of the page at device scale factor 1.
VIEWPORT_HEIGHT = 900

STEADY_PAGE = """
const done = arguments[arguments.length - 1];
const mono = /mono|courier|consolas|menlo|monaco/i;
for (const element of [document.documentElement, ...document.querySelectorAll("*")]) {
  const families = getComputedStyle(element).fontFamily;
  const first = families.split(",").map(name => name.trim().replace(/["']/g, "").toLowerCase())
    .find(name => mono.test(name) || name === "serif" || name === "sans-serif" || name === "system-ui")
    || "sans-serif";
  const face = mono.test(first) ? "DejaVu Sans Mono" : first === "serif" ? "DejaVu Serif" : "DejaVu Sans";
  element.style.setProperty("font-family", '"' + face + '"', "important");
}
const sheet = new CSSStyleSheet();
sheet.replaceSync(`*, *::before, *::after {
  animation: none !important; transition: none !important; caret-color: transparent !important;
  scroll-behavior: auto !important; }`);
document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
if (document.activeElement && document.activeElement !== document.body) document.activeElement.blur();
document.fonts.ready.then(() => requestAnimationFrame(() => requestAnimationFrame(() => done(true))));
"""


def make_screenshot_driver():
    """Headless Chromium set up for repeatable pictures (JavaScript on, as most readers have it)."""
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--allow-file-access-from-files", "--window-size=1280,900", "--force-device-scale-factor=1",
                     "--hide-scrollbars", "--force-color-profile=srgb", "--font-render-hinting=none",
                     "--disable-lcd-text", "--disable-font-subpixel-positioning"):
        options.add_argument(argument)
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    driver.set_page_load_timeout(30)
    driver.set_script_timeout(30)
    return driver


def capture(driver, url, width, dark):
    """The first `VIEWPORT_HEIGHT` pixels of the page at `url`, `width` CSS pixels wide, as an RGB image."""
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": width, "height": VIEWPORT_HEIGHT, "deviceScaleFactor": 1, "mobile": False})
    driver.execute_cdp_cmd("Emulation.setScrollbarsHidden", {"hidden": True})
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "screen", "features": [
        {"name": "prefers-color-scheme", "value": "dark" if dark else "light"},
        {"name": "prefers-reduced-motion", "value": "reduce"}]})
    driver.get(url)
    driver.execute_async_script(STEADY_PAGE)
    shot = driver.execute_cdp_cmd("Page.captureScreenshot", {
        "format": "png", "captureBeyondViewport": False,
        "clip": {"x": 0, "y": 0, "width": width, "height": VIEWPORT_HEIGHT, "scale": 1}})
    return Image.open(io.BytesIO(base64.b64decode(shot["data"]))).convert("RGB")


@dataclass
class Comparison:
    """How far a screenshot is from its golden."""
    differing_pixels: int
    total_pixels: int
    diff: Image.Image | None  # the golden faded to gray with the differing pixels in red; None when sizes differ
    problem: str | None  # why they do not match, or None when they do

    @property
    def matches(self):
        return self.problem is None


def compare(actual, golden, channel_threshold=CHANNEL_THRESHOLD, max_fraction=MAX_DIFFERING_FRACTION):
    """Compares two RGB images pixel by pixel within the tolerance (see CHANNEL_THRESHOLD, MAX_DIFFERING_FRACTION)."""
    actual, golden = actual.convert("RGB"), golden.convert("RGB")
    if actual.size != golden.size:
        return Comparison(0, actual.width * actual.height, None,
                          f"size {actual.width}x{actual.height}, golden {golden.width}x{golden.height}")
    red, green, blue = ImageChops.difference(actual, golden).split()
    largest = ImageChops.lighter(ImageChops.lighter(red, green), blue)
    mask = largest.point(lambda value: 255 if value > channel_threshold else 0)
    differing = mask.histogram()[255]
    total = actual.width * actual.height
    faded = Image.blend(golden.convert("L").convert("RGB"), Image.new("RGB", golden.size, "white"), 0.7)
    diff = Image.composite(Image.new("RGB", golden.size, (255, 0, 0)), faded, mask)
    problem = None
    if differing > max_fraction * total:
        problem = (f"{differing} of {total} pixels ({differing / total:.3%}) differ by more than {channel_threshold} "
                   f"in a channel; at most {max_fraction:.2%} may")
    return Comparison(differing, total, diff, problem)


def compare_across_versions(actual, golden):
    """Compares a screenshot with a golden that another Chromium major version drew: the averages of
    `ACROSS_VERSIONS_BLOCK`-pixel squares, within the looser tolerance above. The diff is scaled back to full size."""
    actual, golden = actual.convert("RGB"), golden.convert("RGB")
    if actual.size != golden.size:
        return compare(actual, golden)
    block = ACROSS_VERSIONS_BLOCK
    comparison = compare(actual.reduce(block), golden.reduce(block), ACROSS_VERSIONS_CHANNEL_THRESHOLD,
                         ACROSS_VERSIONS_MAX_DIFFERING_FRACTION)
    diff = comparison.diff.resize(golden.size, Image.Resampling.NEAREST)
    problem = comparison.problem and f"compared as {block}x{block}-pixel block averages, {comparison.problem}"
    return Comparison(comparison.differing_pixels, comparison.total_pixels, diff, problem)


def save_png(image, path):
    """Writes `image` as a PNG in full color (an actual screenshot or a diff, for people to look at)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    image.save(path, format="PNG", optimize=True)


def save_golden(image, path):
    """Writes `image` as a golden: a PNG of at most 256 colors without dithering, a third of the full-color size. A
    report page has one to two thousand colors, nearly all antialiasing shades; the palette chosen for the most
    frequent colors (maximum coverage) moves no pixel of the current pages by more than 8 levels, half of
    CHANNEL_THRESHOLD."""
    reduced = image.convert("RGB").quantize(colors=256, method=Image.Quantize.MAXCOVERAGE, dither=Image.Dither.NONE)
    path.parent.mkdir(parents=True, exist_ok=True)
    reduced.save(path, format="PNG", optimize=True)
