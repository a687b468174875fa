"""CI recipes of docs/ci/: each file is valid for its CI (the GitHub workflow and the GitLab file
against their published JSON Schemas, with check-jsonschema), and its shell steps run for real on the example
package, as the CI would run them (Tests/python/cli/ci_simulation.py): the release is installed from a tarball with its
checksum, the suite runs in 4 shards, the bundles merge, and JUnit, annotations, the summary, the history and the
report come out where each CI expects them."""
import json
import os
import pathlib
import re
import shutil
import subprocess
import tarfile
import hashlib

import pytest
import yaml
from xml.etree import ElementTree

from ci_simulation import GitHubActions, GitLabCI, Jenkins, Workspace
from conftest import ROOT, run

RECIPES = ROOT / "docs" / "ci"


def check_jsonschema():
    tool = shutil.which("check-jsonschema")
    if tool is None:
        pytest.fail("check-jsonschema is not installed: scripts/install-deps.sh test installs it (PyPI "
                    "check-jsonschema); without it the recipes cannot be checked")
    return tool


@pytest.mark.parametrize("recipe, schema", [("github-actions.yml", "vendor.github-workflows"),
                                            ("gitlab-ci.yml", "vendor.gitlab-ci")])
def test_the_recipes_validate_against_their_ci_schemas(recipe, schema):
    result = subprocess.run([check_jsonschema(), "--builtin-schema", schema, RECIPES / recipe],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def recipe_version(text):
    return re.search(r"RESULTBUNDLE_VERSION\s*[:=]\s*['\"]([^'\"]+)['\"]", text).group(1)


def test_the_recipes_install_the_version_this_tool_is():
    version = run("--version").stdout.strip()
    for recipe in ("github-actions.yml", "gitlab-ci.yml", "Jenkinsfile"):
        assert recipe_version((RECIPES / recipe).read_text()) == version, recipe


@pytest.fixture(scope="module")
def ci(tmp_path_factory):
    """The shared pieces: the example package's folder as the workspace (so the example builds once), a folder of
    release downloads holding a tarball of this build with its checksum, and the environment every job starts
    from."""
    root = tmp_path_factory.mktemp("ci")
    version = run("--version").stdout.strip()
    machine = os.uname().machine
    downloads = root / "downloads"
    downloads.mkdir()
    name = f"resultbundle-{version}-linux-{machine}"
    staging = root / "staging" / name / "bin"
    staging.mkdir(parents=True)
    shutil.copy2(os.environ["RESULTBUNDLE_BINARY"], staging / "resultbundle")
    # The release's layout (docs/RELEASES.md): bin/, share/ with the completions, README.md beside them.
    completions = root / "staging" / name / "share" / "bash-completion" / "completions"
    completions.mkdir(parents=True)
    (completions / "resultbundle").write_text(run("--generate-completion-script", "bash").stdout)
    shutil.copy2(ROOT / "README.md", root / "staging" / name / "README.md")
    tarball = downloads / f"{name}.tar.gz"
    with tarfile.open(tarball, "w:gz") as archive:
        archive.add(root / "staging" / name, arcname=name)
    digest = hashlib.sha256(tarball.read_bytes()).hexdigest()
    (downloads / f"{name}.tar.gz.sha256").write_text(f"{digest}  {name}.tar.gz\n")
    swift = pathlib.Path(shutil.which("swift")).parent
    tools = root / "tools"
    tools.mkdir()
    workspace = Workspace(ROOT / "Examples")
    yield {"root": root, "workspace": workspace, "downloads": downloads.as_uri(), "tools": tools,
           "env": {"PATH": f"{swift}:/usr/local/bin:/usr/bin:/bin", "LANG": "C.UTF-8"}}
    workspace.reset()


def make(kind, ci, name, env):
    return kind(ci["workspace"], env, ci["tools"], ci["root"] / name / "store")


def home(ci, name):
    folder = ci["root"] / f"home-{name}"
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir()
    return str(folder)


def totals(bundle):
    return json.loads(run("info", "--json", bundle).stdout)["totals"]


def cobertura_percent(xml):
    """The line coverage of a Cobertura file, read here, as the tool prints it: rounded down to a tenth."""
    root = ElementTree.fromstring(xml)
    hit, found = int(root.get("lines-covered")), int(root.get("lines-valid"))
    assert found > 0 and 0 < hit <= found, (hit, found)
    tenths = hit * 1000 // found
    return f"{tenths // 10}%" if tenths % 10 == 0 else f"{tenths // 10}.{tenths % 10}%"


def test_the_github_workflow_runs_sharded_then_reports_with_history(ci):
    pipeline = make(GitHubActions, ci, "github", {**ci["env"], "HOME": home(ci, "github")})
    variables = {"RESULTBUNDLE_DOWNLOADS": ci["downloads"]}
    outcomes = pipeline.run(RECIPES / "github-actions.yml", "refs/heads/main", 1, variables)
    log = "\n".join(pipeline.log)
    # The example has deliberate failures: the shards fail, the report still runs and Pages gets the report.
    assert outcomes == {"test": "failure", "report": "success", "pages": "success"}, log[-6000:]
    installed = pathlib.Path(pipeline.base_env["HOME"]) / ".local"
    assert (installed / "bin" / "resultbundle").exists() and not (installed / "README.md").exists()
    results = pipeline.store / "artifacts" / "test-results"
    assert totals(results / "run.resultbundle")["tests"] == 8  # the four shards cover every test once
    assert "<testsuites" in (results / "junit.xml").read_text()
    assert "::error file=Examples/Tests/WordTallyTests/" in log  # annotations relative to the repository
    assert any("## " in summary or "tests" in summary for summary in pipeline.published["summaries"])
    # The shards recorded coverage: the summary shows the total the Cobertura export holds.
    percent = cobertura_percent((results / "coverage.xml").read_text())
    assert any(f"**Coverage:** {percent}" in summary for summary in pipeline.published["summaries"])
    assert "index.html" in pipeline.published["pages"]
    assert (pipeline.store / "cache" / "resultbundle-history-1" / "main.rbhistory").exists()

    # A pull request: the shards are balanced by the last run of main, and the history labels the summary.
    outcomes = pipeline.run(RECIPES / "github-actions.yml", "refs/pull/7/merge", 2, variables)
    log = "\n".join(pipeline.log)
    assert outcomes == {"test": "failure", "report": "success", "pages": "skipped"}, log[-6000:]
    assert "--from previous.resultbundle" in log
    assert "failing for" in pipeline.published["summaries"][-1] or "new failure" in pipeline.published["summaries"][-1]


def test_the_gitlab_pipeline_runs_sharded_then_reports(ci):
    pipeline = make(GitLabCI, ci, "gitlab", {**ci["env"], "HOME": home(ci, "gitlab")})
    outcomes = pipeline.run(RECIPES / "gitlab-ci.yml", "main", {"RESULTBUNDLE_DOWNLOADS": ci["downloads"]})
    log = "\n".join(pipeline.log)
    assert outcomes == {"test": "failed", "report": "success", "pages": "success"}, log[-6000:]
    assert "<testsuites" in pipeline.published["junit"][0]
    quality = json.loads(pipeline.published["codequality"][0])
    assert quality and all(entry["location"]["path"].startswith("Examples/Tests/") for entry in quality)
    # GitLab's coverage regex, applied to the log as GitLab does (the last match, its first number), gives the
    # total of the Cobertura report handed to coverage_report.
    regex = yaml.safe_load((RECIPES / "gitlab-ci.yml").read_text())["report"]["coverage"]
    matches = re.findall(regex.strip("/"), log)
    assert matches, "no line of the log matches the coverage regex"
    percent = cobertura_percent(pipeline.published["coverage_report"][0])
    assert re.search(r"\d+(?:\.\d+)?", matches[-1]).group(0) + "%" == percent
    assert pipeline.published["pages"] is True
    assert (pipeline.store / "cache" / "resultbundle-history" / "main.rbhistory").exists()


def test_the_jenkins_pipeline_runs_sharded_then_reports(ci):
    pipeline = make(Jenkins, ci, "jenkins", ci["env"])
    environment = {"HOME": home(ci, "jenkins"), "RESULTBUNDLE_DOWNLOADS": ci["downloads"]}
    outcomes = pipeline.run(RECIPES / "Jenkinsfile", "main", 1, environment)
    log = "\n".join(pipeline.log)
    assert all(outcomes.values()), (outcomes, log[-6000:])
    assert "<testsuites" in pipeline.published["junit"][0] and pipeline.published["html"]
    assert "<coverage " in pipeline.published["coverage"][0]  # Cobertura for the Coverage plugin
    archive = pipeline.store / "archive"
    assert totals(archive / "run.resultbundle")["tests"] == 8
    assert (archive / "main.rbhistory").exists() and (archive / "previous.resultbundle").exists()
