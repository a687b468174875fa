"""scripts/test.sh's Python phase shows where it is: a line per test file, not a wall of dots (it runs for many
minutes). Runs the script's own pytest options on two quick test files and reads what a person would see."""
import re
import shlex
import subprocess
import sys

from conftest import ROOT


def pytest_options():
    script = (ROOT / "scripts" / "test.sh").read_text()
    line = next(line for line in script.splitlines() if line.startswith("python3 -m pytest"))
    words = shlex.split(line)
    return [word for word in words[3:] if word != "Tests/python"]


def test_the_python_phase_prints_a_line_per_test_file():
    options = pytest_options()
    assert "-q" not in options and "--quiet" not in options
    files = ["Tests/python/test_architecture.py", "Tests/python/test_lint_rules.py"]
    result = subprocess.run([sys.executable, "-m", "pytest", *options, *files], cwd=ROOT, capture_output=True,
                            text=True, timeout=600)
    assert result.returncode == 0, result.stdout[-3000:]
    for name in files:
        assert re.search(rf"^{re.escape(name)} [.sx]+", result.stdout, re.MULTILINE), result.stdout[-3000:]
