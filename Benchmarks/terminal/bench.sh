#!/bin/sh
# Measures the terminal emulator's throughput on a generated ANSI stream, next to pyte's.
# Builds TerminalEmulation in release mode and links a small driver against it (no package changes needed).
# Usage: Benchmarks/terminal/bench.sh [MEGABYTES]   (pyte is optional: pip install pyte)
set -eu
cd "$(dirname "$0")/../.."
size="${1:-2}"
scratch="${TMPDIR:-/tmp}"
input="$scratch/resultbundle-terminal-bench.ans"
python3 Benchmarks/tools/gen_bench_inputs.py ansi "$input" "$size" >/dev/null
swift build -c release --static-swift-stdlib --target TerminalEmulation >/dev/null
bin="$(swift build -c release --static-swift-stdlib --show-bin-path)"
driver="$scratch/resultbundle-terminal-bench"
cp Benchmarks/terminal/TerminalBenchmark.swift.txt "$driver.swift"
# TerminalEmulation uses ResultSupport (its palette and escapes), which uses a C shim and swift-crypto: their
# module map and objects come along.
objects=$(for target in TerminalEmulation ResultModel ResultSupport CSystemShims Crypto CryptoBoringWrapper \
    CCryptoBoringSSL CCryptoBoringSSLShims SwiftASN1; do find "$bin/$target.build" -name '*.o'; done)
# shellcheck disable=SC2086 # one word per object file
swiftc -O -static-stdlib -module-name TerminalBench -I "$bin/Modules" \
    -Xcc -fmodule-map-file="$bin/CSystemShims.build/module.modulemap" -Xcc -I -Xcc Sources/CSystemShims/include \
    "$driver.swift" $objects -o "$driver"
"$driver" "$input" 5
if python3 -c "import pyte" 2>/dev/null; then
    python3 Benchmarks/terminal/pyte_bench.py "$input" 1 || true
else
    echo "pyte: not installed (pip install pyte)"
fi
