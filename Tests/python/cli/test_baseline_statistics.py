"""The statistical second opinion against values computed independently by SciPy: the Mann-Whitney U
statistic and two-sided p-value (SciPy's `method="auto"`: exact for small samples without ties, else the normal
approximation with tie and continuity corrections) and the Hodges-Lehmann shift with its 95% interval."""
import json
import math

import numpy
import pytest
from scipy import stats

from conftest import run

LOG = """Test Suite 'All tests' started at 2026-11-22 11:06:58.200
Test Suite 'CalcXCTests' started at 2026-11-22 11:06:58.200
Test Case 'CalcXCTests.testPerf' started at 2026-11-22 11:06:58.207
/src/XCTests.swift:7: Test Case 'CalcXCTests.testPerf' measured [Time, seconds] average: 0.000, relative standard deviation: 1.000%, values: [{values}], performanceMetricID:org.swift.XCTPerformanceMetric_WallClockTime, maxPercentRelativeStandardDeviation: 10.000%, maxStandardDeviation: 0.100
Test Case 'CalcXCTests.testPerf' passed (0.005 seconds)
Test Suite 'CalcXCTests' passed at 2026-11-22 11:06:58.300
\t Executed 1 test, with 0 failures (0 unexpected) in 0.005 (0.005) seconds
Test Suite 'All tests' passed at 2026-11-22 11:06:58.300
\t Executed 1 test, with 0 failures (0 unexpected) in 0.005 (0.005) seconds
"""

CASES = {
    "exact, clearly slower": ([1.00, 1.02, 0.98, 1.01, 0.99, 1.03], [1.10, 1.12, 1.09, 1.11, 1.13, 1.08]),
    "exact, no change": ([1.00, 1.02, 0.98, 1.01, 0.99], [1.005, 0.995, 1.015, 0.985, 1.025]),
    "asymptotic, ten values": ([0.10 + i * 0.001 for i in range(10)], [0.104 + i * 0.001 for i in range(10)]),
    "asymptotic, ties": ([1, 2, 2, 3, 3, 3, 4], [2, 3, 3, 4, 4, 5, 5]),
}


def bundle(tmp_path, name, values):
    log = tmp_path / f"{name}.log"
    log.write_text(LOG.format(values=", ".join(f"{value:.6f}" for value in values)))
    path = tmp_path / f"{name}.resultbundle"
    run("import", log, "-o", path, "--this-machine", "--quiet")
    return path


def hodges_lehmann(current, baseline, confidence=0.95):
    differences = numpy.sort(numpy.subtract.outer(numpy.array(current), numpy.array(baseline)).ravel())
    n1, n2 = len(current), len(baseline)
    z = stats.norm.ppf(1 - (1 - confidence) / 2)
    lower = int(math.floor(n1 * n2 / 2 - z * math.sqrt(n1 * n2 * (n1 + n2 + 1) / 12)))
    lower = min(len(differences) - 1, max(0, lower))
    upper = len(differences) - 1 - lower
    return float(numpy.median(differences)), float(differences[lower]), float(differences[upper])


@pytest.mark.parametrize("name", sorted(CASES))
def test_the_rank_test_matches_scipy(tmp_path, name):
    baseline_values, current_values = CASES[name]
    store = tmp_path / "store"
    run("baseline", "set", bundle(tmp_path, "base", baseline_values), "--baselines", store)
    checked = run("baseline", "check", bundle(tmp_path, "head", current_values), "--baselines", store,
                  "--format", "json", check=False)
    [row] = json.loads(checked.stdout)["measurements"]
    statistics = row["statistics"]
    # The values go through the log's 6 decimals, as SciPy sees them here.
    current = [round(value, 6) for value in current_values]
    baseline = [round(value, 6) for value in baseline_values]
    expected = stats.mannwhitneyu(current, baseline, alternative="two-sided", method="auto")
    assert statistics["u"] == pytest.approx(expected.statistic)
    assert statistics["pValue"] == pytest.approx(expected.pvalue, rel=1e-9, abs=1e-12)
    shift, lower, upper = hodges_lehmann(current, baseline)
    assert statistics["shift"] == pytest.approx(shift, abs=1e-12)
    assert (statistics["lower"], statistics["upper"]) == (pytest.approx(lower, abs=1e-12), pytest.approx(upper, abs=1e-12))
    assert statistics["significantlyWorse"] == (expected.pvalue < 0.05 and shift > 0)


def test_a_significant_slowdown_fails_only_when_asked(tmp_path):
    baseline_values, current_values = CASES["exact, clearly slower"]
    store = tmp_path / "store"
    run("baseline", "set", bundle(tmp_path, "base", baseline_values), "--baselines", store)
    head = bundle(tmp_path, "head", current_values)
    # +10% exactly would pass XCTest; 0.1 s is not exceeded either: XCTest passes, the rank test does not.
    assert run("baseline", "check", head, "--baselines", store, check=False).returncode == 0
    strict = run("baseline", "check", head, "--baselines", store, "--fail-on-significant", check=False)
    assert strict.returncode == 1 and "slower" in strict.stdout
