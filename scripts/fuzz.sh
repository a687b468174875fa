#!/usr/bin/env bash
# `make fuzz` and the smoke run of `make test`: runs every libFuzzer target (or those named) for SECONDS each.
#   scripts/fuzz.sh SECONDS [TARGET...]
# Builds the fuzz binary in .build-fuzz (address sanitizer and libFuzzer), seeds each target's corpus from
# Fuzz/seeds.txt and Fuzz/Regressions/<target>/, and keeps what libFuzzer adds in .build-fuzz/fuzz/corpus/<target>
# across runs. A finding is saved in .build-fuzz/fuzz/findings/<target>/ and fails the run; turn it into a
# regression by copying it into Fuzz/Regressions/<target>/ with the fix (docs/FUZZING.md).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
shift || true

# Linked with the toolchain's lld: GNU gold, the default linker, prints "Cannot export local symbol
# '__asan_report_load1_asm'" (and the other 140 report stubs of the address sanitizer's runtime) when that runtime is
# linked into an executable that exports its symbols; lld links the same objects silently.
RESULTBUNDLE_FUZZ=1 swift build --scratch-path .build-fuzz --product resultbundle-fuzz \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library -Xswiftc -use-ld=lld
binary="$PWD/.build-fuzz/debug/resultbundle-fuzz"
work="$PWD/.build-fuzz/fuzz"
# A temporary folder of the run's own: readers that make scratch files sweep stale ones from the temporary folder
# first, and a shared one with hundreds of thousands of entries would make the first input look like a hang.
export TMPDIR="$work/tmp"
rm -rf "$TMPDIR" && mkdir -p "$TMPDIR"

if [ $# -gt 0 ]; then
    targets=("$@")
else
    mapfile -t targets < <(awk '!/^#/ && NF { print $1 }' Fuzz/seeds.txt | uniq)
fi

failed=0
summary=()
for target in "${targets[@]}"; do
    corpus="$work/corpus/$target"
    findings="$work/findings/$target"
    mkdir -p "$corpus" "$findings"
    # Seeds are named by their content's hash (as libFuzzer names what it adds), so a rerun adds nothing twice.
    while read -r name folder suffix; do
        [ "$name" = "$target" ] || continue
        find "$folder" -type f -name "*$suffix" -print0
    done < <(grep -v '^#' Fuzz/seeds.txt) | while IFS= read -r -d '' seed; do
        cp "$seed" "$corpus/seed-$(sha1sum < "$seed" | cut -c1-40)"
    done
    if [ -d "Fuzz/Regressions/$target" ]; then
        for seed in "Fuzz/Regressions/$target"/*; do
            [ -f "$seed" ] && cp "$seed" "$corpus/regression-$(basename "$seed")"
        done
    fi
    log="$work/$target.log"
    status=0
    # -timeout: one input taking 10 s is a hang; -rss_limit_mb: runaway memory is a finding too. Leak checking is
    # off, per input (-detect_leaks) and at exit (ASAN_OPTIONS): the Swift runtime's caches live until exit and are
    # not leaks, and Foundation's property-list and file readers leave a few objects behind on error paths.
    ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" RESULTBUNDLE_FUZZ_TARGET="$target" "$binary" "$corpus" \
        -max_total_time="$seconds" -max_len=65536 -timeout=10 -rss_limit_mb=2048 -detect_leaks=0 \
        -print_final_stats=1 -artifact_prefix="$findings/" >"$log" 2>&1 || status=$?
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    speed=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
    size=$(find "$corpus" -type f | wc -l)
    if [ "$status" -ne 0 ]; then
        failed=1
        summary+=("| $target | ${runs:-?} | ${speed:-?}/s | $size | FINDING (exit $status): $(ls "$findings" | head -1) |")
        echo "fuzz: $target found a problem; the end of its log ($log):" >&2
        tail -40 "$log" >&2
    else
        summary+=("| $target | $runs | $speed/s | $size | none |")
    fi
done

echo
echo "Fuzzing for ${seconds} s per target ($(nproc) cores, $(uname -m)):"
echo
echo "| target | executions | speed | corpus files | findings |"
echo "|---|---|---|---|---|"
printf '%s\n' "${summary[@]}"
exit "$failed"
