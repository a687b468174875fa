"""TRX, NUnit and xUnit.net files, imported by the built binary: `junit` of each family validates against the three
JUnit schemas, and a file cut off in the middle keeps its first tests, names the line and exits 1."""
import json

import pytest

from conftest import FIXTURES, run
from test_junit_consumers import SCHEMAS, assert_valid_junit

FAMILIES = {"trx": "trx/dotnet-trx.trx", "nunit": "nunit/NUnit-correct.xml", "xunit-net": "xunit-net/fixie.xml"}


@pytest.mark.parametrize("flavor", sorted(SCHEMAS))
@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_junit_of_each_family_validates_against_every_schema(family, flavor, tmp_path):
    bundle = tmp_path / "in.resultbundle"
    run("import", FIXTURES / "formats" / FAMILIES[family], "-o", bundle)
    output = tmp_path / ("reports" if flavor == "surefire" else "junit.xml")
    run("junit", bundle, "-o", output, "--flavor", flavor)
    assert_valid_junit(output, flavor)


@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_a_file_cut_in_the_middle_keeps_its_first_tests_and_exits_1(family, tmp_path):
    whole = (FIXTURES / "formats" / FAMILIES[family]).read_bytes()
    cut = tmp_path / ("cut" + (FIXTURES / "formats" / FAMILIES[family]).suffix)
    cut.write_bytes(whole[: len(whole) * 2 // 3])
    bundle = tmp_path / "cut.resultbundle"
    result = run("import", cut, "-o", bundle, check=False)
    assert result.returncode == 1, result.stderr
    assert f"{cut.name}:" in result.stderr and "the tests before it were imported" in result.stderr
    tests = json.loads(run("json", bundle).stdout)["tests"]
    assert 0 < len(tests)
