#!/usr/bin/env python3
"""Chromium timings of a report folder: opening index.html, all-1.html, failed.html and skipped.html (navigation start to the load event),
and the search's first result (from the first keystroke of a query to the first result row), best of 3.
usage: search_timing.py SITE QUERY   prints JSON."""
import json
import pathlib
import sys
import time

# The browser tests' driver, and the conftest beside the Python tests that it imports.
TESTS = pathlib.Path(__file__).resolve().parents[2] / "Tests" / "python"
sys.path[:0] = [str(TESTS / "browser"), str(TESTS)]
from test_report_browser import make_driver  # noqa: E402

FIRST_RESULT = """
const done = arguments[arguments.length - 1], query = arguments[0];
const input = document.querySelector('[data-search-input]'), list = document.querySelector('[data-search-results]');
const start = performance.now();
new MutationObserver((_, observer) => {
  if (list.querySelector('li')) { observer.disconnect(); done(performance.now() - start); }
}).observe(list, {childList: true});
for (let i = 1; i <= query.length; i++) {
  setTimeout(() => { input.value = query.slice(0, i); input.dispatchEvent(new Event('input')); }, (i - 1) * 60);
}
"""


def main():
    site, query = pathlib.Path(sys.argv[1]).resolve(), sys.argv[2]
    driver = make_driver()
    driver.set_script_timeout(60)
    timings = {}
    try:
        for page in ("index.html", "all-1.html", "failed.html", "skipped.html"):
            best = float("inf")
            for _ in range(3):
                driver.get((site / page).as_uri())
                best = min(best, driver.execute_script(
                    "const t = performance.getEntriesByType('navigation')[0]; return t.loadEventEnd - t.startTime"))
            timings[page] = round(best)
        best = float("inf")
        for _ in range(3):
            driver.get((site / "index.html").as_uri())
            best = min(best, driver.execute_async_script(FIRST_RESULT, query))
        timings["first result of '" + query + "' (typed at 60 ms a key)"] = round(best)
    finally:
        driver.quit()
    print(json.dumps(timings))


if __name__ == "__main__":
    main()
