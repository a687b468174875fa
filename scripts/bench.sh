#!/usr/bin/env bash
# `make bench`: every performance budget next to its peer, on the inputs Benchmarks/tools/gen_bench_inputs.py
# makes. Set BENCH_FORMAT=1 to include the 1 GB bundle benchmark of the format (slow).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh test
python3 Benchmarks/run_all.py
Benchmarks/terminal/bench.sh 2
if [ "${BENCH_FORMAT:-0}" = 1 ]; then python3 Benchmarks/format/bench.py; fi
