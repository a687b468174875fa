#!/bin/sh
# Regenerates the current format version's sample bundles in SampleBundles/ (older versions' samples are kept
# forever and never regenerated). Run from the package root; review and commit the result.
set -eu
cd "$(dirname "$0")/.."
RECORD_SAMPLES=1 swift test --filter SampleBundleGeneration
# v1.0-examples is a real recording of the Examples package (kept as recorded; see SampleBundles/README.md):
#   (cd Examples && ../.build/debug/resultbundle record -o ../SampleBundles/v1.0-examples.resultbundle \
#       --name examples -- swift test)
ls -l SampleBundles/
