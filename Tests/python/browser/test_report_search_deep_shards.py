"""The search of a report whose names share no whole word (`testParseBundleWith123Items`), in headless Chromium: the
term shard of `te` grows past its limit and is split deeper as the terms are spilled (`t-testp…js`), a query finds a
test by its whole name, lower-cased, and by its parts, and a query's first letter loads a few of the deeper shards,
not every name."""
import pytest

from conftest import run
from test_report_search import LOADED_SHARDS, driver, search  # noqa: F401 (driver: the browser fixture)

TESTS = 40_000
VERBS = ("Parse", "Merge", "Render", "Encode", "Decode", "Load", "Store", "Fetch")
NOUNS = ("Items", "Bundle", "Report", "Header", "Record", "Frame", "Suite", "Batch")


def name(number):
    return f"test{VERBS[number % 8]}{NOUNS[number // 8 % 8]}With{number}{NOUNS[number // 64 % 8]}"


def junit(path):
    """40,000 passing test cases of unique names in 400 suites."""
    lines = ['<?xml version="1.0" encoding="UTF-8"?>', "<testsuites>"]
    for suite in range(400):
        lines.append(f'<testsuite name="Names.Suite{suite}Tests" tests="100">')
        for case in range(100):
            lines.append(f'<testcase classname="Names.Suite{suite}Tests" name="{name(suite * 100 + case)}" '
                         'time="0.001"/>')
        lines.append("</testsuite>")
    lines.append("</testsuites>")
    path.write_text("\n".join(lines), encoding="utf-8")


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    base = tmp_path_factory.mktemp("deep-shards")
    junit(base / "tests.xml")
    run("import", base / "tests.xml", "-o", base / "tests.resultbundle")
    run("report", base / "tests.resultbundle", "-o", base / "site")
    return base / "site"


def test_the_shard_every_name_starts_is_split_deeper(site):
    keys = [path.name[2:-3] for path in (site / "search").glob("t-*.js")]
    deep = [key for key in keys if key.startswith("test") and len(key) > 4]
    assert len(deep) > 4
    assert max(((site / "search" / f"t-{key}.js").stat().st_size for key in ("te", "tes", "test") if key in keys),
               default=0) < 512 << 10


def test_finds_a_test_by_its_whole_name_and_by_its_parts(driver, site):
    wanted = name(31_337)
    results = search(driver, site, wanted.lower())
    assert [result["name"] for result in results] == [wanted]
    results = search(driver, site, "With31337")
    assert results[0]["name"] == wanted


def test_a_first_letter_loads_a_few_deeper_shards_not_every_name(driver, site):
    assert search(driver, site, "t")
    loaded = [name for name in driver.execute_script(LOADED_SHARDS) if name.startswith("t-t")]
    every = [path.name for path in (site / "search").glob("t-t*.js")]
    assert len(loaded) < len(every)
