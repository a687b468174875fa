"""The report's search.js names a result's row by the same stable hash as the Swift code that wrote the row
(StableHash, FNV-1a 64): its `anchor` function, taken from Templates/search.js as the report ships it and run in
headless Chromium, gives the anchor of every shared vector in Tests/Fixtures/stable-hash-vectors.json, which the
Swift tests hold StableHash and ReportPaths to as well, so the two cannot drift apart."""
import json
import re

from conftest import FIXTURES, ROOT
from test_report_browser import make_driver


def search_js_anchor_source():
    """The alphabet and the `anchor` function of search.js, as they stand in the file."""
    script = (ROOT / "Templates" / "search.js").read_text()
    alphabet = re.search(r'^ *var alphabet = "[^"]*";$', script, re.MULTILINE)
    function = re.search(r"^( *)function anchor\(text\) \{\n.*?^\1\}$", script, re.MULTILINE | re.DOTALL)
    assert alphabet and function, "search.js no longer has `var alphabet` and `function anchor(text)`"
    return alphabet.group(0) + "\nvar encoder = new TextEncoder();\n" + function.group(0)


def test_search_js_anchors_match_the_shared_vectors():
    vectors = json.loads((FIXTURES / "stable-hash-vectors.json").read_text())["vectors"]
    assert len(vectors) >= 5
    driver = make_driver()
    try:
        driver.get("about:blank")
        anchors = driver.execute_script(
            search_js_anchor_source() + "\nreturn arguments[0].map(anchor);", [v["text"] for v in vectors])
    finally:
        driver.quit()
    assert anchors == [v["anchor"] for v in vectors]
