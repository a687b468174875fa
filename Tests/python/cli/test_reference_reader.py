"""The independent reader (Python standard library only) agrees with `resultbundle info --json`."""
import json
import subprocess
import sys

import pytest

from conftest import BUNDLES, ROOT, info

READER = ROOT / "docs" / "reference-reader" / "read_resultbundle.py"


@pytest.mark.parametrize("bundle", BUNDLES, ids=lambda path: path.stem)
def test_reference_reader_totals_equal_info(bundle):
    output = subprocess.run([sys.executable, str(READER), str(bundle)], capture_output=True, text=True, check=True)
    reference = json.loads(output.stdout)["totals"]
    ours = info(bundle)["totals"]
    for key in ("tests", "passed", "failed", "skipped", "expectedFailures"):
        assert reference[key] == ours[key], key
