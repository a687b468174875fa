"""scripts/test.sh's Python phase shows where it is: a line per test file, not a wall of dots (it runs for many
minutes). Runs the script's own pytest options on two quick test files and reads what a person would see."""
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


def test_the_python_phase_prints_a_line_per_test_file():
    options = pytest_options()
    assert "-q" not in options and "--quiet" not in options
    files = ["Tests/python/checks/test_architecture.py", "Tests/python/checks/test_lint_rules.py"]
    result = subprocess.run([sys.executable, "-m", "pytest", *options, *files], cwd=ROOT, capture_output=True,
                            text=True, timeout=600)
    assert result.returncode == 0, result.stdout[-3000:]
    for name in files:
        assert re.search(rf"^{re.escape(name)} [.sx]+", result.stdout, re.MULTILINE), result.stdout[-3000:]
