#!/bin/sh
# Regenerates the current format version's sample bundles in SampleBundles/ (older versions' samples are kept
# forever and never regenerated). Run from the package root; review and commit the result.
set -eu
cd "$(dirname "$0")/.."
RECORD_SAMPLES=1 swift test --filter SampleBundleGeneration
ls -l SampleBundles/
