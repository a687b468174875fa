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
python3 -m pytest -q -p no:cacheprovider Tests/python
scripts/fuzz.sh "${FUZZ_SECONDS:-5}"
