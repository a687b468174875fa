"""`resultbundle annotate` end to end (docs/ANNOTATE.md): the built binary on the sample and hostile bundles and on a
JUnit file whose messages try to inject CI commands. GitLab's report validates against docs/schemas/, GitHub's output
is one workflow command per line with the cap and its notice, and no message text starts a command of any CI."""
import json
import re

import jsonschema
import pytest

from conftest import BUNDLES, HOSTILE, ROOT, SAMPLES, run

SCHEMA = json.loads((ROOT / "docs" / "schemas" / "gitlab-codequality.schema.json").read_text())
INJECTION = ("100% ::error::pwned\n::warning file=x::second\r\n##vso[task.setvariable variable=x]1\n"
             "##teamcity[buildStatus text='pwned']\n|n '] ; , %0A %AZP25 \u2028::notice::sep")


def failing_tests(bundle):
    """The ids of failed and flaky tests, from the JSON export."""
    tests = json.loads(run("json", bundle).stdout)["tests"]
    return [t for t in tests if t["status"] in ("failed", "crashed", "timedOut", "interrupted") or t.get("flaky")]


def github_commands(text):
    assert "\r" not in text and "\u2028" not in text and "\u2029" not in text and "\x85" not in text
    lines = text.split("\n")
    assert lines[-1] == ""
    commands = []
    for line in lines[:-1]:
        match = re.fullmatch(r"::(error|warning|notice)( [^:]*)?::(.*)", line)
        assert match, f"not one workflow command: {line!r}"
        commands.append((match.group(1), match.group(2) or "", match.group(3)))
    return commands


@pytest.fixture(scope="module")
def injection_bundle(tmp_path_factory):
    """A bundle imported from JUnit XML whose names, messages and file attributes try to inject commands."""
    folder = tmp_path_factory.mktemp("injection")
    from xml.sax.saxutils import quoteattr, escape
    cases = []
    for number in range(25):
        message = f"case {number}: {INJECTION}"
        cases.append(
            f'<testcase classname="Suite.{number % 3}" name={quoteattr("test " + str(number) + " ::x")} '
            f'file={quoteattr(str(ROOT / "Sources" / f"F{number},a:b;c].swift"))} line="{number + 1}" time="0.01">'
            f'<failure message={quoteattr(message)}>{escape(message)}</failure></testcase>')
    cases.append('<testcase classname="Suite.ok" name="passes" time="0.01"/>')
    xml = folder / "hostile-junit.xml"
    xml.write_text('<?xml version="1.0" encoding="UTF-8"?>\n<testsuites><testsuite name="s">'
                   + "".join(cases) + "</testsuite></testsuites>\n")
    bundle = folder / "injection.resultbundle"
    run("import", xml, "-o", bundle)
    return bundle


@pytest.mark.parametrize("bundle", BUNDLES, ids=lambda b: b.stem)
def test_gitlab_report_is_valid_with_one_entry_per_failure(bundle):
    report = json.loads(run("annotate", "--format", "gitlab", bundle).stdout)
    jsonschema.validate(report, SCHEMA)
    fingerprints = [entry["fingerprint"] for entry in report]
    assert len(set(fingerprints)) == len(fingerprints)
    github = github_commands(run("annotate", "--format", "github", "--max-annotations", "1000", bundle).stdout)
    # GitLab writes one entry per distinct failure (a failure repeated in merged runs once), GitHub one per test.
    assert 0 < len(report) <= len(github) == len(failing_tests(bundle)) or len(report) == len(github) == 0


def test_gitlab_report_of_the_injection_bundle(injection_bundle, tmp_path):
    output = tmp_path / "gl-code-quality-report.json"
    result = run("annotate", "--format", "gitlab", "--root", ROOT, injection_bundle, "-o", output)
    assert result.stdout == ""
    report = json.loads(output.read_text())
    jsonschema.validate(report, SCHEMA)
    assert len(report) == 25
    assert report[0]["location"] == {"path": "Sources/F0,a:b;c].swift", "lines": {"begin": 1}}
    assert report[0]["description"].startswith("Suite.0/test 0 ::x failed: case 0: 100% ::error::pwned")


def test_github_caps_errors_and_counts_the_rest_in_one_notice(injection_bundle):
    commands = github_commands(run("annotate", "--format", "github", "--root", ROOT, injection_bundle).stdout)
    assert [c[0] for c in commands] == ["error"] * 10 + ["notice"]
    assert commands[-1][2].startswith("15 more failed tests are not annotated")
    first = commands[0]
    assert first[1] == " file=Sources/F0%2Ca%3Ab;c].swift,line=1,title=Suite.0/test 0 %3A%3Ax failed"
    assert first[2].startswith("case 0: 100%25 ::error::pwned%0A::warning file=x::second%0A##vso[")
    capped = github_commands(run("annotate", "--format", "github", "--max-annotations", "3", injection_bundle).stdout)
    assert [c[0] for c in capped] == ["error"] * 3 + ["notice"]
    assert capped[-1][2].startswith("22 more failed tests")


def test_github_writes_nothing_for_a_run_without_failures(tmp_path):
    xml = tmp_path / "ok.xml"
    xml.write_text('<testsuite name="s"><testcase classname="c" name="a" time="0.1"/></testsuite>\n')
    run("import", xml, "-o", tmp_path / "ok.resultbundle")
    for format in ["github", "azure"]:
        assert run("annotate", "--format", format, tmp_path / "ok.resultbundle").stdout == ""
    assert run("annotate", "--format", "gitlab", tmp_path / "ok.resultbundle").stdout == "[]\n"


def test_azure_and_teamcity_lines_are_each_one_command(injection_bundle):
    azure = run("annotate", "--format", "azure", "--root", ROOT, injection_bundle).stdout.split("\n")[:-1]
    assert len(azure) == 25
    for line in azure:
        assert line.startswith("##vso[task.logissue type=error;sourcepath=Sources/F")
        properties, message = line[len("##vso["):].split("]", 1)
        assert "%3B" in properties and "%5D" in properties and "%AZP25" in message
        assert "\r" not in line and "\u2028" not in line
    teamcity = run("annotate", "--format", "teamcity", injection_bundle).stdout.split("\n")[:-1]
    value = r"'(?:[^'|\[\]\n\r]|\|['|nrxlp\[\]]|\|0x[0-9A-F]{4})*'"
    message = re.compile(r"##teamcity\[[A-Za-z]+(?: [A-Za-z]+=" + value + r")*\]")
    for line in teamcity:
        assert message.fullmatch(line), line
    assert sum(line.startswith("##teamcity[testFailed ") for line in teamcity) == 25
    assert sum(line.startswith("##teamcity[testStarted ") for line in teamcity) == 26


@pytest.mark.parametrize("format", ["github", "gitlab", "azure", "teamcity"])
def test_every_format_reads_the_hostile_bundle(format):
    text = run("annotate", "--format", format, HOSTILE).stdout
    assert "\x1b" not in text and "\x00" not in text and "\x07" not in text


def test_the_format_is_detected_from_the_ci_environment(tmp_path):
    import os
    import subprocess
    from conftest import BINARY
    environment = {k: v for k, v in os.environ.items()
                   if k not in ("GITHUB_ACTIONS", "GITLAB_CI", "TF_BUILD", "TEAMCITY_VERSION")}
    sample = SAMPLES[0]
    detected = subprocess.run([str(BINARY), "annotate", sample], capture_output=True, text=True,
                              env={**environment, "TF_BUILD": "True"}, timeout=120)
    assert detected.returncode == 0 and detected.stdout.startswith("##vso[task.logissue"), detected.stderr
    missing = subprocess.run([str(BINARY), "annotate", sample], capture_output=True, text=True, env=environment,
                             timeout=120)
    assert missing.returncode == 2 and "--format" in missing.stderr


def test_a_write_that_failed_exits_1():
    import subprocess
    from conftest import BINARY
    with open("/dev/full", "wb") as full:
        result = subprocess.run([str(BINARY), "annotate", "--format", "teamcity", str(SAMPLES[0])], stdout=full,
                                stderr=subprocess.PIPE, text=True, timeout=120)
    assert result.returncode == 1, result.stderr
