#!/bin/sh
# Regenerates the current format version's sample bundles in SampleBundles/ (older versions' samples are kept
# forever and never regenerated). Run from the package root; review and commit the result.
set -eu
cd "$(dirname "$0")/.."
RECORD_SAMPLES=1 swift test --filter SampleBundleGeneration
# v1.0-examples is a real recording of the Examples package (kept as recorded; see SampleBundles/README.md):
#   (cd Examples && ../.build/debug/resultbundle record -o ../SampleBundles/v1.0-examples.resultbundle \
#       --name examples -- swift test)
# v1.1-interrupted is a real recording cancelled by SIGTERM (kept as recorded; see SampleBundles/README.md):
#   (cd DIR-WITH-calc.console.txt && resultbundle record --name interrupted-by-ci \
#       -o .../SampleBundles/v1.1-interrupted.resultbundle -- sh -c "cat calc.console.txt; \
#       echo 'Test Case '\''CalcTests.testSlow'\'' started at 2026-11-25 03:40:00.000'; sleep 30" & \
#    sleep 1.5; kill -TERM $!)
# v1.2-junit-properties is a real import of two corpus files (kept as imported; see SampleBundles/README.md):
#   (cd DIR-WITH-THE-TWO-FILES && resultbundle import --name junit-properties python-xunit-pytest.xml \
#       junit4-complete.xml -o .../SampleBundles/v1.2-junit-properties.resultbundle)
# v1.4-wall-clock-and-sources is a real import of two corpus files, made in a folder /home/dev/Calc holding the
# corpus's XCTests.swift and SwiftTests.swift under Tests/CalcTests/ (kept as imported; see SampleBundles/README.md):
#   (cd /home/dev/Calc && resultbundle import --name wall-clock-and-sources calc.console.txt calc.events-v0.jsonl \
#       -o .../SampleBundles/v1.4-wall-clock-and-sources.resultbundle)
# v1.5-imported-run-facts is a real import of two corpus files, made in a folder outside any git repository (kept
# as imported; see SampleBundles/README.md):
#   (cd DIR-WITH-THE-TWO-FILES && resultbundle import --name imported-run-facts junit.fail.xml junit.gloo.static.xml \
#       -o .../SampleBundles/v1.5-imported-run-facts.resultbundle)
# v1.6-coverage is a real import of a corpus JUnit file and a coverage fixture, made in a folder outside any git
# repository (kept as imported; see SampleBundles/README.md):
#   (cd DIR-WITH-THE-TWO-FILES && resultbundle import --name coverage calc-xunit2.xml shapes-coveragepy.lcov \
#       --source-root . -o .../SampleBundles/v1.6-coverage.resultbundle)
# v1.7-test-positions is a real import of two corpus files, made in a folder outside any git repository (kept as
# imported; see SampleBundles/README.md):
#   (cd DIR-WITH-THE-TWO-FILES && resultbundle import --name test-positions calc.console.txt calc.events-v0.jsonl \
#       -o .../SampleBundles/v1.7-test-positions.resultbundle)
# v1.8-failure-causes is a real import of a corpus JUnit file, made in a folder outside any git repository (kept as
# imported; see SampleBundles/README.md):
#   (cd DIR-WITH-012-report.xml && resultbundle import --name failure-causes 012-report.xml \
#       -o .../SampleBundles/v1.8-failure-causes.resultbundle)
# v1.9-suite-totals is a real import of a corpus JUnit file, made in a folder outside any git repository (kept as
# imported; see SampleBundles/README.md):
#   (cd DIR-WITH-phpunit.xml && resultbundle import --name suite-totals phpunit.xml \
#       -o .../SampleBundles/v1.9-suite-totals.resultbundle)
ls -l SampleBundles/
