"""Import fidelity of JUnit XML (issue 24): what a producer wrote comes back out of our JUnit export, read by
junitparser: the same test cases, classnames (empty segments included), statuses, messages, failure types and
skip reasons. Also the files import must not misread: UTF-16, cut off, with producer-specific forms."""
import collections
import json

import pytest
from junitparser import Error, Failure, JUnitXml, Skipped

from conftest import FIXTURES, run

CORPUS = sorted((FIXTURES / "corpus" / "junit").rglob("*.xml"))


def cases_of(path):
    """{(classname, name): [case, ...]} of a JUnit file, through junitparser. A case without a classname is named
    after its suite, as our import names it (docs/IMPORT.md)."""
    document = JUnitXml.fromfile(str(path))
    suites = [document] if document._tag == "testsuite" else list(document)
    found = collections.defaultdict(list)
    stack = list(suites)
    while stack:
        suite = stack.pop(0)
        stack.extend(child for child in suite.iterchildren(type(suite)) if child is not suite)
        for case in suite:
            found[(case.classname or suite.name or "", case.name or "")].append(case)
    return found


# `status` attribute values our import reads as a skip (docs/IMPORT.md); junitparser does not look at them.
SKIPPED_WORDS = {"disabled", "skipped", "notrun", "not run", "ignored", "pending"}


def outcome(case):
    """(status, message, type, skip reason) as a consumer sees them."""
    if not case.result and (case._elem.get("status") or "").lower() in SKIPPED_WORDS:
        return ("skipped", None, None, None)
    for result in case.result:
        if isinstance(result, (Failure, Error)):
            return ("failed", result.message, result.type, None)
    for result in case.result:
        if isinstance(result, Skipped):
            return ("skipped", None, None, (result.message or result.text or "").strip() or None)
    return ("passed", None, None, None)


def importable(source, tmp_path):
    bundle = tmp_path / "first.resultbundle"
    result = run("import", source, "-o", bundle, "--force", check=False)
    # 1 is a file read up to where it broke (docs/IMPORT.md): what came before is still compared.
    return bundle if result.returncode in (0, 1) and bundle.exists() else None


@pytest.mark.parametrize("flavor", ["jenkins", "xunit"])
@pytest.mark.parametrize("source", CORPUS, ids=lambda path: str(path.relative_to(FIXTURES / "corpus" / "junit")))
def test_every_corpus_file_comes_back_with_its_names_statuses_messages_types_and_skip_reasons(source, flavor, tmp_path):
    bundle = importable(source, tmp_path)
    if bundle is None:
        pytest.skip("not JUnit XML (import refuses it with a reason)")
    try:
        before = cases_of(source)
    except Exception as error:  # junitparser cannot read some damaged files at all
        pytest.skip(f"junitparser cannot read the source: {error}")
    exported = tmp_path / "junit.xml"
    run("junit", bundle, "-o", exported, "--flavor", flavor)
    after = cases_of(exported)
    imported = json.loads(run("json", bundle, "-o", "-").stdout)["tests"]
    assert sum(map(len, after.values())) == len(imported)
    for key, cases in before.items():
        if not key[1] or not key[0]:
            # No name, or neither classname nor suite name: our import names them "(unnamed test)" and "suite N".
            continue
        if key not in after:
            # A case junitparser reads that our import did not keep must be one of a cut-off file's last cases.
            assert run("import", source, "-o", tmp_path / "again.resultbundle", "--force", check=False).returncode == 1
            continue
        for original, copy in zip(cases, after[key]):
            status, message, kind, reason = outcome(original)
            status_after, message_after, kind_after, reason_after = outcome(copy)
            assert status_after == status, key
            if status == "failed":
                if message:
                    assert message_after.startswith(message[:200].strip().split("\n")[0][:100]), key
                if kind:
                    assert kind_after == kind, key
            if status == "skipped" and reason:
                assert reason_after == reason, key


def junit_file(tmp_path, body, name="input.xml"):
    path = tmp_path / name
    path.write_text(f'<?xml version="1.0" encoding="UTF-8"?>\n<testsuites>\n{body}\n</testsuites>\n')
    return path


def round_trip(tmp_path, source, flavor="jenkins"):
    bundle = tmp_path / "rt.resultbundle"
    run("import", source, "-o", bundle, "--force")
    exported = tmp_path / "rt.xml"
    run("junit", bundle, "-o", exported, "--flavor", flavor)
    return cases_of(exported)


def test_empty_classname_segments_round_trip_exactly(tmp_path):
    names = ["......stuff", ".github.scripts.test_x", "pkg..mod", "trailing.", "plain"]
    body = '<testsuite name="s">' + "".join(f'<testcase classname="{c}" name="t"/>' for c in names) + "</testsuite>"
    cases = round_trip(tmp_path, junit_file(tmp_path, body))
    assert sorted(classname for classname, _ in cases) == sorted(names)


def test_a_skip_reason_in_element_text_is_kept(tmp_path):
    body = ('<testsuite name="pkg"><testcase classname="pkg" name="TestSkip">'
            "<skipped>file_test.go:13: skip message</skipped></testcase></testsuite>")
    for flavor in ["jenkins", "xunit"]:
        cases = round_trip(tmp_path, junit_file(tmp_path, body), flavor)
        assert outcome(cases[("pkg", "TestSkip")][0])[3] == "file_test.go:13: skip message"


def test_a_failure_keeps_the_producers_type_and_its_whole_message(tmp_path):
    message = "first line&#10;" + "x" * 1500 + "&#9;after a tab"
    body = ('<testsuite name="s"><testcase classname="c" name="t">'
            f'<failure message="{message}" type="java.lang.AssertionError">trace</failure></testcase></testsuite>')
    source = junit_file(tmp_path, body)
    bundle = tmp_path / "t.resultbundle"
    run("import", source, "-o", bundle)
    issue = json.loads(run("json", bundle, "-o", "-").stdout)["tests"][0]["issues"][0]
    assert issue["type"] == "java.lang.AssertionError"
    assert issue["message"] == "first line\n" + "x" * 1500 + "\tafter a tab"
    cases = round_trip(tmp_path, source)
    assert outcome(cases[("c", "t")][0])[2] == "java.lang.AssertionError"


@pytest.mark.parametrize("encoding", ["utf-16-le", "utf-16-be", "utf-16"])
@pytest.mark.parametrize("bom", [True, False])
def test_utf16_files_are_detected_as_junit(tmp_path, encoding, bom):
    text = '<?xml version="1.0" encoding="UTF-16"?>\n<testsuite name="s"><testcase classname="c" name="ünï"/></testsuite>\n'
    data = text.encode(encoding)
    if encoding != "utf-16":
        data = (("\ufeff".encode(encoding)) if bom else b"") + data
    elif not bom:
        data = data[2:]  # Python's "utf-16" writes a BOM; without it the bytes are little-endian
    source = tmp_path / "utf16.xml"
    source.write_bytes(data)
    bundle = tmp_path / "u.resultbundle"
    run("import", source, "-o", bundle)
    assert [t["name"] for t in json.loads(run("json", bundle, "-o", "-").stdout)["tests"]] == ["ünï"]


def test_a_cut_off_file_keeps_what_came_before_says_where_and_exits_1(tmp_path):
    source = tmp_path / "cut.xml"
    source.write_text('<?xml version="1.0"?>\n<testsuites><testsuite name="s"><testcase name="a" classname="c"/>\n'
                      '<testcase name="b" classname="c"><system-out><![CDATA[partial output')
    bundle = tmp_path / "cut.resultbundle"
    result = run("import", source, "-o", bundle, check=False)
    assert result.returncode == 1
    assert "cut.xml:3:" in result.stderr and 'ends inside <testcase name="b">' in result.stderr
    tests = json.loads(run("json", bundle, "-o", "-").stdout)["tests"]
    assert [(t["name"], t["status"]) for t in tests] == [("a", "passed"), ("b", "interrupted")]


def test_a_suite_that_failed_outside_its_test_cases_shows_in_junit_and_the_summary(tmp_path):
    body = ('<testsuite name="setup" tests="0" errors="1"><error message="setUpClass failed" type="RuntimeError">'
            "Traceback: boom</error></testsuite>")
    source = junit_file(tmp_path, body)
    bundle = tmp_path / "s.resultbundle"
    run("import", source, "-o", bundle)
    cases = round_trip(tmp_path, source)
    status, message, kind, _ = outcome(cases[("setup", "(suite)")][0])
    assert (status, message, kind) == ("failed", "setUpClass failed", "RuntimeError")
    summary = run("summary", bundle).stdout
    assert "1 of 1 tests failed" in summary and "setUpClass failed" in summary
