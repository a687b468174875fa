"""scripts/test.sh's Python phases: the same options for both, two pytest-xdist workers with the tests of the Examples
package kept on one, and progress a person watching can follow (they run for minutes). Runs the script's own pytest
options on quick test files and reads what a person would see."""
import re
import shlex
import subprocess
import sys

from conftest import ROOT


SCRIPT_LINES = (ROOT / "scripts" / "test.sh").read_text().splitlines()
PYTEST_LINES = [shlex.split(line) for line in SCRIPT_LINES if line.startswith("python3 -m pytest")]


def pytest_options():
    """The options of the script's pytest phases, without the folders each one names."""
    options = [[word for word in words[3:] if not word.startswith(("Tests/python", "--ignore="))]
               for words in PYTEST_LINES]
    assert len(options) == 2 and options[0] == options[1], f"two pytest phases with the same options: {PYTEST_LINES}"
    return options[0]


def test_the_checks_run_first_and_once():
    [checks, rest] = PYTEST_LINES
    assert checks[-1] == "Tests/python/checks"
    build = next(index for index, line in enumerate(SCRIPT_LINES) if line.startswith("swift build"))
    assert SCRIPT_LINES.index(shlex.join(checks)) < build, "the checks run before the Swift build"
    assert "Tests/python" in rest and "--ignore=Tests/python/checks" in rest


def test_the_python_phases_run_on_two_workers_with_the_examples_tests_on_one():
    # The checks run before the build: only tests that need no binary.
    options = pytest_options()
    assert options[options.index("-n") + 1] == "2" and options[options.index("--dist") + 1] == "loadgroup"
    result = subprocess.run([sys.executable, "-m", "pytest", *options, "-v", "-k", "validate or lint",
                             "Tests/python/cli/test_ci_recipes.py", "Tests/python/checks/test_lint_rules.py"],
                            cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stdout[-3000:]
    # `[gw1] [ 40%] PASSED Tests/python/cli/test_ci_recipes.py::test_x[a]@examples`: the worker, and the group after
    # an "@" in the test's id.
    ran = re.findall(r"^\[(gw\d)\] .*? PASSED (\S+)", result.stdout, re.MULTILINE)
    recipes = [(worker, test) for worker, test in ran if "test_ci_recipes.py" in test]
    assert len(recipes) >= 2 and all(test.endswith("@examples") for _, test in recipes), ran
    assert len({worker for worker, _ in recipes}) == 1, ran
    assert not any("@" in test for _, test in ran if "test_lint_rules.py" in test), ran


def test_the_python_phase_shows_its_progress():
    options = pytest_options()
    assert "-q" not in options and "--quiet" not in options
    files = ["Tests/python/checks/test_architecture.py", "Tests/python/checks/test_lint_rules.py"]
    result = subprocess.run([sys.executable, "-m", "pytest", *options, *files], cwd=ROOT, capture_output=True,
                            text=True, timeout=600)
    assert result.returncode == 0, result.stdout[-3000:]
    total = re.search(r"(\d+) passed", result.stdout).group(1)
    assert re.search(rf"^[.sx]+ +\[ *{total}/{total}\]$", result.stdout, re.MULTILINE), result.stdout[-3000:]
