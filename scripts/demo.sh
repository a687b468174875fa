#!/usr/bin/env bash
# The main job on the bundled example: records the Examples/ package's tests into a bundle, then writes the HTML
# report, JUnit XML and a Markdown summary into out/. Installs what it needs first.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/install-deps.sh build
swift build
binary="$PWD/.build/debug/resultbundle"
mkdir -p out

if [ -f Examples/Package.swift ]; then
    # The example's tests include a deliberate failure, so record exits non-zero; the demo goes on. Its measured
    # test is judged against Examples/PerformanceBaselines, committed for CI's machine class (label ci).
    (cd Examples && "$binary" record -o ../out/demo.resultbundle --name demo --machine-label ci -- swift test) || true
    bundle=out/demo.resultbundle
    "$binary" baseline check "$bundle" --baselines Examples/PerformanceBaselines --machine-label ci || true
else
    bundle=$(ls SampleBundles/*.resultbundle | head -1)
fi

"$binary" info "$bundle"
"$binary" report "$bundle" -o out/report
"$binary" junit "$bundle" -o out/junit.xml
"$binary" summary "$bundle" -o out/summary.md
echo
echo "Bundle:  $bundle"
echo "Report:  out/report/index.html"
echo "JUnit:   out/junit.xml"
echo "Summary: out/summary.md"
