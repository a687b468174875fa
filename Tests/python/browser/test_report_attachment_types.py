"""Attachments of every type a browser may run as a document, opened in real headless Chromium from the report: each
is served as text (only names on the report's list of safe extensions keep their own), and none runs script."""
import pytest
from selenium.webdriver.common.by import By

from conftest import run
from test_report_browser import make_driver

SCRIPT = "<script>window.__pwned = 1; document.title = 'pwned'</script>"
XHTML_SCRIPT = f'<script xmlns="http://www.w3.org/1999/xhtml">window.__pwned = 1; document.title = "pwned"</script>'

# Chromium opens each of these as a document that runs script when it is served under its own name.
ACTIVE = {
    "page.shtm": f"<html><body>{SCRIPT}hi</body></html>",
    "page.ehtml": f"<html><body>{SCRIPT}hi</body></html>",
    "page.xhtm": f'<html xmlns="http://www.w3.org/1999/xhtml"><body>{XHTML_SCRIPT}</body></html>',
    "feed.atom": f'<feed xmlns="http://www.w3.org/2005/Atom">{XHTML_SCRIPT}</feed>',
    "feed.rss": f"<rss version=\"2.0\">{XHTML_SCRIPT}</rss>",
    "schema.xsd": f'<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">{XHTML_SCRIPT}</xs:schema>',
    "binding.xbl": f'<bindings xmlns="http://www.mozilla.org/xbl">{XHTML_SCRIPT}</bindings>',
    "unknown.zzz": SCRIPT,
}
# Safe names keep their extension; their content, script and all, shows as text.
SAFE = {"notes.txt": SCRIPT, "run.log": SCRIPT, "data.csv": SCRIPT, "data.json": '{"a": "' + SCRIPT + '"}'}


@pytest.fixture(scope="module")
def driver():
    browser = make_driver()
    yield browser
    browser.quit()


def test_attachments_of_active_types_are_served_as_text_and_run_nothing(driver, tmp_path):
    attachments = {**ACTIVE, **SAFE}
    for name, content in attachments.items():
        (tmp_path / name).write_text(content)
    lines = "\n".join(f"[[ATTACHMENT|{name}]]" for name in attachments)
    (tmp_path / "junit.xml").write_text(
        '<testsuites><testsuite name="s"><testcase classname="c" name="t">'
        f'<failure message="m">x</failure><system-out>{lines}</system-out></testcase></testsuite></testsuites>')
    bundle = tmp_path / "active-types.resultbundle"
    run("import", tmp_path / "junit.xml", "-o", bundle)
    site = tmp_path / "site"
    run("report", bundle, "-o", site)
    written = {path.name for path in (site / "attachments").iterdir()}
    for name in ACTIVE:
        assert any(file.endswith(name + ".txt") for file in written), (name, written)
    for name in SAFE:
        assert any(file.endswith(name) for file in written), (name, written)
    for file in sorted((site / "attachments").iterdir()):
        driver.get(file.as_uri())
        assert driver.execute_script("return typeof window.__pwned") == "undefined", file.name
        assert driver.title != "pwned", file.name
        assert "window.__pwned" in driver.find_element(By.TAG_NAME, "body").text, file.name
