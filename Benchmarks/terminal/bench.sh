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
swiftc -O -static-stdlib -module-name TerminalBench -I "$bin/Modules" "$driver.swift" \
    "$bin"/TerminalEmulation.build/*.o "$bin"/ResultModel.build/*.o -o "$driver"
"$driver" "$input" 5
if python3 -c "import pyte" 2>/dev/null; then
    python3 Benchmarks/terminal/pyte_bench.py "$input" 1 || true
else
    echo "pyte: not installed (pip install pyte)"
fi
