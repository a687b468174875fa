"""No line of human-readable output can be started by data: a test, suite or run name (or a timestamp an importer
warns about) holding a line break followed by a CI system's logging command (GitHub's `::error::`, Azure's
`##vso[task.setvariable ...]`) is shown with the line break escaped (docs/OUTPUTS.md, "Text shown on a terminal"),
in `import`'s warnings, `info`, `verify`, `compare` and `history show`."""
import subprocess

import pytest

from conftest import BINARY

GITHUB = "\n::error::x"
AZURE = "\n##vso[task.setvariable variable=x]y"


def escaped(text):
    return text.replace("&", "&amp;").replace("<", "&lt;").replace('"', "&quot;").replace("\n", "&#10;")


def junit(failing):
    cases = []
    for index, payload in enumerate([GITHUB, AZURE]):
        name = escaped(f"test{index}{payload}")
        body = f'<failure message="{escaped("boom" + payload)}">at{escaped(payload)}</failure>' if failing else ""
        cases.append(f'<testcase classname="{escaped("Suite" + payload)}" name="{name}" time="0.5">{body}</testcase>')
    return ('<?xml version="1.0"?>\n<testsuites>'
            f'<testsuite name="{escaped("Suite" + GITHUB)}" tests="2" timestamp="{escaped("soon" + AZURE)}">'
            + "".join(cases) + "</testsuite></testsuites>\n")


def run(*arguments):
    return subprocess.run([str(BINARY), *map(str, arguments)], capture_output=True, text=True, timeout=120)


@pytest.fixture(scope="module")
def bundles(tmp_path_factory):
    folder = tmp_path_factory.mktemp("injection")
    made = {}
    for kind, failing in (("base", False), ("head", True)):
        xml = folder / f"{kind}.xml"
        xml.write_text(junit(failing))
        bundle = folder / f"{kind}.resultbundle"
        result = run("import", xml, "--name", "run" + GITHUB + AZURE, "-o", bundle)
        assert bundle.exists(), result.stderr
        made[kind] = (bundle, result)
    return made


def assert_no_line_from_data(*texts):
    for text in texts:
        for line in text.splitlines():
            assert not line.startswith("::") and not line.startswith("##vso"), repr(line)


def test_import_warnings_keep_data_on_their_line(bundles):
    result = bundles["head"][1]
    assert "is in no form this importer knows" in result.stderr, result.stderr
    assert_no_line_from_data(result.stdout, result.stderr)
    assert "^J::error::x" in result.stderr or "^J##vso" in result.stderr


def test_info_shows_run_names_on_one_line(bundles):
    result = run("info", bundles["head"][0])
    assert result.returncode == 0, result.stderr
    assert_no_line_from_data(result.stdout, result.stderr)
    assert "run^J::error::x^J##vso[task.setvariable variable=x]y" in result.stdout


def test_compare_text_shows_test_names_and_messages_on_one_line(bundles):
    result = run("compare", bundles["base"][0], bundles["head"][0])
    assert "test0^J::error::x  passed → failed" in result.stdout, result.stdout
    assert_no_line_from_data(result.stdout, result.stderr)


def test_verify_and_history_show_keep_data_on_their_line(bundles, tmp_path):
    history = tmp_path / "h.rbhistory"
    added = run("history", "add", bundles["head"][0], "--history", history)
    shown = run("history", "show", "--history", history)
    verified = run("verify", bundles["head"][0])
    assert shown.returncode == 0, shown.stderr
    assert_no_line_from_data(added.stdout, added.stderr, shown.stdout, shown.stderr, verified.stdout,
                             verified.stderr)
