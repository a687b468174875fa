#!/usr/bin/env bash
# Runs every test: the checks that need no build (Tests/python/checks: architecture, lint rules, template fields),
# the Swift test suite, then the Python tests that drive the built binary, real consumers of our JUnit XML, and
# headless Chromium on our HTML reports, then a short libFuzzer run of every parser (FUZZ_SECONDS each, default 3;
# `make fuzz` runs longer). Installs what it needs first.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/install-deps.sh test
# Two pytest-xdist workers (the Python phase is mostly waiting on other processes: tests of the Examples package
# share one worker, since SwiftPM locks its .build; see docs/TESTING.md); a dot per test and the count done, and at
# the end a line per failed, errored or skipped test, and the slowest 25 tests (to keep the suite short): the Python
# phases take minutes, and a person watching sees them move. The checks run before the long Swift build, so a broken dependency rule fails in
# seconds.
python3 -m pytest -p no:cacheprovider -n 2 --dist loadgroup -o console_output_style=count -rfEs --durations=25 Tests/python/checks
swift build --build-tests
export RESULTBUNDLE_BINARY="$PWD/.build/debug/resultbundle"
# The Swift tests keep their temporary folders in one folder per test process, removed when it exits
# (Tests/_TestSupport/TestScratch.swift); Foundation's atomic writes still leave an empty TemporaryDirectory.* each,
# so the phase gets a temporary folder of its own, removed after it.
swift_scratch="$(mktemp -d)"
trap 'rm -rf "$swift_scratch"' EXIT
TMPDIR="$swift_scratch" swift test --skip-build
rm -rf "$swift_scratch"
python3 -m pytest -p no:cacheprovider -n 2 --dist loadgroup -o console_output_style=count -rfEs --durations=25 Tests/python --ignore=Tests/python/checks
scripts/fuzz.sh "${FUZZ_SECONDS:-3}"
