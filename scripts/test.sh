#!/usr/bin/env bash
# Runs every test: the Swift test suite, then the Python tests that drive the built binary, real consumers of our
# JUnit XML, and headless Chromium on our HTML reports, then a short libFuzzer run of every parser (FUZZ_SECONDS
# each, default 5; `make fuzz` runs longer). Installs what it needs first.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/install-deps.sh test
swift build --build-tests
export RESULTBUNDLE_BINARY="$PWD/.build/debug/resultbundle"
swift test --skip-build
# A line per test file as it runs (its name, a dot per test, the share done), and at the end a line per failed,
# errored or skipped test: the Python phase takes minutes, and a person watching sees it move.
python3 -m pytest -p no:cacheprovider -o console_output_style=count -rfEs Tests/python
scripts/fuzz.sh "${FUZZ_SECONDS:-5}"
