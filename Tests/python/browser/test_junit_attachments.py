"""JUnit attachments end to end: `[[ATTACHMENT|path]]` lines and `attachment` properties of a JUnit
file are imported as blobs, listed by `resultbundle json`, and shown by the HTML report (images inline, text
previewed); paths that lead outside the attachments folder are refused with a warning naming file, line and path."""
import hashlib
import json
import re
import struct
import subprocess
import time
import zlib

import pytest

from conftest import BINARY, run


def png(width=2, height=2):
    """A small valid PNG (red pixels), made with the standard library."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    rows = b"".join(b"\x00" + b"\xff\x00\x00" * width for _ in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")


JUNIT = """<?xml version="1.0" encoding="UTF-8"?>
<testsuites>
  <testsuite name="ui.LoginTests" tests="2" failures="1">
    <testcase classname="ui.LoginTests" name="test_login" time="1.5">
      <failure message="button not found">trace</failure>
      <system-out>opening the page
[[ATTACHMENT|screens/login.png]]
</system-out>
      <system-err>[[ATTACHMENT|../secret.txt]]</system-err>
    </testcase>
    <testcase classname="ui.LoginTests" name="test_logout" time="0.5">
      <properties><property name="attachment" value="logs/browser.log"/></properties>
    </testcase>
  </testsuite>
</testsuites>
"""


def make_inputs(tmp_path):
    reports = tmp_path / "reports"
    (reports / "screens").mkdir(parents=True)
    (reports / "logs").mkdir()
    (reports / "screens" / "login.png").write_bytes(png())
    (reports / "logs" / "browser.log").write_text("console: ready\nconsole: <b>clicked</b>\n")
    (tmp_path / "secret.txt").write_text("not for the bundle")
    (reports / "junit.xml").write_text(JUNIT)
    return reports / "junit.xml"


def attachments_by_test(bundle):
    tests = json.loads(run("json", bundle).stdout)["tests"]
    found = {}
    for test in tests:
        found[test["name"]] = [attachment for attempt in test["attempts"] for attachment in attempt["attachments"]]
    return found


def test_import_stores_the_attachments_and_the_report_shows_them(tmp_path):
    xml = make_inputs(tmp_path)
    bundle = tmp_path / "ui.resultbundle"
    result = run("import", xml, "-o", bundle)
    # The escape is refused with the file, the line of the XML and the path.
    assert re.search(r"junit\.xml:9: warning: the attachment \"\.\./secret\.txt\" is outside the attachments folder",
                     result.stderr), result.stderr

    attachments = attachments_by_test(bundle)
    login = attachments["test_login"]
    assert [(a["name"], a["mediaType"], a["kind"]) for a in login] == [("login.png", "image/png", "image")]
    assert login[0]["size"] == len(png())
    assert login[0]["sha256"] == hashlib.sha256(png()).hexdigest()
    logout = attachments["test_logout"]
    assert [(a["name"], a["mediaType"], a["kind"]) for a in logout] == [("browser.log", "text/plain", "text")]

    site = tmp_path / "site"
    run("report", bundle, "-o", site)
    pages = {page.name: page.read_text() for page in (site / "tests").glob("*.html")}
    login_page = next(text for name, text in pages.items() if "test_login" in name)
    images = re.findall(r'<img src="([^"]+)" alt="login.png"', login_page)
    assert len(images) == 1, login_page
    # The image is a file of the report, with the PNG's bytes.
    image_file = (site / "tests" / images[0]).resolve() if images[0].startswith("..") else site / images[0]
    assert image_file.read_bytes() == png()
    assert "not for the bundle" not in "".join(pages.values())
    logout_page = next(text for name, text in pages.items() if "test_logout" in name)
    # Text is previewed, escaped.
    assert "console: &lt;b&gt;clicked&lt;/b&gt;" in logout_page


def test_attachments_root_option(tmp_path):
    xml = make_inputs(tmp_path)
    bundle = tmp_path / "rooted.resultbundle"
    # Paths now resolve against the root: screens/login.png is looked up inside screens/ and is missing there.
    result = run("import", xml, "-o", bundle, "--attachments-root", tmp_path / "reports" / "screens")
    assert 'the attachment "screens/login.png" does not exist' in result.stderr, result.stderr
    assert attachments_by_test(bundle)["test_login"] == []
    missing = run("import", xml, "-o", tmp_path / "x.resultbundle", "--attachments-root", tmp_path / "nope",
                  check=False)
    assert missing.returncode != 0 and "--attachments-root" in missing.stderr


def test_attachments_from_standard_input_need_a_root(tmp_path):
    xml = make_inputs(tmp_path)
    bundle = tmp_path / "stdin.resultbundle"
    result = subprocess.run(
        [str(BINARY), "import", "-", "-o", str(bundle), "--attachments-root", str(xml.parent)],
        input=xml.read_text(), capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert [a["name"] for a in attachments_by_test(bundle)["test_login"]] == ["login.png"]


def test_the_image_renders_in_chromium(tmp_path):
    """The imported screenshot is drawn by a real browser (decoded, with its size), from the report's own file."""
    pytest.importorskip("selenium")
    from selenium.webdriver.common.by import By
    from test_report_browser import make_driver

    xml = make_inputs(tmp_path)
    bundle = tmp_path / "ui.resultbundle"
    run("import", xml, "-o", bundle)
    site = tmp_path / "site"
    run("report", bundle, "-o", site)
    page = next(page for page in (site / "tests").glob("*.html") if "test_login" in page.name)
    driver = make_driver()
    try:
        driver.get(page.as_uri())
        image = driver.find_element(By.CSS_SELECTOR, 'img[alt="login.png"]')
        driver.execute_script("arguments[0].loading = 'eager'; arguments[0].scrollIntoView()", image)
        size = None
        for _ in range(50):  # lazy loading: wait up to 5 s for the image to be decoded
            size = driver.execute_script(
                "const i = arguments[0]; return i.complete ? [i.naturalWidth, i.naturalHeight] : null", image)
            if size:
                break
            time.sleep(0.1)
        assert size == [2, 2]
    finally:
        driver.quit()
