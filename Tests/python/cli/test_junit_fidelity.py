"""Import fidelity of JUnit XML: what a producer wrote comes back out of our JUnit export, read by
junitparser: the same test cases, classnames (empty segments included), statuses, messages, failure types and
skip reasons. Also the files import must not misread: UTF-16, cut off, with producer-specific forms."""
import collections
import json

import pytest
from junitparser import Error, Failure, JUnitXml, Skipped

from conftest import FIXTURES, run

JUNIT_CORPUS = FIXTURES / "corpus" / "junit"
# Corpus files these comparisons cannot use, and why; tests at the end hold each reason true, and any other file that
# import refuses or junitparser cannot read fails instead of being skipped.
NOT_JUNIT = {"publish-unit-test-result-action/non-junit.xml"}
CUT_OFF = {"publish-unit-test-result-action/pytest/corrupt-xml.xml"}  # import keeps what came before the cut
CORPUS = sorted(path for path in JUNIT_CORPUS.rglob("*.xml")
                if str(path.relative_to(JUNIT_CORPUS)) not in NOT_JUNIT | CUT_OFF)


def cases_of(path):
    """{(classname, name): [case, ...]} of a JUnit file, through junitparser. A case without a classname has its
    `class` attribute as one (Codeception, PHPUnit 3 to 5), else is named after its suite, as our import names it
    (docs/IMPORT.md)."""
    document = JUnitXml.fromfile(str(path))
    suites = [document] if document._tag == "testsuite" else list(document)
    found = collections.defaultdict(list)
    stack = list(suites)
    while stack:
        suite = stack.pop(0)
        stack.extend(child for child in suite.iterchildren(type(suite)) if child is not suite)
        for case in suite:
            classname = case.classname or case._elem.get("class") or suite.name or ""
            found[(classname, case.name or "")].append(case)
    return found


# `status` attribute values our import reads as a skip (docs/IMPORT.md); junitparser does not look at them.
SKIPPED_WORDS = {"disabled", "skipped", "notrun", "not run", "ignored", "pending"}


def outcome(case):
    """(status, message, type, skip reason) as a consumer sees them, by the rules of docs/IMPORT.md: an error beats a
    failure (godog's `<error type="skipped">` is a skipped step, not an error), and pytest's xfail is an expected
    failure, which JUnit has no element for (exported as passed)."""
    if not case.result and (case._elem.get("status") or "").lower() in SKIPPED_WORDS:
        return ("skipped", None, None, None)
    problems = [result for result in case.result if isinstance(result, (Failure, Error))
                and not (isinstance(result, Error) and result.type == "skipped")]
    problems.sort(key=lambda result: not isinstance(result, Error))
    # An empty element gives no message; the message comes from the one that has one.
    problems.sort(key=lambda result: not result.message)
    if problems:
        return ("failed", problems[0].message, problems[0].type, None)
    if any(isinstance(result, Skipped) and result.type == "pytest.xfail" for result in case.result):
        return ("passed", None, None, None)
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
@pytest.mark.parametrize("source", CORPUS, ids=lambda path: str(path.relative_to(JUNIT_CORPUS)))
def test_every_corpus_file_comes_back_with_its_names_statuses_messages_types_and_skip_reasons(source, flavor, tmp_path):
    bundle = importable(source, tmp_path)
    assert bundle is not None, f"import refused {source.name}"
    before = cases_of(source)
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
                # Jenkins' <skipped> has only a text: the reason, then the skip's details on the lines after it.
                assert reason_after == reason or (flavor == "jenkins" and reason_after.startswith(reason + "\n")), key


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
    assert "1 of 1 test failed" in summary and "setUpClass failed" in summary


@pytest.mark.parametrize("flavor", ["jenkins", "xunit", "surefire"])
def test_suite_properties_and_output_are_exported(tmp_path, flavor):
    body = ('<testsuite name="pytest"><properties><property name="go.version" value="1.22"/></properties>'
            '<testcase classname="tests.test_x" name="t"/><system-out>suite line\n[[ATTACHMENT|x.txt]]</system-out>'
            '</testsuite><testsuite name="pkg"><properties><property name="jvm" value="21"/></properties>'
            '<testcase classname="pkg" name="a"/><system-out>pkg out</system-out></testsuite>')
    source = junit_file(tmp_path, body)
    bundle = tmp_path / "p.resultbundle"
    run("import", source, "-o", bundle)
    output = tmp_path / ("reports" if flavor == "surefire" else "p.xml")
    run("junit", bundle, "-o", output, "--flavor", flavor)
    files = sorted(output.glob("*.xml")) if flavor == "surefire" else [output]
    suites = {}
    for file in files:
        document = JUnitXml.fromfile(str(file))
        for suite in ([document] if document._tag == "testsuite" else list(document)):
            suites[suite.name] = suite
    properties = {name: {p.name: p.value for p in suite.properties()} for name, suite in suites.items()}
    assert properties["pkg"]["jvm"] == "21" and properties["pytest"]["go.version"] == "1.22"
    assert len(suites["pytest"]) == 0  # the suite record gets a <testsuite> of its own, with no test cases
    if flavor != "surefire":  # Surefire's schema has no suite-level system-out
        assert suites["pkg"]._elem.findtext("system-out") == "pkg out"
        assert suites["pytest"]._elem.findtext("system-out") == "suite line\n[[ATTACHMENT|x.txt]]"


def suites_of(document):
    """Every <testsuite> element of a parsed document, nested ones included."""
    root = document._elem
    return [root] if root.tag == "testsuite" else list(root.iter("testsuite"))


def property_pairs(element):
    """The (name, value) pairs of an element's own <properties>; a value may be the property's text."""
    holder = element.find("properties")
    if holder is None:
        return []
    return [(p.get("name"), p.get("value") if p.get("value") is not None else (p.text or ""))
            for p in holder.findall("property") if p.get("name") is not None]


@pytest.mark.parametrize("source", CORPUS, ids=lambda path: str(path.relative_to(JUNIT_CORPUS)))
def test_every_corpus_file_keeps_its_test_case_and_suite_properties_and_suite_output(source, tmp_path):
    bundle = importable(source, tmp_path)
    assert bundle is not None, f"import refused {source.name}"
    original = JUnitXml.fromfile(str(source))
    # Test-case properties: on the test in the bundle (JSON), and listed in its system-out in the export.
    imported = json.loads(run("json", bundle, "-o", "-").stdout)["tests"]
    kept = collections.Counter(tuple(sorted((p["name"], p["value"]) for p in test["properties"])) for test in imported)
    wanted = collections.Counter()
    for suite in suites_of(original):
        for case in suite.findall("testcase"):
            pairs = property_pairs(case)
            if pairs:
                wanted[tuple(sorted(pairs))] += 1
    for pairs, count in wanted.items():
        assert kept[pairs] >= count, pairs
    exported = tmp_path / "junit.xml"
    run("junit", bundle, "-o", exported, "--flavor", "jenkins")
    document = JUnitXml.fromfile(str(exported))
    exported_suites = suites_of(document)
    # Suite properties and output: each source suite's are on some exported suite (which adds the run's own).
    exported_pairs = collections.Counter(pair for suite in exported_suites for pair in property_pairs(suite))
    for suite in suites_of(original):
        for pair, count in collections.Counter(property_pairs(suite)).items():
            assert exported_pairs[pair] >= count, pair
    outputs = [suite.findtext("system-out") or "" for suite in exported_suites]
    for suite in suites_of(original):
        text = (suite.findtext("system-out") or "").strip()
        if text:
            assert any(text[:2000] in output for output in outputs), suite.get("name")
    if wanted:
        all_out = "\n".join(case.findtext("system-out") or "" for case in document._elem.iter("testcase"))
        assert "Properties:" in all_out


def test_test_case_properties_reach_json_junit_and_the_report(tmp_path):
    body = ('<testsuite name="s"><testcase classname="pkg.S" name="retried"><properties>'
            '<property name="repetition" value="2"/><property name="owner" value="&lt;script&gt;x&lt;/script&gt;"/>'
            '</properties></testcase></testsuite>')
    source = junit_file(tmp_path, body)
    bundle = tmp_path / "p.resultbundle"
    run("import", source, "-o", bundle)
    test = json.loads(run("json", bundle, "-o", "-").stdout)["tests"][0]
    assert test["properties"] == [{"name": "repetition", "value": "2"}, {"name": "owner", "value": "<script>x</script>"}]
    for flavor in ["jenkins", "xunit"]:
        exported = tmp_path / f"{flavor}.xml"
        run("junit", bundle, "-o", exported, "--flavor", flavor)
        case = next(JUnitXml.fromfile(str(exported))._elem.iter("testcase"))
        assert "Properties:\n  repetition: 2\n  owner: <script>x</script>" in case.findtext("system-out")
    report = tmp_path / "report"
    run("report", bundle, "-o", report)
    pages = [page.read_text() for page in report.rglob("*.html") if "retried" in page.read_text()]
    page = next(page for page in pages if "Properties" in page)
    assert "<dt>repetition</dt><dd>2</dd>" in page and "&lt;script&gt;x&lt;/script&gt;" in page


@pytest.mark.parametrize("name", sorted(NOT_JUNIT))
def test_the_files_left_out_as_not_junit_are_refused_by_import(name, tmp_path):
    assert importable(JUNIT_CORPUS / name, tmp_path) is None


@pytest.mark.parametrize("name", sorted(CUT_OFF))
def test_the_files_left_out_as_cut_off_import_but_junitparser_cannot_read_them(name, tmp_path):
    assert importable(JUNIT_CORPUS / name, tmp_path) is not None
    with pytest.raises(Exception, match="no element found|Premature end of data"):
        JUnitXml.fromfile(str(JUNIT_CORPUS / name))
